import { describe, expect, it } from "vitest";
import { mulberry32, replayFaces } from "../random";
import { wuxiaOdds } from "./odds";
import { rollWuxiaPool } from "./pool";
import { successFaces, wuxiaThreshold } from "./threshold";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The Wuxia book's method: enumerate the 3^n outcomes (success, 1, other failure) of n dice. */
function enumerate3n(n: number, threshold: number): { success: number; critical: number } {
  const p = successFaces(threshold) / 10;
  const r = 0.1;
  const q = 1 - p - r;
  let success = 0;
  let critical = 0;
  for (let leaf = 0; leaf < 3 ** n; leaf++) {
    let net = 0;
    let any = false;
    let prob = 1;
    for (let j = 0, k = leaf; j < n; j++, k = Math.floor(k / 3)) {
      const digit = k % 3;
      if (digit === 0) {
        net++;
        any = true;
        prob *= p;
      } else if (digit === 1) {
        net--;
        prob *= r;
      } else prob *= q;
    }
    if (net < 0) critical += prob;
    else if (any) success += prob;
  }
  return { success, critical };
}

/**
 * The exact distribution of rollWuxiaPool itself: every initial face tuple, and for each every
 * tuple of reroll faces, replayed through the roller with weight 10^−(faces drawn).
 */
function enumerateRoller(n: number, threshold: number, rerolls: number) {
  const successes = new Array<number>(n + 1).fill(0);
  let success = 0;
  let critical = 0;
  const tuples = (length: number): number[][] =>
    length === 0 ? [[]] : tuples(length - 1).flatMap((t) => Array.from({ length: 10 }, (_, f) => [...t, f + 1]));
  for (const initial of tuples(n)) {
    const m = rollWuxiaPool(n, threshold, replayFaces([...initial, ...new Array<number>(n).fill(5)]), { rerolls })
      .rerolled.length;
    for (const again of tuples(m)) {
      const roll = rollWuxiaPool(n, threshold, replayFaces([...initial, ...again]), { rerolls });
      const w = 10 ** -(n + m);
      successes[roll.successes] = (successes[roll.successes] ?? 0) + w;
      if (roll.critical) critical += w;
      if (roll.success) success += w;
    }
  }
  return { success, critical, successes };
}

/**
 * An independent brute force of RULES 1.3, sharing no code with the engine: every tuple of
 * first faces, then every tuple of faces for the rerolled dice (min(k, failed dice): the 1s
 * first, then the other failures, each once, the new face standing). Outcomes are counted
 * with integer weights 10^(k − m), so nothing is rounded before the final division.
 */
function bruteForce(n: number, t: number, k: number) {
  const succeeds = (face: number) => face === 10 || (face !== 1 && face >= t);
  const weights = {
    success: 0,
    critical: 0,
    successes: new Array<number>(n + 1).fill(0),
    criticalBySuccesses: new Array<number>(n + 1).fill(0),
  };
  const top = Math.min(k, n);
  for (let code = 0; code < 10 ** n; code++) {
    const faces = Array.from({ length: n }, (_, i) => (Math.floor(code / 10 ** i) % 10) + 1);
    const ones = faces.flatMap((f, i) => (f === 1 ? [i] : []));
    const others = faces.flatMap((f, i) => (f !== 1 && !succeeds(f) ? [i] : []));
    const chosen = [...ones, ...others].slice(0, k);
    for (let again = 0; again < 10 ** chosen.length; again++) {
      const final = faces.slice();
      chosen.forEach((index, j) => (final[index] = (Math.floor(again / 10 ** j) % 10) + 1));
      const s = final.filter(succeeds).length;
      const o = final.filter((f) => f === 1).length;
      const weight = 10 ** (top - chosen.length);
      weights.successes[s] = (weights.successes[s] ?? 0) + weight;
      if (o > s) {
        weights.critical += weight;
        weights.criticalBySuccesses[s] = (weights.criticalBySuccesses[s] ?? 0) + weight;
      } else if (s >= 1) weights.success += weight;
    }
  }
  const total = 10 ** (n + top);
  return {
    success: weights.success / total,
    critical: weights.critical / total,
    successes: weights.successes.map((x) => x / total),
    criticalBySuccesses: weights.criticalBySuccesses.map((x) => x / total),
  };
}

