import { describe, expect, it } from "vitest";
import { RulesError } from "../errors";
import { validateWuxiaCreation, wuxiaCreationBudget, type WuxiaCreationSheet } from "./creation";
import { WUXIA_DEFAULTS, type WuxiaCreationTable } from "./defaults";

/**
 * The creation check at its limits (RULES 1.2): what sits exactly on a budget or a bound is
 * accepted, one point past it is a problem that says what, where and by how much, and a world's
 * own creation table is the one the sheet is checked against.
 */

const priorities = { attributes: 5, powers: 1, skills: 4, traits: 2, experience: 3 };
/** Exactly on every budget of those priorities: 30 attribute points (max 8), 50 skill, 20 power, 2 traits, 10 XP. */
const onBudget: WuxiaCreationSheet = {
  priorities,
  attributes: { metal: 8, feu: 8, terre: 6, eau: 7, bois: 1 },
  skillLevels: [10, 10, 10, 10, 10],
  powerLevels: [10, 10],
  traits: 2,
  experience: 10,
  heroType: "Guerrier",
};

function rulesError(action: () => unknown): RulesError {
  try {
    action();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error("no RulesError was thrown");
}

describe("validateWuxiaCreation at its limits", () => {
  it("accepts a sheet exactly on every budget, an attribute at the maximum and one at 1", () => {
    expect(validateWuxiaCreation(onBudget)).toEqual({
      valid: true,
      budget: wuxiaCreationBudget(priorities),
      spent: { attributes: 30, skills: 50, powers: 20, traits: 2, experience: 10 },
      problems: [],
    });
  });

  it("one point over in each category: each named, with what was spent, what is allowed and the excess", () => {
    const check = validateWuxiaCreation({
      ...onBudget,
      attributes: { ...onBudget.attributes, bois: 2 },
      skillLevels: [...onBudget.skillLevels, 1],
      powerLevels: [...onBudget.powerLevels, 1],
      traits: 3,
      experience: 11,
    });
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual(
      (
        [
          ["attributes", 31, 30],
          ["skills", 51, 50],
          ["powers", 21, 20],
          ["traits", 3, 2],
          ["experience", 11, 10],
        ] as const
      ).map(([field, spent, limit]) => ({
        code: "WH.Creation.OverBudget",
        field,
        spent,
        limit,
        message: `${field}: ${spent} spent, ${limit} allowed (1 over)`,
      })),
    );
  });

  it("an attribute one above the maximum or at 0: the attribute named, its value and the bound", () => {
    const check = validateWuxiaCreation({
      ...onBudget,
      attributes: { metal: 9, feu: 8, terre: 6, eau: 7, bois: 0 },
    });
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual([
      {
        code: "WH.Creation.AboveMaximum",
        field: "attributes.metal",
        spent: 9,
        limit: 8,
        message: "attributes.metal: 9 is above the maximum 8",
      },
      {
        code: "WH.Creation.BelowMinimum",
        field: "attributes.bois",
        spent: 0,
        limit: 1,
        message: "attributes.bois: 0 is below the minimum 1",
      },
    ]);
  });

  it("a hero type the Pouvoirs priority does not give: both types named; no hero type given, nothing to match", () => {
    const check = validateWuxiaCreation({ ...onBudget, heroType: "Moine" });
    expect(check).toMatchObject({ valid: false, budget: { powers: { heroType: "Guerrier" } } });
    expect(check.problems).toEqual([
      {
        code: "WH.Creation.HeroTypeMismatch",
        field: "heroType",
        message: "heroType Moine does not match the Pouvoirs priority (Guerrier)",
      },
    ]);
    const { heroType: _omitted, ...withoutType } = onBudget;
    expect(validateWuxiaCreation(withoutType).valid).toBe(true);
  });

  it("priorities that are not a ranking: invalid, no budget, the points spent still counted, nothing else checked", () => {
    const check = validateWuxiaCreation({
      ...onBudget,
      priorities: { ...priorities, traits: 1 },
      attributes: { metal: 30, feu: 0, terre: 1, eau: 1, bois: 1 },
    });
    expect(check).toEqual({
      valid: false,
      budget: null,
      spent: { attributes: 33, skills: 50, powers: 20, traits: 2, experience: 10 },
      problems: [
        {
          code: "WH.Creation.PrioritiesNotPermutation",
          field: "priorities",
          message: "each priority 1..5 must be used exactly once",
        },
      ],
    });
  });

  it("checks the sheet against the world's creation table when one is given", () => {
    const creation: WuxiaCreationTable = {
      ...WUXIA_DEFAULTS.creation,
      attributePoints: [18, 21, 24, 27, 29],
      attributeMaximum: [5, 6, 6, 7, 7],
    };
    const check = validateWuxiaCreation(onBudget, { creation });
    expect(check.problems.map((p) => [p.code, p.field, p.spent, p.limit])).toEqual([
      ["WH.Creation.OverBudget", "attributes", 30, 29],
      ["WH.Creation.AboveMaximum", "attributes.metal", 8, 7],
      ["WH.Creation.AboveMaximum", "attributes.feu", 8, 7],
    ]);
    expect(check.budget).toEqual(wuxiaCreationBudget(priorities, { creation }));
  });
});

describe("validateWuxiaCreation refuses what is not a sheet, naming the argument", () => {
  const cases: [string, () => unknown, string][] = [
    [
      "an attribute above 100",
      () => validateWuxiaCreation({ ...onBudget, attributes: { ...onBudget.attributes, feu: 101 } }),
      "attributes.feu",
    ],
    [
      "a negative attribute",
      () => validateWuxiaCreation({ ...onBudget, attributes: { ...onBudget.attributes, eau: -1 } }),
      "attributes.eau",
    ],
    [
      "a missing attribute",
      () => validateWuxiaCreation({ ...onBudget, attributes: { ...onBudget.attributes, metal: undefined as never } }),
      "attributes.metal",
    ],
    ["no attributes", () => validateWuxiaCreation({ ...onBudget, attributes: null as never }), "attributes"],
    ["a skill level above 100", () => validateWuxiaCreation({ ...onBudget, skillLevels: [1, 101] }), "skillLevels[1]"],
    ["a negative power level", () => validateWuxiaCreation({ ...onBudget, powerLevels: [-1] }), "powerLevels[0]"],
    [
      "power levels that are not a list",
      () => validateWuxiaCreation({ ...onBudget, powerLevels: 3 as never }),
      "powerLevels",
    ],
    ["a fractional experience", () => validateWuxiaCreation({ ...onBudget, experience: 1.5 }), "experience"],
    ["an unknown hero type", () => validateWuxiaCreation({ ...onBudget, heroType: "Mage" as never }), "heroType"],
    [
      "a priority of 0",
      () => validateWuxiaCreation({ ...onBudget, priorities: { ...priorities, powers: 0 } }),
      "priorities.powers",
    ],
    ["no priorities", () => validateWuxiaCreation({ ...onBudget, priorities: null as never }), "priorities"],
    ["options that are not an object", () => validateWuxiaCreation(onBudget, 3 as never), "options"],
    [
      "options that are not an object, with priorities that are not a ranking",
      () => validateWuxiaCreation({ ...onBudget, priorities: { ...priorities, traits: 1 } }, [] as never),
      "options",
    ],
    ["no sheet", () => validateWuxiaCreation(null as never), "sheet"],
  ];
  it.each(cases)("%s", (_what, action, argument) => {
    const error = rulesError(action);
    expect(error.details.argument).toBe(argument);
    expect(error.message.startsWith(`${argument} `)).toBe(true);
  });
});

describe("wuxiaCreationBudget refuses what is not a ranking or a table, naming the argument", () => {
  const table = (change: Record<string, unknown>) => ({ creation: { ...WUXIA_DEFAULTS.creation, ...change } as never });
  const cases: [string, () => unknown, string][] = [
    ["no priorities", () => wuxiaCreationBudget(null as never), "priorities"],
    [
      "a priority missing",
      () => wuxiaCreationBudget({ ...priorities, traits: undefined as never }),
      "priorities.traits",
    ],
    ["options that are not an object", () => wuxiaCreationBudget(priorities, "table" as never), "options"],
    [
      "a table that is not an object",
      () => wuxiaCreationBudget(priorities, { creation: 5 as never }),
      "options.creation",
    ],
    [
      "a column that is not a list",
      () => wuxiaCreationBudget(priorities, table({ traits: 2 })),
      "options.creation.traits",
    ],
    [
      "a maximum that is not a count",
      () => wuxiaCreationBudget(priorities, table({ attributeMaximum: [5, 6, 6, 7, -8] })),
      "options.creation.attributeMaximum[4]",
    ],
    [
      "a hero type column that is not a list",
      () => wuxiaCreationBudget(priorities, table({ heroType: "Guerrier" })),
      "options.creation.heroType",
    ],
  ];
  it.each(cases)("%s", (_what, action, argument) => {
    const error = rulesError(action);
    expect(error.details.argument).toBe(argument);
    expect(error.message.startsWith(`${argument} `)).toBe(true);
  });
});
