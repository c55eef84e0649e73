import {
  at,
  requireArray,
  requireCount,
  requireInteger,
  requireObject,
  requireOneOf,
  requireOptions,
} from "../validate";
import { WUXIA_DEFAULTS, WUXIA_HERO_TYPES, type WuxiaCreationTable, type WuxiaHeroType } from "./defaults";
import type { WuxiaAttributes } from "./secondary";

/** The five Caractéristiques ranked at creation (RULES 1.2). */
export type WuxiaCategory = "attributes" | "skills" | "powers" | "traits" | "experience";
export const WUXIA_CATEGORIES: readonly WuxiaCategory[] = Object.freeze([
  "attributes",
  "skills",
  "powers",
  "traits",
  "experience",
]);

/** Priority 5 (highest) to 1 for each category, each priority used once. */
export type WuxiaPriorities = Record<WuxiaCategory, number>;

export interface WuxiaBudget {
  attributes: { points: number; maximum: number };
  skills: { points: number };
  powers: { points: number; heroType: WuxiaHeroType };
  traits: { count: number };
  experience: { points: number };
}

/** What each category's priority buys (RULES 1.2). */
export function wuxiaCreationBudget(
  priorities: WuxiaPriorities,
  options: { creation?: WuxiaCreationTable } = {},
): WuxiaBudget {
  requireObject("priorities", priorities);
  const table = requireObject(
    "options.creation",
    requireOptions("options", options).creation ?? WUXIA_DEFAULTS.creation,
  );
  const p = (c: WuxiaCategory) => requireInteger(`priorities.${c}`, priorities[c], 1, 5);
  // The table may be a GM's world setting: a missing or malformed entry is named as such.
  const row = (column: keyof WuxiaCreationTable, priority: number): unknown =>
    at(`options.creation.${column}`, requireArray<unknown>(`options.creation.${column}`, table[column]), priority - 1);
  const count = (column: Exclude<keyof WuxiaCreationTable, "heroType">, priority: number) =>
    requireCount(`options.creation.${column}[${priority - 1}]`, row(column, priority));
  const powers = p("powers");
  return {
    attributes: {
      points: count("attributePoints", p("attributes")),
      maximum: count("attributeMaximum", p("attributes")),
    },
    skills: { points: count("skillPoints", p("skills")) },
    powers: {
      points: count("powerPoints", powers),
      heroType: requireOneOf(
        `options.creation.heroType[${powers - 1}]`,
        row("heroType", powers) as WuxiaHeroType,
        WUXIA_HERO_TYPES,
      ),
    },
    traits: { count: count("traits", p("traits")) },
    experience: { points: count("experience", p("experience")) },
  };
}

export interface WuxiaCreationSheet {
  priorities: WuxiaPriorities;
  attributes: WuxiaAttributes;
  /** Levels of Métiers, Professions and hobbies (a specialisation has no level). */
  skillLevels: readonly number[];
  powerLevels: readonly number[];
  traits: number;
  experience: number;
  /** Checked against the type the Pouvoirs priority gives, when present. */
  heroType?: WuxiaHeroType;
  /**
   * The type of each power bought, when given: a general power is open to every hero, another
   * only to its own type (RULES 1.2: "general or sorcier powers").
   */
  powerTypes?: readonly (WuxiaHeroType | "General")[];
}

export type WuxiaCreationProblemCode =
  | "WH.Creation.PrioritiesNotPermutation"
  | "WH.Creation.OverBudget"
  | "WH.Creation.AboveMaximum"
  | "WH.Creation.BelowMinimum"
  | "WH.Creation.HeroTypeMismatch"
  | "WH.Creation.PowerOfOtherType";

export interface WuxiaCreationProblem {
  code: WuxiaCreationProblemCode;
  /** What is wrong, e.g. "attributes", "attributes.feu", "priorities". */
  field: string;
  spent?: number;
  limit?: number;
  message: string;
}

export interface WuxiaCreationCheck {
  valid: boolean;
  /** null when the priorities are not a ranking 1..5. */
  budget: WuxiaBudget | null;
  spent: { attributes: number; skills: number; powers: number; traits: number; experience: number };
  problems: WuxiaCreationProblem[];
}

const ATTRIBUTE_KEYS: readonly (keyof WuxiaAttributes)[] = ["metal", "feu", "terre", "eau", "bois"];

