import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueOf } from "../harmonies/measure";
import { combineValueCounts } from "./combine";
import { combinationSteps, type CombineStep } from "./combine-steps";

/** Replays the steps on the groups, checking each one's arithmetic and that it takes groups that exist. */
function replay(groups: { value: number; count: number }[], steps: CombineStep[]): { left: number[]; aside: number[] } {
  const left: number[] = [];
  for (const { value, count } of groups) for (let i = 0; i < count; i++) left.push(value);
  const aside: number[] = [];
  const take = (v: number) => {
    const at = left.indexOf(v);
    expect(at, `a group at ${v} to take`).toBeGreaterThanOrEqual(0);
    left.splice(at, 1);
  };
  for (const step of steps) {
    if (step.kind === "equal") {
      expect(step.result).toBe(step.value + valueOf(step.count));
      for (let i = 0; i < step.count; i++) take(step.value);
      left.push(step.result);
    } else if (step.kind === "merge") {
      const gap = step.stronger - step.weaker;
      expect(gap).toBeGreaterThan(0);
      expect(step.result).toBe(step.stronger + (gap <= 3 ? 2 : 1));
      expect(gap).toBeLessThanOrEqual(6);
      take(step.weaker);
      take(step.stronger);
      left.push(step.result);
    } else {
      expect(step.stronger - step.weaker).toBeGreaterThan(6);
      take(step.weaker);
      aside.push(step.weaker);
    }
  }
  return { left, aside };
}

describe("combinationSteps", () => {
  it("tells the book's merges: three at +2 pool into +7, which meets +8 at +10", () => {
    expect(
      combinationSteps([
        { value: 2, count: 3 },
        { value: 8, count: 1 },
      ]),
    ).toEqual({
      value: 10,
      setAside: [],
      steps: [
        { kind: "equal", value: 2, count: 3, result: 7 },
        { kind: "merge", weaker: 7, stronger: 8, result: 10 },
      ],
    });
  });

  it("merges at the stronger + 1 for a gap of 4 to 6, and sets aside one more than 6 behind", () => {
    expect(
      combinationSteps([
        { value: -5, count: 1 },
        { value: 3, count: 1 },
        { value: 8, count: 1 },
      ]).steps,
    ).toEqual([
      { kind: "setAside", weaker: -5, stronger: 3 },
      { kind: "merge", weaker: 3, stronger: 8, result: 9 },
    ]);
  });

  it("merges a group just made with one of its Value: +5 and +7 make +9, which meets the +9 there", () => {
    const { steps, value } = combinationSteps([
      { value: 5, count: 1 },
      { value: 7, count: 1 },
      { value: 9, count: 1 },
    ]);
    expect(steps).toEqual([
      { kind: "merge", weaker: 5, stronger: 7, result: 9 },
      { kind: "equal", value: 9, count: 2, result: 12 },
    ]);
    expect(value).toBe(12);
  });

  it("ends where combineValueCounts ends, by steps that replay on the groups given", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ value: fc.integer({ min: -20, max: 20 }), count: fc.integer({ min: 0, max: 12 }) }), {
          minLength: 1,
          maxLength: 10,
        }),
        (groups) => {
          fc.pre(groups.some((g) => g.count > 0));
          const told = combinationSteps(groups);
          expect({ value: told.value, setAside: told.setAside }).toEqual(combineValueCounts(groups));
          const { left, aside } = replay(groups, told.steps);
          expect(left).toEqual([told.value]);
          expect(aside).toEqual(told.setAside);
        },
      ),
    );
  });

  it("refuses what combineValueCounts refuses", () => {
    expect(() => combinationSteps([])).toThrow();
    expect(() => combinationSteps([{ value: 1, count: 0 }])).toThrow();
    expect(() => combinationSteps([{ value: 1.5, count: 1 }])).toThrow();
  });
});
