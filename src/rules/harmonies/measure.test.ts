import { describe, expect, it } from "vitest";
import { MEASURE_TABLE, measureOf, measureRatio, valueOf } from "./measure";

describe("measureOf", () => {
  it("reproduces the table for +0..+29", () => {
    const rows = [0, 10, 20].map((decade) => Array.from({ length: 10 }, (_, i) => measureOf(decade + i)));
    expect(rows).toEqual([
      [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8],
      [10, 12.5, 15, 20, 25, 30, 40, 50, 60, 80],
      [100, 125, 150, 200, 250, 300, 400, 500, 600, 800],
    ]);
    expect(MEASURE_TABLE).toHaveLength(10);
  });

  it("is exact on whole Measures far up the scale: +41 is 12 500, +50 is 100 000", () => {
    expect(measureOf(41)).toBe(12_500);
    expect(measureOf(50)).toBe(100_000);
    expect(measureOf(98)).toBe(6e9);
  });

  it("covers negative Values: Measure(−3) = 0.5, Measure(−5) = 0.3, Measure(−10) = 0.1", () => {
    expect(measureOf(-3)).toBe(0.5);
    expect(measureOf(-5)).toBe(0.3);
    expect(measureOf(-10)).toBe(0.1);
    expect(measureOf(-21)).toBe(0.008);
  });

  it("[example] warrior Force +3 vs wizard −2: gap +5 → Measure 3, three times as strong", () => {
    expect(measureRatio(3, -2)).toBe(3);
  });

  it("rejects non-integers and Values beyond ±3000", () => {
    expect(() => measureOf(2.5)).toThrow(/^value must be an integer/);
    expect(() => measureOf(3001)).toThrow(/^value must be between -3000 and 3000/);
  });

  it("measureRatio names its own arguments when the gap is out of reach", () => {
    expect(() => measureRatio(2000, -2000)).toThrow(/^against must be between -1000 and 5000/);
    expect(() => measureRatio(Number.NaN, 0)).toThrow(/^value must be an integer/);
  });
});

describe("valueOf", () => {
  it("[example] 6000 = +38 (600 is +28)", () => {
    expect(valueOf(600)).toBe(28);
    expect(valueOf(6000)).toBe(38);
  });

  it("gives the nearest Value: 25 people → +14, 300 → +25, 3 → +5, 2 → +3, 1 → 0", () => {
    expect([25, 300, 3, 2, 1].map(valueOf)).toEqual([14, 25, 5, 3, 0]);
  });

  it("valueOf(measureOf(v)) === v for v in −60..60", () => {
    for (let v = -60; v <= 60; v++) expect(valueOf(measureOf(v)), `v = ${v}`).toBe(v);
  });

  it("throws a RangeError for m ≤ 0 or non-finite input", () => {
    expect(() => valueOf(0)).toThrow(RangeError);
    expect(() => valueOf(-2)).toThrow(/^measure must be greater than 0/);
    expect(() => valueOf(Number.NaN)).toThrow(/^measure must be a finite number/);
    expect(() => valueOf(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
