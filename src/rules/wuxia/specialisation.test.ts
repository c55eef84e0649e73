import { describe, expect, it } from "vitest";
import { WUXIA_DEFAULTS } from "./defaults";
import { narrowSkillUse, specialisationRerolls } from "./specialisation";

describe("specialisationRerolls", () => {
  it("[default] k = 1 for levels 1–3, 2 for 4–6, 3 for 7–10", () => {
    expect(Array.from({ length: 10 }, (_, i) => specialisationRerolls(i + 1))).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 3]);
  });

  it("takes the bands as a parameter", () => {
    const rerollBands = [
      { fromLevel: 1, rerolls: 1 },
      { fromLevel: 6, rerolls: 3 },
    ];
    expect(specialisationRerolls(5, { rerollBands })).toBe(1);
    expect(specialisationRerolls(6, { rerollBands })).toBe(3);
    expect(WUXIA_DEFAULTS.rerollBands).toHaveLength(3);
  });

  it("rejects levels outside 1..10 and bands that leave a level uncovered", () => {
    expect(() => specialisationRerolls(0)).toThrow(/^skillLevel must be between 1 and 10/);
    expect(() => specialisationRerolls(11)).toThrow(/^skillLevel/);
    expect(() => specialisationRerolls(2.5)).toThrow(/^skillLevel must be an integer/);
    expect(() => specialisationRerolls(2, { rerollBands: [{ fromLevel: 4, rerolls: 2 }] })).toThrow(
      /^options\.rerollBands/,
    );
  });

  it("takes the band with the highest fromLevel reached, whatever the order of the list", () => {
    const rerollBands = [
      { fromLevel: 7, rerolls: 3 },
      { fromLevel: 1, rerolls: 1 },
      { fromLevel: 4, rerolls: 2 },
    ];
    expect([1, 4, 8].map((level) => specialisationRerolls(level, { rerollBands }))).toEqual([1, 2, 3]);
  });

  it("rejects malformed bands, naming the entry", () => {
    const band = (fromLevel: number, rerolls: number) => ({ rerollBands: [{ fromLevel, rerolls }] });
    expect(() => specialisationRerolls(3, band(1, Number.NaN))).toThrow(
      /^options\.rerollBands\[0\]\.rerolls must be an integer/,
    );
    expect(() => specialisationRerolls(3, band(1, -1))).toThrow(
      /^options\.rerollBands\[0\]\.rerolls must be between 0/,
    );
    expect(() => specialisationRerolls(3, band(1, 1.5))).toThrow(/^options\.rerollBands\[0\]\.rerolls/);
    expect(() => specialisationRerolls(3, band(0.5, 1))).toThrow(
      /^options\.rerollBands\[0\]\.fromLevel must be an integer/,
    );
  });
});

describe("narrowSkillUse", () => {
  it("Tir à l'arc with the Métier Chasseur is a specialisation: Chasseur's level, and rerolls", () => {
    expect(narrowSkillUse(5, null)).toEqual({ kind: "specialisation", competence: 5, rerolls: 2 });
  });

  it("Tir à l'arc without Chasseur is a hobby: its own level, no reroll", () => {
    expect(narrowSkillUse(null, 3)).toEqual({ kind: "hobby", competence: 3, rerolls: 0 });
  });

  it("a hobby needs its own level", () => {
    expect(() => narrowSkillUse(null, null)).toThrow(/^hobbyLevel/);
  });
});
