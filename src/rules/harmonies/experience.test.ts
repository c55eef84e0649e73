import { describe, expect, it } from "vitest";
import { attributeLevelCost, experienceFromDice, skillLevelCost } from "./experience";

describe("experience", () => {
  it("[example] −23 on the dice → 2 points; +20 → 1 point", () => {
    expect(experienceFromDice(-23)).toBe(2);
    expect(experienceFromDice(20)).toBe(1);
  });

  it("nothing for −10..+10; one point per full band of 10 beyond", () => {
    expect([-10, 0, 10, 11, 21, -11, -31].map(experienceFromDice)).toEqual([0, 0, 0, 1, 2, 1, 3]);
  });

  it("bands start past ±10, ±20, …: ±10 → 0, ±11 → 1, ±20 → 1, ±21 → 2", () => {
    expect([-21, -20, -11, -10, 10, 11, 20, 21].map(experienceFromDice)).toEqual([2, 1, 1, 0, 0, 1, 1, 2]);
  });

  it("[example] skill 0 → +1 costs Measure(+21) = 125; attribute −1 → 0 costs Measure(+30) = 1000", () => {
    expect(skillLevelCost(1)).toBe(125);
    expect(attributeLevelCost(0)).toBe(1000);
  });

  it("takes the cost offsets as parameters", () => {
    expect(skillLevelCost(1, { skillCostOffset: 10 })).toBe(12.5);
    expect(attributeLevelCost(0, { attributeCostOffset: 20 })).toBe(100);
  });

  it("rejects non-integers", () => {
    expect(() => experienceFromDice(2.5)).toThrow(/^dice/);
    expect(() => skillLevelCost(Number.NaN)).toThrow(/^level/);
  });

  it("names the level or the offset, not the Measure's argument, when the cost is out of reach", () => {
    expect(() => skillLevelCost(1, { skillCostOffset: Number.NaN })).toThrow(
      /^options\.skillCostOffset must be an integer/,
    );
    expect(() => attributeLevelCost(0, { attributeCostOffset: 0.5 })).toThrow(
      /^options\.attributeCostOffset must be an integer/,
    );
    expect(() => skillLevelCost(5000)).toThrow(/^level must be between -3020 and 2980/);
    expect(() => attributeLevelCost(-1e9)).toThrow(/^level must be between/);
  });
});

describe("buyLevel", () => {
  it("buys with exactly the XP the level costs, none left; one short buys nothing", async () => {
    const { buyLevel, skillLevelCost } = await import("./experience");
    expect(buyLevel({ level: 0, xp: 125 }, skillLevelCost(1))).toEqual({ level: 1, xp: 0 });
    expect(buyLevel({ level: 0, xp: 124 }, skillLevelCost(1))).toBeNull();
    // A cost under a whole point takes the next whole point: 3.2 costs 4.
    expect(buyLevel({ level: -16, xp: 4 }, 3.2)).toEqual({ level: -15, xp: 0 });
    expect(buyLevel({ level: -16, xp: 3 }, 3.2)).toBeNull();
    expect(skillLevelCost(-19)).toBe(1.25);
    expect(buyLevel({ level: -20, xp: 2 }, skillLevelCost(-19))).toEqual({ level: -19, xp: 0 });
  });
});
