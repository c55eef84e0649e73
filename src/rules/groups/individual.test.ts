import { describe, expect, it } from "vitest";
import { differencePmf } from "../harmonies/odds";
import { mulberry32, replayFaces } from "../random";
import { rollGroupIndividually } from "./individual";

const total = (counts: readonly { count: number }[]) => counts.reduce((sum, c) => sum + c.count, 0);

describe("rollGroupIndividually", () => {
  it("rolls d10 − d10 for every member and counts the margins", () => {
    expect(rollGroupIndividually(3, 1, replayFaces([5, 5, 10, 1, 2, 4]))).toEqual([
      { margin: -1, count: 1 },
      { margin: 1, count: 1 },
      { margin: 10, count: 1 },
    ]);
  });

  it("a million members: counts sum to the size and match the d10 − d10 shares within 4 standard errors", () => {
    const size = 1_000_000;
    const counts = rollGroupIndividually(size, 0, mulberry32(77));
    expect(total(counts)).toBe(size);
    for (const { margin, count } of counts) {
      const p = differencePmf(margin);
      expect(Math.abs(count - size * p), `margin ${margin}`).toBeLessThanOrEqual(4 * Math.sqrt(size * p * (1 - p)));
    }
  });

  it("open rolls explode: results beyond ±9, counts still summing to the size", () => {
    const size = 200_000;
    const counts = rollGroupIndividually(size, 0, mulberry32(5), { open: true });
    expect(total(counts)).toBe(size);
    expect(counts.some((c) => Math.abs(c.margin) > 9)).toBe(true);
    for (const { margin, count } of counts.filter((c) => Math.abs(c.margin) <= 12)) {
      const p = differencePmf(margin, { open: true });
      expect(Math.abs(count - size * p), `margin ${margin}`).toBeLessThanOrEqual(4 * Math.sqrt(size * p * (1 - p)));
    }
  });

  it("is reproducible with a seed, and empty for an empty group", () => {
    expect(rollGroupIndividually(500, -2, mulberry32(1))).toEqual(rollGroupIndividually(500, -2, mulberry32(1)));
    expect(rollGroupIndividually(0, 0, mulberry32(1))).toEqual([]);
  });

  it("rejects bad arguments, naming them", () => {
    const random = mulberry32(1);
    expect(() => rollGroupIndividually(-1, 0, random)).toThrow(/^size/);
    expect(() => rollGroupIndividually(2e9, 0, random)).toThrow(/^size must be between 0 and 1000000000/);
    expect(() => rollGroupIndividually(5, 1.5, random)).toThrow(/^modifier/);
    expect(() => rollGroupIndividually(5, 0, undefined as unknown as () => number)).toThrow(/^random/);
  });
});
