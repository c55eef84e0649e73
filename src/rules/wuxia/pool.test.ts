import { describe, expect, it } from "vitest";
import { mulberry32, replayFaces } from "../random";
import { rollWuxiaPool, specialisationRerollTargets } from "./pool";

describe("rollWuxiaPool", () => {
  it("rolls Attribute d10 and evaluates them", () => {
    const roll = rollWuxiaPool(5, 8, replayFaces([8, 1, 3, 10, 7]));
    expect(roll).toEqual({
      faces: [8, 1, 3, 10, 7],
      rerolled: [],
      successes: 2,
      ones: 1,
      critical: false,
      success: true,
    });
  });

  it("rerolls every 1 first, then other failures, in pool order", () => {
    // Initial 1, 3, 9, 1 at t = 8: the two 1s go first, then the 3.
    const roll = rollWuxiaPool(4, 8, replayFaces([1, 3, 9, 1, 5, 10, 2]), { rerolls: 3 });
    expect(roll.rerolled).toEqual([
      { index: 0, from: 1, to: 5 },
      { index: 3, from: 1, to: 10 },
      { index: 1, from: 3, to: 2 },
    ]);
    expect(roll.faces).toEqual([5, 2, 9, 10]);
    expect(roll.successes).toBe(2);
    expect(roll.ones).toBe(0);
  });

  it("rerolls min(k, failed dice) and never a success", () => {
    const roll = rollWuxiaPool(3, 8, replayFaces([9, 4, 10, 6]), { rerolls: 3 });
    expect(roll.rerolled).toEqual([{ index: 1, from: 4, to: 6 }]);
    expect(roll.faces).toEqual([9, 6, 10]);
  });

  it("rerolls each die once, and the new face stands even if it is a 1", () => {
    const roll = rollWuxiaPool(2, 8, replayFaces([1, 9, 1]), { rerolls: 2 });
    expect(roll.rerolled).toEqual([{ index: 0, from: 1, to: 1 }]);
    expect(roll).toMatchObject({ faces: [1, 9], successes: 1, ones: 1, critical: false });
  });

  it("is reproducible with a seeded generator", () => {
    const a = rollWuxiaPool(7, 8, mulberry32(5), { rerolls: 2 });
    const b = rollWuxiaPool(7, 8, mulberry32(5), { rerolls: 2 });
    expect(a).toEqual(b);
    expect(a.faces).toHaveLength(7);
  });

  it("handles an empty pool", () => {
    expect(rollWuxiaPool(0, 8, mulberry32(1))).toEqual({
      faces: [],
      rerolled: [],
      successes: 0,
      ones: 0,
      critical: false,
      success: false,
    });
  });

  it("rejects bad arguments, naming them", () => {
    const random = mulberry32(1);
    expect(() => rollWuxiaPool(-1, 8, random)).toThrow(/^dice must be between 0 and 1000/);
    expect(() => rollWuxiaPool(2.5, 8, random)).toThrow(/^dice must be an integer/);
    expect(() => rollWuxiaPool(1001, 8, random)).toThrow(/^dice/);
    expect(() => rollWuxiaPool(3, 8, random, { rerolls: -1 })).toThrow(/^options\.rerolls/);
    expect(() => rollWuxiaPool(3, Number.NaN, random)).toThrow(/^threshold/);
    expect(() => rollWuxiaPool(3, 8, "dice" as unknown as () => number)).toThrow(/^random/);
  });
});

describe("specialisationRerollTargets", () => {
  it("chooses the 1s first, then the other failures, at most k, as rollWuxiaPool does", () => {
    expect(specialisationRerollTargets([1, 3, 9, 1], 8, 3)).toEqual([0, 3, 1]);
    expect(specialisationRerollTargets([1, 3, 9, 1], 8, 1)).toEqual([0]);
    expect(specialisationRerollTargets([9, 4, 10], 8, 3)).toEqual([1]);
    expect(specialisationRerollTargets([9, 10], 8, 2)).toEqual([]);
  });

  it("agrees with the dice rollWuxiaPool rerolls on seeded pools", () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 200; trial++) {
      const dice = 1 + (trial % 9);
      const threshold = 2 + (trial % 10);
      const rerolls = trial % 4;
      const roll = rollWuxiaPool(dice, threshold, random, { rerolls });
      const first = [...roll.faces];
      for (const r of roll.rerolled) first[r.index] = r.from;
      expect(specialisationRerollTargets(first, threshold, rerolls)).toEqual(roll.rerolled.map((r) => r.index));
    }
  });

  it("refuses a face outside 1..10 or a negative k, naming it", () => {
    expect(() => specialisationRerollTargets([1, 11], 8, 1)).toThrow(/faces\[1\]/);
    expect(() => specialisationRerollTargets([1], 8, -1)).toThrow(/rerolls/);
  });
});
