// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, carryOutAs, harmoniesHero, startWorld, strangerId, wuxiaHero } from "../../test/support/world";
import { openSheet, settle, type DrawnSheet } from "../../test/support/dom";

/**
 * Spending Harmonies experience from the sheet (RULES 2.7): a level bought when the XP held reach
 * its cost, the rest kept; the GM may undo it; nobody else may buy or undo.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

type Holding = { level: number | null; xp: number };
const skillOf = (actor: Actor.Implementation) => actor.items.find((i) => i.name === "Fronde") as Item.Implementation;
const held = (skill: Item.Implementation): Holding => {
  const { level, xp } = skill.system as unknown as Holding;
  return { level, xp };
};
const agility = (actor: Actor.Implementation) => {
  const { value, xp } = (actor.system as unknown as { characteristics: { agilite: { value: number; xp: number } } })
    .characteristics.agilite;
  return { value, xp };
};
const row = (sheet: DrawnSheet, id: string) => sheet.element.querySelector<HTMLElement>(`[data-item-id="${id}"]`);
const button = (root: Element | null, action: string, key?: string) =>
  root?.querySelector<HTMLButtonElement>(`[data-action="${action}"]${key ? `[data-key="${key}"]` : ""}`) ?? null;
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);

/** Clicks, and lets the write and the sheet's redraw (Foundry redraws it on the update) finish. */
async function click(target: HTMLButtonElement | null): Promise<void> {
  if (!target) throw new Error("no such button");
  target.click();
  await settle();
}

describe("buying a skill's next level", () => {
  it("is offered to its owner once the XP reach the cost; the level rises and the rest stays", async () => {
    const david = await harmoniesHero("David");
    const sling = skillOf(david);
    await sling.update({ system: { xp: 124 } } as never);
    actAs("player");
    let sheet = await openSheet(foundry, david);
    // Fronde 0 → +1 costs Measure(+21) = 125.
    expect(button(row(sheet, sling.id ?? ""), "buyLevel")).toBeNull();
    actAs("gm");
    await sling.update({ system: { xp: 130 } } as never);
    actAs("player");
    sheet = await openSheet(foundry, david);
    const buy = button(row(sheet, sling.id ?? ""), "buyLevel");
    expect(buy?.getAttribute("aria-label")).toBe("Raise: 125 XP");
    await click(buy);
    expect(held(sling)).toEqual({ level: 1, xp: 5 });
    expect(button(row(sheet, sling.id ?? ""), "buyLevel")).toBeNull();
    // The player does not see the undo; the GM does.
    expect(button(row(sheet, sling.id ?? ""), "undoLevel")).toBeNull();
  });

  it("is undone by the GM only: back to the level and XP it had", async () => {
    const david = await harmoniesHero("David");
    const sling = skillOf(david);
    await sling.update({ system: { xp: 300 } } as never);
    const { buySkillLevel, undoPurchase } = await import("./level-purchase");
    actAs("player");
    await buySkillLevel(sling as never);
    expect(held(sling)).toEqual({ level: 1, xp: 175 });
    await expect(undoPurchase(sling as never)).rejects.toMatchObject({ key: "WH.Chat.Error.GmOnly" });
    actAs("gm");
    const sheet = await openSheet(foundry, david);
    const undo = button(row(sheet, sling.id ?? ""), "undoLevel");
    expect(undo?.getAttribute("aria-label")).toBe("Undo the last level bought (back to 0, 300 XP)");
    await click(undo);
    expect(held(sling)).toEqual({ level: 0, xp: 300 });
    expect(button(row(sheet, sling.id ?? ""), "undoLevel")).toBeNull();
    await expect(undoPurchase(sling as never)).rejects.toMatchObject({
      key: "WH.Experience.Error.NothingToUndo",
      data: { name: "Fronde" },
    });
  });

  it("is refused, in words, short of XP, for a skill never learnt, and to a player who does not own it", async () => {
    const david = await harmoniesHero("David");
    const sling = skillOf(david);
    const { buySkillLevel } = await import("./level-purchase");
    actAs("player");
    await expect(buySkillLevel(sling as never)).rejects.toMatchObject({
      key: "WH.Experience.Error.Short",
      data: { name: "Fronde", count: 125, xp: 0 },
    });
    const [unlearnt] = (await david.createEmbeddedDocuments("Item", [
      { name: "Chant", type: "harmoniesSkill", system: { xp: 500 } },
    ] as never)) as Item.Implementation[];
    await expect(buySkillLevel(unlearnt as never)).rejects.toMatchObject({
      key: "WH.Experience.Error.NotLearnt",
      data: { name: "Chant" },
    });
    actAs("gm");
    await sling.update({ system: { xp: 500 } } as never);
    await david.update({ ownership: { [strangerId()]: 2 } } as never);
    actAs("stranger");
    await expect(buySkillLevel(sling as never)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "Fronde" },
    });
    const sheet = await openSheet(foundry, david);
    expect(button(row(sheet, sling.id ?? ""), "buyLevel")).toBeNull();
    expect(held(sling)).toEqual({ level: 0, xp: 500 });
    expect(errors()).toEqual([]);
  });
});

