// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { choose, openSheet, settle, type, windowFrame } from "../../test/support/dom";
import { actAs, createActor, grantPermission, setWorldSetting, startWorld } from "../../test/support/world";
import type * as BuilderModule from "./wuxia-builder-dialog";
import type * as CreationModule from "./wuxia-creation";

/**
 * The Wuxia creation builder clicked through as the player (RULES 1.2): an archetype fills it,
 * the player adjusts; an over-budget Attribute is named and blocks Finish; powers of another
 * hero type are not offered; traits follow the zodiac sign; Finish writes the hero.
 */

let foundry: FoundryDouble;
let builder: typeof BuilderModule;
let creation: typeof CreationModule;

async function worldContent(): Promise<void> {
  actAs("gm");
  const items = [
    { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier" } },
    { name: "Criminel", type: "wuxiaSkill", system: { category: "metier" } },
    { name: "Espion", type: "wuxiaSkill", system: { category: "metier" } },
    { name: "Artiste martial", type: "wuxiaSkill", system: { category: "profession" } },
    { name: "Tir à l'arc", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Chasseur" } },
    { name: "Course du vent", type: "wuxiaPower", system: { heroType: "assassin" } },
    { name: "Bond du tigre", type: "wuxiaPower", system: { heroType: "general" } },
    { name: "Sixième sens", type: "wuxiaPower", system: { heroType: "general" } },
    { name: "Cage mystique", type: "wuxiaPower", system: { heroType: "sorcier" } },
    { name: "Fortune", type: "wuxiaTrait", system: { zodiac: "rat" } },
    { name: "Mémoire", type: "wuxiaTrait", system: {} },
    { name: "Orgueil", type: "wuxiaDrame", system: { zodiac: "tigre" } },
  ];
  for (const item of items) await Item.create(item as never);
  // The Rebelle mystérieux: an Assassin (Pouvoirs priority 4) with Chasseur, Criminel, Espion and Artiste martial.
  await createActor(
    {
      name: "Rebelle mystérieux",
      type: "wuxiaCharacter",
      flags: { "wuxia-harmonies": { archetype: true } },
      system: {
        priorities: { attributes: 3, skills: 5, powers: 4, traits: 2, experience: 1 },
        attributes: { metal: 5, feu: 5, terre: 5, eau: 4, bois: 5 },
      },
      items: [
        { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
        { name: "Criminel", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
        { name: "Espion", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
        { name: "Artiste martial", type: "wuxiaSkill", system: { category: "profession", level: 3 } },
        { name: "Course du vent", type: "wuxiaPower", system: { heroType: "assassin", level: 2 } },
        { name: "Bond du tigre", type: "wuxiaPower", system: { heroType: "general", level: 1 } },
      ],
    },
    { ownedByPlayer: false },
  );
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  builder = await import("./wuxia-builder-dialog");
  creation = await import("./wuxia-creation");
  await worldContent();
});

afterEach(() => {
  for (const el of Array.from(document.querySelectorAll("form.wh-wuxia-builder"))) el.remove();
});

const shown = () => {
  const element = document.querySelector<HTMLFormElement>("form.wh-wuxia-builder");
  if (!element) throw new Error("the builder is not drawn");
  return { element };
};
const problems = () =>
  Array.from(shown().element.querySelectorAll(".wh-wuxia-builder__problems li")).map((li) => li.textContent?.trim());
const finish = () => shown().element.querySelector<HTMLButtonElement>('button[type="submit"]');
const rows = (list: string) =>
  Array.from(shown().element.querySelectorAll(`[data-list="${list}"] .wh-wuxia-builder__name`)).map((n) =>
    n.textContent?.replace(/\s+/g, " ").trim(),
  );
const offers = (list: string) =>
  Array.from(shown().element.querySelectorAll(`select[name="add-${list}"] option`)).map((o) => o.textContent);
const tally = (priority: string) =>
  shown().element.querySelector(`[data-priority="${priority}"] .wh-wuxia-builder__tally`)?.textContent;

async function click(target: HTMLElement | null | undefined): Promise<void> {
  if (!target) throw new Error("no such button");
  target.click();
  await settle();
}

/** Aiko, a new hero the player owns, with the builder opened from her sheet. */
async function openForAiko(): Promise<Actor.Implementation> {
  const aiko = await createActor({ name: "Aiko", type: "wuxiaCharacter" });
  actAs("player");
  const sheet = await openSheet(foundry, aiko);
  await click(sheet.element.querySelector<HTMLButtonElement>('[data-action="openBuilder"]'));
  return aiko;
}

describe("the Wuxia creation builder", () => {
  it("fills in from an archetype: priorities, Attributes, skills and powers, with what each buys and what is spent", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    // Long lists: the window may be resized.
    expect(windowFrame(shown().element)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-yin-yang",
      resizable: true,
      scoped: true,
    });
    await choose(shown(), "archetype", rebel.uuid);
    expect(rows("skills")).toEqual([
      "Chasseur Trade (Métier)",
      "Criminel Trade (Métier)",
      "Espion Trade (Métier)",
      "Artiste martial Profession (theoretical field)",
    ]);
    expect(rows("powers")).toEqual(["Course du vent Assassin", "Bond du tigre General"]);
    expect(tally("attributes")).toBe("24 of 24");
    expect(tally("skills")).toBe("10 of 60");
    expect(tally("powers")).toBe("3 of 50");
    expect(shown().element.textContent).toContain("Hero type: Assassin");
    expect(problems()).toEqual([]);
    expect(finish()?.disabled).toBe(false);
  });

  it("draws each list under its name, what each priority buys, and no level for a spécialisation", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    const legends = Array.from(shown().element.querySelectorAll(".wh-wuxia-builder__list legend")).map((l) =>
      l.firstChild?.textContent?.trim(),
    );
    expect(legends).toEqual(["Skills", "Powers", "Traits and Dramas (Drames)"]);
    const buys = Array.from(shown().element.querySelectorAll("[data-priority] td:nth-child(3)")).map(
      (td) => td.textContent,
    );
    expect(buys).toEqual([
      "24 points, maximum 6",
      "60 points to spend",
      "50 points; hero type: Assassin",
      "Traits: 2",
      "0 points to spend",
    ]);
    await click(shown().element.querySelector<HTMLButtonElement>('[data-action="addItem"][data-list="skills"]'));
    const archery = Array.from(shown().element.querySelectorAll('[data-list="skills"] li')).find((li) =>
      li.textContent?.includes("Tir à l'arc"),
    );
    expect(archery?.querySelector("input")).toBeNull();
  });

  it("keeps a value when its field is emptied, and the draft when the archetype is set back to none", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    await type(shown(), "attributes.metal", "", true);
    expect(tally("attributes")).toBe("24 of 24");
    await choose(shown(), "archetype", "");
    expect(rows("skills")).toHaveLength(4);
  });

  it("adds the item picked, not the first offered; names a power the priorities no longer open", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    await choose(shown(), "zodiac", "rat");
    const memory = Array.from(
      shown().element.querySelectorAll<HTMLOptionElement>('select[name="add-traits"] option'),
    ).find((o) => o.textContent?.startsWith("Mémoire"));
    await choose(shown(), "add-traits", memory?.value ?? "");
    await click(shown().element.querySelector<HTMLButtonElement>('[data-action="addItem"][data-list="traits"]'));
    expect(rows("traits")).toEqual(["Mémoire Wuxia trait"]);
    // Pouvoirs down to priority 1 (Guerrier), Traits up to 4: the Assassin's power is no longer open.
    await choose(shown(), "priorities.powers", "1");
    await choose(shown(), "priorities.experience", "4");
    expect(problems()).toEqual([
      "Course du vent is a power of another hero type: the Powers priority (Pouvoirs) opens general powers and its own type's only.",
    ]);
  });

  it("names an Attribute over budget and keeps Finish disabled until it is fixed", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    await type(shown(), "attributes.metal", "6", true);
    expect(problems()).toEqual(["Attributes: 25 spent, 24 allowed."]);
    expect(finish()?.disabled).toBe(true);
    // The priority's own row in the table says it too, and no other row does.
    const over = [...shown().element.querySelectorAll<HTMLElement>(".wh-wuxia-builder__priorities tr.wh-over")];
    expect(over.map((tr) => [tr.dataset.priority, tr.querySelector(".wh-over__mark")?.textContent?.trim()])).toEqual([
      ["attributes", "1 over"],
    ]);
    await type(shown(), "attributes.metal", "7", true);
    expect(problems()).toEqual(["Attributes: 26 spent, 24 allowed.", "Metal: 7 is above the maximum 6."]);
    await type(shown(), "attributes.metal", "5", true);
    expect(problems()).toEqual([]);
    expect(shown().element.querySelector(".wh-over")).toBeNull();
  });

  it("takes the world's creation table, counts traits, and names powers over budget", async () => {
    await setWorldSetting("wuxiaCreationAttributePoints", "18, 21, 25, 27, 30");
    await setWorldSetting("wuxiaCreationPowerPoints", "20, 30, 40, 5, 60");
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    expect(tally("attributes")).toBe("24 of 25");
    expect(tally("powers")).toBe("3 of 5");
    await click(shown().element.querySelector<HTMLButtonElement>('[data-action="addItem"][data-list="traits"]'));
    expect(tally("traits")).toBe("1 of 2");
    // Course du vent, the first power (after the four skills), from 2 to 5.
    await type(shown(), "level.4", "5", true);
    expect(problems()).toEqual(["Powers: 6 spent, 5 allowed."]);
  });

  it("starts from the hero as it stands, its zodiac sign included", async () => {
    const lin = await createActor({ name: "Lin", type: "wuxiaCharacter", system: { zodiac: "dragon" } });
    actAs("player");
    expect(creation.draftOf(lin).zodiac).toBe("dragon");
    expect(creation.draftOf(await createActor({ name: "Mei", type: "wuxiaCharacter" })).zodiac).toBeNull();
  });

  it("offers general powers and the hero type's own only, and traits of the sign", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    expect(offers("powers")).toEqual(["Sixième sens (General)"]);
    expect(offers("traits")).toEqual(["Mémoire (Wuxia trait)"]);
    await choose(shown(), "zodiac", "rat");
    expect(offers("traits")).toEqual(["Fortune (Wuxia trait)", "Mémoire (Wuxia trait)"]);
    await choose(shown(), "zodiac", "tigre");
    expect(offers("traits")).toEqual(["Mémoire (Wuxia trait)", "Orgueil (Wuxia drama)"]);
  });

  it("counts a spécialisation at its parent's level, and a narrow skill without its parent at its own", async () => {
    await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    await choose(
      shown(),
      "add-skills",
      shown().element.querySelector<HTMLOptionElement>('select[name="add-skills"] option')?.value ?? "",
    );
    await click(shown().element.querySelector<HTMLButtonElement>('[data-action="addItem"][data-list="skills"]'));
    expect(rows("skills")).toContain("Tir à l'arc specialisation of Chasseur: its level");
    expect(tally("skills")).toBe("10 of 60");
    const chasseur = Array.from(shown().element.querySelectorAll<HTMLElement>('[data-list="skills"] li')).find((li) =>
      li.textContent?.includes("Chasseur Trade"),
    );
    await click(chasseur?.querySelector<HTMLButtonElement>('[data-action="removeItem"]'));
    expect(rows("skills")).toContain("Tir à l'arc Hobby / Specialisation");
    // Tir à l'arc's own level (1) now counts; Chasseur's 3 no longer does.
    expect(tally("skills")).toBe("8 of 60");
  });

  it("writes the hero on Finish: concept, priorities, Attributes, hero type, sign, items, a full chi reserve, marked created", async () => {
    const aiko = await openForAiko();
    const rebel = foundry.game.actors.contents.find((a) => a.name === "Rebelle mystérieux") as { uuid: string };
    await choose(shown(), "archetype", rebel.uuid);
    await type(shown(), "concept.origin", "Fille de pêcheurs", true);
    await choose(shown(), "zodiac", "rat");
    await choose(
      shown(),
      "add-traits",
      shown().element.querySelector<HTMLOptionElement>('select[name="add-traits"] option')?.value ?? "",
    );
    await click(shown().element.querySelector<HTMLButtonElement>('[data-action="addItem"][data-list="traits"]'));
    await click(finish());
    expect(document.querySelector("form.wh-wuxia-builder")).toBeNull();
    const system = aiko.system as unknown as {
      concept: { origin: string };
      priorities: Record<string, number>;
      attributes: Record<string, number>;
      heroType: string;
      zodiac: string;
      chi: { value: number; max: number };
    };
    expect(system.concept.origin).toBe("Fille de pêcheurs");
    expect(system.priorities).toEqual({ attributes: 3, skills: 5, powers: 4, traits: 2, experience: 1 });
    expect(system.attributes).toEqual({ metal: 5, feu: 5, terre: 5, eau: 4, bois: 5 });
    expect([system.heroType, system.zodiac]).toEqual(["assassin", "rat"]);
    expect(system.chi.value).toBe(system.chi.max);
    expect(aiko.items.contents.map((i) => [i.name, (i.system as unknown as { level?: number }).level ?? null])).toEqual(
      [
        ["Chasseur", 3],
        ["Criminel", 2],
        ["Espion", 2],
        ["Artiste martial", 3],
        ["Course du vent", 2],
        ["Bond du tigre", 1],
        ["Fortune", null],
      ],
    );
    expect((await import("./finished")).isCreated(aiko)).toBe(true);
    expect(foundry.notifications.map((n) => n.message)).toContain("Aiko is created.");
  });
});

