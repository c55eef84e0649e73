import { requireInteger } from "../validate";
import { HARMONIES_DEFAULTS } from "./defaults";
import { measureOf } from "./measure";

/**
 * XP from the dice alone (RULES 2.7): every full band of 10 beyond ±10;
 * 0 for −10..+10, else floor((|dice| − 1) / 10).
 */
export function experienceFromDice(dice: number): number {
  const a = Math.abs(requireInteger("dice", dice));
  return a <= 10 ? 0 : Math.floor((a - 1) / 10);
}

/** XP to raise a skill to `level`: Measure(level + 20). */
export function skillLevelCost(level: number, options: { skillCostOffset?: number } = {}): number {
  return measureOf(requireInteger("level", level) + (options.skillCostOffset ?? HARMONIES_DEFAULTS.skillCostOffset));
}

/** XP to raise an attribute (race bonus excluded) to `level`: Measure(level + 30). */
export function attributeLevelCost(level: number, options: { attributeCostOffset?: number } = {}): number {
  return measureOf(requireInteger("level", level) + (options.attributeCostOffset ?? HARMONIES_DEFAULTS.attributeCostOffset));
}
