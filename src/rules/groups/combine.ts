import { MAX_VALUE, measureOf, valueOf } from "../harmonies/measure";
import { requireInteger, requireNonEmpty } from "../validate";

export interface CombinedValue {
  value: number;
  /** Groups set aside (gap > 6 with the next weakest), weakest first; a newcomer may join them later. */
  setAside: number[];
}

/** Merge every set of groups sharing a Value into one: Value + Value(number of groups). */
function mergeEqual(groups: number[]): number[] {
  for (;;) {
    const counts = new Map<number, number>();
    for (const g of groups) counts.set(g, (counts.get(g) ?? 0) + 1);
    if (counts.size === groups.length) return groups.sort((a, b) => a - b);
    groups = [...counts].map(([v, n]) => v + valueOf(n));
  }
}

/**
 * The book's procedure for the strength of a group (RULES 3.1): equal Values merge (+3 for 2,
 * +5 for 3, …); then the two weakest groups merge at the stronger +2 (gap ≤ 3) or +1
 * (gap 4..6), or the weaker is set aside (gap > 6); repeat until one group is left.
 */
export function combineValues(values: readonly number[]): CombinedValue {
  requireNonEmpty("values", values);
  let groups = values.map((v, i) => requireInteger(`values[${i}]`, v));
  const setAside: number[] = [];
  for (;;) {
    groups = mergeEqual(groups);
    const [weaker, stronger] = groups as [number, ...number[]];
    if (stronger === undefined) return { value: weaker, setAside };
    const gap = stronger - weaker;
    groups.splice(0, 2);
    if (gap <= 3) groups.push(stronger + 2);
    else if (gap <= 6) groups.push(stronger + 1);
    else {
      setAside.push(weaker);
      groups.push(stronger);
    }
  }
}

/** The simple method: add the Measures and convert back (RULES 3.1). */
export function combineValuesByMeasure(values: readonly number[]): number {
  requireNonEmpty("values", values);
  return valueOf(values.reduce((sum, v, i) => sum + measureOf(requireInteger(`values[${i}]`, v, -MAX_VALUE, MAX_VALUE)), 0));
}
