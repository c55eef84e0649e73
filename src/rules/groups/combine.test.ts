import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combineValueCounts, combineValues, combineValuesByMeasure } from "./combine";
import { formerCombine } from "../../../test/support/combine-reference";

describe("combineValues (the book's procedure)", () => {
  it("[example] −10, −5, −5, +3, +4, +5 → +9, with −10 set aside", () => {
    expect(combineValues([-10, -5, -5, 3, 4, 5])).toEqual({ value: 9, setAside: [-10] });
  });

  it("[example] the simple method (adding Measures 0.1 + 0.3 + 0.3 + 2 + 2.5 + 3 = 8.2) gives +9 too", () => {
    expect(combineValuesByMeasure([-10, -5, -5, 3, 4, 5])).toBe(9);
  });

  it("equal Values merge adding the Value of their number: +3 for 2, +5 for 3", () => {
    expect(combineValues([2, 2])).toEqual({ value: 5, setAside: [] });
    expect(combineValues([2, 2, 2])).toEqual({ value: 7, setAside: [] });
    expect(combineValues([4])).toEqual({ value: 4, setAside: [] });
  });

  it("the two weakest merge at the stronger +2 (gap ≤ 3), +1 (gap 4..6), else the weaker is set aside", () => {
    expect(combineValues([0, 3]).value).toBe(5);
    expect(combineValues([0, 4]).value).toBe(5);
    expect(combineValues([0, 6]).value).toBe(7);
    expect(combineValues([0, 7])).toEqual({ value: 7, setAside: [0] });
  });

  it("[example] the book's six Values give +9 with −10 set aside in whatever order they come", () => {
    for (const values of [
      [5, 4, 3, -5, -5, -10],
      [3, -10, 5, -5, 4, -5],
      [-5, 5, -10, 4, -5, 3],
    ]) {
      expect(combineValues(values), values.join(", ")).toEqual({ value: 9, setAside: [-10] });
    }
  });

  it("the weaker of two distant groups is set aside, whichever is listed first", () => {
    expect(combineValues([-5, 3])).toEqual({ value: 3, setAside: [-5] });
    expect(combineValues([3, -5])).toEqual({ value: 3, setAside: [-5] });
  });

  it("the order of the Values never matters", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 1, maxLength: 12 }), (values) => {
        const ascending = [...values].sort((a, b) => a - b);
        const expected = combineValues(ascending);
        expect(combineValues(values)).toEqual(expected);
        expect(combineValues(ascending.reverse())).toEqual(expected);
      }),
    );
  });

  it("ten thousand equal soldiers are one group: +0 + Value(10 000) = +40", () => {
    expect(combineValues(new Array<number>(10_000).fill(0)).value).toBe(40);
  });

  it("rejects an empty list and non-integers, naming them", () => {
    expect(() => combineValues([])).toThrow(/^values must be a non-empty list/);
    expect(() => combineValues([1, 2.5])).toThrow(/^values\[1\] must be an integer/);
    expect(() => combineValuesByMeasure([])).toThrow(/^values/);
  });

  it("refuses a Value beyond 10⁹ or not a number, and gives −0 back as 0", () => {
    expect(() => combineValues([1, 1e9 + 1])).toThrow(/^values\[1\] must be between -1000000000 and 1000000000/);
    expect(() => combineValues([-1e9 - 1])).toThrow(/^values\[0\] must be between/);
    expect(combineValues([1e9, -1e9])).toEqual({ value: 1e9, setAside: [-1e9] });
    expect(() => combineValues(["3" as unknown as number])).toThrow(/^values\[0\] must be an integer/);
    expect(Object.is(combineValues([-0]).value, 0)).toBe(true);
  });

  it("sub-groups' counts: an empty sub-group counts nobody; a list with no one is refused, naming it", () => {
    expect(
      combineValueCounts([
        { value: -20, count: 0 },
        { value: 2, count: 2 },
      ]),
    ).toEqual({ value: 5, setAside: [] });
    expect(() => combineValueCounts([{ value: 2, count: 0 }])).toThrow(/^groups must hold at least one member/);
    expect(() => combineValueCounts([])).toThrow(/^groups must be a non-empty list/);
    expect(() => combineValueCounts([{ value: 1.5, count: 1 }])).toThrow(/^groups\[0\]\.value must be an integer/);
    expect(() => combineValueCounts([{ value: 1, count: -1 }])).toThrow(/^groups\[0\]\.count must be between 0/);
    expect(() => combineValueCounts([null as never])).toThrow(/^groups\[0\]/);
    try {
      combineValueCounts([{ value: 2, count: 0 }]);
    } catch (error) {
      expect(error).toMatchObject({ code: "WH.Error.Empty", details: { argument: "groups" } });
    }
  });

  it("the simple method names the Value beyond the Measure table's reach", () => {
    expect(() => combineValuesByMeasure([0, 4000])).toThrow(/^values\[1\] must be between -3000 and 3000/);
  });
});

describe("combineValues gives what the former procedure gave", () => {
  it("on any short list, Values close together (every merge, equal Values made again and again) or far apart (set aside)", () => {
    for (const spread of [4, 12, 40, 400]) {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: -spread, max: spread }), { minLength: 1, maxLength: 60 }), (values) => {
          expect(combineValues(values)).toEqual(formerCombine(values));
        }),
        { numRuns: 400 },
      );
    }
  });

  it("on a few long lists", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3000, max: 3000 }), { minLength: 500, maxLength: 1500 }), (values) => {
        expect(combineValues(values)).toEqual(formerCombine(values));
      }),
      { numRuns: 10 },
    );
  });

  it("sub-groups' counts: the same as listing every member", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ value: fc.integer({ min: -15, max: 15 }), count: fc.integer({ min: 1, max: 40 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        (groups) => {
          const members = groups.flatMap((g) => new Array<number>(g.count).fill(g.value));
          expect(combineValueCounts(groups)).toEqual(formerCombine(members));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a merged group meeting a Value given merges with it, adding Value(2)", () => {
    // 0 and 2 → +4, which meets the +4 given → +7; 5 and 7 → +9 meets the +9 given → +12.
    expect(combineValues([0, 2, 4, 5, 9])).toEqual({ value: 12, setAside: [] });
    // 0 and 3 → +5; 4 and 5 → +7; 6 and 7 → +9, meeting no one; then +9 and 20: +9 set aside.
    expect(combineValues([0, 3, 4, 6, 20])).toEqual({ value: 20, setAside: [9] });
  });
});
