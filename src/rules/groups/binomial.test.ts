import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goodnessOfFit, histogram } from "../../../test/support/chi-square";
import type { RulesError } from "../errors";
import { mulberry32 } from "../random";
import { binomial, logFactorial, multinomial } from "./binomial";

const DRAWS = 20_000;
const STUCK_HIGH = () => 1 - 2 ** -53;

/** P(k) = C(n, k)·p^k·q^(n − k), C(n, k) built factor by factor: the definition, apart from the sampler's table and series. */
function binomialPmf(n: number, p: number): number[] {
  const pmf: number[] = [];
  let logChoose = 0;
  for (let k = 0; k <= n; k++) {
    pmf.push(Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log1p(-p)));
    logChoose += Math.log((n - k) / (k + 1));
  }
  return pmf;
}

describe("binomial: the law of Binomial(n, p), whatever n and p (chi-square, α = 0.001, fixed seeds)", () => {
  // Each method and each side of p = ½: inversion below n·p = 10, transformed rejection above.
  it.each([
    [4, 0.3, 1],
    [30, 0.25, 2],
    [40, 0.25, 3],
    [19, 0.5, 4],
    [200, 0.5, 5],
    [1000, 0.05, 6],
    [60, 0.9, 7],
    [2000, 0.7, 8],
    [100_000, 0.001, 9],
    [10, 0.99, 10],
  ])("n = %d, p = %d", (n, p, seed) => {
    const random = mulberry32(seed);
    const draws = Array.from({ length: DRAWS }, () => binomial(n, p, random));
    const fit = goodnessOfFit(histogram(draws, n), binomialPmf(n, p));
    expect(fit.df).toBeGreaterThanOrEqual(2);
    expect(fit.statistic, `χ² at ${fit.df} degrees of freedom`).toBeLessThan(fit.critical);
  });

  it("a billion trials: the mean and variance of Binomial(10⁹, p), each method", () => {
    for (const [p, seed] of [
      [0.3, 11],
      [0.8, 12],
      [6e-9, 13],
    ] as const) {
      const n = 1e9;
      const random = mulberry32(seed);
      const draws = Array.from({ length: DRAWS }, () => binomial(n, p, random));
      const mean = draws.reduce((a, b) => a + b, 0) / DRAWS;
      const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (DRAWS - 1);
      const npq = n * p * (1 - p);
      expect(Math.abs(mean - n * p) / Math.sqrt(npq / DRAWS), `p = ${p}: mean`).toBeLessThan(4);
      // The variance estimate's standard error is about √(2 / DRAWS) = 1 % of it.
      expect(Math.abs(variance / npq - 1), `p = ${p}: variance`).toBeLessThan(0.05);
    }
  });

  it("never leaves 0..n, and keeps to whole numbers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (n, p, seed) => {
          const k = binomial(n, p, mulberry32(seed));
          expect(Number.isInteger(k) && k >= 0 && k <= n).toBe(true);
        },
      ),
    );
  });

  it("p = 0 gives nobody, p = 1 everybody, n = 0 nobody, drawing nothing", () => {
    const none = () => {
      throw new Error("drew");
    };
    expect(binomial(50, 0, none)).toBe(0);
    expect(binomial(50, 1, none)).toBe(50);
    expect(binomial(0, 0.4, none)).toBe(0);
  });

  it("rejects bad arguments, naming them", () => {
    const random = mulberry32(1);
    expect(() => binomial(1.5, 0.3, random)).toThrow(/^n must be an integer/);
    expect(() => binomial(2e9, 0.3, random)).toThrow(/^n must be between 0 and 1000000000/);
    expect(() => binomial(5, 1.2, random)).toThrow(/^p must be between 0 and 1/);
    expect(() => binomial(5, Number.NaN, random)).toThrow(/^p must be a finite number/);
  });

  it("refuses a source returning a number outside [0, 1), whichever method draws it", () => {
    for (const [n, p] of [
      [5, 0.3],
      [1000, 0.3],
    ]) {
      expect(() => binomial(n ?? 0, p ?? 0, () => 1)).toThrow(/^random\(\) must return a number in \[0, 1\) \(got 1\)/);
      expect(() => binomial(n ?? 0, p ?? 0, () => Number.NaN)).toThrow(/got NaN/);
    }
  });

  it("takes 0 from a source, and refuses what is not a number, with the error's code and the value", () => {
    expect(binomial(5, 0.3, () => 0)).toBe(0);
    const refused = (random: () => number, n = 5) => {
      try {
        binomial(n, 0.3, random);
      } catch (error) {
        return error as RulesError;
      }
      throw new Error("not refused");
    };
    const error = refused(() => "0.5" as unknown as number);
    expect([error.code, error.details]).toEqual(["WH.Error.BadRandom", { argument: "random", value: "0.5" }]);
    expect(refused(() => -0.25).details.value).toBe(-0.25);
    const stuck = refused(() => 1 - 2 ** -53, 1000);
    expect(stuck.code).toBe("WH.Error.NotRandom");
    expect(stuck.details).toEqual({ argument: "random", value: 1000 });
  });

  it("refuses a source stuck at the top of [0, 1) instead of drawing for ever", () => {
    // Transformed rejection: every point falls outside the hat. Inversion: beyond the distribution's summed mass.
    expect(() => binomial(1000, 0.3, STUCK_HIGH)).toThrow(/^random produced 1000 rejected draws in a row/);
    expect(() => binomial(1e9, 6e-9, STUCK_HIGH)).toThrow(/^random produced 1000 rejected draws in a row/);
  });
});

