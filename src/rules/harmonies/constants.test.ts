import { describe, expect, it, vi } from "vitest";

/**
 * The tables and lists of RULES 2, read from freshly loaded modules: each is built once, when
 * its module loads, so a fresh load is what shows the values the engine starts with.
 */
async function fresh() {
  vi.resetModules();
  return import("../index");
}

describe("the Harmonies tables and lists, as the engine loads them", () => {
  it("[default]s of RULES 2: closed rolls, 4/2/1 wounds healing in 3, 7 and 30 days, the skills' floors and masteries", async () => {
    const { HARMONIES_DEFAULTS } = await fresh();
    expect(HARMONIES_DEFAULTS).toEqual({
      open: false,
      missileAddsStrength: false,
      woundMaxima: { light: 4, grave: 2, critical: 1 },
      healingDays: { light: 3, grave: 7, critical: 30 },
      faintCheck: "turnStart",
      skillFloors: { metier: -3, hobby: -7, technical: -15, hermetic: -20 },
      mastery: { metier: 0, hobby: -5, talent: -10 },
      masteredSkills: { metier: 4, hobby: 2 },
      beginner: { metiers: 1, hobbies: 2, talents: 4 },
      skillCostOffset: 20,
      attributeCostOffset: 30,
      creationMaxGap: 2,
    });
    expect(Object.isFrozen(HARMONIES_DEFAULTS)).toBe(true);
  });

  it("the Measures of +0..+9 (RULES 2.2), up to ±3000", async () => {
    const { measureOf } = await fresh();
    expect(Array.from({ length: 10 }, (_, v) => measureOf(v))).toEqual([1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8]);
    expect(measureOf(-3)).toBe(0.5);
    expect(Number.isFinite(measureOf(3000))).toBe(true);
    expect(() => measureOf(3001)).toThrow(/value/);
  });

  it("the three wound levels in order, an empty track, and the soak results that wound (RULES 2.5)", async () => {
    const { WOUND_LEVELS, EMPTY_WOUND_TRACK, addWound } = await fresh();
    expect(WOUND_LEVELS).toEqual(["light", "grave", "critical"]);
    expect(EMPTY_WOUND_TRACK).toEqual({ light: 0, grave: 0, critical: 0, fatal: false });
    for (const severity of ["none", "stunned"] as const)
      expect(addWound(EMPTY_WOUND_TRACK, severity)).toEqual(EMPTY_WOUND_TRACK);
    expect(addWound(EMPTY_WOUND_TRACK, "light")).toEqual({ light: 1, grave: 0, critical: 0, fatal: false });
    expect(addWound(EMPTY_WOUND_TRACK, "critical")).toEqual({ light: 0, grave: 0, critical: 1, fatal: false });
    expect(() => addWound(EMPTY_WOUND_TRACK, "" as never)).toThrow(/severity/);
  });

  it("the four pairs of creation (RULES 2.1), each result split with a gap of at most 2", async () => {
    const { HARMONIES_PAIRS, validateHarmoniesCreation, pairSplits } = await fresh();
    expect(HARMONIES_PAIRS).toEqual(["cp/ag", "it/ig", "pu/rs", "mn/pr"]);
    const attributes = { cp: 1, ag: -1, it: 2, ig: 0, pu: 0, rs: 0, mn: -2, pr: -1 };
    expect(validateHarmoniesCreation([0, 2, 0, -3], attributes)).toEqual({ valid: true, problems: [] });
    // [example] not −2/+2 on Cp/Ag: a gap of 4.
    expect(validateHarmoniesCreation([0, 2, 0, -3], { ...attributes, cp: -2, ag: 2 }).problems).toEqual([
      {
        code: "WH.Creation.PairGap",
        field: "cp/ag",
        message: "cp/ag: -2 and 2 differ by 4, more than 2",
      },
    ]);
    expect(() => validateHarmoniesCreation([0, 2, 0, -3], { ...attributes, ag: 0.5 })).toThrow(/attributes\.ag/);
    expect(pairSplits(0)).toEqual([
      [-1, 1],
      [0, 0],
      [1, -1],
    ]);
    expect(pairSplits(0, { creationMaxGap: 100 })).toHaveLength(101);
    expect(() => pairSplits(0, { creationMaxGap: 101 })).toThrow(/creationMaxGap/);
  });

  it("a métier or a hobby, and no other kind of set (RULES 2.3)", async () => {
    const { qualifiesAs } = await fresh();
    expect(qualifiesAs("metier", [0, 0, 0, 0])).toBe(true);
    expect(qualifiesAs("hobby", [-5, -5])).toBe(true);
    expect(() => qualifiesAs("talent" as never, [-10])).toThrow(/kind/);
  });

  it("an open die explodes up to 1000 times in a row; one more is a broken generator", async () => {
    vi.resetModules();
    const { openD10 } = await import("./difference-roll");
    const faces = (tens: number, last?: number) => {
      let n = 0;
      // A face is floor(u · 10) + 1: 0.95 is a 10, 0.25 a 3.
      return () => (n++ < tens || last === undefined ? 0.95 : 0.25);
    };
    expect(openD10(faces(1000, 3))).toBe(10_003);
    expect(() => openD10(faces(1001))).toThrow(/1000 tens/);
  });
});
