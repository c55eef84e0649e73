// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, setWorldSetting, startWorld, strangerId } from "../../test/support/world";
import { defaultSheet, settle } from "../../test/support/dom";
import { WUXIA_ATTRIBUTES } from "../rules/vocabulary";

/** Each sheet in edit mode and its lists, from the seat of the player who owns the actor. */

type AnyObject = Record<string, unknown>;
interface Sheet {
  element: HTMLFormElement;
  render(options?: unknown): Promise<unknown>;
  setEditMode(editMode: boolean): void;
}
interface Doc {
  id: string;
  name: string;
  type: string;
  system: AnyObject;
  items: { contents: Doc[]; find(fn: (i: Doc) => boolean): Doc | undefined };
  update(changes: AnyObject): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  actAs("player");
});

async function actor(data: AnyObject & { items?: AnyObject[] }): Promise<Doc> {
  return (await createActor(data)) as unknown as Doc;
}

async function open(document: Doc, options: { edit?: boolean } = {}): Promise<Sheet> {
  const sheet = defaultSheet<Sheet>(foundry, document);
  if (options.edit) sheet.setEditMode(true);
  await sheet.render({ force: true });
  return sheet;
}

function texts(sheet: Sheet, selector: string): string[] {
  return [...sheet.element.querySelectorAll(selector)].map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim());
}

function format(key: string, data: Record<string, string | number> = {}): string {
  return foundry.game.i18n.format(key, data);
}