describe("wuxiaOdds", () => {
  it("[example] Attribute 5, Compétence 2, SR 10: 80 % success without critical, 13 % critical (the book's table)", () => {
    const odds = wuxiaOdds(5, wuxiaThreshold(10, 2));
    // The book's script rounds to 0.1 % first (1e-3 * round(1e3 * p)): 79.5 % and 12.7 %,
    // which its table shows as 80 % and 13 %.
    const bookRounding = (p: number) => Math.round(Math.round(p * 1000) / 10);
    expect(bookRounding(odds.success)).toBe(80);
    expect(bookRounding(odds.critical)).toBe(13);
    expect(Math.abs(odds.success - 0.8)).toBeLessThan(0.006);
    expect(Math.abs(odds.critical - 0.13)).toBeLessThan(0.005);
  });

  it("[example] with t ≥ 7 the critical chance first rises then falls as the Attribute grows", () => {
    for (const t of [7, 8, 9]) {
      const crit = Array.from({ length: 10 }, (_, i) => wuxiaOdds(i + 1, t).critical);
      const peak = crit.indexOf(Math.max(...crit));
      expect(peak, `t = ${t}`).toBeGreaterThan(0);
      expect(peak, `t = ${t}`).toBeLessThan(9);
      crit.forEach((c, i) => {
        if (i > 0 && i <= peak) expect(c, `t = ${t}, Attribute ${i + 1}`).toBeGreaterThan(crit[i - 1] ?? 1);
        if (i > peak) expect(c, `t = ${t}, Attribute ${i + 1}`).toBeLessThan(crit[i - 1] ?? 0);
      });
    }
  });

  it("[example] with t ≥ 10 the critical chance rises all the time", () => {
    for (const t of [10, 11, 13]) {
      const crit = Array.from({ length: 20 }, (_, i) => wuxiaOdds(i + 1, t).critical);
      crit.slice(1).forEach((c, i) => expect(c, `t = ${t}, Attribute ${i + 2}`).toBeGreaterThan(crit[i] ?? 1));
    }
  });

  it("agrees with the Wuxia book's 3^n enumeration without rerolls", () => {
    for (const n of [1, 2, 5, 8]) {
      for (const t of [2, 5, 8, 10]) {
        const exact = wuxiaOdds(n, t);
        const book = enumerate3n(n, t);
        expect(exact.success).toBeCloseTo(book.success, 12);
        expect(exact.critical).toBeCloseTo(book.critical, 12);
      }
    }
  });

  it("is exactly the distribution of rollWuxiaPool, rerolls included (all faces enumerated)", () => {
    const grid: [number, number][] = [
      [1, 0],
      [1, 1],
      [1, 3],
      [2, 0],
      [2, 1],
      [2, 3],
      [3, 1],
    ];
    for (const [n, k] of grid) {
      for (const t of [1, 8, 11]) {
        const exact = wuxiaOdds(n, t, { rerolls: k });
        const roller = enumerateRoller(n, t, k);
        const label = `${n} dice, t = ${t}, ${k} rerolls`;
        // 10 digits: the enumeration adds up to 10^5 tiny weights.
        expect(exact.success, label).toBeCloseTo(roller.success, 10);
        expect(exact.critical, label).toBeCloseTo(roller.critical, 10);
        exact.successes.forEach((p, s) =>
          expect(p, `${label}, ${s} successes`).toBeCloseTo(roller.successes[s] ?? 0, 10),
        );
      }
    }
  });

  // The enumeration above is the exact check; this one samples through a real generator, so a
  // modest count is enough and keeps the test quick under mutation testing's instrumentation.
  it("agrees with 20 000 rolls of rollWuxiaPool within 4 standard errors", () => {
    const trials = 20_000;
    const grid: [number, number, number][] = [
      [3, 2, 1],
      [5, 8, 0],
      [7, 6, 3],
      [10, 11, 2],
    ];
    const random = mulberry32(20261130);
    for (const [dice, t, rerolls] of grid) {
      const exact = wuxiaOdds(dice, t, { rerolls });
      const counts = new Array<number>(dice + 1).fill(0);
      let success = 0;
      let critical = 0;
      for (let i = 0; i < trials; i++) {
        const roll = rollWuxiaPool(dice, t, random, { rerolls });
        counts[roll.successes] = (counts[roll.successes] ?? 0) + 1;
        if (roll.success) success++;
        if (roll.critical) critical++;
      }
      const within = (p: number, observed: number, label: string) => {
        const se = Math.sqrt((p * (1 - p)) / trials);
        expect(Math.abs(observed / trials - p), label).toBeLessThanOrEqual(4 * se);
      };
      const label = `${dice} dice, t = ${t}, ${rerolls} rerolls`;
      within(exact.success, success, `${label}: success`);
      within(exact.critical, critical, `${label}: critical`);
      exact.successes.forEach((p, s) => within(p, counts[s] ?? 0, `${label}: ${s} successes`));
    }
  });

  it("sums to 1 for 0..40 dice, any threshold and reroll count", () => {
    for (const dice of [0, 1, 2, 7, 20, 40]) {
      for (const t of [-4, 1, 2, 6, 10, 15]) {
        for (const rerolls of [0, 1, 3]) {
          const odds = wuxiaOdds(dice, t, { rerolls });
          expect(odds.successes).toHaveLength(dice + 1);
          expect(sum(odds.successes)).toBeCloseTo(1, 12);
          expect(odds.success + odds.critical).toBeLessThanOrEqual(1 + 1e-12);
          for (const p of odds.successes) expect(p >= 0 && p <= 1).toBe(true);
          expect(odds.success).toBeLessThanOrEqual(1 - (odds.successes[0] ?? 0) + 1e-12);
          if (rerolls === 0) {
            // Neither success nor critical ⇔ every die an other failure: q^n.
            const q = (9 - successFaces(t)) / 10;
            expect(odds.success + odds.critical + q ** dice).toBeCloseTo(1, 12);
          }
        }
      }
    }
  });

  it("clamps p to 0.9 below t = 2 and to 0.1 above t = 10", () => {
    expect(wuxiaOdds(6, -3)).toEqual(wuxiaOdds(6, 2));
    expect(wuxiaOdds(6, 1, { rerolls: 2 })).toEqual(wuxiaOdds(6, 2, { rerolls: 2 }));
    expect(wuxiaOdds(6, 15)).toEqual(wuxiaOdds(6, 10));
  });

  it("more rerolls never lower the success chance", () => {
    const odds = [0, 1, 2, 3].map((rerolls) => wuxiaOdds(5, 8, { rerolls }));
    odds.slice(1).forEach((o, i) => expect(o.success).toBeGreaterThan(odds[i]?.success ?? 1));
  });

  it("rerolling a plain failure can raise the critical chance: the new face stands, even a 1", () => {
    // 5 dice at t = 10: once the 1s are rerolled, each further reroll of a plain failure
    // turns it into a 1 as often as into a success.
    const critical = [0, 1, 2, 3].map((rerolls) => wuxiaOdds(5, 10, { rerolls }).critical);
    expect(critical[1]).toBeLessThan(critical[0] ?? 0);
    expect(critical[3]).toBeGreaterThan(critical[2] ?? 1);
  });

  it("matches an independent brute force over every face, rerolls included (thresholds ≤ 1 to 15, rerolls > dice)", () => {
    for (let n = 0; n <= 3; n++) {
      for (const t of [-2, 1, 2, 3, 7, 10, 11, 15]) {
        for (const k of [0, 1, 2, 3, 5]) {
          const exact = wuxiaOdds(n, t, { rerolls: k });
          const brute = bruteForce(n, t, k);
          const label = `${n} dice, t = ${t}, ${k} rerolls`;
          expect(exact.success, label).toBeCloseTo(brute.success, 14);
          expect(exact.critical, label).toBeCloseTo(brute.critical, 14);
          expect(exact.successes, label).toHaveLength(n + 1);
          brute.successes.forEach((p, s) => expect(exact.successes[s], `${label}, ${s} successes`).toBeCloseTo(p, 14));
          expect(exact.criticalBySuccesses, label).toHaveLength(n + 1);
          brute.criticalBySuccesses.forEach((p, s) =>
            expect(exact.criticalBySuccesses[s], `${label}, critical with ${s} successes`).toBeCloseTo(p, 14),
          );
        }
      }
    }
  });

  // 60 dice, far beyond any enumeration, at a cost the unit suite (and its instrumented runs
  // under mutation testing) can afford: the work grows as the cube of the pool.
  it("computes a pool of 60 dice with 60 rerolls in polynomial time", () => {
    // Every failed die is rerolled, so none succeeds only if each fails twice: 0.49^60 exactly.
    // A critical failure (more 1s than successes) stays rare: each die ends a 1 with 0.07.
    const odds = wuxiaOdds(60, 8, { rerolls: 60 });
    expect(sum(odds.successes)).toBeCloseTo(1, 10);
    expect((odds.successes[0] ?? 0) / 0.49 ** 60).toBeCloseTo(1, 10);
    expect(odds.critical).toBeGreaterThan(0);
    expect(odds.critical).toBeLessThan(1e-7);
    expect(odds.success).toBeCloseTo(1 - odds.critical, 12);
  });

  it("handles an empty pool and 40 dice", () => {
    expect(wuxiaOdds(0, 8)).toEqual({ success: 0, critical: 0, successes: [1], criticalBySuccesses: [0] });
    const big = wuxiaOdds(40, 8, { rerolls: 3 });
    expect(big.success).toBeGreaterThan(0.99);
  });

  it("rejects bad arguments, naming them", () => {
    expect(() => wuxiaOdds(-1, 8)).toThrow(/^dice/);
    expect(() => wuxiaOdds(1.5, 8)).toThrow(/^dice must be an integer/);
    expect(() => wuxiaOdds(1001, 8)).toThrow(/^dice must be between 0 and 1000/);
    expect(() => wuxiaOdds(5, 8.5)).toThrow(/^threshold/);
    expect(() => wuxiaOdds(5, 8, { rerolls: Number.NaN })).toThrow(/^options\.rerolls/);
  });
});
