import { describe, expect, it } from "vitest";
import { validateWuxiaCreation, wuxiaCreationBudget, type WuxiaCreationSheet } from "./creation";
import { WUXIA_DEFAULTS, type WuxiaCreationTable, type WuxiaHeroType } from "./defaults";

const priorities = { attributes: 5, powers: 1, skills: 4, traits: 2, experience: 3 };

describe("wuxiaCreationBudget", () => {
  it("Attributs priority 5 → 30 points, maximum 8; Pouvoirs priority 1 → 20 points, Guerrier", () => {
    const budget = wuxiaCreationBudget(priorities);
    expect(budget.attributes).toEqual({ points: 30, maximum: 8 });
    expect(budget.powers).toEqual({ points: 20, heroType: "Guerrier" });
  });

  it("Attributs priority 1 → 18 points, maximum 5; Pouvoirs priority 5 → 60 points, Sorcier", () => {
    const budget = wuxiaCreationBudget({ attributes: 1, powers: 5, skills: 4, traits: 2, experience: 3 });
    expect(budget.attributes).toEqual({ points: 18, maximum: 5 });
    expect(budget.powers).toEqual({ points: 60, heroType: "Sorcier" });
  });

  it("[default] the middle priorities are linear: 21/24/27 points, maxima 6/6/7", () => {
    const at = (attributes: number) => wuxiaCreationBudget({ ...priorities, attributes }).attributes;
    expect([2, 3, 4].map(at)).toEqual([
      { points: 21, maximum: 6 },
      { points: 24, maximum: 6 },
      { points: 27, maximum: 7 },
    ]);
  });

  it("[default] every priority of RULES 1.2: skills 20..60, powers 20..60 with their hero type, 1..5 traits, 0..20 XP", () => {
    const byPriority = [1, 2, 3, 4, 5].map((p) =>
      wuxiaCreationBudget({ attributes: p, skills: p, powers: p, traits: p, experience: p }),
    );
    expect(byPriority.map((b) => b.attributes)).toEqual(
      [18, 21, 24, 27, 30].map((points, i) => ({ points, maximum: [5, 6, 6, 7, 8][i] })),
    );
    expect(byPriority.map((b) => b.skills.points)).toEqual([20, 30, 40, 50, 60]);
    expect(byPriority.map((b) => b.powers)).toEqual([
      { points: 20, heroType: "Guerrier" },
      { points: 30, heroType: "Chevalier" },
      { points: 40, heroType: "Moine" },
      { points: 50, heroType: "Assassin" },
      { points: 60, heroType: "Sorcier" },
    ]);
    expect(byPriority.map((b) => b.traits.count)).toEqual([1, 2, 3, 4, 5]);
    expect(byPriority.map((b) => b.experience.points)).toEqual([0, 5, 10, 15, 20]);
  });

  it("rejects a priority outside 1..5", () => {
    expect(() => wuxiaCreationBudget({ ...priorities, skills: 6 })).toThrow(/^priorities\.skills/);
  });

  it("rejects a malformed creation table, naming the entry rather than the priority", () => {
    const table = (change: Partial<WuxiaCreationTable>) => ({ creation: { ...WUXIA_DEFAULTS.creation, ...change } });
    expect(() => wuxiaCreationBudget(priorities, table({ attributePoints: [18, 21, 24, 27, Number.NaN] }))).toThrow(
      /^options\.creation\.attributePoints\[4\] must be an integer/,
    );
    expect(() => wuxiaCreationBudget(priorities, table({ skillPoints: [20, 30, 40] }))).toThrow(
      /^options\.creation\.skillPoints has no entry 3/,
    );
    expect(() => wuxiaCreationBudget(priorities, table({ experience: [0, 5, -10, 15, 20] }))).toThrow(
      /^options\.creation\.experience\[2\]/,
    );
    expect(() =>
      wuxiaCreationBudget(
        priorities,
        table({ heroType: ["Guerrier", "Chevalier", "Moine", "Assassin", "Mage" as WuxiaHeroType] }),
      ),
    ).not.toThrow();
    expect(() =>
      wuxiaCreationBudget(
        { ...priorities, powers: 5 },
        table({ heroType: ["Guerrier", "Chevalier", "Moine", "Assassin", "Mage" as WuxiaHeroType] }),
      ),
    ).toThrow(/^options\.creation\.heroType\[4\] must be one of/);
  });
});