/** Types into a form field and leaves it, as a person does; the sheet submits on change. */
async function change(sheet: Sheet, selector: string, value: string): Promise<void> {
  const input = sheet.element.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no field at ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

async function click(sheet: Sheet, selector: string, index = 0): Promise<void> {
  const target = sheet.element.querySelectorAll<HTMLElement>(selector)[index];
  if (!target) throw new Error(`nothing to click at ${selector} #${index}`);
  target.click();
  await settle();
}

/** What the buttons clicked added to the actor: type and category of each new item. */
function added(document: Doc, before: Set<string>): [string, unknown][] {
  return document.items.contents.filter((i) => !before.has(i.id)).map((i) => [i.type, i.system.category]);
}

describe("the Wuxia sheet in edit mode", () => {
  it("labels each Attribute, priority and concept answer, and writes what is typed in them", async () => {
    const hero = await actor({ name: "Lin", type: "wuxiaCharacter" });
    const sheet = await open(hero, { edit: true });
    expect(texts(sheet, ".wh-attribute-label")).toEqual(WUXIA_ATTRIBUTES.map((key) => format(`WH.Attribute.${key}`)));
    expect(texts(sheet, ".wh-creation tbody tr td:first-child")).toEqual(
      ["attributes", "skills", "powers", "traits", "experience"].map((key) =>
        format(`WH.Actor.Wuxia.FIELDS.priorities.${key}.label`),
      ),
    );
    await change(sheet, "[name='system.attributes.metal']", "4");
    await change(sheet, "[name='system.priorities.skills']", "3");
    await click(sheet, "[data-action=tab][data-tab=biography]");
    const origin = sheet.element.querySelector("[name='system.concept.origin']")?.closest("label");
    expect(origin?.textContent?.trim()).toBe(format("WH.Actor.Wuxia.FIELDS.concept.origin.label"));
    expect(sheet.element.querySelectorAll("[name^='system.concept.']")).toHaveLength(7);
    await change(sheet, "[name='system.concept.dislikes']", "Le thé froid");
    const system = hero.system as {
      attributes: Record<string, number>;
      priorities: Record<string, number>;
      concept: Record<string, string>;
    };
    expect([system.attributes.metal, system.priorities.skills, system.concept.dislikes]).toEqual([
      4,
      3,
      "Le thé froid",
    ]);
  });

  it("adds a skill to the list whose button was clicked, and a trait or a drame to its own list", async () => {
    const hero = await actor({ name: "Lin", type: "wuxiaCharacter" });
    const sheet = await open(hero, { edit: true });
    const before = new Set(hero.items.contents.map((i) => i.id));
    expect(texts(sheet, "[data-tab=skills] .wh-section-title")).toEqual([
      format("WH.Sheet.Wuxia.Metiers"),
      format("WH.Sheet.Wuxia.Professions"),
      format("WH.Sheet.Wuxia.Narrow"),
    ]);
    for (const index of [2, 0, 1]) await click(sheet, "[data-tab=skills] [data-action=createItem]", index);
    expect(texts(sheet, "[data-tab=powers] .wh-section-title")).toEqual(
      expect.arrayContaining([format("WH.Sheet.Wuxia.Traits"), format("WH.Sheet.Wuxia.Drames")]),
    );
    const lists = [...sheet.element.querySelectorAll<HTMLElement>("[data-tab=powers] [data-action=createItem]")];
    for (const button of lists.slice(1).reverse()) {
      button.click();
      await settle();
    }
    expect(added(hero, before)).toEqual([
      ["wuxiaSkill", "narrow"],
      ["wuxiaSkill", "metier"],
      ["wuxiaSkill", "profession"],
      ["wuxiaDrame", undefined],
      ["wuxiaTrait", undefined],
    ]);
  });
});

describe("the Wuxia sheet in play mode", () => {
  it("lists the weapons, and marks a threshold reached from its very level, the panic's with their penalties", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      system: { attributes: { metal: 3, eau: 2 }, wounds: { value: 12 }, panic: { value: 8 } },
      items: [{ name: "Épée", type: "wuxiaWeapon" }],
    });
    const sheet = await open(hero);
    expect(texts(sheet, "[data-tab=combat] [data-item-id] .wh-item-name, [data-tab=combat] [data-item-id]")).toEqual(
      expect.arrayContaining([expect.stringContaining("Épée")]),
    );
    const [wounds, panic] = [...sheet.element.querySelectorAll("[data-tab=main] .wh-thresholds")].map((dd) =>
      [...dd.querySelectorAll(".wh-threshold")].map((el) => [
        el.textContent?.replace(/\s+/g, " ").trim(),
        el.classList.contains("wh-reached"),
      ]),
    );
    // Death threshold (2 × 3 + 2) × 3 = 24: wound thresholds 6, 12, 18; panic at 2, 4, 6 × Eau.
    expect(wounds?.slice(0, 3).map(([, reached]) => reached)).toEqual([true, true, false]);
    expect(panic).toEqual([
      [`4 ${format("WH.Sheet.SrPenalty", { penalty: 1 })}`, true],
      [`8 ${format("WH.Sheet.SrPenalty", { penalty: 2 })}`, true],
      [`12 ${format("WH.Sheet.Wuxia.Flee")}`, false],
    ]);
  });

  it("buys what the world's creation table says, names the hero type, and buys nothing while the priorities are wrong", async () => {
    await setWorldSetting("wuxiaCreationSkillPoints", "1, 2, 3, 4, 5");
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      system: { priorities: { attributes: 1, skills: 2, powers: 3, traits: 4, experience: 5 } },
    });
    const buys = (sheet: Sheet) =>
      [...sheet.element.querySelectorAll(".wh-creation tbody tr")].map((tr) =>
        (tr.querySelectorAll("td")[2]?.textContent ?? "").replace("†", "").replace(/\s+/g, " ").trim(),
      );
    const sheet = await open(hero);
    expect(buys(sheet)[1]).toBe("2 points to spend");
    expect(buys(sheet)[2]).toMatch(new RegExp(`${format("WH.HeroType.moine")}$`));
    await hero.update({ "system.priorities.skills": 1 });
    await sheet.render();
    expect(buys(sheet)).toEqual(["", "", "", "", ""]);
  });
});

