import { requireCount, requireOptions } from "../validate";
import { MAX_POOL_DICE } from "./pool";
import { successFaces } from "./threshold";

export interface WuxiaOdds {
  /** P(at least one success and not a critical failure). */
  success: number;
  /** P(more 1s than successes). */
  critical: number;
  /** successes[k] = P(exactly k successes after rerolls), k = 0..dice. */
  successes: number[];
  /** criticalBySuccesses[k] = P(exactly k successes and more 1s than that): the critical part of successes[k]. */
  criticalBySuccesses: number[];
}

/** The three outcomes of one die: a success, a 1, another failure. */
interface Die {
  p: number;
  r: number;
  q: number;
}

/**
 * Add one die to joint, in place: joint[a * (n + 1) + b] = P(a successes and b ones), over
 * the cells a + b ≤ reach. Cells are visited from the top so each one still reads the previous
 * values of its neighbours.
 */
function addDie(joint: Float64Array, n: number, reach: number, die: Die): void {
  const w = n + 1;
  for (let a = reach; a >= 0; a--) {
    const row = a * w;
    for (let b = reach - a; b >= 0; b--) {
      let v = (joint[row + b] ?? 0) * die.q;
      if (a > 0) v += (joint[row - w + b] ?? 0) * die.p;
      if (b > 0) v += (joint[row + b - 1] ?? 0) * die.r;
      joint[row + b] = v;
    }
  }
}

/**
 * Exact odds of a Wuxia test (RULES 1.3), with the automatic specialisation reroll policy:
 * min(k, failed dice) dice are rerolled, every 1 first, then other failures, once each, the
 * new face standing. Only the counts of successes, 1s and other failures matter, so the first
 * roll is a table of (successes a, ones o). After the rerolls, a state with o ≥ k keeps a
 * successes and o − k ones and adds k fresh dice; a state with o < k keeps a successes and no
 * 1 and adds min(k, n − a) fresh dice. So the result is Σⱼ cⱼ ⊛ dieʲ for j = 0..k, where cⱼ
 * gathers the states that reroll j dice, and Horner's scheme evaluates it with k one-die
 * passes: O(n³) for the first roll, O(k n²) for the rerolls, whatever k (k ≤ n).
 * Returns joint[s · (n + 1) + o] = P(s successes and o ones once the rerolls are made).
 */
export function wuxiaJoint(
  dice: number,
  threshold: number,
  options: { rerolls?: number } = {},
): { n: number; joint: Float64Array } {
  const n = requireCount("dice", dice, MAX_POOL_DICE);
  const good = successFaces(threshold);
  const k = Math.min(
    requireCount("options.rerolls", requireOptions("options", options).rerolls ?? 0, MAX_POOL_DICE),
    n,
  );

  const die: Die = { p: good / 10, r: 1 / 10, q: (9 - good) / 10 };
  const w = n + 1;
  const first = new Float64Array(w * w);
  first[0] = 1;
  for (let d = 1; d <= n; d++) addDie(first, n, d, die);

  // after: the states receiving all k fresh dice, then the result as the passes add them;
  // fewer[j]: the states (all with a = n − j) receiving only j < k fresh dice.
  const after = new Float64Array(w * w);
  const fewer = new Float64Array(k);
  for (let a = 0; a <= n; a++) {
    for (let o = 0; a + o <= n; o++) {
      const p = first[a * w + o] ?? 0;
      if (o >= k) after[a * w + o - k] = (after[a * w + o - k] ?? 0) + p;
      else if (n - a >= k) after[a * w] = (after[a * w] ?? 0) + p;
      else fewer[n - a] = (fewer[n - a] ?? 0) + p;
    }
  }
  for (let j = k - 1; j >= 0; j--) {
    addDie(after, n, n, die);
    after[(n - j) * w] = (after[(n - j) * w] ?? 0) + (fewer[j] ?? 0);
  }
  return { n, joint: after };
}

/** Exact odds of a Wuxia test (RULES 1.3): success, critical failure, and each count of successes. */
export function wuxiaOdds(dice: number, threshold: number, options: { rerolls?: number } = {}): WuxiaOdds {
  const { n, joint: after } = wuxiaJoint(dice, threshold, options);
  const w = n + 1;
  const successes = new Array<number>(w).fill(0);
  const criticalBySuccesses = new Array<number>(w).fill(0);
  let success = 0;
  let critical = 0;
  for (let s = 0; s <= n; s++) {
    for (let o = 0; s + o <= n; o++) {
      const p = after[s * w + o] ?? 0;
      successes[s] = (successes[s] ?? 0) + p;
      if (o > s) {
        critical += p;
        criticalBySuccesses[s] = (criticalBySuccesses[s] ?? 0) + p;
      } else if (s >= 1) success += p;
    }
  }
  return { success, critical, successes, criticalBySuccesses };
}