describe("validateWuxiaCreation", () => {
  const sheet: WuxiaCreationSheet = {
    priorities,
    attributes: { metal: 8, feu: 7, terre: 6, eau: 5, bois: 4 },
    skillLevels: [5, 5, 4, 4, 3, 3, 2, 2, 2, 2, 3, 3, 3, 4, 5],
    powerLevels: [5, 5, 5, 5],
    traits: 2,
    experience: 10,
    heroType: "Guerrier",
  };

  it("accepts a sheet within every budget", () => {
    const check = validateWuxiaCreation(sheet);
    expect(check.problems).toEqual([]);
    expect(check.valid).toBe(true);
    expect(check.spent).toEqual({ attributes: 30, skills: 50, powers: 20, traits: 2, experience: 10 });
  });

  it("explains what is over budget and by how much", () => {
    const check = validateWuxiaCreation({
      ...sheet,
      attributes: { ...sheet.attributes, bois: 6 },
      powerLevels: [5, 5, 5, 6],
    });
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({
        code: "WH.Creation.OverBudget",
        field: "attributes",
        spent: 32,
        limit: 30,
        message: "attributes: 32 spent, 30 allowed (2 over)",
      }),
      expect.objectContaining({ code: "WH.Creation.OverBudget", field: "powers", spent: 21, limit: 20 }),
    ]);
  });

  it("flags an attribute above the priority's maximum or below 1", () => {
    const check = validateWuxiaCreation({
      ...sheet,
      priorities: { ...priorities, attributes: 1, powers: 5 },
      attributes: { metal: 6, feu: 0, terre: 4, eau: 4, bois: 4 },
      heroType: "Sorcier",
    });
    expect(check.problems.map((p) => [p.code, p.field])).toEqual([
      ["WH.Creation.AboveMaximum", "attributes.metal"],
      ["WH.Creation.BelowMinimum", "attributes.feu"],
    ]);
  });

  it("flags a hero type that the Pouvoirs priority does not give", () => {
    const check = validateWuxiaCreation({ ...sheet, heroType: "Sorcier" });
    expect(check.problems).toEqual([
      expect.objectContaining({ code: "WH.Creation.HeroTypeMismatch", field: "heroType" }),
    ]);
  });

  it("flags a power of another hero type; general powers and the hero's own are open (Guerrier: Kiai, Bond du tigre)", () => {
    const check = validateWuxiaCreation({ ...sheet, powerTypes: ["Guerrier", "General", "Sorcier"] });
    expect(check.problems).toEqual([
      {
        code: "WH.Creation.PowerOfOtherType",
        field: "powers.2",
        message: "powers[2] is a Sorcier power; a Guerrier buys general and Guerrier powers only",
      },
    ]);
  });

  it("flags priorities that are not a ranking 1..5", () => {
    const check = validateWuxiaCreation({ ...sheet, priorities: { ...priorities, traits: 5 } });
    expect(check.budget).toBeNull();
    expect(check.problems).toEqual([expect.objectContaining({ code: "WH.Creation.PrioritiesNotPermutation" })]);
  });

  it("throws on malformed numbers rather than report them", () => {
    expect(() => validateWuxiaCreation({ ...sheet, skillLevels: [1, 2.5] })).toThrow(
      /^skillLevels\[1\] must be an integer/,
    );
    expect(() => validateWuxiaCreation({ ...sheet, traits: -1 })).toThrow(/^traits/);
  });
});