describe("logFactorial", () => {
  it("is log(k!) within 3e-13 + 1e-15 of it around the switch to the series (k! exact in BigInt)", () => {
    let factorial = 1n;
    for (let k = 0; k <= 400; k++) {
      if (k > 0) factorial *= BigInt(k);
      const bits = factorial.toString(2).length;
      const shift = Math.max(0, bits - 60);
      const exact = Math.log(Number(factorial >> BigInt(shift))) + shift * Math.LN2;
      expect(Math.abs(logFactorial(k) - exact), `k = ${k}`).toBeLessThanOrEqual(3e-13 + 1e-15 * exact);
    }
  });

  it("is log(k!) to double precision, from its table (k < 64) and from Stirling's series", () => {
    let sum = 0;
    for (let k = 0; k <= 5000; k++) {
      if (k > 0) sum += Math.log(k);
      expect(Math.abs(logFactorial(k) - sum), `k = ${k}`).toBeLessThanOrEqual(1e-13 * Math.max(1, sum));
    }
    expect(logFactorial(0)).toBe(0);
  });
});

describe("multinomial", () => {
  it("the joint law of 3 trials over weights 1, 2, 3, 4: every one of the 20 outcomes (chi-square)", () => {
    const outcomes: string[] = [];
    const probabilities: number[] = [];
    const factorial = [1, 1, 2, 6];
    for (let a = 0; a <= 3; a++)
      for (let b = 0; a + b <= 3; b++)
        for (let c = 0; a + b + c <= 3; c++) {
          const d = 3 - a - b - c;
          outcomes.push([a, b, c, d].join());
          const ways = 6 / ((factorial[a] ?? 1) * (factorial[b] ?? 1) * (factorial[c] ?? 1) * (factorial[d] ?? 1));
          probabilities.push(ways * 0.1 ** a * 0.2 ** b * 0.3 ** c * 0.4 ** d);
        }
    const random = mulberry32(21);
    const observed = new Array<number>(outcomes.length).fill(0);
    for (let i = 0; i < DRAWS; i++) {
      const at = outcomes.indexOf(multinomial(3, [1, 2, 3, 4], random).join());
      observed[at] = (observed[at] ?? 0) + 1;
    }
    const fit = goodnessOfFit(observed, probabilities);
    expect(fit.df).toBeGreaterThanOrEqual(15);
    expect(fit.statistic).toBeLessThan(fit.critical);
  });

  it("shares every trial, none to an outcome of weight 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 20 }),
        fc.integer(),
        (n, given, seed) => {
          const weights = [...given, 1];
          const counts = multinomial(n, weights, mulberry32(seed));
          expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
          counts.forEach((c, i) => {
            expect(Number.isInteger(c) && c >= 0).toBe(true);
            if (weights[i] === 0) expect(c).toBe(0);
          });
        },
      ),
    );
  });

  it("rejects a bad number of trials, naming it", () => {
    expect(() => multinomial(-1, [1], mulberry32(1))).toThrow(/^n must be between 0/);
  });
});
