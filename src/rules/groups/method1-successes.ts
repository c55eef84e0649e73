import { MAX_VALUE, measureOf, valueOf } from "../harmonies/measure";
import { requireCount, requireInteger } from "../validate";

export interface GroupSuccesses {
  succeeded: number;
  failed: number;
}

/**
 * Method 1 (RULES 3.2): one roll for the group gives margin M; V = Value(size) − |M| − 3 and
 * N = floor(Measure(V)). With M ≥ 0, N members failed; otherwise N succeeded.
 */
export function groupSuccesses(size: number, margin: number): GroupSuccesses {
  const n = requireCount("size", size);
  const m = requireInteger("margin", margin);
  if (n === 0) return { succeeded: 0, failed: 0 };
  // V never exceeds Value(size) − 3, so N stays below the size; far enough down the Measure is 0.
  const v = valueOf(n) - Math.abs(m) - 3;
  const count = v < -MAX_VALUE ? 0 : Math.floor(measureOf(v));
  return m >= 0 ? { succeeded: n - count, failed: count } : { succeeded: count, failed: n - count };
}