describe("creating a Wuxia hero from the Actors directory", () => {
  it("opens the builder for the player who created it, not for an NPC or an import", async () => {
    grantPermission("ACTOR_CREATE");
    actAs("player");
    const Actor = foundry.CONFIG.Actor.documentClass as unknown as {
      create(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
    };
    await Actor.create({ name: "Importé", type: "wuxiaCharacter" });
    await Actor.create({ name: "PNJ", type: "wuxiaCharacter", system: { npc: true } }, { renderSheet: true });
    await settle();
    expect(document.querySelector("form.wh-wuxia-builder")).toBeNull();
    await Actor.create({ name: "Aiko", type: "wuxiaCharacter" }, { renderSheet: true });
    await settle();
    expect(shown().element.querySelector(".window-title")?.textContent).toBe("Creating Aiko");
  });
});

describe("the builder's compendium sources", () => {
  it("offers a compendium's archetypes and powers beside the world's", async () => {
    const { addPack } = await import("../../test/foundry/packs");
    addPack("Actor", "wuxia-harmonies.wuxia-archetypes", [
      {
        _id: "chevalier0000001",
        name: "Chevalier errant",
        type: "wuxiaCharacter",
        flags: { "wuxia-harmonies": { archetype: true } },
        system: { priorities: { attributes: 5, skills: 4, powers: 2, traits: 3, experience: 1 } },
      },
      { _id: "pasunarchetype01", name: "Un héros", type: "wuxiaCharacter" },
    ]);
    addPack("Item", "wuxia-harmonies.wuxia-powers", [
      { _id: "danse00000000001", name: "Danse des 1000 coups", type: "wuxiaPower", system: { heroType: "chevalier" } },
    ]);
    await openForAiko();
    const archetypes = Array.from(shown().element.querySelectorAll('select[name="archetype"] option')).map(
      (o) => o.textContent,
    );
    expect(archetypes).toEqual(["— none —", "Chevalier errant", "Rebelle mystérieux"]);
    await choose(shown(), "archetype", "Compendium.wuxia-harmonies.wuxia-archetypes.Actor.chevalier0000001");
    expect(shown().element.textContent).toContain("Hero type: Knight");
    expect(offers("powers")).toEqual([
      "Bond du tigre (General)",
      "Danse des 1000 coups (Knight)",
      "Sixième sens (General)",
    ]);
  });
});

/** Lin, a hero with two métiers at 2 (and whatever else is given). */
function heroWithTwoMetiers(...more: Record<string, unknown>[]): Promise<Actor.Implementation> {
  return createActor({
    name: "Lin",
    type: "wuxiaCharacter",
    items: [
      { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
      { name: "Criminel", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
      ...more,
    ],
  });
}

describe("finishing a creation", () => {
  it("is refused for a power of another hero type, naming nothing written", async () => {
    const aiko = await createActor({ name: "Aiko", type: "wuxiaCharacter" });
    actAs("player");
    const sources = await creation.creationSources();
    const cage = sources.items.find((i) => i.name === "Cage mystique");
    const draft = { ...creation.draftOf(aiko), items: cage ? [cage] : [] };
    const check = creation.checkDraft(draft);
    expect(check.problems.map((p) => creation.wuxiaCreationProblemText(p, ["Cage mystique"]))).toEqual([
      "Cage mystique is a power of another hero type: the Powers priority (Pouvoirs) opens general powers and its own type's only.",
    ]);
    await expect(creation.finishCreation(aiko as never, draft)).rejects.toMatchObject({
      key: "WH.Creation.Error.BuilderInvalid",
    });
    expect(aiko.items.size).toBe(0);
    expect((await import("./finished")).isCreated(aiko)).toBe(false);
  });

  it("is not opened for a character of the other rule set", async () => {
    const david = await createActor({ name: "David", type: "harmoniesCharacter" });
    actAs("player");
    expect(await builder.openWuxiaBuilder(david)).toBeNull();
    expect(foundry.notifications.map((n) => n.message)).toEqual(["This is for Wuxia characters only."]);
  });

  it("is refused to a player who owns nothing; the builder does not open for them", async () => {
    const aiko = await createActor({ name: "Aiko", type: "wuxiaCharacter" });
    actAs("stranger");
    await expect(creation.finishCreation(aiko as never, creation.draftOf(aiko))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    expect(await builder.openWuxiaBuilder(aiko)).toBeNull();
  });

  it("edits a hero as it stands: a level changed, an item dropped deleted, a new one at its level, the weapons kept", async () => {
    const lin = await heroWithTwoMetiers({ name: "Arc long", type: "wuxiaWeapon", system: { damage: 3 } });
    actAs("player");
    const sources = await creation.creationSources();
    const bond = sources.items.find((i) => i.name === "Bond du tigre");
    const draft = creation.draftOf(lin);
    const [chasseur] = draft.items;
    await creation.finishCreation(lin as never, {
      ...draft,
      items: [...(chasseur ? [{ ...chasseur, level: 4 }] : []), ...(bond ? [{ ...bond, level: 3 }] : [])],
    });
    expect(lin.items.contents.map((i) => [i.name, (i.system as unknown as { level?: number }).level ?? null])).toEqual([
      ["Chasseur", 4],
      ["Arc long", null],
      ["Bond du tigre", 3],
    ]);
  });

  it("takes every item write back when the actor's own write fails", async () => {
    const lin = await heroWithTwoMetiers();
    actAs("player");
    const sources = await creation.creationSources();
    const draft = creation.draftOf(lin);
    const [chasseur] = draft.items;
    const bond = sources.items.find((i) => i.name === "Bond du tigre");
    (lin as unknown as { update: unknown }).update = () => Promise.reject(new Error("the server refused"));
    await expect(
      creation.finishCreation(lin as never, {
        ...draft,
        items: [...(chasseur ? [{ ...chasseur, level: 4 }] : []), ...(bond ? [bond] : [])],
      }),
    ).rejects.toThrow("the server refused");
    // Chasseur back at 2, Criminel (dropped from the draft) back on the sheet, Bond du tigre gone.
    expect(
      lin.items.contents
        .map((i) => [i.name, (i.system as unknown as { level: number }).level] as [string, number])
        .sort(([a], [b]) => a.localeCompare(b)),
    ).toEqual([
      ["Chasseur", 2],
      ["Criminel", 2],
    ]);
  });
});

describe("the sheet's creation check", () => {
  it("names a power of another hero type by its name", async () => {
    const lin = await createActor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [{ name: "Cage mystique", type: "wuxiaPower", system: { heroType: "sorcier", level: 1 } }],
    });
    actAs("player");
    const sheet = await openSheet(foundry, lin);
    const problems = Array.from(sheet.element.querySelectorAll(".wh-warnings li")).map((li) => li.textContent?.trim());
    expect(problems).toContain(
      "Cage mystique is a power of another hero type: the Powers priority (Pouvoirs) opens general powers and its own type's only.",
    );
  });
});
