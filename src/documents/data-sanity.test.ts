import { beforeEach, describe, expect, it } from "vitest";
import { ArrayField, NumberField, SchemaField, type DataField } from "../../test/foundry/fields";
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

type Doc = {
  system: Record<string, unknown>;
  update(changes: Record<string, unknown>): Promise<unknown>;
  items: { find(fn: (i: Doc & { name: string }) => boolean): Doc | undefined };
};
const doc = (d: unknown) => d as Doc;
const itemOf = (actor: unknown, name: string): Doc => {
  const found = doc(actor).items.find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
};

describe.each([13, 14] as const)(
  "a fraction typed by the player is refused, not rounded (Foundry v%i)",
  (generation) => {
    let foundry: FoundryDouble;
    beforeEach(async () => {
      foundry = await startWorld({ generation });
    });

    it("an Attribute of 10.4 and half a Destiny die on the player's own hero", async () => {
      const hero = doc(await wuxiaHero());
      actAs("player");
      expect(await refusalOf(hero.update({ "system.attributes.metal": 4.4 }))).toEqual([
        "Metal must be a whole number (got 4.4).",
      ]);
      expect(await refusalOf(hero.update({ "system.attributes.metal": 10.4 }))).toEqual([
        "Metal must be between 1 and 10 (got 10.4).",
      ]);
      expect(await refusalOf(hero.update({ "system.destiny": 0.5 }))).toEqual([
        "Destiny dice must be a whole number (got 0.5).",
      ]);
      expect(hero.system.destiny).toBe(2);
      expect((hero.system.attributes as Record<string, number>).metal).toBe(3);
    });

    it("a wound count, a skill level and a sub-group's count", async () => {
      const david = await harmoniesHero();
      const band = doc(
        await createActor({
          name: "Gardes",
          type: "group",
          system: { members: [{ label: "Garde", count: 3, stats: {} }] },
        }),
      );
      actAs("player");
      expect(await refusalOf(doc(david).update({ "system.wounds.light": 1.5 }))).toEqual([
        "Light wounds must be a whole number (got 1.5).",
      ]);
      expect(await refusalOf(itemOf(david, "Fronde").update({ "system.level": -2.5 }))).toEqual([
        "Level learnt must be a whole number (got -2.5).",
      ]);
      expect(await refusalOf(band.update({ "system.members": [{ label: "Garde", count: 2.5, stats: {} }] }))).toEqual([
        "members.element.count must be a whole number (got 2.5).",
      ]);
      expect((band.system.members as { count: number }[])[0]?.count).toBe(3);
    });

    it("says so in French", async () => {
      foundry = await startWorld({ generation, lang: "fr" });
      const hero = doc(await wuxiaHero());
      actAs("player");
      expect(await refusalOf(hero.update({ "system.destiny": 0.5 }))).toEqual([
        "Dés de Destinée doit être un nombre entier (reçu : 0.5).",
      ]);
      expect(foundry.game.i18n.lang).toBe("fr");
    });
  },
);

/** Every number field of a schema with its path, an array's elements under `path.0`. */
function numberFields(field: DataField, path: string[] = []): { path: string[]; field: NumberField }[] {
  if (field instanceof NumberField) return [{ path, field }];
  if (field instanceof SchemaField)
    return Object.entries(field.fields).flatMap(([name, f]) => numberFields(f, [...path, name]));
  if (field instanceof ArrayField) return numberFields(field.element, [...path, "0"]);
  return [];
}

const accepts = (field: NumberField, value: number) => Object.keys(field.validate(value)).length === 0;

/** The largest whole number a field accepts, searched up to 2^53. */
function largestAccepted(field: NumberField): number {
  let low = typeof field.initial === "number" ? field.initial : 0;
  if (!accepts(field, low)) throw new Error(`the field refuses its own start ${low}`);
  let high = Math.max(1, low * 2);
  while (accepts(field, high) && high < Number.MAX_SAFE_INTEGER) high *= 2;
  if (accepts(field, high)) return high;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (accepts(field, middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** Source data with every number field at the largest value it accepts (one element per list). */
function atTheirLargest(schema: SchemaField): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const { path, field } of numberFields(schema)) {
    let node: Record<string, unknown> | unknown[] = data;
    path.forEach((key, i) => {
      const target = node as Record<string, unknown>;
      if (i === path.length - 1) target[key] = largestAccepted(field);
      else node = (target[key] ??= path[i + 1] === "0" ? [] : {}) as Record<string, unknown>;
    });
  }
  return data;
}

/** The paths of the numbers in prepared data that are not finite (NaN, ±Infinity); the owning document is not walked. */
function notFinite(value: unknown, path = ""): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${path}: ${value}`];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value)
    .filter(([key]) => key !== "parent")
    .flatMap(([key, inner]) => notFinite(inner, `${path}.${key}`));
}

type Models = Record<string, { schema: SchemaField }>;

describe("every counter is bounded where the rules can use it", () => {
  let foundry: FoundryDouble;
  beforeEach(async () => {
    foundry = await startWorld();
  });

  it("the player's 2 000 000 000 wounds and 1e308 Destiny dice are refused, and the hero still prepares", async () => {
    const hero = doc(await wuxiaHero());
    actAs("player");
    expect(await refusalOf(hero.update({ "system.wounds.value": 2e9 }))).toEqual([
      "Wound level (NB) must be between 0 and 999 (got 2000000000).",
    ]);
    expect(await refusalOf(hero.update({ "system.destiny": 1e308 }))).toEqual([
      "Destiny dice must be between 0 and 999 (got 1e+308).",
    ]);
    await hero.update({ "system.wounds.value": 999, "system.panic.value": 999 });
    expect(hero.system.wounds).toMatchObject({ value: 999, dead: true });
    expect(hero.system.panic).toMatchObject({ value: 999, mustFlee: true });
  });

  it("no number field of any actor or item accepts more than the rules count (10^9)", () => {
    const models = {
      ...(foundry.CONFIG.Actor.dataModels as unknown as Models),
      ...(foundry.CONFIG.Item.dataModels as unknown as Models),
    };
    const unbounded = Object.entries(models).flatMap(([type, model]) =>
      numberFields(model.schema)
        .filter(({ field }) => largestAccepted(field) > 1e9)
        .map(({ path }) => `${type}.${path.join(".")}`),
    );
    expect(unbounded).toEqual([]);
  });

  it("an actor of each type, and each of its items, with every number at its largest prepares on every client", async () => {
    const actorModels = foundry.CONFIG.Actor.dataModels as unknown as Models;
    const itemModels = foundry.CONFIG.Item.dataModels as unknown as Models;
    const rulesetOf = { wuxiaCharacter: "wuxia", harmoniesCharacter: "harmonies" } as Record<string, string>;
    for (const [type, model] of Object.entries(actorModels)) {
      const items = Object.entries(itemModels)
        .filter(([itemType]) => !rulesetOf[type] || itemType.startsWith(rulesetOf[type]))
        .map(([itemType, itemModel]) => ({ name: itemType, type: itemType, system: atTheirLargest(itemModel.schema) }));
      const actor = doc(await createActor({ name: type, type, system: atTheirLargest(model.schema), items }));
      expect(notFinite(actor.system), type).toEqual([]);
      for (const item of items) expect(notFinite(itemOf(actor, item.name).system), item.type).toEqual([]);
    }
  });
});
