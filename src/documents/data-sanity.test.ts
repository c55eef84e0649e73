import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { validationMessages } from "./fields";

/** The messages of the refusal a write meets, or a failure when it is accepted. */
async function refusalOf(write: Promise<unknown>): Promise<string[]> {
  try {
    await write;
  } catch (error) {
    return validationMessages(error);
  }
  throw new Error("the write was accepted");
}

type Doc = { system: Record<string, unknown>; update(changes: Record<string, unknown>): Promise<unknown>; items: { find(fn: (i: Doc & { name: string }) => boolean): Doc | undefined } };
const doc = (d: unknown) => d as Doc;
const itemOf = (actor: unknown, name: string): Doc => {
  const found = doc(actor).items.find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
};

describe.each([13, 14] as const)("a fraction typed by the player is refused, not rounded (Foundry v%i)", (generation) => {
  let foundry: FoundryDouble;
  beforeEach(async () => {
    foundry = await startWorld({ generation });
  });

  it("an Attribute of 10.4 and half a Destiny die on the player's own hero", async () => {
    const hero = doc(await wuxiaHero());
    actAs("player");
    expect(await refusalOf(hero.update({ "system.attributes.metal": 4.4 }))).toEqual(["Metal must be a whole number (got 4.4)."]);
    expect(await refusalOf(hero.update({ "system.attributes.metal": 10.4 }))).toEqual(["Metal must be between 1 and 10 (got 10.4)."]);
    expect(await refusalOf(hero.update({ "system.destiny": 0.5 }))).toEqual(["Destiny dice must be a whole number (got 0.5)."]);
    expect(hero.system.destiny).toBe(2);
    expect((hero.system.attributes as Record<string, number>).metal).toBe(3);
  });

  it("a wound count, a skill level and a sub-group's count", async () => {
    const david = await harmoniesHero();
    const band = doc(await createActor({ name: "Gardes", type: "group", system: { members: [{ label: "Garde", count: 3, stats: {} }] } }));
    actAs("player");
    expect(await refusalOf(doc(david).update({ "system.wounds.light": 1.5 }))).toEqual(["Light wounds must be a whole number (got 1.5)."]);
    expect(await refusalOf(itemOf(david, "Fronde").update({ "system.level": -2.5 }))).toEqual(["Level learnt must be a whole number (got -2.5)."]);
    expect(await refusalOf(band.update({ "system.members": [{ label: "Garde", count: 2.5, stats: {} }] }))).toEqual(["members.element.count must be a whole number (got 2.5)."]);
    expect((band.system.members as { count: number }[])[0]?.count).toBe(3);
  });

  it("says so in French", async () => {
    foundry = await startWorld({ generation, lang: "fr" });
    const hero = doc(await wuxiaHero());
    actAs("player");
    expect(await refusalOf(hero.update({ "system.destiny": 0.5 }))).toEqual(["Dés de Destinée doit être un nombre entier (reçu : 0.5)."]);
    expect(foundry.game.i18n.lang).toBe("fr");
  });
});