describe("the Harmonies sheet", () => {
  it("heads its score tables, lists a skill's trades and hobbies, and adds a trade or a hobby to its list", async () => {
    const hero = await actor({
      name: "David",
      type: "harmoniesCharacter",
      items: [
        { name: "Chasseur", type: "harmoniesMetier", system: { skills: ["Fronde"] } },
        { name: "Promeneur", type: "harmoniesHobby", system: { skills: ["Fronde"] } },
        { name: "Fronde", type: "harmoniesSkill", system: { level: 2 } },
      ],
    });
    const sheet = await open(hero, { edit: true });
    expect(texts(sheet, "[data-tab=main] .wh-section-title")).toEqual([
      format("WH.Actor.Harmonies.FIELDS.characteristics.label"),
      format("WH.Actor.Harmonies.FIELDS.means.label"),
      format("WH.Sheet.Harmonies.FieldsOfAction"),
    ]);
    expect(texts(sheet, "[data-tab=skills] .wh-sets")).toEqual(["Chasseur, Promeneur"]);
    expect(texts(sheet, "[data-tab=metiers] .wh-hint")).toEqual([
      format("WH.Sheet.Harmonies.MetierRule"),
      format("WH.Sheet.Harmonies.HobbyRule"),
    ]);
    const before = new Set(hero.items.contents.map((i) => i.id));
    await click(sheet, "[data-tab=metiers] [data-action=createItem]", 1);
    await click(sheet, "[data-tab=metiers] [data-action=createItem]", 0);
    expect(added(hero, before).map(([type]) => type)).toEqual(["harmoniesHobby", "harmoniesMetier"]);
  });

  it("writes the wound counts and the room of each level, and draws a wound past the room as over it", async () => {
    const hero = await actor({ name: "Goliath", type: "harmoniesCharacter" });
    const sheet = await open(hero, { edit: true });
    await click(sheet, "[data-action=tab][data-tab=combat]");
    const light = sheet.element.querySelector("[name='system.wounds.light']");
    expect(light?.getAttribute("aria-label")).toBe(format("WH.Actor.Harmonies.FIELDS.wounds.light.label"));
    await change(sheet, "[name='system.woundMaxima.light']", "2");
    await change(sheet, "[name='system.wounds.light']", "3");
    await sheet.render();
    const system = hero.system as { wounds: { light: number }; woundMaxima: { light: number } };
    expect([system.wounds.light, system.woundMaxima.light]).toEqual([3, 2]);
    const row = sheet.element.querySelector(".wh-boxes");
    expect(
      [...(row?.querySelectorAll(".wh-box") ?? [])].map(
        (b) => (b.classList.contains("wh-filled") ? "x" : "") + (b.classList.contains("wh-over") ? "!" : ""),
      ),
    ).toEqual(["x", "x", "x!"]);
  });

  it("aggravates a wound past the room the sheet sets, not the rules' default room", async () => {
    const hero = await actor({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { wounds: { light: 2 }, woundMaxima: { light: 2 } },
    });
    const sheet = await open(hero);
    await click(sheet, "[data-tab=combat] [data-action=addWound][data-severity=light]");
    expect(hero.system.wounds).toMatchObject({ light: 2, grave: 1 });
  });

  it("marks only a missile weapon with the house rule, and lists the armours", async () => {
    const hero = await actor({
      name: "Goliath",
      type: "harmoniesCharacter",
      items: [
        { name: "Bâton", type: "harmoniesWeapon", system: { damage: 1, range: "melee" } },
        { name: "Cuir", type: "harmoniesArmour", system: { armour: 1 } },
      ],
    });
    const sheet = await open(hero);
    const rows = [...sheet.element.querySelectorAll<HTMLElement>("[data-tab=combat] tr[data-item-id]")];
    expect(rows.map((tr) => tr.querySelector(".wh-item-name")?.textContent?.trim())).toEqual(["Bâton", "Cuir"]);
    expect(rows[0]?.querySelector(".wh-house-rule")).toBeNull();
  });
});

