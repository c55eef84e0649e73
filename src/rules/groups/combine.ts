import { RulesError } from "../errors";
import { MAX_VALUE, measureOf, valueOf } from "../harmonies/measure";
import { requireCount, requireInteger, requireNonEmpty, requireObject } from "../validate";

export interface CombinedValue {
  value: number;
  /** Groups set aside (gap > 6 with the next weakest), weakest first; a newcomer may join them later. */
  setAside: number[];
}

/** Some individuals sharing a Value: a sub-group of identical members. */
export interface ValueCount {
  value: number;
  count: number;
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

/** The book's procedure from its first merge on: `groups` already hold distinct Values or not. */
function combineGroups(start: number[]): CombinedValue {
  let groups = start;
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

/**
 * The book's procedure for the strength of a group (RULES 3.1): equal Values merge (+3 for 2,
 * +5 for 3, …); then the two weakest groups merge at the stronger +2 (gap ≤ 3) or +1
 * (gap 4..6), or the weaker is set aside (gap > 6); repeat until one group is left.
 */
export function combineValues(values: readonly number[]): CombinedValue {
  requireNonEmpty("values", values);
  return combineGroups(values.map((v, i) => requireInteger(`values[${i}]`, v)));
}

/**
 * combineValues of the list holding each Value `count` times, at the cost of the sub-groups
 * rather than the members: the procedure's first step merges everyone sharing a Value into
 * Value + Value(how many), so that step is taken on the counts.
 */
export function combineValueCounts(groups: readonly ValueCount[]): CombinedValue {
  requireNonEmpty("groups", groups);
  const members = new Map<number, number>();
  groups.forEach((given, i) => {
    const g = requireObject(`groups[${i}]`, given);
    const value = requireInteger(`groups[${i}].value`, g.value);
    const count = requireCount(`groups[${i}].count`, g.count);
    if (count > 0) members.set(value, (members.get(value) ?? 0) + count);
  });
  if (members.size === 0) {
    throw new RulesError(
      "WH.Error.Empty",
      { argument: "groups", value: groups },
      "groups must hold at least one member",
    );
  }
  return combineGroups([...members].map(([value, count]) => value + valueOf(count)));
}

/** The simple method: add the Measures and convert back (RULES 3.1). */
export function combineValuesByMeasure(values: readonly number[]): number {
  requireNonEmpty("values", values);
  // Measures of at most 10^300 each: no list that fits in memory adds up past a double.
  return valueOf(
    values.reduce((sum, v, i) => sum + measureOf(requireInteger(`values[${i}]`, v, -MAX_VALUE, MAX_VALUE)), 0),
  );
}
