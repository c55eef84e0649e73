import { requireInteger } from "../validate";
import { harmoniesOdds } from "./odds";

/** The book's rules of thumb (RULES 2.4): the chance it gives for a final modifier. */
export const HARMONIES_RULES_OF_THUMB: Readonly<Record<number, number>> = Object.freeze({
  [-10]: 0.05,
  [-5]: 0.15,
  [-3]: 0.25,
  0: 0.5,
  3: 0.75,
  5: 0.85,
  10: 0.95,
});

export interface HarmoniesOddsRow {
  modifier: number;
  closed: number;
  open: number;
  /** The book's figure for this modifier, where it gives one. */
  book: number | null;
}

/** Exact P(success) of a difference roll (RULES 2.4), closed and open, for each final modifier from `from` to `to`. */
export function harmoniesOddsTable(from = -12, to = 12): HarmoniesOddsRow[] {
  const low = requireInteger("from", from, -100, 100);
  const high = requireInteger("to", to, low, 100);
  const rows: HarmoniesOddsRow[] = [];
  for (let modifier = low; modifier <= high; modifier++) {
    rows.push({
      modifier,
      closed: harmoniesOdds(modifier),
      open: harmoniesOdds(modifier, { open: true }),
      book: HARMONIES_RULES_OF_THUMB[modifier] ?? null,
    });
  }
  return rows;
}