describe("the group sheet", () => {
  it("names its rule set and each column, sets aside several sub-groups and Values, and leaves Harmonies scores unbounded", async () => {
    const group = await actor({
      name: "Bande",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Chefs", count: 1, stats: { corps: 10 } },
          { label: "Chiens", count: 1, stats: { corps: -8 } },
          { label: "Loups", count: 1, stats: { corps: -8 } },
          { label: "Ours", count: 1, stats: { corps: 2 } },
        ],
      },
    });
    const sheet = await open(group);
    expect(texts(sheet, ".wh-tag")).toContain(
      `${format("WH.Actor.Group.FIELDS.ruleset.label")} ${format("WH.Ruleset.harmonies")}`,
    );
    expect(
      [...sheet.element.querySelectorAll(".wh-members thead th.wh-num[data-tooltip]")]
        .slice(0, 2)
        .map((th) => th.getAttribute("data-tooltip")),
    ).toEqual([format("WH.Attribute.corps"), format("WH.Attribute.agilite")]);
    // RULES 3.1: the two −8 merge at −5, set aside beside +2 (gap 7), then +2 beside +10 (gap 8).
    expect(sheet.element.querySelector(".wh-combined tbody tr td:last-child")?.textContent).toBe(
      "−5 (Chiens, Loups), +2 (Ours)",
    );

    sheet.setEditMode(true);
    await sheet.render();
    const corps = sheet.element.querySelector<HTMLInputElement>("[data-member-field='stats.corps']");
    expect([corps?.getAttribute("min"), corps?.getAttribute("max")]).toEqual(["", ""]);
  });

  it("edits nothing for the row of a sub-group removed meanwhile, and reports no error", async () => {
    const group = await actor({
      name: "Garde",
      type: "group",
      system: {
        members: [
          { label: "Gardes", count: 25, stats: {} },
          { label: "Archers", count: 5, stats: {} },
        ],
      },
    });
    const sheet = await open(group, { edit: true });
    const stale = sheet.element.querySelector<HTMLInputElement>("[data-member-index='1'] [data-member-field=count]");
    // Another user removes the sub-group; this sheet has not been redrawn yet.
    await group.update({ "system.members": [{ label: "Gardes", count: 25, stats: {} }] });
    if (!stale) throw new Error("no count field");
    stale.value = "7";
    stale.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(foundry.notifications).toEqual([]);
    expect((group.system.members as { label: string; count: number }[]).map((m) => [m.label, m.count])).toEqual([
      ["Gardes", 25],
    ]);
  });
});

describe("the group sheet's fields outside the sub-group table", () => {
  it("write through the form, beside the table's own edits", async () => {
    const group = await actor({ name: "Garde", type: "group", system: { members: [{ label: "Gardes", count: 25 }] } });
    const sheet = await open(group, { edit: true });
    await change(sheet, "[name=name]", "Garde du palais");
    expect(group.name).toBe("Garde du palais");
    expect(foundry.notifications).toEqual([]);
  });

  it("an observer's sub-group field tries no edit of the sub-groups, even re-enabled", async () => {
    const group = await actor({ name: "Garde", type: "group", system: { members: [{ label: "Gardes", count: 25 }] } });
    await group.update({ ownership: { [strangerId()]: 2 } });
    actAs("stranger");
    const sheet = await open(group);
    const count = sheet.element.querySelector<HTMLInputElement>("[data-member-index='0'] [data-member-field=count]");
    if (!count) throw new Error("no count field");
    expect(count.disabled).toBe(true);
    count.disabled = false;
    const update = vi.spyOn(group, "update");
    await change(sheet, "[data-member-index='0'] [data-member-field=count]", "30");
    expect(update.mock.calls.filter(([changes]) => "system.members" in changes)).toEqual([]);
    expect((group.system.members as { count: number }[])[0]?.count).toBe(25);
  });
});