describe("raising a skill learnt below a floor it already has", () => {
  it("offers the level above the floor, never one that changes nothing; the GM's undo puts the learnt level back", async () => {
    const david = await harmoniesHero("David");
    const [forge] = (await david.createEmbeddedDocuments("Item", [
      { name: "Forge", type: "harmoniesSkill", system: { level: -4, xp: 100 } },
      { name: "Forgeron", type: "harmoniesMetier", system: { skills: ["Forge"] } },
    ] as never)) as Item.Implementation[];
    const skill = forge as Item.OfType<"harmoniesSkill">;
    // The métier's floor −3 is what Forge is used at: the raise is to −2, Measure(+18) = 60 XP.
    expect([skill.system.effective.level, skill.system.nextLevelCost]).toEqual([-3, 60]);
    actAs("player");
    const sheet = await openSheet(foundry, david);
    expect(button(row(sheet, forge?.id ?? ""), "buyLevel")?.getAttribute("aria-label")).toBe("Raise: 60 XP");
    const { buySkillLevel, undoPurchase } = await import("./level-purchase");
    await buySkillLevel(skill);
    expect(held(skill)).toEqual({ level: -2, xp: 40 });
    actAs("gm");
    await undoPurchase(skill);
    expect(held(skill)).toEqual({ level: -4, xp: 100 });
  });
});

describe("undoing a level bought from a level above 0", () => {
  it("puts back that level, not 0", async () => {
    const david = await harmoniesHero("David");
    const sling = skillOf(david);
    // Fronde +2 → +3 costs Measure(+23) = 200.
    await sling.update({ system: { level: 2, xp: 200 } } as never);
    const { buySkillLevel, undoPurchase } = await import("./level-purchase");
    actAs("player");
    await buySkillLevel(sling as never);
    expect(held(sling)).toEqual({ level: 3, xp: 0 });
    actAs("gm");
    await undoPurchase(sling as never);
    expect(held(sling)).toEqual({ level: 2, xp: 200 });
  });
});

describe("buying an attribute's next level", () => {
  it("raises the value (the race bonus apart) with the XP held, and the GM may undo it", async () => {
    // Agilité 2 → 3 costs Measure(3 + 30) = 2000.
    const david = await harmoniesHero("David", {
      characteristics: { agilite: { value: 2, race: 1, xp: 2500 } },
      means: { precision: { value: 3 } },
    });
    actAs("player");
    const sheet = await openSheet(foundry, david);
    const buy = button(sheet.element, "buyLevel", "agilite");
    expect(buy?.getAttribute("aria-label")).toBe("Raise: 2000 XP");
    expect(button(sheet.element, "buyLevel", "corps")).toBeNull();
    await click(buy);
    expect(agility(david)).toEqual({ value: 3, xp: 500 });
    expect(
      (david.system as unknown as { characteristics: { agilite: { race: number } } }).characteristics.agilite.race,
    ).toBe(1);
    actAs("gm");
    const gmSheet = await openSheet(foundry, david);
    await click(button(gmSheet.element, "undoLevel", "agilite"));
    expect(agility(david)).toEqual({ value: 2, xp: 2500 });
  });

  it("speaks French to a French table", async () => {
    foundry = await startWorld({ lang: "fr" });
    const david = await harmoniesHero("David", { characteristics: { agilite: { value: 2, xp: 2000 } } });
    actAs("player");
    const sheet = await openSheet(foundry, david);
    expect(button(sheet.element, "buyLevel", "agilite")?.getAttribute("aria-label")).toBe("Augmenter : 2000 XP");
  });
});

