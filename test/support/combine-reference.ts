import { valueOf } from "../../src/rules/harmonies/measure";
import type { CombinedValue } from "../../src/rules/groups/combine";

/**
 * The former procedure of combining Values (RULES 3.1), kept as the reference the tests compare
 * the system's faster one with, and the baseline its bench measures: each merge re-counts and
 * re-sorts every group.
 */
function formerMergeEqual(groups: number[]): number[] {
  for (;;) {
    const counts = new Map<number, number>();
    for (const g of groups) counts.set(g, (counts.get(g) ?? 0) + 1);
    if (counts.size === groups.length) return groups.sort((a, b) => a - b);
    groups = [...counts].map(([v, n]) => v + valueOf(n));
  }
}

export function formerCombine(values: readonly number[]): CombinedValue {
  let groups = [...values];
  const setAside: number[] = [];
  for (;;) {
    groups = formerMergeEqual(groups);
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
