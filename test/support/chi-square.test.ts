import { describe, expect, it } from "vitest";
import { chiSquareCritical, goodnessOfFit, histogram, sameDistribution } from "./chi-square";

describe("the chi-square helpers of the samplers' tests", () => {
  it("the α = 0.001 thresholds agree with the published table within 2.5 % (df 2, 5, 10, 18, 50, 100)", () => {
    for (const [df, table] of [
      [2, 13.816],
      [5, 20.515],
      [10, 29.588],
      [18, 42.312],
      [50, 86.661],
      [100, 149.449],
    ] as const) {
      expect(Math.abs(chiSquareCritical(df) / table - 1), `df ${df}`).toBeLessThan(0.025);
    }
  });

  it("goodness of fit: bins merged until each expects 5, the statistic Pearson's", () => {
    // Expected 1, 4, 45, 50: the first two merge into one bin of 5 expected.
    const fit = goodnessOfFit([0, 10, 40, 50], [0.01, 0.04, 0.45, 0.5]);
    expect(fit.df).toBe(2);
    expect(fit.statistic).toBeCloseTo((10 - 5) ** 2 / 5 + (40 - 45) ** 2 / 45 + 0, 12);
    expect(goodnessOfFit([25, 25, 50], [0.25, 0.25, 0.5]).statistic).toBe(0);
  });

  it("homogeneity: two equal samples score 0, two unlike ones more than the threshold", () => {
    expect(sameDistribution([10, 20, 30], [10, 20, 30]).statistic).toBe(0);
    const unlike = sameDistribution([100, 0, 100], [0, 100, 100]);
    expect(unlike.statistic).toBeGreaterThan(unlike.critical);
  });

  it("histogram counts each value", () => {
    expect(histogram([0, 2, 2, 3], 3)).toEqual([1, 0, 2, 1]);
  });
});
