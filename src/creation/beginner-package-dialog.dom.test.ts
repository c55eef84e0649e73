// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { choose, openSheet, settle, windowFrame } from "../../test/support/dom";
import { actAs, carryOutAs, createActor, harmoniesHero, startWorld } from "../../test/support/world";
import type * as DialogModule from "./beginner-package-dialog";
import type * as PackageModule from "./beginner-package";

/**
 * The Harmonies beginner's package clicked through as the player (RULES 2.3): a métier and four
 * of its skills, two hobbies and two skills each, four talents, from the world's items; the
 * breaches named as they are picked; applied in one go, once for a player.
 */

/** The book's package for a soldier (RULES 2.3), from the world's items below. */
const SOLDIER = {
  metier: "Fantassin",
  metierSkills: ["Épée", "Lance", "Bouclier", "Marche"],
  hobbies: [
    { name: "Barde", skills: ["Chants", "Mandoline"] },
    { name: "Cambrioleur", skills: ["Crochetage", "Discrétion"] },
  ],
  talents: ["Nager", "Astrologie", "Poésie", "Survie"],
};

let foundry: FoundryDouble;
let dialogs: typeof DialogModule;
let pack: typeof PackageModule;

async function worldItems(): Promise<void> {
  actAs("gm");
  await Item.create({
    name: "Fantassin",
    type: "harmoniesMetier",
    system: { skills: ["Épée", "Lance", "Bouclier", "Marche", "Survie"] },
  } as never);
  await Item.create({
    name: "Barde",
    type: "harmoniesHobby",
    system: { skills: ["Chants", "Mandoline", "Poésie"] },
  } as never);
  await Item.create({
    name: "Cambrioleur",
    type: "harmoniesHobby",
    system: { skills: ["Crochetage", "Discrétion"] },
  } as never);
  await Item.create({
    name: "Nager",
    type: "harmoniesSkill",
    system: { characteristic: "corps", means: "puissance" },
  } as never);
  await Item.create({ name: "Astrologie", type: "harmoniesSkill", system: { hermetic: true } } as never);
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  dialogs = await import("./beginner-package-dialog");
  pack = await import("./beginner-package");
  await worldItems();
});

afterEach(() => {
  for (const el of Array.from(document.querySelectorAll("form.wh-beginner-package"))) el.remove();
});

const shown = () => {
  const element = document.querySelector<HTMLFormElement>("form.wh-beginner-package");
  if (!element) throw new Error("the dialog is not drawn");
  return { element };
};
const problems = () =>
  Array.from(shown().element.querySelectorAll(".wh-beginner-package__problems li")).map((li) => li.textContent?.trim());
const apply = () => shown().element.querySelector<HTMLButtonElement>('button[type="submit"]');
const skillsOf = (set: string) =>
  Array.from(shown().element.querySelectorAll(`[data-set="${set}"] .wh-beginner-package__skills li`)).map((li) =>
    li.textContent?.replace(/\s+/g, " ").trim(),
  );

async function tick(set: string, names: string[]): Promise<void> {
  for (const name of names) {
    const box = shown().element.querySelector<HTMLInputElement>(`input[name="${set}-skill"][value="${name}"]`);
    if (!box) throw new Error(`no ${name} in ${set}`);
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
  }
}

/** The player opens David's package from the Trades & hobbies tab. */
async function openAsPlayer(): Promise<Actor.Implementation> {
  const david = await harmoniesHero("David");
  actAs("player");
  const sheet = await openSheet(foundry, david);
  const open = sheet.element.querySelector<HTMLButtonElement>('[data-action="beginnerPackage"]');
  if (!open) throw new Error("no package button");
  open.click();
  await settle();
  return david;
}

async function pickSoldier(): Promise<void> {
  await choose(shown(), "metier", "Fantassin");
  await tick("metier", ["Épée", "Lance", "Bouclier", "Marche"]);
  await choose(shown(), "hobby-0", "Barde");
  await tick("hobby-0", ["Chants", "Mandoline"]);
  await choose(shown(), "hobby-1", "Cambrioleur");
  await tick("hobby-1", ["Crochetage", "Discrétion"]);
  for (const [i, name] of ["Nager", "Astrologie", "Poésie", "Survie"].entries())
    await choose(shown(), `talent-${i}`, name);
}

const skillLevels = (actor: Actor.Implementation) =>
  Object.fromEntries(
    actor.items.contents
      .filter((i) => i.type === "harmoniesSkill")
      .map((i) => {
        const s = i.system as unknown as { level: number | null; talent: boolean };
        return [i.name, s.talent ? `${s.level} talent` : s.level];
      }),
  );

