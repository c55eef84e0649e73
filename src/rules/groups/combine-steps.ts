import { valueOf } from "../harmonies/measure";
import { combineValueCounts, type CombinedValue, type ValueCount } from "./combine";

/** One step of the book's procedure for a group's strength (RULES 3.1), as a reader checks it. */
export type CombineStep =
  /** `count` groups (or individuals) of one Value become one group at Value + Value(count). */
  | { kind: "equal"; value: number; count: number; result: number }
  /** The two weakest merge: the stronger + 2 (gap ≤ 3) or + 1 (gap 4..6). */
  | { kind: "merge"; weaker: number; stronger: number; result: number }
  /** The weakest is more than 6 behind the next: it is set aside. */
  | { kind: "setAside"; weaker: number; stronger: number };

export interface CombinationSteps extends CombinedValue {
  steps: CombineStep[];
}

/**
 * combineValueCounts told step by step. The fast procedure keeps no trace, so this one follows
 * the book plainly, on a list: fine for the sub-groups of one sheet (quadratic in them), and
 * its result is the fast one's (the property tests hold it to that). Bad input is refused as
 * combineValueCounts refuses it.
 */
export function combinationSteps(groups: readonly ValueCount[]): CombinationSteps {
  const expected = combineValueCounts(groups);
  const steps: CombineStep[] = [];
  const counts = new Map<number, number>();
  for (const { value, count } of groups) if (count > 0) counts.set(value, (counts.get(value) ?? 0) + count);
  // Everyone sharing a Value forms one group, and again while groups share one.
  let pending = [...counts].filter(([, count]) => count > 1);
  const list: number[] = [...counts].filter(([, count]) => count === 1).map(([value]) => value);
  while (pending.length > 0) {
    const made: number[] = [];
    for (const [value, count] of pending) {
      const result = value + valueOf(count);
      steps.push({ kind: "equal", value, count, result });
      made.push(result);
    }
    const now = new Map<number, number>();
    for (const v of [...list, ...made]) now.set(v, (now.get(v) ?? 0) + 1);
    list.length = 0;
    for (const [v, n] of now) if (n === 1) list.push(v);
    pending = [...now].filter(([, n]) => n > 1);
  }
  list.sort((a, b) => a - b);
  const setAside: number[] = [];
  while (list.length > 1) {
    const weaker = list.shift() ?? 0;
    const stronger = list.shift() ?? 0;
    const gap = stronger - weaker;
    let result = stronger;
    if (gap > 6) {
      steps.push({ kind: "setAside", weaker, stronger });
      setAside.push(weaker);
    } else {
      result = stronger + (gap <= 3 ? 2 : 1);
      steps.push({ kind: "merge", weaker, stronger, result });
    }
    // A group made at a Value another holds merges with it: Value + Value(2).
    for (let at = list.indexOf(result); at >= 0; at = list.indexOf(result)) {
      list.splice(at, 1);
      steps.push({ kind: "equal", value: result, count: 2, result: result + valueOf(2) });
      result += valueOf(2);
    }
    list.push(result);
    list.sort((a, b) => a - b);
  }
  // One group is left: the input held a member at least, or combineValueCounts refused it.
  const [value = expected.value] = list;
  return { value, setAside, steps };
}
