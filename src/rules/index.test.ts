import { describe, expect, expectTypeOf, it } from "vitest";
import * as rules from "./index";
import type { WoundTrack } from "./index";

/**
 * The public API promised to macro authors (issue 3), name by name and shape by shape. The
 * type assertions are checked by `tsc -p tsconfig.rules.json`; extra trailing options are
 * allowed, so each function must still accept exactly the promised call.
 */
type Random = () => number;
type PoolResult = { successes: number; ones: number; critical: boolean; success: boolean };
type Margins = { margin: number; count: number }[];
type Flat<T> = { [K in keyof T]: T[K] };

describe("the public rules API", () => {
  it("Wuxia: names and shapes", () => {
    expectTypeOf(rules.wuxiaThreshold).toEqualTypeOf<(sr: number, skill: number) => number>();
    expectTypeOf(rules.evaluateWuxiaPool).toEqualTypeOf<(faces: readonly number[], threshold: number) => PoolResult>();
    expectTypeOf(rules.specialisationRerolls).toExtend<(skillLevel: number) => number>();
    expectTypeOf(rules.wuxiaOdds).toEqualTypeOf<
      (
        dice: number,
        threshold: number,
        options?: { rerolls?: number },
      ) => { success: number; critical: number; successes: number[]; criticalBySuccesses: number[] }
    >();
    // expect-type tells an intersection from the same members in one object type: compare flat.
    expectTypeOf(rules.rollWuxiaPool).toEqualTypeOf<
      (
        dice: number,
        threshold: number,
        random: Random,
        options?: { rerolls?: number },
      ) => Flat<{ faces: number[]; rerolled: { index: number; from: number; to: number }[] } & PoolResult>
    >();
    expectTypeOf(rules.deathThreshold).toEqualTypeOf<(metal: number, eau: number) => number>();
    expectTypeOf(rules.chiReserve).toEqualTypeOf<
      (attributes: { metal: number; feu: number; terre: number; eau: number; bois: number }) => number
    >();
    for (const f of [
      rules.woundThresholds,
      rules.woundStatus,
      rules.panicThresholds,
      rules.panicStatus,
      rules.resolveWuxiaAttack,
    ]) {
      expect(typeof f).toBe("function");
    }
    expect(rules.WUXIA_DEFAULTS.creation.attributePoints).toHaveLength(5);
    expect(typeof rules.validateWuxiaCreation).toBe("function");
  });

  it("Harmonies: names and shapes", () => {
    expectTypeOf(rules.measureOf).toEqualTypeOf<(value: number) => number>();
    expectTypeOf(rules.valueOf).toEqualTypeOf<(measure: number) => number>();
    expectTypeOf(rules.harmoniesOdds).toEqualTypeOf<(modifier: number, options?: { open?: boolean }) => number>();
    expectTypeOf(rules.rollHarmonies).toEqualTypeOf<
      (random: Random, options?: { open?: boolean }) => { plus: number[]; minus: number[]; dice: number }
    >();
    expectTypeOf(rules.experienceFromDice).toEqualTypeOf<(dice: number) => number>();
    expectTypeOf(rules.skillLevelCost).toExtend<(level: number) => number>();
    expectTypeOf(rules.attributeLevelCost).toExtend<(level: number) => number>();
    expectTypeOf(rules.soakSeverity).toEqualTypeOf<
      (result: number) => "none" | "stunned" | "light" | "grave" | "critical"
    >();
    expectTypeOf<WoundTrack>().toEqualTypeOf<{ light: number; grave: number; critical: number; fatal: boolean }>();
    expectTypeOf(rules.addWound).toExtend<(track: WoundTrack, severity: rules.SoakSeverity) => WoundTrack>();
    expectTypeOf(rules.healWound).toEqualTypeOf<(track: WoundTrack) => WoundTrack>();
    expectTypeOf(rules.healingDays).toExtend<(track: WoundTrack) => number>();
    expectTypeOf(rules.rollHarmoniesAttributes).parameters.toEqualTypeOf<[random: Random]>();
    for (const f of [rules.effectiveSkillLevel, rules.validateHarmoniesCreation]) expect(typeof f).toBe("function");
  });

  it("Groups: names and shapes", () => {
    expectTypeOf(rules.combineValues).toEqualTypeOf<
      (values: readonly number[]) => { value: number; setAside: number[] }
    >();
    expectTypeOf(rules.groupSuccesses).toEqualTypeOf<
      (size: number, margin: number) => { succeeded: number; failed: number }
    >();
    expectTypeOf(rules.groupMargins).toExtend<(size: number, margin: number, mode: "book" | "exact") => Margins>();
    expectTypeOf(rules.groupCountAtLeast).toExtend<
      (size: number, margin: number, target: number, mode: "book" | "exact") => number
    >();
    expectTypeOf(rules.rollGroupIndividually).toEqualTypeOf<
      (size: number, modifier: number, random: Random, options?: { open?: boolean }) => Margins
    >();
    expect(typeof rules.mulberry32(1)).toBe("function");
  });
});
