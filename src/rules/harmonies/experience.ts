import { requireFinite, requireInteger, requireOptions } from "../validate";
import { HARMONIES_DEFAULTS } from "./defaults";
import { MAX_VALUE, measureOf } from "./measure";

/**
 * XP from the dice alone (RULES 2.7): every full band of 10 beyond ±10;
 * 0 for −10..+10, else floor((|dice| − 1) / 10).
 */
export function experienceFromDice(dice: number): number {
  const a = Math.abs(requireInteger("dice", dice));
  return a <= 10 ? 0 : Math.floor((a - 1) / 10);
}

/** Measure(level + offset), the offset checked and the level bounded so the Measure stays in reach. */
function levelCost(level: number, offset: number, offsetArgument: string): number {
  const o = requireInteger(offsetArgument, offset, -MAX_VALUE, MAX_VALUE);
  return measureOf(requireInteger("level", level, -MAX_VALUE - o, MAX_VALUE - o) + o);
}

/** XP to raise a skill to `level`: Measure(level + 20). */
export function skillLevelCost(level: number, options: { skillCostOffset?: number } = {}): number {
  return levelCost(
    level,
    requireOptions("options", options).skillCostOffset ?? HARMONIES_DEFAULTS.skillCostOffset,
    "options.skillCostOffset",
  );
}

/** XP to raise an attribute (race bonus excluded) to `level`: Measure(level + 30). */
export function attributeLevelCost(level: number, options: { attributeCostOffset?: number } = {}): number {
  return levelCost(
    level,
    requireOptions("options", options).attributeCostOffset ?? HARMONIES_DEFAULTS.attributeCostOffset,
    "options.attributeCostOffset",
  );
}

/** A level and the XP held in it, as the sheet keeps them (RULES 2.7). */
export interface LevelHolding {
  level: number;
  xp: number;
}

/**
 * One level bought with the XP held: the next level, the remainder kept. Null when the XP does
 * not reach `cost` (the cost of the next level, skillLevelCost or attributeLevelCost of it).
 * [default] XP are whole points: a Measure below a whole number (the levels under −10) costs
 * the next whole point (Measure 3.2 costs 4).
 */
export function buyLevel(holding: LevelHolding, cost: number): LevelHolding | null {
  const h = requireOptions("holding", holding);
  const level = requireInteger("holding.level", h.level, -MAX_VALUE, MAX_VALUE - 1);
  const xp = requireInteger("holding.xp", h.xp, 0);
  const price = Math.ceil(requireFinite("cost", cost, Number.MIN_VALUE));
  return xp < price ? null : { level: level + 1, xp: xp - price };
}
