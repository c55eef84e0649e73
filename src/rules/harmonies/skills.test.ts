import { describe, expect, it } from "vitest";
import { effectiveSkillLevel, qualifiesAs } from "./skills";

describe("effectiveSkillLevel", () => {
  it("floors: −3 in a métier, −7 in a hobby, −10 for a talent, −15 technical, −20 hermetic", () => {
    expect(effectiveSkillLevel(null, { metier: true })).toEqual({ level: -3, source: "metier" });
    expect(effectiveSkillLevel(null, { hobby: true })).toEqual({ level: -7, source: "hobby" });
    expect(effectiveSkillLevel(null, { talent: true })).toEqual({ level: -10, source: "talent" });
    expect(effectiveSkillLevel(null)).toEqual({ level: -15, source: "technical" });
    expect(effectiveSkillLevel(null, { hermetic: true })).toEqual({ level: -20, source: "hermetic" });
  });

  it("the best of the skill's own level and the applicable floors", () => {
    expect(effectiveSkillLevel(-12, { hobby: true })).toEqual({ level: -7, source: "hobby" });
    expect(effectiveSkillLevel(-5, { hobby: true })).toEqual({ level: -5, source: "own" });
    expect(effectiveSkillLevel(-9, { metier: true, hobby: true })).toEqual({ level: -3, source: "metier" });
    expect(effectiveSkillLevel(-18, { hermetic: true })).toEqual({ level: -18, source: "own" });
  });

  it("a skill learnt exactly to a floor is the skill's own level", () => {
    expect(effectiveSkillLevel(-3, { metier: true })).toEqual({ level: -3, source: "own" });
    expect(effectiveSkillLevel(-15)).toEqual({ level: -15, source: "own" });
    // Between floors that tie, the narrower cover names it: a talent before the technical floor.
    expect(effectiveSkillLevel(null, { talent: true }, { talentLevel: -15 })).toEqual({ level: -15, source: "talent" });
  });

  it("takes the floors as a parameter", () => {
    const skillFloors = { metier: -2, hobby: -6, technical: -12, hermetic: -18 };
    expect(effectiveSkillLevel(null, { metier: true }, { skillFloors })).toEqual({ level: -2, source: "metier" });
  });

  it("rejects a non-integer level", () => {
    expect(() => effectiveSkillLevel(-2.5)).toThrow(/^level/);
  });

  it("rejects bad floors and talent levels, naming them", () => {
    const skillFloors = { metier: Number.NaN, hobby: -7, technical: -15, hermetic: -20 };
    expect(() => effectiveSkillLevel(-5, { metier: true }, { skillFloors })).toThrow(
      /^options\.skillFloors\.metier must be an integer/,
    );
    expect(() => effectiveSkillLevel(-5, {}, { skillFloors })).toThrow(/^options\.skillFloors\.metier/);
    expect(() => effectiveSkillLevel(-5, { talent: true }, { talentLevel: 1.5 })).toThrow(
      /^options\.talentLevel must be an integer/,
    );
  });
});

describe("qualifiesAs", () => {
  it("[example] Chants and Mandoline at −5 make the hobby Barde (its skills then at least −7)", () => {
    expect(qualifiesAs("hobby", [-5, -10])).toBe(false);
    expect(qualifiesAs("hobby", [-5, -5])).toBe(true);
    expect(effectiveSkillLevel(-15, { hobby: true }).level).toBe(-7);
  });

  it("a métier needs at least 4 skills mastered at 0", () => {
    expect(qualifiesAs("metier", [0, 0, 0, -1])).toBe(false);
    expect(qualifiesAs("metier", [0, 0, 2, 0])).toBe(true);
  });

  it("rejects bad mastery levels and counts, naming them", () => {
    expect(() => qualifiesAs("hobby", [-5, -5], { mastery: { metier: 0, hobby: Number.NaN } })).toThrow(
      /^options\.mastery\.hobby must be an integer/,
    );
    expect(() => qualifiesAs("hobby", [-5, -5], { masteredSkills: { metier: 4, hobby: -1 } })).toThrow(
      /^options\.masteredSkills\.hobby/,
    );
  });
});
