import { beforeEach, describe, expect, it } from "vitest";
import { experienceFromDice, harmoniesOdds, mulberry32 } from "../../rules";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";
import type { HarmoniesRollConfig, HarmoniesRoll as HarmoniesRollClass } from "./roll";
import { HARMONIES_MINUS_COLORSET, HARMONIES_PLUS_COLORSET } from "../dice-so-nice";

let foundry: FoundryDouble;
let HarmoniesRoll: typeof HarmoniesRollClass;

/** David shoots (RULES 2.4): Ag +2, Pr +3, sling 0. */
function david(overrides: Partial<HarmoniesRollConfig> = {}): HarmoniesRollConfig {
  return {
    characteristic: "agilite",
    characteristicValue: 2,
    means: "precision",
    meansValue: 3,
    skillName: "Fronde",
    skillLevel: 0,
    difficulty: -1,
    penalty: 0,
    open: false,
    actorUuid: null,
    actorName: "David",
    itemUuid: null,
    ...overrides,
  };
}

beforeEach(async () => {
  foundry = await startWorld();
  ({ HarmoniesRoll } = await import("./roll"));
});

describe("HarmoniesRoll", () => {
  it("is d10 − d10 on core Die terms plus the modifier; its total is the margin (David: +8, −2 → +10)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const roll = await HarmoniesRoll.build(david()).evaluate();
    expect(roll.formula).toBe("1d10 - 1d10 + 4");
    expect(roll.dice.map((d) => d.constructor.name)).toEqual(["Die", "Die"]);
    expect(roll.total).toBe(10);
    expect(roll.action).toMatchObject({ margin: 10, success: true, roll: { plus: [8], minus: [2], dice: 6 } });
  });

  it("reads a failure below 0 and a success at exactly 0 (David's ricochet: +5, −6 at −4 → 0)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 6]);
    const roll = await HarmoniesRoll.build(david({ difficulty: -4 })).evaluate();
    expect(roll.total).toBe(0);
    expect(roll.action.success).toBe(true);
  });

  it("explodes 10s on an open roll, on both dice (Goliath's −14: −10 then −4)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([3, 10, 4]);
    const roll = await HarmoniesRoll.build(
      david({
        characteristic: "corps",
        characteristicValue: 3,
        means: "resistance",
        meansValue: 3,
        skillName: null,
        difficulty: 0,
        open: true,
      }),
    ).evaluate();
    expect(roll.formula).toBe("1d10x - 1d10x + 6");
    expect(roll.minus).toEqual([10, 4]);
    expect(roll.action.roll.dice).toBe(-11);
    expect(roll.total).toBe(-5);
  });

  it("earns XP from the dice alone (RULES 2.7), here +23 on an open roll", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 4, 1]);
    const roll = await HarmoniesRoll.build(david({ open: true })).evaluate();
    expect(roll.action.roll.dice).toBe(23);
    expect(roll.experience).toBe(experienceFromDice(23));
    expect(roll.experience).toBe(2);
  });

  it("adds the wound penalty to the modifier and keeps the exact odds", () => {
    const roll = HarmoniesRoll.build(david({ penalty: -3 }));
    expect(roll.state.modifier).toBe(1);
    expect(HarmoniesRoll.build(david({ skillLevel: 2 })).state.modifier).toBe(6);
    expect(roll.state.odds).toBe(harmoniesOdds(1));
    expect(HarmoniesRoll.build(david({ open: true })).state.odds).toBe(harmoniesOdds(4, { open: true }));
  });

  it("colours the added and the subtracted die apart for Dice So Nice", () => {
    const roll = HarmoniesRoll.build(david());
    expect(roll.dice.map((d) => (d.options as { appearance?: { colorset: string } }).appearance?.colorset)).toEqual([
      HARMONIES_PLUS_COLORSET,
      HARMONIES_MINUS_COLORSET,
    ]);
  });

  it("survives toJSON and fromData with the same dice, margin, XP and card", async () => {
    foundry.CONFIG.Dice.randomUniform = mulberry32(7);
    const roll = await HarmoniesRoll.build(david({ open: true })).evaluate();
    const again = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never) as InstanceType<
      typeof HarmoniesRoll
    >;
    expect(again).toBeInstanceOf(HarmoniesRoll);
    expect([again.plus, again.minus, again.total, again.experience]).toEqual([
      roll.plus,
      roll.minus,
      roll.total,
      roll.experience,
    ]);
    expect(await again.render()).toBe(await roll.render());
  });

  it("refuses a difficulty that is not a whole number", () => {
    expect(() => HarmoniesRoll.build(david({ difficulty: 1.5 }))).toThrow(/modifier/);
  });

  it("writes its formula with the modifier's own sign", async () => {
    const { harmoniesFormula } = await import("./difference-roll");
    expect([harmoniesFormula(-3, false), harmoniesFormula(0, true), harmoniesFormula(2, false)]).toEqual([
      "1d10 - 1d10 - 3",
      "1d10x - 1d10x + 0",
      "1d10 - 1d10 + 2",
    ]);
  });

  it("rebuilt from its state alone, rolls the difference its state holds; without a state it has none to read", () => {
    const state = HarmoniesRoll.build(david({ open: true, difficulty: -9 })).state;
    expect(new HarmoniesRoll(undefined, undefined, { harmonies: state }).formula).toBe("1d10x - 1d10x - 4");
    expect(new HarmoniesRoll().formula).toBe("1d10 - 1d10 + 0");
    expect(() => new HarmoniesRoll("1d10").state).toThrow(/options.harmonies/);
  });

  it("is rolled when first drawn, and drawn privately without its dice", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const hidden = await HarmoniesRoll.build(david()).render({ isPrivate: true });
    expect(hidden).toContain(foundry.game.i18n.localize("WH.Chat.Private"));
    expect(hidden).not.toContain("dice-tooltip");
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const shown = await HarmoniesRoll.build(david()).render();
    expect(shown).toContain("dice-tooltip");
    expect(shown).toContain("+10");
  });
});
