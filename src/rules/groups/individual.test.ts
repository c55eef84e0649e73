import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { differencePmf } from "../harmonies/odds";
import { mulberry32, replayFaces } from "../random";
import { rollGroupIndividually } from "./individual";

const total = (counts: readonly { count: number }[]) => counts.reduce((sum, c) => sum + c.count, 0);

/** The faces of one open die showing `value` (never a multiple of 10): its tens, then the last face. */
const openDieFaces = (value: number) => [...new Array<number>(Math.floor(value / 10)).fill(10), value % 10];

/** The faces of one member's open roll whose difference is `d`: added die first, then the subtracted one. */
function memberFaces(d: number): number[] {
  const low = (d >= 0 ? d + 1 : 1 - d) % 10 === 0 ? 2 : 1;
  return d >= 0 ? [...openDieFaces(d + low), low] : [low, ...openDieFaces(low - d)];
}

/** What the group should count: the margins modifier + d, each with its number of members, sorted. */
function tally(modifier: number, differences: readonly number[]): { margin: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const d of differences) counts.set(modifier + d, (counts.get(modifier + d) ?? 0) + 1);
  return [...counts].map(([margin, count]) => ({ margin, count })).sort((a, b) => a.margin - b.margin);
}

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

  it("open rolls beyond ±99 (many 10s in a row) keep every member, counted and sorted", () => {
    // Listed out of order on both sides, with the edges of the dense window (±99) and just past them.
    const differences = [-100, -110, -100, 110, 100, 99, -99, 98, -98, 101, -101, 0];
    const faces = differences.flatMap(memberFaces);
    expect(rollGroupIndividually(differences.length, 3, replayFaces(faces), { open: true })).toEqual(
      tally(3, differences),
    );
  });

  it("open rolls: the counts are exactly the replayed members' margins, for any list of differences", () => {
    const difference = fc.oneof(
      fc.integer({ min: -130, max: 130 }),
      fc.constantFrom(-101, -100, -99, -98, 98, 99, 100, 101),
    );
    fc.assert(
      fc.property(
        fc.array(difference, { maxLength: 40 }),
        fc.integer({ min: -20, max: 20 }),
        (differences, modifier) => {
          const random = replayFaces(differences.flatMap(memberFaces));
          expect(rollGroupIndividually(differences.length, modifier, random, { open: true })).toEqual(
            tally(modifier, differences),
          );
        },
      ),
    );
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