describe("the item sheets, to the owner of the item", () => {
  it("show each type's own fields", async () => {
    const fields: Record<string, string[]> = {
      // A Métier (the default category) has no parent skill.
      wuxiaSkill: ["system.category", "system.level", "system.identifier"],
      wuxiaPower: ["system.heroType", "system.level", "system.attribute", "system.chiCost", "system.identifier"],
      wuxiaTrait: ["system.zodiac"],
      wuxiaDrame: ["system.zodiac"],
      wuxiaWeapon: ["system.damage", "system.skill", "system.ame.name", "system.ame.effect"],
      wuxiaArmour: ["system.armour", "system.equipped"],
      harmoniesSkill: [
        "system.level",
        "system.xp",
        "system.characteristic",
        "system.means",
        "system.talent",
        "system.hermetic",
        "system.identifier",
      ],
      harmoniesMetier: [],
      harmoniesHobby: [],
      harmoniesWeapon: ["system.damage", "system.range", "system.skill"],
      harmoniesArmour: ["system.armour", "system.equipped"],
    };
    const owners = {
      wuxia: await actor({ name: "Lin", type: "wuxiaCharacter" }),
      harmonies: await actor({ name: "David", type: "harmoniesCharacter" }),
    } as const;
    for (const [type, names] of Object.entries(fields)) {
      const owner = type.startsWith("wuxia") ? owners.wuxia : owners.harmonies;
      const [item] = (await (
        owner as unknown as { createEmbeddedDocuments(name: string, data: AnyObject[]): Promise<Doc[]> }
      ).createEmbeddedDocuments("Item", [{ name: type, type }])) as Doc[];
      const sheet = await open(item as Doc);
      const shown = [...sheet.element.querySelectorAll("[name]")].map((el) => el.getAttribute("name"));
      expect(
        shown.filter((name) => name !== "system.description"),
        type,
      ).toEqual(["name", ...names]);
    }
  });

  it("show the description, the trades and hobbies a skill is in, and offer only Métiers and Professions as parents", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [
        { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier" } },
        { name: "Médecin", type: "wuxiaSkill", system: { category: "profession" } },
        { name: "Bond", type: "wuxiaPower" },
        { name: "Go", type: "wuxiaSkill", system: { category: "narrow", description: "<p>Un jeu de stratégie.</p>" } },
      ],
    });
    const go = await open(hero.items.find((i) => i.name === "Go") as Doc);
    expect([...go.element.querySelectorAll("datalist option")].map((o) => o.getAttribute("value"))).toEqual([
      "Chasseur",
      "Médecin",
    ]);
    expect(go.element.querySelector(".wh-item-description .wh-rich-text, prose-mirror")?.innerHTML).toBe(
      "<p>Un jeu de stratégie.</p>",
    );

    // A world item, which only the GM may create and see here: no actor, no parents to offer.
    actAs("gm");
    const Item = globalThis.Item as unknown as { create(data: unknown): Promise<Doc> };
    const world = await open(await Item.create({ name: "Tir", type: "wuxiaSkill", system: { category: "narrow" } }));
    expect(world.element.querySelectorAll("datalist option")).toHaveLength(0);
    actAs("player");

    const david = await actor({
      name: "David",
      type: "harmoniesCharacter",
      items: [
        { name: "Pêche", type: "harmoniesSkill", system: { level: 1 } },
        { name: "Chasseur", type: "harmoniesMetier", system: { skills: ["Pêche"] } },
        { name: "Marin", type: "harmoniesMetier", system: { skills: ["Pêche"] } },
        // A hobby of the skill's name is not the skill.
        { name: "Pêche", type: "harmoniesHobby", system: { skills: ["Pêche"] } },
        { name: "Voile", type: "harmoniesHobby", system: { skills: ["Pêche"] } },
      ],
    });
    const skill = await open(david.items.find((i) => i.type === "harmoniesSkill") as Doc);
    const sets = skill.element.textContent?.replace(/\s+/g, " ");
    expect(sets).toContain(format("WH.Sheet.Harmonies.InMetiers", { names: "Chasseur, Marin" }));
    expect(sets).toContain(format("WH.Sheet.Harmonies.InHobbies", { names: "Pêche, Voile" }));
    const metier = await open(david.items.find((i) => i.name === "Chasseur") as Doc);
    expect(
      [...metier.element.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()),
      ),
    ).toEqual([["Pêche", "+1", "+1"]]);
  });
});