/**
 * Check a new character against its priorities: each category's points within its budget
 * (attributes, skill and power levels are bought one point per level), every attribute within
 * 1..maximum, and the hero type matching the Pouvoirs priority. Malformed numbers throw; rule
 * breaches are listed as problems saying what is over budget and by how much.
 */
export function validateWuxiaCreation(
  sheet: WuxiaCreationSheet,
  options: { creation?: WuxiaCreationTable } = {},
): WuxiaCreationCheck {
  requireObject("sheet", sheet);
  const given = requireObject("attributes", sheet.attributes);
  const attributes = ATTRIBUTE_KEYS.map((k) => requireInteger(`attributes.${k}`, given[k], 0, 100));
  const sum = (argument: string, levels: readonly number[]) =>
    requireArray(argument, levels).reduce(
      (total, level, i) => total + requireInteger(`${argument}[${i}]`, level, 0, 100),
      0,
    );
  const spent = {
    attributes: attributes.reduce((a, b) => a + b, 0),
    skills: sum("skillLevels", sheet.skillLevels),
    powers: sum("powerLevels", sheet.powerLevels),
    traits: requireCount("traits", sheet.traits),
    experience: requireCount("experience", sheet.experience),
  };
  const heroType =
    sheet.heroType === undefined ? undefined : requireOneOf("heroType", sheet.heroType, WUXIA_HERO_TYPES);
  const powerTypes =
    sheet.powerTypes === undefined
      ? []
      : requireArray("powerTypes", sheet.powerTypes).map((type, i) =>
          requireOneOf(`powerTypes[${i}]`, type, [...WUXIA_HERO_TYPES, "General"] as const),
        );
  requireOptions("options", options);
  const problems: WuxiaCreationProblem[] = [];

  const priorities = requireObject("priorities", sheet.priorities);
  const ranks = WUXIA_CATEGORIES.map((c) => requireInteger(`priorities.${c}`, priorities[c], 1, 5));
  if (new Set(ranks).size !== WUXIA_CATEGORIES.length) {
    problems.push({
      code: "WH.Creation.PrioritiesNotPermutation",
      field: "priorities",
      message: "each priority 1..5 must be used exactly once",
    });
    return { valid: false, budget: null, spent, problems };
  }

  const budget = wuxiaCreationBudget(priorities, options);
  const limits: Record<WuxiaCategory, number> = {
    attributes: budget.attributes.points,
    skills: budget.skills.points,
    powers: budget.powers.points,
    traits: budget.traits.count,
    experience: budget.experience.points,
  };
  for (const c of WUXIA_CATEGORIES) {
    if (spent[c] > limits[c]) {
      problems.push({
        code: "WH.Creation.OverBudget",
        field: c,
        spent: spent[c],
        limit: limits[c],
        message: `${c}: ${spent[c]} spent, ${limits[c]} allowed (${spent[c] - limits[c]} over)`,
      });
    }
  }
  ATTRIBUTE_KEYS.forEach((k, i) => {
    const value = attributes[i] ?? 0;
    if (value > budget.attributes.maximum) {
      problems.push({
        code: "WH.Creation.AboveMaximum",
        field: `attributes.${k}`,
        spent: value,
        limit: budget.attributes.maximum,
        message: `attributes.${k}: ${value} is above the maximum ${budget.attributes.maximum}`,
      });
    } else if (value < 1) {
      problems.push({
        code: "WH.Creation.BelowMinimum",
        field: `attributes.${k}`,
        spent: value,
        limit: 1,
        message: `attributes.${k}: ${value} is below the minimum 1`,
      });
    }
  });
  if (heroType !== undefined && heroType !== budget.powers.heroType) {
    problems.push({
      code: "WH.Creation.HeroTypeMismatch",
      field: "heroType",
      message: `heroType ${heroType} does not match the Pouvoirs priority (${budget.powers.heroType})`,
    });
  }
  powerTypes.forEach((type, i) => {
    if (type !== "General" && type !== budget.powers.heroType) {
      problems.push({
        code: "WH.Creation.PowerOfOtherType",
        field: `powers.${i}`,
        message: `powers[${i}] is a ${type} power; a ${budget.powers.heroType} buys general and ${budget.powers.heroType} powers only`,
      });
    }
  });
  return { valid: problems.length === 0, budget, spent, problems };
}
