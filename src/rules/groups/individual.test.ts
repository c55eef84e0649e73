import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { differencePmf } from "../harmonies/odds";
import { goodnessOfFit, histogram, sameDistribution } from "../../../test/support/chi-square";
import { openD10 } from "../harmonies/difference-roll";
import { differenceAtLeast } from "../harmonies/odds";
import { mulberry32, replayFaces, rollD10 } from "../random";
import { MEMBERS_ROLLED_ONE_BY_ONE, rollGroupIndividually } from "./individual";
import type { MarginCount } from "./method2-margins";

const total = (counts: readonly { count: number }[]) => counts.reduce((sum, c) => sum + c.count, 0);

/** The faces of one open die showing `value` (never a multiple of 10): its tens, then the last face. */
const openDieFaces = (value: number) => [...new Array<number>(Math.floor(value / 10)).fill(10), value % 10];

/** The faces of one member's open roll whose difference is `d`: added die first, then the subtracted one. */
function memberFaces(d: number): number[] {
  const low = (d >= 0 ? d + 1 : 1 - d) % 10 === 0 ? 2 : 1;
  return d >= 0 ? [...openDieFaces(d + low), low] : [low, ...openDieFaces(low - d)];
}

/** What the group should count: the margins modifier + d, each with its number of members, sorted. */
/** P(k) = C(n, k)·p^k·q^(n − k), C(n, k) built factor by factor. */
function binomialPmf(n: number, p: number): number[] {
  const pmf: number[] = [];
  let logChoose = 0;
  for (let k = 0; k <= n; k++) {
    pmf.push(Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log1p(-p)));
    logChoose += Math.log((n - k) / (k + 1));
  }
  return pmf;
}

function tally(modifier: number, differences: readonly number[]): { margin: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const d of differences) counts.set(modifier + d, (counts.get(modifier + d) ?? 0) + 1);
  return [...counts].map(([margin, count]) => ({ margin, count })).sort((a, b) => a.margin - b.margin);
}

