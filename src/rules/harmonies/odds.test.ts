import { describe, expect, it } from "vitest";
import { mulberry32 } from "../random";
import { rollHarmonies } from "./difference-roll";
import { differenceAtLeast, differencePmf, harmoniesOdds } from "./odds";

describe("harmoniesOdds, closed", () => {
  it("counts the 100 face pairs exactly", () => {
    for (let m = -10; m <= 10; m++) {
      let pairs = 0;
      for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (m + a - b >= 0) pairs++;
      expect(harmoniesOdds(m), `modifier ${m}`).toBeCloseTo(pairs / 100, 15);
    }
  });

  it('difficulty 0 is 55 % (the seed: "close to 55 %"); −5 divides it by about 3 (15 %)', () => {
    expect(harmoniesOdds(0)).toBeCloseTo(0.55, 15);
    expect(harmoniesOdds(-5)).toBeCloseTo(0.15, 15);
    // The Harmonies book's "+5 → 85 %" is its rounded rule of thumb; a tie succeeds, so it is 90 %.
    expect(harmoniesOdds(5)).toBeCloseTo(0.9, 15);
  });
});

describe("harmoniesOdds, open", () => {
  /** Truncated convolution: each die as 10·a + b, a < 12 explosions (tail < 1e-12). */
  function convolution(modifier: number): number {
    let p = 0;
    for (let a1 = 0; a1 < 12; a1++)
      for (let a2 = 0; a2 < 12; a2++)
        for (let b1 = 1; b1 <= 9; b1++)
          for (let b2 = 1; b2 <= 9; b2++) {
            if (modifier + 10 * (a1 - a2) + b1 - b2 >= 0) p += 0.1 ** (a1 + a2) * 0.01;
          }
    return p;
  }

  it("matches a direct convolution to 1e-9", () => {
    for (const m of [-35, -21, -20, -11, -10, -9, -1, 0, 1, 9, 10, 20, 33]) {
      expect(Math.abs(harmoniesOdds(m, { open: true }) - convolution(m)), `modifier ${m}`).toBeLessThan(1e-9);
    }
  });

  it("reaches beyond ±9, where the closed roll is certain or impossible", () => {
    expect(harmoniesOdds(-10, { open: true })).toBeGreaterThan(0);
    expect(harmoniesOdds(-10)).toBe(0);
    expect(harmoniesOdds(9)).toBe(1);
    expect(harmoniesOdds(9, { open: true })).toBeLessThan(1);
  });
});

describe("the difference distribution", () => {
  it("sums to 1, closed and open", () => {
    let closed = 0;
    let open = 0;
    for (let d = -200; d <= 200; d++) {
      closed += differencePmf(d);
      open += differencePmf(d, { open: true });
    }
    expect(closed).toBeCloseTo(1, 15);
    expect(open).toBeCloseTo(1, 12);
  });

  it("P(≥ s) is the sum of the pmf, and odds of m and −m − 1 sum to 1", () => {
    for (const open of [false, true]) {
      for (let s = -25; s <= 25; s++) {
        let tail = 0;
        for (let d = s; d <= 200; d++) tail += differencePmf(d, { open });
        expect(differenceAtLeast(s, { open }), `s = ${s}, open ${open}`).toBeCloseTo(tail, 12);
        expect(harmoniesOdds(s, { open }) + harmoniesOdds(-s - 1, { open })).toBeCloseTo(1, 12);
      }
    }
  });

  it("agrees with 200 000 simulated rolls within 4 standard errors, closed and open", () => {
    const trials = 200_000;
    const random = mulberry32(99);
    for (const open of [false, true]) {
      const dice: number[] = [];
      for (let i = 0; i < trials; i++) dice.push(rollHarmonies(random, { open }).dice);
      for (const m of [-12, -5, -3, 0, 3, 5, 12]) {
        const p = harmoniesOdds(m, { open });
        const observed = dice.filter((d) => m + d >= 0).length / trials;
        expect(Math.abs(observed - p), `modifier ${m}, open ${open}`).toBeLessThanOrEqual(
          4 * Math.sqrt((p * (1 - p)) / trials),
        );
      }
    }
  });

  it("rejects non-integer modifiers", () => {
    expect(() => harmoniesOdds(0.5)).toThrow(/^modifier must be an integer/);
    expect(() => differencePmf(Number.NaN)).toThrow(/^d /);
  });
});
