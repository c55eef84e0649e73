// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { defaultSheet, openSheet, settle, type DrawnSheet } from "../../test/support/dom";
import { actAs, harmoniesHero, startWorld } from "../../test/support/world";
import type * as OffersModule from "./skill-set-offers";

/**
 * RULES 2.3: when two skills of a would-be hobby reach −5 ([example] Chants and Mandoline: the
 * hobby Barde), the sheet offers that hobby; likewise a métier once four of its skills reach 0.
 */

let foundry: FoundryDouble;
let offers: typeof OffersModule;
let barde: Item.Implementation;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  offers = await import("./skill-set-offers");
  actAs("gm");
  barde = (await Item.create({
    name: "Barde",
    type: "harmoniesHobby",
    system: { skills: ["Chants", "Mandoline", "Poésie"] },
  } as never)) as Item.Implementation;
  await Item.create({
    name: "Fantassin",
    type: "harmoniesMetier",
    system: { skills: ["Épée", "Lance", "Bouclier", "Marche", "Survie"] },
  } as never);
});

async function singer(mandoline: number): Promise<Actor.Implementation> {
  const david = await harmoniesHero("David");
  await david.createEmbeddedDocuments("Item", [
    { name: "Chants", type: "harmoniesSkill", system: { level: -5 } },
    { name: "mandoline", type: "harmoniesSkill", system: { level: mandoline } },
  ] as never);
  return david;
}

const offerTexts = (sheet: DrawnSheet) =>
  Array.from(sheet.element.querySelectorAll(".wh-offer > span")).map((s) => s.textContent);