describe("a Wuxia hero's experience", () => {
  const hero = () => wuxiaHero("Lin Mei", { experience: 20 });
  const pool = (actor: Actor.Implementation) => (actor.system as unknown as { experience: number }).experience;
  const itemLevel = (actor: Actor.Implementation, name: string) =>
    (actor.items.find((i) => i.name === name)?.system as unknown as { level: number }).level;
  const itemId = (actor: Actor.Implementation, name: string) => actor.items.find((i) => i.name === name)?.id ?? "";

  it("buys an Attribute's next level from the one pool: 3 × the new level by default", async () => {
    const lin = await hero();
    actAs("player");
    const sheet = await openSheet(foundry, lin);
    // Métal 3 → 4 costs 12; Feu 5 → 6 costs 18; Bois 2 → 3 costs 9: all within 20.
    expect(button(sheet.element, "buyLevel", "metal")?.getAttribute("aria-label")).toBe("Raise: 12 XP");
    await click(button(sheet.element, "buyLevel", "metal"));
    expect([(lin.system as unknown as { attributes: { metal: number } }).attributes.metal, pool(lin)]).toEqual([4, 8]);
    // 8 left: Bois 2 → 3 (9) is out of reach now.
    expect(button(sheet.element, "buyLevel", "bois")).toBeNull();
  });

  it("buys a skill's or a power's next level, 2 × the new level; a specialisation has none to buy", async () => {
    const lin = await hero();
    actAs("player");
    const sheet = await openSheet(foundry, lin);
    const chasseur = row(sheet, itemId(lin, "Chasseur"));
    expect(button(chasseur, "buyLevel")?.getAttribute("aria-label")).toBe("Raise: 8 XP");
    expect(button(row(sheet, itemId(lin, "Tir à l'arc")), "buyLevel")).toBeNull();
    await click(button(chasseur, "buyLevel"));
    expect([itemLevel(lin, "Chasseur"), pool(lin)]).toEqual([4, 12]);
    await click(button(row(sheet, itemId(lin, "Bond du tigre")), "buyLevel"));
    expect([itemLevel(lin, "Bond du tigre"), pool(lin)]).toEqual([3, 6]);
    const { buyWuxiaItemLevel } = await import("./level-purchase");
    await expect(buyWuxiaItemLevel(lin.items.find((i) => i.name === "Tir à l'arc") as never)).rejects.toMatchObject({
      key: "WH.Experience.Error.NoLevel",
      data: { name: "Tir à l'arc" },
    });
  });

  it("follows the world's cost factors, and is undone by the GM only", async () => {
    const { setWorldSetting } = await import("../../test/support/world");
    await setWorldSetting("wuxiaExperienceFactors", "5, 1");
    const lin = await hero();
    actAs("player");
    const sheet = await openSheet(foundry, lin);
    expect(button(sheet.element, "buyLevel", "metal")?.getAttribute("aria-label")).toBe("Raise: 20 XP");
    expect(button(sheet.element, "buyLevel", "feu")).toBeNull();
    await click(button(row(sheet, itemId(lin, "Chasseur")), "buyLevel"));
    expect([itemLevel(lin, "Chasseur"), pool(lin)]).toEqual([4, 16]);
    const { undoWuxiaPurchase } = await import("./level-purchase");
    await expect(undoWuxiaPurchase(lin as never, itemId(lin, "Chasseur"))).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    expect(button(row(sheet, itemId(lin, "Chasseur")), "undoLevel")).toBeNull();
    actAs("gm");
    const gmSheet = await openSheet(foundry, lin);
    await click(button(row(gmSheet, itemId(lin, "Chasseur")), "undoLevel"));
    expect([itemLevel(lin, "Chasseur"), pool(lin)]).toEqual([3, 20]);
  });

  it("offers the GM to undo the last level bought only where it was bought, and only once", async () => {
    const lin = await hero();
    actAs("player");
    await click(button((await openSheet(foundry, lin)).element, "buyLevel", "metal"));
    actAs("gm");
    const sheet = await openSheet(foundry, lin);
    expect(button(sheet.element, "undoLevel", "metal")).not.toBeNull();
    expect(button(sheet.element, "undoLevel", "feu")).toBeNull();
    expect(button(row(sheet, itemId(lin, "Chasseur")), "undoLevel")).toBeNull();
    const { undoWuxiaPurchase } = await import("./level-purchase");
    await expect(undoWuxiaPurchase(lin as never, "feu")).rejects.toMatchObject({
      key: "WH.Experience.Error.NothingToUndo",
    });
    await click(button(sheet.element, "undoLevel", "metal"));
    expect([(lin.system as unknown as { attributes: { metal: number } }).attributes.metal, pool(lin)]).toEqual([3, 20]);
    await expect(undoWuxiaPurchase(lin as never, "metal")).rejects.toMatchObject({
      key: "WH.Experience.Error.NothingToUndo",
    });
  });

  it("is refused for a power no hero holds", async () => {
    const { buyWuxiaItemLevel } = await import("./level-purchase");
    actAs("gm");
    const loose = await (Item as unknown as { create(d: object): Promise<Item.Implementation> }).create({
      name: "Kiai",
      type: "wuxiaPower",
    });
    await expect(buyWuxiaItemLevel(loose as never)).rejects.toMatchObject({ key: "WH.Roll.Error.NoActor" });
  });

  it("is refused at level 10, short of XP, and to a player who does not own the hero", async () => {
    const { buyWuxiaAttribute } = await import("./level-purchase");
    const lin = await wuxiaHero("Lin Mei", {
      experience: 5,
      attributes: { metal: 10, feu: 5, terre: 4, eau: 3, bois: 2 },
    });
    actAs("player");
    await expect(buyWuxiaAttribute(lin as never, "metal")).rejects.toMatchObject({
      key: "WH.Experience.Error.AtMax",
      data: { name: "Lin Mei", max: 10 },
    });
    actAs("gm");
    await lin.update({ system: { experience: 40 } } as never);
    actAs("player");
    // Métal at 10 offers nothing however much XP is held; Bois 2 → 3 (9) is offered.
    const drawn = await openSheet(foundry, lin);
    expect(button(drawn.element, "buyLevel", "metal")).toBeNull();
    expect(button(drawn.element, "buyLevel", "bois")).not.toBeNull();
    actAs("gm");
    await lin.update({ system: { experience: 5 } } as never);
    actAs("player");
    await expect(buyWuxiaAttribute(lin as never, "bois")).rejects.toMatchObject({
      key: "WH.Experience.Error.Short",
      data: { name: "Lin Mei", count: 9, xp: 5 },
    });
    actAs("gm");
    await lin.update({ ownership: { [strangerId()]: 2 } } as never);
    actAs("stranger");
    await expect(buyWuxiaAttribute(lin as never, "bois")).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "Lin Mei" },
    });
    const sheet = await openSheet(foundry, lin);
    expect(sheet.element.querySelector('[data-action="buyLevel"]')).toBeNull();
  });
});

