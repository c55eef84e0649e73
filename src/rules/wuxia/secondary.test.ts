import { describe, expect, it } from "vitest";
import { chiReserve, deathThreshold, panicStatus, panicThresholds, woundStatus, woundThresholds } from "./secondary";

describe("deathThreshold and chiReserve", () => {
  it("death threshold = (2 × Métal + Eau) × 3", () => {
    expect(deathThreshold(3, 4)).toBe(30);
    expect(deathThreshold(1, 1)).toBe(9);
  });

  it("chi reserve = floor(sum of the five attributes / 2)", () => {
    expect(chiReserve({ metal: 3, feu: 4, terre: 5, eau: 4, bois: 3 })).toBe(9);
    expect(chiReserve({ metal: 3, feu: 4, terre: 5, eau: 4, bois: 4 })).toBe(10);
  });

  it("reject bad attributes, naming them", () => {
    expect(() => deathThreshold(-1, 3)).toThrow(/^metal/);
    expect(() => deathThreshold(3, 2.5)).toThrow(/^eau must be an integer/);
    expect(() => chiReserve({ metal: 3, feu: 4, terre: Number.NaN, eau: 4, bois: 3 })).toThrow(/^attributes\.terre/);
  });
});

describe("wound thresholds", () => {
  it("[default] penalties at ¼, ½, ¾ of the death threshold, rounded down", () => {
    expect(woundThresholds(3, 4)).toEqual([7, 15, 22]);
  });

  it("[default] each threshold adds +1 to every SR; NB ≥ death threshold is death", () => {
    const at = (nb: number) => woundStatus(nb, 3, 4);
    expect([6, 7, 14, 15, 22, 29].map((nb) => at(nb).penalty)).toEqual([0, 1, 1, 2, 3, 3]);
    expect(at(29).dead).toBe(false);
    expect(at(30)).toEqual({ deathThreshold: 30, thresholds: [7, 15, 22], penalty: 3, dead: true });
  });

  it("takes the fractions and penalties as parameters", () => {
    const options = { woundFractions: [0.5], woundPenalties: [2] };
    expect(woundStatus(15, 3, 4, options)).toMatchObject({ thresholds: [15], penalty: 2 });
  });

  it("rejects a negative or fractional NB", () => {
    expect(() => woundStatus(-1, 3, 4)).toThrow(/^nb/);
    expect(() => woundStatus(1.5, 3, 4)).toThrow(/^nb must be an integer/);
  });

  it("rejects bad fractions and penalties even before they are reached, naming them", () => {
    expect(() => woundStatus(0, 3, 4, { woundPenalties: [1, Number.NaN, 3] })).toThrow(
      /^options\.woundPenalties\[1\] must be an integer/,
    );
    expect(() => woundStatus(0, 3, 4, { woundPenalties: [1, 2] })).toThrow(/^options\.woundPenalties/);
    expect(() => woundStatus(0, 3, 4, { woundPenalties: [1, 1.5, 3] })).toThrow(/^options\.woundPenalties\[1\]/);
    expect(() => woundThresholds(3, 4, { woundFractions: [-0.25] })).toThrow(
      /^options\.woundFractions\[0\] must be between 0/,
    );
  });
});

describe("panic thresholds", () => {
  it("[default] thresholds at 2×, 4×, 6× Eau: +1, +2 to SR, then must flee", () => {
    expect(panicThresholds(3)).toEqual([6, 12, 18]);
    expect([5, 6, 12, 17].map((level) => panicStatus(level, 3).penalty)).toEqual([0, 1, 2, 2]);
    expect(panicStatus(17, 3).mustFlee).toBe(false);
    expect(panicStatus(18, 3)).toEqual({ thresholds: [6, 12, 18], penalty: 2, mustFlee: true });
  });

  it("takes the multipliers and penalties as parameters", () => {
    expect(panicStatus(9, 3, { panicMultipliers: [3, 5], panicPenalties: [2] })).toEqual({
      thresholds: [9, 15],
      penalty: 2,
      mustFlee: false,
    });
  });

  it("rejects a bad level", () => {
    expect(() => panicStatus(-2, 3)).toThrow(/^level/);
  });

  it("rejects bad multipliers and penalties even before they are reached, naming them", () => {
    expect(() => panicStatus(0, 3, { panicPenalties: [1, Number.POSITIVE_INFINITY] })).toThrow(
      /^options\.panicPenalties\[1\] must be an integer/,
    );
    expect(() => panicStatus(0, 3, { panicPenalties: [1] })).toThrow(/^options\.panicPenalties/);
    expect(() => panicThresholds(3, { panicMultipliers: [2, -4, 6] })).toThrow(
      /^options\.panicMultipliers\[1\] must be between 0/,
    );
  });
});

describe("the secondary values' refusals name what is wrong", () => {
  const argument = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { details?: { argument?: string } }).details?.argument;
    }
    return "accepted";
  };
  const five = { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 };

  it("names the Attribute at fault in a chi reserve, and the options of a wound or panic status", () => {
    for (const key of Object.keys(five) as (keyof typeof five)[])
      expect(argument(() => chiReserve({ ...five, [key]: -1 }))).toBe(`attributes.${key}`);
    expect(argument(() => chiReserve(five))).toBe("accepted");
    expect(argument(() => woundStatus(0, 2, 2, 5 as never))).toBe("options");
    expect(argument(() => panicStatus(0, 2, 5 as never))).toBe("options");
  });
});