describe("the métiers and hobbies a character qualifies for", () => {
  it("offers the hobby once two of its skills reach −5, whatever the case of the names", async () => {
    const david = await singer(-6);
    actAs("player");
    let sheet = await openSheet(foundry, david);
    expect(offerTexts(sheet)).toEqual([]);
    const mandoline = david.items.contents.find((i) => i.name === "mandoline") as Item.Implementation;
    await mandoline.update({ system: { level: -5 } } as never);
    sheet = await openSheet(foundry, david);
    expect(offerTexts(sheet)).toEqual(["The hobby Barde is open to this character: Chants −5, mandoline −5."]);
  });

  it("lists the hobbies offered by name, and counts a skill never learnt as nothing", async () => {
    await Item.create({
      name: "Chanteur",
      type: "harmoniesHobby",
      system: { skills: ["Chants", "Mandoline"] },
    } as never);
    await Item.create({ name: "Poète", type: "harmoniesHobby", system: { skills: ["Chants", "Poésie"] } } as never);
    const david = await singer(-5);
    await david.createEmbeddedDocuments("Item", [
      { name: "Poésie", type: "harmoniesSkill", system: { level: null } },
    ] as never);
    actAs("player");
    expect(offers.skillSetOffers(david as never).map((o) => o.name)).toEqual(["Barde", "Chanteur"]);
  });

  it("takes the hobby with a click: a copy on the sheet, and the offer gone", async () => {
    const david = await singer(-5);
    actAs("player");
    const sheet = await openSheet(foundry, david);
    sheet.element.querySelector<HTMLButtonElement>('[data-action="takeSkillSet"]')?.click();
    await settle();
    const taken = david.items.contents.filter((i) => i.type === "harmoniesHobby");
    expect(taken.map((i) => [i.name, (i.system as unknown as { skills: string[] }).skills])).toEqual([
      ["Barde", ["Chants", "Mandoline", "Poésie"]],
    ]);
    expect(offerTexts(await openSheet(foundry, david))).toEqual([]);
  });

  it("offers a métier once four of its skills reach 0, métiers before hobbies", async () => {
    const david = await singer(-5);
    await david.createEmbeddedDocuments(
      "Item",
      ["Épée", "Lance", "Bouclier", "Marche"].map((name, i) => ({
        name,
        type: "harmoniesSkill",
        system: { level: i === 3 ? -1 : 0 },
      })) as never,
    );
    actAs("player");
    expect(offers.skillSetOffers(david as never).map((o) => o.name)).toEqual(["Barde"]);
    await david.items.contents.find((i) => i.name === "Marche")?.update({ system: { level: 0 } } as never);
    expect(offers.skillSetOffers(david as never).map((o) => [o.kind, o.name])).toEqual([
      ["metier", "Fantassin"],
      ["hobby", "Barde"],
    ]);
    expect(offerTexts(await openSheet(foundry, david))).toEqual([
      "The trade (métier) Fantassin is open to this character: Épée 0, Lance 0, Bouclier 0, Marche 0.",
      "The hobby Barde is open to this character: Chants −5, mandoline −5.",
    ]);
  });

  it("is refused to a player who owns nothing, and for a set not on offer", async () => {
    const david = await singer(-6);
    actAs("stranger");
    await expect(offers.takeSkillSet(david as never, barde.id ?? "")).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "David" },
    });
    actAs("player");
    await expect(offers.takeSkillSet(david as never, barde.id ?? "")).rejects.toMatchObject({
      key: "WH.Sheet.Harmonies.Offer.NotOffered",
      data: { name: "David" },
    });
    expect(david.items.contents.some((i) => i.type === "harmoniesHobby")).toBe(false);
  });

  it("tells sets apart by kind as well as name, offers no other kind of world item, and sorts each kind by name", async () => {
    await Item.create({ name: "Chants", type: "harmoniesSkill", system: { level: 0 } } as never);
    await Item.create({ name: "Barde", type: "harmoniesMetier", system: { skills: ["Chants", "Mandoline"] } } as never);
    await Item.create({ name: "Aède", type: "harmoniesHobby", system: { skills: ["Mandoline", "Chants"] } } as never);
    const david = await singer(-5);
    // Holding the métier Barde does not hide the hobby Barde.
    await david.createEmbeddedDocuments("Item", [{ name: "Barde", type: "harmoniesMetier" }] as never);
    actAs("player");
    const offered = offers.skillSetOffers(david as never);
    expect(offered.map((o) => [o.kind, o.name])).toEqual([
      ["hobby", "Aède"],
      ["hobby", "Barde"],
    ]);
    expect(offered[1]).toEqual({
      id: barde.id,
      name: "Barde",
      kind: "hobby",
      skills: [
        { name: "Chants", level: -5 },
        { name: "mandoline", level: -5 },
      ],
    });
  });

  it("puts métiers first whatever order the world lists them in, and takes only the set asked if it is offered", async () => {
    // The world now lists the métier Fantassin before the hobby Barde.
    await barde.delete();
    barde = (await Item.create({
      name: "Barde",
      type: "harmoniesHobby",
      system: { skills: ["Chants", "Mandoline"] },
    } as never)) as Item.Implementation;
    const david = await singer(-5);
    await david.createEmbeddedDocuments(
      "Item",
      ["Épée", "Lance", "Bouclier", "Marche"].map((name) => ({
        name,
        type: "harmoniesSkill",
        system: { level: 0 },
      })) as never,
    );
    actAs("player");
    expect(offers.skillSetOffers(david as never).map((o) => o.name)).toEqual(["Fantassin", "Barde"]);
    // Barde is on offer; a métier David does not qualify for is not, though it exists.
    actAs("gm");
    const marin = (await Item.create({
      name: "Marin",
      type: "harmoniesMetier",
      system: { skills: ["Nager", "Voile", "Navigation", "Pêche"] },
    } as never)) as Item.Implementation;
    actAs("player");
    await expect(offers.takeSkillSet(david as never, marin.id ?? "")).rejects.toMatchObject({
      key: "WH.Sheet.Harmonies.Offer.NotOffered",
    });
    expect(david.items.contents.some((i) => i.name === "Marin")).toBe(false);
  });

  it("offers nothing for a set already held, nor on an NPC's sheet", async () => {
    const david = await singer(-5);
    await david.createEmbeddedDocuments("Item", [{ name: "barde", type: "harmoniesHobby" }] as never);
    actAs("player");
    expect(offers.skillSetOffers(david as never)).toEqual([]);
    const npc = await singer(-5);
    await npc.update({ system: { npc: true } } as never);
    actAs("gm");
    const sheet = defaultSheet<DrawnSheet & { setEditMode(on: boolean): void }>(foundry, npc);
    // Edit mode draws an NPC's tabs, the Trades & hobbies tab among them.
    sheet.setEditMode(true);
    await sheet.render({ force: true });
    expect(sheet.element.querySelector('[data-tab="metiers"]')).not.toBeNull();
    expect(sheet.element.querySelector(".wh-offer")).toBeNull();
    expect(sheet.element.querySelector('[data-action="beginnerPackage"]')).toBeNull();
  });
});