describe("the beginner package dialog", () => {
  it("names what is missing until the package is complete, and only then lets it apply", async () => {
    await openAsPlayer();
    expect(problems()).toEqual(["Pick a trade (métier).", "Pick 2 hobbies (0 picked).", "Pick 4 talents (0 picked)."]);
    expect(shown().element.querySelector(".wh-beginner-package__warning")).toBeNull();
    expect(Array.from(shown().element.querySelectorAll("legend")).map((l) => l.textContent)).toEqual([
      "Trade (Métier)",
      "Hobby 1",
      "Hobby 2",
      "Talents",
    ]);
    expect(
      Array.from(shown().element.querySelectorAll(".wh-beginner-package__body .hint")).map((p) => p.textContent),
    ).toEqual([
      "A beginner knows one trade, or métier (4 of its skills at 0), two hobbies (2 of their skills at −5 each) and four talents (at −10). Pick them from the character's and the world's trades, hobbies and skills.",
      "Skills picked start at 0; the trade's other skills stay at least −3.",
      "Skills picked start at −5; a hobby's other skills stay at least −7.",
      "Each talent starts at −10.",
    ]);
    expect(apply()?.disabled).toBe(true);
    await choose(shown(), "metier", "Fantassin");
    // A picked skill starts at 0; the métier's others keep the floor −3.
    expect(skillsOf("metier")).toEqual([
      "Épée at least −3",
      "Lance at least −3",
      "Bouclier at least −3",
      "Marche at least −3",
      "Survie at least −3",
    ]);
    await tick("metier", ["Épée", "Lance", "Bouclier"]);
    expect(skillsOf("metier")[0]).toBe("Épée at 0");
    expect(problems()).toContain("Fantassin: pick 4 skills (3 picked).");
    await tick("metier", ["Marche"]);
    expect(problems().some((p) => p?.startsWith("Fantassin"))).toBe(false);
    expect(apply()?.disabled).toBe(true);
  });

  it("is titled for the character; a métier picked anew starts with none of its skills", async () => {
    await Item.create({ name: "Marin", type: "harmoniesMetier", system: { skills: ["Nager", "Voile"] } } as never);
    await openAsPlayer();
    expect(shown().element.querySelector(".window-title")?.textContent).toBe("Beginner package of David");
    expect(windowFrame(shown().element)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-box-open",
      resizable: false,
      scoped: true,
    });
    await choose(shown(), "metier", "Fantassin");
    await tick("metier", ["Épée"]);
    await choose(shown(), "metier", "Marin");
    expect(skillsOf("metier")).toEqual(["Nager at least −3", "Voile at least −3"]);
  });

  it("stays open, saying why, when a package was applied elsewhere meanwhile", async () => {
    const david = await openAsPlayer();
    await pickSoldier();
    await pack.applyBeginnerPackage(david as never, SOLDIER);
    apply()?.click();
    await settle();
    expect(document.querySelector("form.wh-beginner-package")).not.toBeNull();
    expect(foundry.notifications.filter((n) => n.level === "error").map((n) => n.message)).toEqual([
      "A beginner package is already on David; only the GM may apply another.",
    ]);
  });

  it("names a skill picked twice and the same hobby twice", async () => {
    await openAsPlayer();
    await pickSoldier();
    await choose(shown(), "talent-2", "Chants");
    expect(problems()).toEqual(["Chants is picked twice: each skill goes in the package once."]);
    await choose(shown(), "hobby-1", "Barde");
    await tick("hobby-1", ["Chants", "Poésie"]);
    expect(problems()).toContain("The hobby Barde is picked twice.");
    expect(apply()?.disabled).toBe(true);
  });

  it("applies the package: sets copied, skills at 0, −5 and −10 (talents marked), world skills' data kept", async () => {
    const david = await openAsPlayer();
    await pickSoldier();
    expect(problems()).toEqual([]);
    expect(apply()?.disabled).toBe(false);
    apply()?.click();
    await settle();
    expect(document.querySelector("form.wh-beginner-package")).toBeNull();
    expect(
      david.items.contents
        .filter((i) => i.type !== "harmoniesSkill" && i.type !== "harmoniesWeapon")
        .map((i) => i.name),
    ).toEqual(["Fantassin", "Barde", "Cambrioleur"]);
    expect(skillLevels(david)).toEqual({
      // David's own sling skill is not in the package: untouched.
      Fronde: 0,
      Épée: 0,
      Lance: 0,
      Bouclier: 0,
      Marche: 0,
      Chants: -5,
      Mandoline: -5,
      Crochetage: -5,
      Discrétion: -5,
      Nager: "-10 talent",
      Astrologie: "-10 talent",
      Poésie: "-10 talent",
      Survie: "-10 talent",
    });
    const nager = david.items.contents.find((i) => i.name === "Nager")?.system as unknown as { characteristic: string };
    expect(nager.characteristic).toBe("corps");
    const astrologie = david.items.contents.find((i) => i.name === "Astrologie")?.system as unknown as {
      hermetic: boolean;
    };
    expect(astrologie.hermetic).toBe(true);
    expect(foundry.notifications.map((n) => n.message)).toContain("The beginner package of David is on the sheet.");
    // Applied: the player's sheet offers it no more; the GM's still does.
    let sheet = await openSheet(foundry, david);
    expect(sheet.element.querySelector('[data-action="beginnerPackage"]')).toBeNull();
    actAs("gm");
    sheet = await openSheet(foundry, david);
    expect(sheet.element.querySelector('[data-action="beginnerPackage"]')).not.toBeNull();
  });

  it("marks the sets the character holds already", async () => {
    const david = await harmoniesHero("David");
    await david.createEmbeddedDocuments("Item", [
      { name: "Barde", type: "harmoniesHobby", system: { skills: ["Chants"] } },
    ] as never);
    actAs("player");
    await dialogs.openBeginnerPackage(david);
    expect(
      Array.from(shown().element.querySelectorAll('select[name="hobby-0"] option')).map((o) => o.textContent),
    ).toEqual(["— choose —", "Barde (on the sheet)", "Cambrioleur"]);
  });

  it("raises a skill the character has to its package level instead of adding another", async () => {
    const david = await harmoniesHero("David");
    await david.createEmbeddedDocuments("Item", [
      { name: "Lance", type: "harmoniesSkill", system: { level: -12 } },
    ] as never);
    actAs("player");
    await pack.applyBeginnerPackage(david as never, SOLDIER);
    expect(david.items.contents.filter((i) => i.name === "Lance")).toHaveLength(1);
    expect(skillLevels(david).Lance).toBe(0);
  });
});

