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
    expect(() => specialisationRerolls(2, { rerollBands: [{ fromLevel: 4, rerolls: 2 }] })).toThrow(/^options\.rerollBands/);
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
