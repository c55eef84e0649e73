import { at, requireCount, requireInteger } from "../validate";
import { MAX_POOL_DICE } from "./pool";
import { successFaces } from "./threshold";

export interface WuxiaOdds {
  /** P(at least one success and not a critical failure). */
  success: number;
  /** P(more 1s than successes). */
  critical: number;
  /** successes[k] = P(exactly k successes after rerolls), k = 0..dice. */
  successes: number[];
}

/**
 * joint[a * (n + 1) + b] = P(a successes and b ones among n dice), each die being a success
 * with p, a 1 with r and another failure with q. Dynamic programming over the dice, in place:
 * cells are visited from the top so each one still reads the previous die's neighbours.
 */
function outcomeTable(n: number, p: number, r: number, q: number): Float64Array {
  const w = n + 1;
  const joint = new Float64Array(w * w);
  joint[0] = 1;
  for (let die = 1; die <= n; die++) {
    for (let a = die; a >= 0; a--) {
      const row = a * w;
      for (let b = die - a; b >= 0; b--) {
        let v = (joint[row + b] ?? 0) * q;
        if (a > 0) v += (joint[row - w + b] ?? 0) * p;
        if (b > 0) v += (joint[row + b - 1] ?? 0) * r;
        joint[row + b] = v;
      }
    }
  }
  return joint;
}

/**
 * Exact odds of a Wuxia test (RULES 1.3), with the automatic specialisation reroll policy:
 * min(k, failed dice) dice are rerolled, every 1 first, then other failures, once each, the
 * new face standing. Only the counts of successes, 1s and other failures matter, so the state
 * after the first roll is the pair (successes, ones); the rerolled dice are a fresh small
 * pool of at most k dice whose outcome table is combined with each state. O(n³) for the
 * first roll (n ≤ 100: ~170 000 steps), O(n² k²) for the rerolls.
 */
export function wuxiaOdds(dice: number, threshold: number, options: { rerolls?: number } = {}): WuxiaOdds {
  const n = requireCount("dice", dice, MAX_POOL_DICE);
  requireInteger("threshold", threshold);
  const k = Math.min(requireCount("options.rerolls", options.rerolls ?? 0, MAX_POOL_DICE), n);

  const good = successFaces(threshold);
  const p = good / 10;
  const r = 1 / 10;
  const q = (9 - good) / 10;

  const w = n + 1;
  const first = outcomeTable(n, p, r, q);
  const rerollTables: Float64Array[] = [];
  for (let m = 0; m <= k; m++) rerollTables.push(outcomeTable(m, p, r, q));

  const successes = new Array<number>(w).fill(0);
  let success = 0;
  let critical = 0;
  for (let a = 0; a <= n; a++) {
    for (let o = 0; o + a <= n; o++) {
      const pState = first[a * w + o] ?? 0;
      if (pState === 0) continue;
      const rerolledOnes = Math.min(k, o);
      const m = rerolledOnes + Math.min(k - rerolledOnes, n - a - o);
      const table = at("rerollTables", rerollTables, m);
      const mw = m + 1;
      for (let x = 0; x <= m; x++) {
        for (let y = 0; x + y <= m; y++) {
          const pr = pState * (table[x * mw + y] ?? 0);
          const s = a + x;
          const ones = o - rerolledOnes + y;
          successes[s] = (successes[s] ?? 0) + pr;
          if (ones > s) critical += pr;
          else if (s >= 1) success += pr;
        }
      }
    }
  }
  return { success, critical, successes };
}