describe("a purchase with no GM connected", () => {
  it("is carried out on the owner's own client, who may write their hero", async () => {
    const lin = await wuxiaHero("Lin Mei", { experience: 30 });
    const david = await harmoniesHero("David");
    const sling = skillOf(david);
    await sling.update({ system: { xp: 130 } } as never);
    for (const user of foundry.game.users.contents) if (user.isGM) user.active = false;
    const { buyWuxiaAttribute, buyWuxiaItemLevel, buySkillLevel, buyAttributeLevel } = await import("./level-purchase");
    actAs("player");
    await buyWuxiaAttribute(lin as never, "metal");
    await buyWuxiaItemLevel(lin.items.find((i) => i.name === "Chasseur") as never);
    await buySkillLevel(sling as never);
    await expect(buyAttributeLevel(david as never, "agilite")).rejects.toMatchObject({
      key: "WH.Experience.Error.Short",
    });
    const hero = lin.system as unknown as { experience: number; attributes: { metal: number } };
    expect([hero.attributes.metal, hero.experience, held(sling)]).toEqual([4, 10, { level: 1, xp: 5 }]);
  });
});

describe("a purchase asked by hand (a macro, the console)", () => {
  it("is carried out by the GM's client only for the document's owner, with a key the actor has", async () => {
    const lin = await wuxiaHero("Lin Mei", { experience: 30 });
    await expect(carryOutAs("stranger", "buyLevel", { uuid: lin.uuid, key: "metal" })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "Lin Mei" },
    });
    await expect(carryOutAs("player", "buyLevel", { uuid: lin.uuid, key: "toString" })).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "key" },
    });
    await expect(carryOutAs("player", "buyLevel", { uuid: "Actor.nobody" })).rejects.toMatchObject({
      key: "WH.Roll.Error.NoActor",
    });
    const weapon = lin.items.find((i) => i.name === "Arc long");
    await expect(carryOutAs("player", "buyLevel", { uuid: weapon?.uuid ?? "" })).rejects.toMatchObject({
      key: "WH.Experience.Error.NoLevel",
      data: { name: "Arc long" },
    });
    const system = () => lin.system as unknown as { experience: number; attributes: { metal: number } };
    expect([system().experience, system().attributes.metal]).toEqual([30, 3]);
    await carryOutAs("player", "buyLevel", { uuid: lin.uuid, key: "metal" });
    expect([system().experience, system().attributes.metal]).toEqual([18, 4]);
    await expect(carryOutAs("player", "undoLevel", { uuid: lin.uuid, key: "metal" })).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    expect([system().experience, system().attributes.metal]).toEqual([18, 4]);
  });
});
