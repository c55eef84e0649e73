import { requireInteger } from "../validate";
import { wuxiaOdds } from "./odds";

/** The Attributes and thresholds (SR − Compétence) the Wuxia text's lost tables covered. */
export const ODDS_TABLE_ATTRIBUTES: readonly number[] = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
export const ODDS_TABLE_THRESHOLDS: readonly number[] = Object.freeze([2, 3, 4, 5, 6, 7, 8, 9, 10]);
/** Specialisation rerolls run from none to 3 (RULES 1.3). */
const MAX_TABLE_REROLLS = 3;

export interface WuxiaOddsTable {
  rerolls: number;
  attributes: readonly number[];
  thresholds: readonly number[];
  /** cells[a][t]: the odds of Attribute attributes[a] against threshold thresholds[t]. */
  cells: { success: number; critical: number }[][];
  /**
   * For each threshold, the Attribute with the highest chance of a critical failure: above the
   * smallest Attribute where that chance first rises with the Attribute and then falls (the Wuxia
   * text's remark, for thresholds of 7 and more); null where it only falls.
   */
  criticalPeak: (number | null)[];
}

/**
 * Exact P(success) and P(critical failure) of a Wuxia test (RULES 1.3) for every Attribute 1–10
 * and threshold 2–10, with 0 to 3 specialisation rerolls: the tables the Wuxia text describes.
 */
export function wuxiaOddsTable(rerolls = 0): WuxiaOddsTable {
  const k = requireInteger("rerolls", rerolls, 0, MAX_TABLE_REROLLS);
  const cells = ODDS_TABLE_ATTRIBUTES.map((dice) =>
    ODDS_TABLE_THRESHOLDS.map((threshold) => {
      const { success, critical } = wuxiaOdds(dice, threshold, { rerolls: Math.min(k, dice) });
      return { success, critical };
    }),
  );
  const criticalPeak = ODDS_TABLE_THRESHOLDS.map((_, t) => {
    const column = cells.map((row) => row[t]?.critical ?? 0);
    const peak = column.indexOf(Math.max(...column));
    return peak > 0 ? (ODDS_TABLE_ATTRIBUTES[peak] ?? null) : null;
  });
  return { rerolls: k, attributes: ODDS_TABLE_ATTRIBUTES, thresholds: ODDS_TABLE_THRESHOLDS, cells, criticalPeak };
}