describe("rollGroupIndividually", () => {
  it("a few members roll d10 − d10 each, and the margins are counted", () => {
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

  it("open rolls far out (many 10s in a row) keep every member, counted and sorted", () => {
    // Listed out of order on both sides of 0.
    const differences = [-100, -110, -100, 110, 100, 99, -99, 98, -98, 101, -101, 0];
    const faces = differences.flatMap(memberFaces);
    expect(rollGroupIndividually(differences.length, 3, replayFaces(faces), { open: true })).toEqual(
      tally(3, differences),
    );
  });

  it("open rolls: a few members' counts are exactly their replayed margins, for any list of differences", () => {
    const difference = fc.oneof(
      fc.integer({ min: -130, max: 130 }),
      fc.constantFrom(-101, -100, -99, -98, 98, 99, 100, 101),
    );
    fc.assert(
      fc.property(
        fc.array(difference, { maxLength: MEMBERS_ROLLED_ONE_BY_ONE }),
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

/** The former individual mode, the reference: each member's dice rolled, the margins counted. */
function rollEachMember(size: number, modifier: number, random: () => number, open = false): MarginCount[] {
  const differences = Array.from({ length: size }, () =>
    open ? openD10(random) - openD10(random) : rollD10(random) - rollD10(random),
  );
  return tally(modifier, differences);
}

const countAt = (counts: readonly MarginCount[], margin: number) => counts.find((c) => c.margin === margin)?.count ?? 0;
const countFrom = (counts: readonly MarginCount[], margin: number) =>
  counts.reduce((sum, c) => (c.margin >= margin ? sum + c.count : sum), 0);

describe("rollGroupIndividually, a group drawn at once: the law of rolling every member (chi-square, α = 0.001, fixed seeds)", () => {
  const DRAWS = 20_000;

  it("a million members, closed: the margins' histogram fits d10 − d10 over all 19 margins", () => {
    const counts = rollGroupIndividually(1_000_000, 0, mulberry32(31));
    const margins = Array.from({ length: 19 }, (_, i) => i - 9);
    const fit = goodnessOfFit(
      margins.map((m) => countAt(counts, m)),
      margins.map((m) => differencePmf(m)),
    );
    expect(fit.df).toBe(18);
    expect(fit.statistic).toBeLessThan(fit.critical);
    expect(total(counts)).toBe(1_000_000);
  });

  it("a million members, open: the histogram fits the open difference out to ±40, the tails beyond in one bin each", () => {
    const counts = rollGroupIndividually(1_000_000, 0, mulberry32(32), { open: true });
    const margins = Array.from({ length: 81 }, (_, i) => i - 40);
    const observed = [
      countFrom(counts, -Infinity) - countFrom(counts, -40),
      ...margins.map((m) => countAt(counts, m)),
      countFrom(counts, 41),
    ];
    const probabilities = [
      1 - differenceAtLeast(-40, { open: true }),
      ...margins.map((m) => differencePmf(m, { open: true })),
      differenceAtLeast(41, { open: true }),
    ];
    const fit = goodnessOfFit(observed, probabilities);
    expect(fit.df).toBeGreaterThanOrEqual(50);
    expect(fit.statistic).toBeLessThan(fit.critical);
  });

  // The first size drawn at once, and a larger one; what each member's roll decides, group by group.
  it.each([
    [MEMBERS_ROLLED_ONE_BY_ONE + 1, false, 41],
    [60, false, 42],
    [MEMBERS_ROLLED_ONE_BY_ONE + 1, true, 43],
    [60, true, 44],
  ])("%d members (open: %s): how many succeed, and how many get −3, as when each member rolls", (size, open, seed) => {
    const drawn = mulberry32(seed);
    const rolled = mulberry32(seed + 100);
    const groups = Array.from({ length: DRAWS }, () => rollGroupIndividually(size, 1, drawn, { open }));
    const references = Array.from({ length: DRAWS }, () => rollEachMember(size, 1, rolled, open));
    const statistics = [(c: MarginCount[]) => countFrom(c, 0), (c: MarginCount[]) => countAt(c, -3)];
    for (const statistic of statistics) {
      const ours = histogram(groups.map(statistic), size);
      const against = sameDistribution(ours, histogram(references.map(statistic), size));
      expect(against.statistic, "against rolling each member").toBeLessThan(against.critical);
      // Each member independently: Binomial(size, P(margin ≥ 0)) and Binomial(size, P(margin = −3)).
      const p = statistic === statistics[0] ? differenceAtLeast(-1, { open }) : differencePmf(-4, { open });
      const exact = goodnessOfFit(ours, binomialPmf(size, p));
      expect(exact.statistic, "against the binomial law").toBeLessThan(exact.critical);
    }
  });

  it("any size to a billion, any modifier: whole positive counts summing to the size, margins sorted and distinct", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1e9 })),
        fc.integer({ min: -60, max: 60 }),
        fc.boolean(),
        fc.integer(),
        (size, modifier, open, seed) => {
          const counts = rollGroupIndividually(size, modifier, mulberry32(seed), { open });
          expect(total(counts)).toBe(size);
          expect(counts.every((c) => Number.isInteger(c.count) && c.count > 0 && Number.isInteger(c.margin))).toBe(
            true,
          );
          expect(counts.map((c) => c.margin)).toEqual([...new Set(counts.map((c) => c.margin))].sort((a, b) => a - b));
          if (!open) expect(counts.every((c) => Math.abs(c.margin - modifier) <= 9)).toBe(true);
        },
      ),
    );
  });

  it("up to MEMBERS_ROLLED_ONE_BY_ONE members, each rolls its two dice from the source, in order", () => {
    const faces = Array.from({ length: 2 * MEMBERS_ROLLED_ONE_BY_ONE }, (_, i) => (i % 9) + 1);
    const differences = Array.from(
      { length: MEMBERS_ROLLED_ONE_BY_ONE },
      (_, i) => (faces[2 * i] ?? 0) - (faces[2 * i + 1] ?? 0),
    );
    expect(rollGroupIndividually(MEMBERS_ROLLED_ONE_BY_ONE, 0, replayFaces(faces))).toEqual(tally(0, differences));
  });

  it("a source stuck at the top of [0, 1) is refused, not drawn from for ever", () => {
    const stuck = () => 1 - 2 ** -53;
    expect(() => rollGroupIndividually(1e6, 0, stuck)).toThrow(/^random produced 1000 rejected draws/);
    // Open: once a few members are left beyond K = 0, the stuck source keeps every one of them farther out.
    let first = true;
    const stuckAfterOne = () => (first ? ((first = false), 0.5) : stuck());
    let refusal: unknown;
    try {
      rollGroupIndividually(17, 0, stuckAfterOne, { open: true });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      message: "random produced more than 1000 tens in a row",
      code: "WH.Error.NotRandom",
      details: { argument: "random", value: 1001 },
    });
  });
});
