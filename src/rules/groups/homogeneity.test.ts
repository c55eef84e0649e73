import { describe, expect, it } from "vitest";
import { groupHomogeneity } from "./homogeneity";

describe("groupHomogeneity", () => {
  it("homogeneous when the attribute + skill sums lie within 5 points", () => {
    expect(groupHomogeneity([3, 1, 6])).toEqual({ homogeneous: true, spread: 5 });
    expect(groupHomogeneity([3, 0, 6])).toEqual({ homogeneous: false, spread: 6 });
  });

  it("takes the spread as a parameter and handles large groups", () => {
    expect(groupHomogeneity([0, 3], { homogeneityMaxSpread: 2 }).homogeneous).toBe(false);
    expect(groupHomogeneity(new Array<number>(500_000).fill(2)).spread).toBe(0);
  });

  it("rejects an empty group and non-integers", () => {
    expect(() => groupHomogeneity([])).toThrow(/^sums/);
    expect(() => groupHomogeneity([1, Number.NaN])).toThrow(/^sums\[1\]/);
  });

  it("rejects a bad maximum spread, naming it", () => {
    expect(() => groupHomogeneity([0, 3], { homogeneityMaxSpread: Number.NaN })).toThrow(
      /^options\.homogeneityMaxSpread must be an integer/,
    );
    expect(() => groupHomogeneity([0, 3], { homogeneityMaxSpread: -1 })).toThrow(/^options\.homogeneityMaxSpread/);
    expect(() => groupHomogeneity([0, 3], 5 as never)).toThrow(/^options/);
  });
});
