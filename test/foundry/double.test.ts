import { beforeEach, describe, expect, it } from "vitest";
import { DataModel, DataModelValidationError } from "./data-model";
import { type Die, Roll } from "./dice";
import { BooleanField, NumberField, SchemaField, StringField } from "./fields";
import { installFoundry } from "./install";

// The double stands in for Foundry in every other test, so its own behaviour is pinned here
// wherever the system relies on a Foundry detail.

class Sample extends DataModel {
  static override defineSchema() {
    return {
      level: new NumberField({ integer: true, min: 1, max: 10, initial: 1, nullable: false }),
      name: new StringField({ blank: false, initial: "x" }),
      flag: new BooleanField(),
      inner: new SchemaField({ kind: new StringField({ choices: ["a", "b"], initial: "a" }) }),
    };
  }
}

describe("fields and data models", () => {
  it("fills initial values and nested schemas", () => {
    expect(new Sample().toObject()).toEqual({ level: 1, name: "x", flag: false, inner: { kind: "a" } });
  });

  it("rounds integers and clamps to min/max while cleaning, as Foundry does, before validating", () => {
    expect(new Sample({ level: 15 }).toObject().level).toBe(10);
    expect(new Sample({ level: 2.6 }).toObject().level).toBe(3);
  });

  it("validates changes, cleaned first when asked, and throws only when strict (as a sheet's submission asks)", () => {
    const sample = new Sample();
    expect(sample.validate({ changes: { inner: { kind: "z" } } })).toBe(false);
    expect(sample.validate({ changes: { flag: "true" }, clean: true })).toBe(true);
    expect(() => sample.validate({ changes: { inner: { kind: "z" } }, strict: true })).toThrow(DataModelValidationError);
  });

  it("rejects invalid values with every failure listed by path", () => {
    expect(() => new Sample({ name: "", inner: { kind: "z" } })).toThrow(DataModelValidationError);
    try {
      new Sample({ name: "", inner: { kind: "z" } });
    } catch (error) {
      expect((error as DataModelValidationError).failures).toEqual({
        name: "may not be a blank string",
        "inner.kind": '"z" is not a valid choice',
      });
    }
  });

  it("applies dotted updates through cleaning and validation, leaving the source unchanged on failure", () => {
    const model = new Sample();
    model.updateSource({ "inner.kind": "b", level: 4 });
    expect(model.toObject()).toMatchObject({ level: 4, inner: { kind: "b" } });
    expect(() => model.updateSource({ "inner.kind": "z" })).toThrow(DataModelValidationError);
    expect(model.toObject()).toMatchObject({ inner: { kind: "b" } });
  });

  it("runs migrateData before cleaning", () => {
    class Migrating extends Sample {
      static override migrateData(source: Record<string, unknown>) {
        if ("lvl" in source) source.level = source.lvl;
        return source;
      }
    }
    expect(new Migrating({ lvl: 7 }).toObject().level).toBe(7);
  });
});

describe("dice", () => {
  let rolls: number[];
  beforeEach(() => {
    const foundry = installFoundry();
    rolls = [];
    // Faces are ceil(u × faces): 0.95 → 10, 0.05 → 1, 0.75 → 8.
    const queue = [0.95, 0.95, 0.05, 0.75];
    foundry.CONFIG.Dice.randomUniform = () => {
      const u = queue.shift() ?? 0.45;
      rolls.push(u);
      return u;
    };
  });

  it("explodes on the maximum face recursively and sums the results", async () => {
    const roll = await new Roll("1d10x - 1d10").evaluate();
    expect((roll.terms[0] as Die).results.map((r) => r.result)).toEqual([10, 10, 1]);
    expect(roll.total).toBe(21 - 8);
  });

  it("counts successes and deducts failures", async () => {
    const roll = await new Roll("4d10cs>=8df=1").evaluate();
    expect((roll.terms[0] as Die).values).toEqual([10, 10, 1, 8]);
    expect(roll.total).toBe(3 - 1);
  });

  it("rebuilds a roll subclass by its class name, with options and results, as a reloaded chat message does", async () => {
    class TestPoolRoll extends Roll {}
    const foundry = installFoundry();
    foundry.CONFIG.Dice.rolls.push(TestPoolRoll);
    const roll = await new TestPoolRoll("3d10", undefined, { threshold: 7 }).evaluate();
    const again = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as Record<string, unknown>);
    expect(again).toBeInstanceOf(TestPoolRoll);
    expect(again.options).toEqual({ threshold: 7 });
    expect(again.dice[0]?.values).toEqual(roll.dice[0]?.values);
    expect(again.total).toBe(roll.total);
  });
});

describe("localisation", () => {
  it("reads the real language files and records misses", () => {
    const foundry = installFoundry({ lang: "fr" });
    expect(foundry.game.i18n.localize("WH.Settings.Rulesets.Both")).toBe("Wuxia et Harmonies");
    expect(foundry.game.i18n.localize("WH.Nope")).toBe("WH.Nope");
    expect([...foundry.game.i18n.missing]).toEqual(["WH.Nope"]);
  });
});
