import { describe, expect, it } from "vitest";
import { evaluateWuxiaPool, isSuccessFace, successFaces, wuxiaThreshold } from "./threshold";

describe("wuxiaThreshold", () => {
  it("[example] Attribute 5, Compétence 2, SR 10 → t = 8", () => {
    expect(wuxiaThreshold(10, 2)).toBe(8);
  });

  it("may fall below 2 or rise above 10", () => {
    expect(wuxiaThreshold(8, 9)).toBe(-1);
    expect(wuxiaThreshold(13, 1)).toBe(12);
  });

  it("rejects non-integers, naming the argument", () => {
    expect(() => wuxiaThreshold(10.5, 2)).toThrow(/^sr must be an integer/);
    expect(() => wuxiaThreshold(10, Number.NaN)).toThrow(/^skill must be an integer/);
  });
});

describe("evaluateWuxiaPool", () => {
  it("counts faces ≥ t as successes", () => {
    expect(evaluateWuxiaPool([8, 7, 9, 3], 8)).toEqual({ successes: 2, ones: 0, critical: false, success: true });
  });

  it("a 10 always succeeds, even when t > 10", () => {
    expect(evaluateWuxiaPool([10, 9], 12)).toEqual({ successes: 1, ones: 0, critical: false, success: true });
  });

  it("a 1 always fails, even when t ≤ 1", () => {
    expect(evaluateWuxiaPool([1, 2], -3)).toEqual({ successes: 1, ones: 1, critical: false, success: true });
    expect(isSuccessFace(1, 0)).toBe(false);
  });

  it("critical failure ⇔ more 1s than successes, whatever else", () => {
    expect(evaluateWuxiaPool([1, 1, 10], 8)).toEqual({ successes: 1, ones: 2, critical: true, success: false });
    expect(evaluateWuxiaPool([1, 10], 8)).toEqual({ successes: 1, ones: 1, critical: false, success: true });
    expect(evaluateWuxiaPool([1], 8)).toEqual({ successes: 0, ones: 1, critical: true, success: false });
  });

  it("no success and no 1 is a plain failure", () => {
    expect(evaluateWuxiaPool([2, 5], 8)).toEqual({ successes: 0, ones: 0, critical: false, success: false });
    expect(evaluateWuxiaPool([], 8)).toEqual({ successes: 0, ones: 0, critical: false, success: false });
  });

  it("rejects faces outside 1..10 and non-integers, naming the face", () => {
    expect(() => evaluateWuxiaPool([3, 0], 8)).toThrow(/^faces\[1\] must be between 1 and 10/);
    expect(() => evaluateWuxiaPool([11], 8)).toThrow(/faces\[0\]/);
    expect(() => evaluateWuxiaPool([2.5], 8)).toThrow(/faces\[0\] must be an integer/);
    expect(() => evaluateWuxiaPool([3], Number.NaN)).toThrow(/threshold/);
  });
});

describe("successFaces", () => {
  it("is clamp(11 − t, 1, 9): a 10 always succeeds, a 1 always fails", () => {
    expect([-5, 1, 2, 3, 8, 10, 11, 20].map(successFaces)).toEqual([9, 9, 9, 8, 3, 1, 1, 1]);
  });
});