describe("a package from the compendiums", () => {
  it("offers a compendium's hobby and copies its skills from the compendium", async () => {
    const { addPack } = await import("../../test/foundry/packs");
    addPack("Item", "wuxia-harmonies.harmonies-skills", [
      {
        _id: "joaillier0000001",
        name: "Joaillier",
        type: "harmoniesHobby",
        system: { skills: ["Évaluation des objets d'art", "Marchandage"] },
      },
      {
        _id: "marchandage00001",
        name: "Marchandage",
        type: "harmoniesSkill",
        system: { characteristic: "intuition", means: "manoeuvre" },
      },
    ]);
    const david = await openAsPlayer();
    await pickSoldier();
    await choose(shown(), "hobby-1", "Joaillier");
    await tick("hobby-1", ["Évaluation des objets d'art", "Marchandage"]);
    expect(problems()).toEqual([]);
    apply()?.click();
    await settle();
    const marchandage = david.items.contents.find((i) => i.name === "Marchandage");
    expect(marchandage?.system as unknown).toMatchObject({ level: -5, characteristic: "intuition" });
    expect(david.items.contents.some((i) => i.name === "Joaillier" && i.type === "harmoniesHobby")).toBe(true);
  });
});

describe("opening the package", () => {
  it("warns when the world has no métier or too few hobbies", async () => {
    for (const item of [...foundry.game.items.contents])
      await (item as unknown as { delete(): Promise<unknown> }).delete();
    await openAsPlayer();
    expect(shown().element.querySelector(".wh-beginner-package__warning")?.textContent).toBe(
      "The world has no trade (métier) or not two hobbies yet: the GM creates them (Items sidebar) first.",
    );
  });

  it("is refused for anything but a Harmonies character, a look-alike object included", async () => {
    const lin = await createActor({ name: "Lin", type: "wuxiaCharacter" });
    actAs("player");
    expect(await dialogs.openBeginnerPackage(lin)).toBeNull();
    expect(await dialogs.openBeginnerPackage({ type: "harmoniesCharacter", isOwner: true })).toBeNull();
    expect(foundry.notifications.map((n) => n.message)).toEqual([
      "This is for Harmonies characters only.",
      "This is for Harmonies characters only.",
    ]);
    expect(document.querySelector("form.wh-beginner-package")).toBeNull();
  });
});

