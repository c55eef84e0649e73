import { RulesError } from "../errors";
import { MAX_VALUE, measureOf, valueOf } from "../harmonies/measure";
import { MAX_SIZE, requireCount, requireInteger, requireNonEmpty, requireObject } from "../validate";

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

/**
 * Step 1 (and 2) of the book on a whole list: every set of groups sharing a Value merges into
 * Value + Value(how many), all at once, again while some share one. Only the groups just made
 * can meet another, so each pass looks at those alone. Returns the distinct Values, sorted.
 */
function mergeEqual(values: Float64Array): Float64Array {
  const sorted = values.sort();
  let distinct = true;
  for (let i = 1; i < sorted.length && distinct; i++) distinct = sorted[i] !== sorted[i - 1];
  if (distinct) return sorted;
  const counts = new Map<number, number>();
  for (const v of sorted) counts.set(v, (counts.get(v) ?? 0) + 1);
  let shared = [...counts.keys()].filter((v) => (counts.get(v) ?? 0) > 1);
  while (shared.length > 0) {
    const merged = shared.map((v) => v + valueOf(counts.get(v) ?? 1));
    for (const v of shared) counts.delete(v);
    shared = [];
    for (const v of merged) {
      const now = (counts.get(v) ?? 0) + 1;
      counts.set(v, now);
      if (now === 2) shared.push(v);
    }
  }
  return Float64Array.from(counts.keys()).sort();
}

/**
 * Groups of distinct Values, the weakest taken first. The Values given stay in one sorted array
 * read from the front (a newcomer of the same Value marks one merged away); the groups made by
 * merging, seldom more than two or three at a time, wait in a short sorted list.
 */
class Groups {
  private next = 0;
  private readonly gone: Uint8Array;
  private readonly made: number[] = [];
  size: number;

  constructor(private readonly given: Float64Array) {
    this.gone = new Uint8Array(given.length);
    this.size = given.length;
  }

  /** Where a Value given and not yet merged away lies, or −1. */
  private givenAt(v: number): number {
    let low = this.next;
    let high = this.given.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = this.given[mid] ?? v;
      if (at < v) low = mid + 1;
      else if (at > v) high = mid - 1;
      else return this.gone[mid] ? -1 : mid;
    }
    return -1;
  }

  /** A new group: while its Value is taken, the two merge (step 2), so Values stay distinct. */
  add(value: number): void {
    let v = value;
    for (;;) {
      const made = this.made.indexOf(v);
      if (made >= 0) this.made.splice(made, 1);
      else {
        const given = this.givenAt(v);
        if (given < 0) break;
        this.gone[given] = 1;
      }
      this.size--;
      // Two groups of one Value: Value + Value(2).
      v += valueOf(2);
    }
    let i = this.made.length;
    while (i > 0 && (this.made[i - 1] ?? v) > v) i--;
    this.made.splice(i, 0, v);
    this.size++;
  }

  /** Takes out the weakest group. */
  weakest(): number {
    while (this.gone[this.next]) this.next++;
    const given = this.given[this.next] ?? Infinity;
    const made = this.made[0] ?? Infinity;
    this.size--;
    if (given < made) {
      this.next++;
      return given;
    }
    this.made.shift();
    return made;
  }
}

/** The book's procedure from its first merge on: `start` holds the groups, sharing Values or not. */
function combineGroups(start: Float64Array): CombinedValue {
  const groups = new Groups(mergeEqual(start));
  const setAside: number[] = [];
  while (groups.size > 1) {
    const weaker = groups.weakest();
    const stronger = groups.weakest();
    const gap = stronger - weaker;
    if (gap <= 3) groups.add(stronger + 2);
    else if (gap <= 6) groups.add(stronger + 1);
    else {
      setAside.push(weaker);
      groups.add(stronger);
    }
  }
  return { value: groups.weakest(), setAside };
}

/**
 * The book's procedure for the strength of a group (RULES 3.1): equal Values merge (+3 for 2,
 * +5 for 3, …); then the two weakest groups merge at the stronger +2 (gap ≤ 3) or +1
 * (gap 4..6), or the weaker is set aside (gap > 6); repeat until one group is left.
 */
export function combineValues(values: readonly number[]): CombinedValue {
  requireNonEmpty("values", values);
  const checked = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    // The argument's name is built only for a Value refused: building it for each costs more than the rest.
    checked[i] = Number.isInteger(v) && Math.abs(v ?? 0) <= MAX_SIZE ? (v ?? 0) + 0 : requireInteger(`values[${i}]`, v);
  }
  return combineGroups(checked);
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
  return combineGroups(Float64Array.from(members, ([value, count]) => value + valueOf(count)));
}

/** The simple method: add the Measures and convert back (RULES 3.1). */
export function combineValuesByMeasure(values: readonly number[]): number {
  requireNonEmpty("values", values);
  // Measures of at most 10^300 each: no list that fits in memory adds up past a double.
  return valueOf(
    values.reduce((sum, v, i) => sum + measureOf(requireInteger(`values[${i}]`, v, -MAX_VALUE, MAX_VALUE)), 0),
  );
}
