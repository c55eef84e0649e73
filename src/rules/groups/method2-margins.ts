import { openOption } from "../harmonies/difference-roll";
import { differenceAtLeast, differencePmf } from "../harmonies/odds";
import { measureOf, valueOf } from "../harmonies/measure";
import { at, requireCount, requireInteger, requireOneOf } from "../validate";
import { centreOutOrder, largestRemainder } from "./apportion";
import { GROUP_DEFAULTS } from "./defaults";

export interface MarginCount {
  margin: number;
  count: number;
}

export type GroupMarginMode = "book" | "exact";
const MODES: readonly GroupMarginMode[] = ["book", "exact"];

export interface GroupMarginOptions {
  /** Exact mode only: apportion by the open roll's distribution instead of the closed one. */
  open?: boolean;
}

/** Points subtracted from Value(size) for members exactly `gap` points from the group's margin (RULES 3.3). */
export const BOOK_EXACT_GAP: readonly number[] = Object.freeze([-10, -10.5, -11, -11.5, -12, -13, -14, -15, -17, -20]);
/**
 * Points subtracted for members `gap` points away or more, on one side: the book's shortcut for
 * counting "margin T or better", which the system does not read (see groupCountAtLeast).
 */
export const BOOK_GAP_OR_MORE: readonly number[] = Object.freeze([-2.5, -3.5, -4.5, -5.5, -7, -8, -10, -12, -15, -20]);

const HALF = 9;
const TAIL_GAP = 3;

/** The book's figure: Measure(Value + points), a ".5" averaging the Measures of both neighbours. */
function bookFigure(value: number, points: number): number {
  return Number.isInteger(points)
    ? measureOf(value + points)
    : (measureOf(value + Math.floor(points)) + measureOf(value + Math.ceil(points))) / 2;
}

function isHalf(x: number): boolean {
  return Math.abs(x - Math.floor(x) - 0.5) < 1e-9;
}
/** The example's rounding: 27.5 gives 28 on the lower-margin side, 27 on the upper one. */
function roundBook(x: number, side: "lower" | "centre" | "upper"): number {
  if (isHalf(x)) return side === "upper" ? Math.floor(x) : Math.ceil(x);
  return Math.round(x);
}

function listed(margin: number, counts: readonly number[]): MarginCount[] {
  const out: MarginCount[] = [];
  counts.forEach((count, i) => {
    if (count > 0) out.push({ margin: margin - (counts.length - 1) / 2 + i, count });
  });
  return out;
}

/**
 * Method 2 as the book does it, for margins M − 9..M + 9 (the reach of a closed roll),
 * listing those holding at least one member. Each count is the book's figure rounded as in its
 * example. Those never sum exactly to the size (the size is rounded to a Value, and the
 * table's row overshoots the d10 − d10 distribution by up to ~4 %), so:
 * - missing members are shared among all 19 margins in proportion to the book's figures;
 * - surplus members are taken only from the margins 3 or more points away (the coarse part
 *   of the table), the new tail counts proportional to the old ones;
 * both by largest remainder, ties going to the margin nearer M, then to the lower side. The
 * centre thus keeps the book's figures, as in the worked example (300 at +2: 30 at +2, 28 at
 * +1, 27 at +3, 25 at 0 and +4).
 */
function bookMargins(size: number, margin: number): MarginCount[] {
  const value = valueOf(size);
  const figures: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i <= 2 * HALF; i++) {
    const gap = Math.abs(i - HALF);
    const figure = bookFigure(value, at("BOOK_EXACT_GAP", BOOK_EXACT_GAP, gap));
    figures.push(figure);
    counts.push(roundBook(figure, i < HALF ? "lower" : i > HALF ? "upper" : "centre"));
  }
  const priority = centreOutOrder(HALF);
  const remainder = size - counts.reduce((a, b) => a + b, 0);
  if (remainder > 0) {
    largestRemainder(remainder, figures, priority).forEach((extra, i) => {
      counts[i] = at("counts", counts, i) + extra;
    });
  } else if (remainder < 0) {
    const tail = counts.map((c, i) => (Math.abs(i - HALF) >= TAIL_GAP ? c : 0));
    const kept = tail.reduce((a, b) => a + b, 0) + remainder;
    largestRemainder(kept, tail, priority).forEach((c, i) => {
      if (Math.abs(i - HALF) >= TAIL_GAP) counts[i] = c;
    });
  }
  return listed(margin, counts);
}

/** Members beyond this expected count are left out of the open distribution's support. */
const OPEN_TAIL_MEMBERS = 1e-3;

/**
 * [default] exact mode: the group apportioned by the d10 − d10 distribution around M
 * (closed: (10 − k) % at k points away on each side), by largest remainder, ties to the margin
 * nearer M, then to the lower side. The open distribution has no end: it is cut where fewer
 * than 0.001 members are expected beyond, and the group apportioned over what is left.
 */
function exactMargins(size: number, margin: number, open: boolean): MarginCount[] {
  let half = HALF;
  while (open && size * 2 * differenceAtLeast(half + 1, { open }) >= OPEN_TAIL_MEMBERS) half += 10;
  const weights: number[] = [];
  for (let d = -half; d <= half; d++) weights.push(differencePmf(d, { open }));
  return listed(margin, largestRemainder(size, weights, centreOutOrder(half)));
}

/** How many members got each margin, sorted by margin (RULES 3.3). */
export function groupMargins(
  size: number,
  margin: number,
  mode: GroupMarginMode,
  options: GroupMarginOptions = {},
): MarginCount[] {
  const n = requireCount("size", size);
  const m = requireInteger("margin", margin);
  requireOneOf("mode", mode, MODES);
  const open = openOption(options, GROUP_DEFAULTS.open);
  if (n === 0) return [];
  return mode === "book" ? bookMargins(n, m) : exactMargins(n, m, open);
}

/**
 * How many members got margin `target` or better (RULES 3.3): **[default]** in both modes, the
 * sum of groupMargins' counts at `target` and above, so the counts a card shows add up to what
 * it says succeeded, and a higher target is never reached by more members. The book's "this gap
 * or more" row is a shortcut that disagrees with its own counts (300 at +2: 210 succeed by the
 * row, 216 by the counts); the counts win.
 */
export function groupCountAtLeast(
  size: number,
  margin: number,
  target: number,
  mode: GroupMarginMode,
  options: GroupMarginOptions = {},
): number {
  const t = requireInteger("target", target);
  return groupMargins(size, margin, mode, options).reduce((sum, c) => (c.margin >= t ? sum + c.count : sum), 0);
}