describe("applying a package", () => {
  it("is refused to a player who owns nothing, and writes nothing", async () => {
    const david = await harmoniesHero("David");
    actAs("stranger");
    await expect(pack.applyBeginnerPackage(david as never, SOLDIER)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    expect(await dialogs.openBeginnerPackage(david)).toBeNull();
    expect(david.items.contents).toHaveLength(2);
  });

  it("is refused, naming why, for a forged package: a skill its métier does not list", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await expect(
      pack.applyBeginnerPackage(david as never, { ...SOLDIER, metierSkills: ["Épée", "Lance", "Bouclier", "Nager"] }),
    ).rejects.toMatchObject({
      key: "WH.Creation.Error.PackageInvalid",
      data: {
        problems:
          "Nager is not one of the skills its trade (métier) or hobby lists. Nager is picked twice: each skill goes in the package once.",
      },
    });
    expect(david.items.contents).toHaveLength(2);
  });

  it("is applied once by a player; the GM may apply another", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await pack.applyBeginnerPackage(david as never, SOLDIER);
    await expect(pack.applyBeginnerPackage(david as never, SOLDIER)).rejects.toMatchObject({
      key: "WH.Creation.Error.PackageApplied",
    });
    actAs("gm");
    await pack.applyBeginnerPackage(david as never, SOLDIER);
    expect(david.items.contents.filter((i) => i.name === "Fantassin")).toHaveLength(1);
  });

  it("stays taken when the player clears their actor's flag: the record is the GMs'", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await pack.applyBeginnerPackage(david as never, SOLDIER);
    await david.update({ flags: { "wuxia-harmonies": { beginnerPackage: null } } } as never);
    await expect(
      carryOutAs("player", "beginnerPackage", { actorUuid: david.uuid, choice: SOLDIER }),
    ).rejects.toMatchObject({ key: "WH.Creation.Error.PackageApplied", data: { name: "David" } });
    expect(pack.appliedPackage(david)).toBe(true);
    expect(david.items.contents.filter((i) => i.name === "Fantassin")).toHaveLength(1);
  });

  it("is made only of what the player may see: a métier in a pack hidden from players is refused", async () => {
    const { addPack } = await import("../../test/foundry/packs");
    addPack(
      "Item",
      "world.gm-secrets",
      [
        {
          _id: "assassin00000001",
          name: "Assassin",
          type: "harmoniesMetier",
          system: { skills: SOLDIER.metierSkills },
        },
      ],
      { PLAYER: "NONE", ASSISTANT: "OWNER" },
    );
    const david = await harmoniesHero("David");
    const forged = { ...SOLDIER, metier: "Assassin" };
    await expect(
      carryOutAs("player", "beginnerPackage", { actorUuid: david.uuid, choice: forged }),
    ).rejects.toMatchObject({ key: "WH.Creation.Error.PackageInvalid" });
    expect(pack.appliedPackage(david)).toBe(false);
    expect(david.items.contents).toHaveLength(2);
    actAs("gm");
    await pack.applyBeginnerPackage(david as never, forged);
    expect(david.items.contents.some((i) => i.name === "Assassin")).toBe(true);
  });

  it("refuses a choice that is not names: lists of other things, or longer than any package", async () => {
    const david = await harmoniesHero("David");
    const send = (choice: unknown) => carryOutAs("player", "beginnerPackage", { actorUuid: david.uuid, choice });
    await expect(send({ ...SOLDIER, metier: 3 })).rejects.toMatchObject({ data: { field: "choice.metier" } });
    await expect(send({ ...SOLDIER, talents: [{}] })).rejects.toMatchObject({ data: { field: "choice.talents" } });
    await expect(send({ ...SOLDIER, metierSkills: Array(10_000).fill("Épée") })).rejects.toMatchObject({
      data: { field: "choice.metierSkills" },
    });
    await expect(send({ ...SOLDIER, hobbies: [null, null] })).rejects.toMatchObject({
      data: { field: "choice.hobbies" },
    });
    await expect(send("soldier")).rejects.toMatchObject({ data: { field: "choice" } });
    expect(david.items.contents).toHaveLength(2);
  });

  it("takes back the items it created when the package cannot be recorded, and records nothing", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const settings = foundry.game.settings as unknown as { set(n: string, k: string, v: unknown): Promise<unknown> };
    const set = settings.set.bind(settings);
    settings.set = (namespace, key, value) =>
      key === "creationRecords" ? Promise.reject(new Error("the server refused")) : set(namespace, key, value);
    await expect(pack.applyBeginnerPackage(david as never, SOLDIER)).rejects.toMatchObject({
      key: "WH.Roll.Error.Unexpected",
      data: { message: "the server refused" },
    });
    settings.set = set;
    expect(david.items.contents.map((i) => i.name)).toEqual(["Fronde", "Lance-pierre"]);
    expect(pack.appliedPackage(david)).toBe(false);
  });
});
