import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSystem } from "../../test/support/start-system";
import { isObject, migrateCounter, migrateScore, renameKey } from "./migrations";

type Started = Awaited<ReturnType<typeof startSystem>>;
type Model = {
  migrateData(source: Record<string, unknown>): Record<string, unknown>;
  schema: { fields: Record<string, unknown> };
};

let started: Started;
beforeEach(async () => {
  started = await startSystem();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const models = () =>
  ({ ...started.documents.ACTOR_MODELS, ...started.documents.ITEM_MODELS }) as unknown as Record<string, Model>;
const model = (type: string): Model => {
  const found = models()[type];
  if (!found) throw new Error(`no model ${type}`);
  return found;
};

describe("numbers stored as text", () => {
  it('a Harmonies score or a Wuxia counter written as "3" is read as 3', () => {
    const migrated = model("harmoniesCharacter").migrateData({
      characteristics: { corps: "3", agilite: " -2 " },
      means: { precision: "4", puissance: 1 },
    });
    expect(migrated).toEqual({
      characteristics: { corps: { value: 3 }, agilite: { value: -2 } },
      means: { precision: { value: 4 }, puissance: { value: 1 } },
    });
    expect(model("wuxiaCharacter").migrateData({ wounds: "3", chi: 4, panic: " 1 " })).toEqual({
      wounds: { value: 3 },
      chi: { value: 4 },
      panic: { value: 1 },
    });
  });

  it("a character stored with them opens with those values", async () => {
    const actor = await started.Actor.create({
      name: "David",
      type: "harmoniesCharacter",
      system: { characteristics: { corps: "3" } },
    });
    expect(
      (actor.system as unknown as { characteristics: { corps: { value: number; total: number } } }).characteristics
        .corps,
    ).toMatchObject({ value: 3, total: 3 });
  });

  it("text that holds no number stays as it was, for the data model to judge", () => {
    const scores: Record<string, unknown> = {
      corps: "",
      agilite: "trois",
      intuition: null,
      intelligence: { value: 2 },
    };
    for (const key of Object.keys(scores)) migrateScore(scores, key);
    expect(scores).toEqual({ corps: "", agilite: "trois", intuition: null, intelligence: { value: 2 } });
    const source: Record<string, unknown> = { wounds: "  ", panic: "beaucoup", chi: [3] };
    for (const key of Object.keys(source)) migrateCounter(source, key);
    expect(source).toEqual({ wounds: "  ", panic: "beaucoup", chi: [3] });
    migrateScore("corps", "corps");
    migrateScore(["3"], "0");
    expect([isObject(null), isObject([]), isObject("x"), isObject({})]).toEqual([false, false, false, true]);
  });
});

describe("a métier's or hobby's skill list", () => {
  it("drops entries that are no skill name, with a note in the console, and keeps the names", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const migrated = model("harmoniesMetier").migrateData({
      skills: ["Esquive", null, {}, "null", "[object Object]", 3, undefined, " Crochetage ", "", "esquive"],
    });
    expect(migrated).toEqual({ skills: ["Esquive", "Crochetage"] });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('null, {}, "null", "[object Object]", 3, undefined');
    expect(String(warn.mock.calls[0]?.[0])).toContain("skill list");
  });

  it("says nothing when only blanks and repeats are dropped", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(model("harmoniesHobby").migrateData({ skills: "Crochetage;; crochetage\nDiscrétion" })).toEqual({
      skills: ["Crochetage", "Discrétion"],
    });
    expect(model("harmoniesHobby").migrateData({ skills: 12 })).toEqual({ skills: 12 });
    expect(warn).not.toHaveBeenCalled();
  });

  it("a métier stored with junk opens with its real skills only", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const actor = await started.Actor.create({ name: "David", type: "harmoniesCharacter" });
    const [metier] = await actor.createEmbeddedDocuments("Item", [
      { name: "Fantassin", type: "harmoniesMetier", system: { skills: ["Esquive", null, "[object Object]"] } },
    ]);
    expect(metier?.system.skills).toEqual(["Esquive"]);
  });
});

/** Old key → the key that now holds its value, per type. */
const RENAMED: Record<string, Record<string, string>> = {
  wuxiaSkill: { kind: "category", specialisationOf: "parentSkill" },
  wuxiaPower: { cost: "chiCost" },
  wuxiaWeapon: { nd: "damage" },
  wuxiaArmour: { ar: "armour" },
  harmoniesSkill: { nature: "hermetic" },
  harmoniesWeapon: { missile: "range" },
  harmoniesArmour: { value: "armour" },
};

describe("a field the migration does not understand", () => {
  it("a Wuxia weapon's âme stored as a number becomes its name; any other shape stays", () => {
    expect(model("wuxiaWeapon").migrateData({ ame: 3 })).toEqual({ ame: { name: "3", effect: "" } });
    expect(model("wuxiaWeapon").migrateData({ ame: true })).toEqual({ ame: true });
    expect(model("wuxiaWeapon").migrateData({ ame: ["Saignement"] })).toEqual({ ame: ["Saignement"] });
    expect(model("wuxiaWeapon").migrateData({ ame: { name: "Saignement", effect: "1 NB" } })).toEqual({
      ame: { name: "Saignement", effect: "1 NB" },
    });
  });

  it("a renamed key moves to a new key that holds nothing yet, and yields to one that holds a value", () => {
    const source: Record<string, unknown> = { nd: 4, damage: undefined };
    renameKey(source, "nd", "damage");
    expect(source).toStrictEqual({ damage: 4 });
    const both: Record<string, unknown> = { nd: 4, damage: 2 };
    renameKey(both, "nd", "damage");
    expect(both).toStrictEqual({ damage: 2 });
    const neither: Record<string, unknown> = { skill: "Épée" };
    renameKey(neither, "nd", "damage");
    expect(neither).toStrictEqual({ skill: "Épée" });
  });

  it("survives every migration: each key stays (or moves to its new name), unknown keys keep their values, and a second pass changes nothing", () => {
    const value = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    for (const [type, m] of Object.entries(models())) {
      const renamed = RENAMED[type] ?? {};
      const known = new Set([...Object.keys(m.schema.fields), ...Object.keys(renamed)]);
      const unknownKey = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !known.has(k) && k !== "__proto__");
      const keys = fc.constantFrom(...known);
      fc.assert(
        fc.property(fc.dictionary(unknownKey, value), fc.dictionary(keys, value), (unknown, understood) => {
          const source = { ...understood, ...unknown };
          const once = m.migrateData(structuredClone(source));
          for (const key of Object.keys(source)) {
            const target = renamed[key];
            expect(
              key in once || (target !== undefined && target in once),
              `${type}: ${key} of ${JSON.stringify(source)}`,
            ).toBe(true);
          }
          for (const [key, v] of Object.entries(unknown)) expect(once[key], `${type}: ${key}`).toEqual(v);
          expect(m.migrateData(structuredClone(once)), type).toEqual(once);
        }),
        { numRuns: 60 },
      );
    }
  });
});
