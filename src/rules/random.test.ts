import { describe, expect, it } from "vitest";
import { RulesError } from "./errors";
import { d10, d6, mulberry32, replayFaces } from "./random";

describe("mulberry32", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });

  it("returns numbers in [0, 1) with a mean near 1/2", () => {
    const random = mulberry32(7);
    let sum = 0;
    let low = 1;
    let high = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = random();
      low = Math.min(low, x);
      high = Math.max(high, x);
      sum += x;
    }
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThan(1);
    // Standard error of the mean is 1/sqrt(12 · 10^5) ≈ 0.0009.
    expect(Math.abs(sum / 100_000 - 0.5)).toBeLessThan(0.004);
  });

  it("is the published mulberry32: its first draws for seeds 42 and 0", () => {
    const a = mulberry32(42);
    expect([a(), a(), a()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    const b = mulberry32(0);
    expect([b(), b()]).toEqual([0.26642920868471265, 0.0003297457005828619]);
    // A negative seed is its 32-bit unsigned twin.
    expect(mulberry32(-1)()).toBe(0.8964226141106337);
  });

  it("rejects a non-integer seed", () => {
    expect(() => mulberry32(1.5)).toThrow(/seed/);
  });
});

describe("d10 and d6", () => {
  it("give every face with frequency near 1/sides", () => {
    const random = mulberry32(1);
    const tens = new Array<number>(11).fill(0);
    const sixes = new Array<number>(7).fill(0);
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      const ten = d10(random);
      const six = d6(random);
      tens[ten] = (tens[ten] ?? 0) + 1;
      sixes[six] = (sixes[six] ?? 0) + 1;
    }
    expect(tens[0]).toBe(0);
    expect(sixes[0]).toBe(0);
    // 4 standard errors of a binomial count.
    for (const count of tens.slice(1)) expect(Math.abs(count - n / 10)).toBeLessThan(4 * Math.sqrt(n * 0.1 * 0.9));
    for (const count of sixes.slice(1)) expect(Math.abs(count - n / 6)).toBeLessThan(4 * Math.sqrt((n * 5) / 36));
  });

  it("map the ends of [0, 1) to the lowest and the highest face", () => {
    expect(d10(() => 0)).toBe(1);
    expect(d10(() => 0.99999)).toBe(10);
    expect(d6(() => 0)).toBe(1);
    expect(d6(() => 0.99999)).toBe(6);
  });

  it("refuses a generator that returns 1 or NaN", () => {
    expect(() => d10(() => 1)).toThrow(RulesError);
    expect(() => d10(() => Number.NaN)).toThrow(/random/);
    expect(() => d6(() => 1)).toThrow(RulesError);
  });
});

describe("replayFaces", () => {
  it("replays the faces given, then throws", () => {
    const random = replayFaces([10, 1, 7]);
    expect([d10(random), d10(random), d10(random)]).toEqual([10, 1, 7]);
    expect(() => d10(random)).toThrow(/ran out/);
  });

  it("replays d6 faces", () => {
    const random = replayFaces([6, 1], 6);
    expect([d6(random), d6(random)]).toEqual([6, 1]);
  });

  it("rejects a face outside the die", () => {
    expect(() => replayFaces([11])).toThrow(/faces\[0\]/);
  });

  it("checks the number of sides even with no faces", () => {
    expect(() => replayFaces([], Number.NaN)).toThrow(/^sides must be an integer/);
    expect(() => replayFaces([], 1)).toThrow(/^sides must be between 2/);
  });
});
