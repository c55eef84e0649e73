import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { differenceAtLeast, differencePmf } from "../harmonies/odds";
import { centreOutOrder, largestRemainder } from "./apportion";
import { measureOf, valueOf } from "../harmonies/measure";
import { BOOK_GAP_OR_MORE, groupCountAtLeast, groupMargins, type MarginCount } from "./method2-margins";

/**
 * The book's "this gap or more" row, read as its example reads it: T ≥ M at gap T − M (a .5
 * rounding down), T < M as the size less those at gap M − T + 1 or more (a .5 rounding up).
 */
function bookShortcut(size: number, margin: number, target: number): number {
  const value = valueOf(size);
  const figure = (gap: number, up: boolean) => {
    const points = BOOK_GAP_OR_MORE[gap];
    if (points === undefined) return 0;
    const low = measureOf(value + Math.floor(points));
    const average = (low + measureOf(value + Math.ceil(points))) / 2;
    const half = Math.abs(average - Math.floor(average) - 0.5) < 1e-9;
    return Math.min(size, half ? (up ? Math.ceil(average) : Math.floor(average)) : Math.round(average));
  };
  return target >= margin ? figure(target - margin, false) : size - figure(margin - target + 1, true);
}

const total = (counts: readonly MarginCount[]) => counts.reduce((sum, c) => sum + c.count, 0);
const countAt = (counts: readonly MarginCount[], margin: number) => counts.find((c) => c.margin === margin)?.count ?? 0;

describe("groupMargins, book", () => {
  // Computed inside each test, not when the file loads, so that every test exercises the code.
  const soldiers = () => groupMargins(300, 2, "book");

  it("[example] 300 soldiers (+25), margin +2: exactly +2 → +15 → 30", () => {
    expect(countAt(soldiers(), 2)).toBe(30);
  });

  it("[example] gap 1: average of 30 and 25 = 27.5 → 28 at +1, 27 at +3", () => {
    expect(countAt(soldiers(), 1)).toBe(28);
    expect(countAt(soldiers(), 3)).toBe(27);
  });

  it("[example] gap 2: 25 at 0 and 25 at +4", () => {
    expect(countAt(soldiers(), 0)).toBe(25);
    expect(countAt(soldiers(), 4)).toBe(25);
  });

  it("a .5 at the group's own margin rounds up: 120 members (+21), exactly M → +11 → 12.5 → 13", () => {
    expect(countAt(groupMargins(120, -1, "book"), -1)).toBe(13);
  });

  it("is not the exact mode: the exact 300 at +2 hold 27 at +1 (9 %), the book 28", () => {
    expect(countAt(groupMargins(300, 2, "exact"), 1)).toBe(27);
    expect(countAt(groupMargins(300, 2, "book"), 1)).toBe(28);
  });

  it("an empty group has no margins, in either mode", () => {
    expect(groupMargins(0, 2, "book")).toEqual([]);
    expect(groupMargins(0, 2, "exact", { open: true })).toEqual([]);
  });

  it("lists M − 9..M + 9, sorted, each holding at least one member, summing to the size", () => {
    const soldiers = groupMargins(300, 2, "book");
    expect(soldiers.map((c) => c.margin)).toEqual(Array.from({ length: 19 }, (_, i) => i - 7));
    expect(soldiers.every((c) => c.count >= 1)).toBe(true);
    expect(total(soldiers)).toBe(300);
  });

  it("sums to the size for every size 1..3000 and for huge groups", () => {
    for (let size = 1; size <= 3000; size++) expect(total(groupMargins(size, 0, "book")), `size ${size}`).toBe(size);
    for (const size of [12_345, 1_700_000, 999_999_999, 1e9]) expect(total(groupMargins(size, -4, "book"))).toBe(size);
  });

  it("keeps margins within M ± 9 and every count positive", () => {
    for (const size of [1, 7, 60, 999]) {
      for (const c of groupMargins(size, 5, "book")) {
        expect(Math.abs(c.margin - 5)).toBeLessThanOrEqual(9);
        expect(c.count).toBeGreaterThan(0);
      }
    }
  });

  it("stays within 1.5 % of the group of the d10 − d10 share at every margin from 100 members", () => {
    // The book claims at most 1 % for its method; placing its ~4 % surplus costs a little more.
    for (const size of [100, 300, 1000, 5000, 123_456]) {
      const counts = groupMargins(size, 0, "book");
      for (let d = -9; d <= 9; d++) {
        expect(
          Math.abs(countAt(counts, d) - size * differencePmf(d)) / size,
          `size ${size}, margin ${d}`,
        ).toBeLessThanOrEqual(0.015);
      }
    }
  });
});

describe("groupMargins, exact", () => {
  it("apportions by the d10 − d10 distribution: (10 − k) % at k points away", () => {
    const counts = groupMargins(1000, 3, "exact");
    expect(counts).toEqual(
      Array.from({ length: 19 }, (_, i) => ({ margin: i - 6, count: 10 * (10 - Math.abs(i - 9)) })),
    );
  });

  it("sums to the size, each count within 1 of its quota (largest remainder)", () => {
    for (const size of [1, 2, 3, 17, 99, 301, 4321, 1e9]) {
      for (const open of [false, true]) {
        const counts = groupMargins(size, 0, "exact", { open });
        expect(total(counts), `size ${size}, open ${open}`).toBe(size);
        for (const c of counts) expect(Math.abs(c.count - size * differencePmf(c.margin, { open }))).toBeLessThan(1);
      }
    }
  });

  it("puts a lone member at the group's margin", () => {
    expect(groupMargins(1, -2, "exact")).toEqual([{ margin: -2, count: 1 }]);
  });

  it("open: the tail is cut where fewer than 0.001 members are expected beyond, and the group apportioned over what is left", () => {
    // Sizes where a cut one step sooner or later moves a member between near-equal remainders.
    for (const [size, reach] of [
      [13_699, 79],
      [15_097, 79],
      [19_193, 79],
      [71_269, 79],
      [72_487, 79],
      [637_554, 89],
    ] as const) {
      const beyond = (h: number) => size * 2 * differenceAtLeast(h + 1, { open: true });
      expect(beyond(reach), `size ${size}`).toBeLessThan(1e-3);
      expect(beyond(reach - 10), `size ${size}`).toBeGreaterThanOrEqual(1e-3);
      const weights = Array.from({ length: 2 * reach + 1 }, (_, i) => differencePmf(i - reach, { open: true }));
      const expected = largestRemainder(size, weights, centreOutOrder(reach))
        .map((count, i) => ({ margin: i - reach + 4, count }))
        .filter((c) => c.count > 0);
      expect(groupMargins(size, 4, "exact", { open: true }), `size ${size}`).toEqual(expected);
    }
  });

  it("reaches beyond ±9 with open rolls", () => {
    const counts = groupMargins(10_000, 0, "exact", { open: true });
    expect(countAt(counts, 12)).toBeGreaterThan(0);
    expect(countAt(groupMargins(10_000, 0, "exact"), 12)).toBe(0);
  });
});

describe("groupCountAtLeast", () => {
  it("[default] margin ≥ 0 in the 300 at +2: the counts at 0 and above, 216 (the book's shortcut row says 210)", () => {
    expect(groupCountAtLeast(300, 2, 0, "book")).toBe(216);
    expect(bookShortcut(300, 2, 0)).toBe(210);
  });

  it("[default] 300 soldiers at +2, every target: the counts of groupMargins at the target and above", () => {
    const atLeast = [300, 297, 291, 282, 270, 256, 237, 216, 191, 163, 133, 106, 81, 61, 43, 29, 18, 9, 3, 0];
    atLeast.forEach((count, i) => expect(groupCountAtLeast(300, 2, i - 7, "book"), `target ${i - 7}`).toBe(count));
  });

  it("is the sum of the counts at the target and above, for any size, margin and target, in either mode", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 1e9 })),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: -45, max: 45 }),
        fc.constantFrom("book", "exact") as fc.Arbitrary<"book" | "exact">,
        fc.boolean(),
        (size, margin, target, mode, open) => {
          const counts = groupMargins(size, margin, mode, { open });
          const count = groupCountAtLeast(size, margin, target, mode, { open });
          expect(count).toBe(total(counts.filter((c) => c.margin >= target)));
          expect(groupCountAtLeast(size, margin, target + 1, mode, { open })).toBeLessThanOrEqual(count);
        },
      ),
    );
  });

  it("from 100 members, within 3.5 % of the group of the d10 − d10 law at every target; the shortcut row strays to 8.5 %", () => {
    for (const size of [100, 225, 300, 708, 1000, 5000, 89_134, 123_456, 1e9]) {
      for (let target = -12; target <= 12; target++) {
        const law = size * differenceAtLeast(target);
        expect(
          Math.abs(groupCountAtLeast(size, 0, target, "book") - law) / size,
          `size ${size}, target ${target}`,
        ).toBeLessThanOrEqual(0.035);
      }
    }
    // The row is read at Value(708) = +29, the Value of 800 members, and never made to sum to the size.
    expect(bookShortcut(708, 0, 0) / 708 - differenceAtLeast(0)).toBeGreaterThan(0.085);
  });

  it("an empty group counts nobody, in either mode", () => {
    expect(groupCountAtLeast(0, 2, 0, "book")).toBe(0);
    expect(groupCountAtLeast(0, 2, 0, "exact")).toBe(0);
  });

  it("exact mode follows the open option: only an open roll reaches 10 points above the margin", () => {
    expect(groupCountAtLeast(10_000, 0, 10, "exact", { open: true })).toBeGreaterThan(0);
    expect(groupCountAtLeast(10_000, 0, 10, "exact")).toBe(0);
  });

  it("beyond a closed roll's reach: nobody at M + 10 or better, everybody at M − 9 or better", () => {
    expect(groupCountAtLeast(300, 2, 12, "book")).toBe(0);
    expect(groupCountAtLeast(300, 2, -7, "book")).toBe(300);
    expect(groupCountAtLeast(300, 2, 11, "book")).toBe(3);
  });

  it("never rises with the target, and stays within 0..size", () => {
    for (const mode of ["book", "exact"] as const) {
      for (const size of [1, 25, 300, 10_000]) {
        let previous = size;
        for (let target = -15; target <= 15; target++) {
          const count = groupCountAtLeast(size, 0, target, mode);
          expect(count).toBeLessThanOrEqual(previous);
          expect(count).toBeGreaterThanOrEqual(0);
          previous = count;
        }
      }
    }
  });

  it("exact mode counts the exact apportionment", () => {
    expect(groupCountAtLeast(300, 2, 0, "exact")).toBe(300 - (21 + 18 + 15 + 12 + 9 + 6 + 3));
  });

  it("rejects bad arguments, naming them", () => {
    expect(() => groupCountAtLeast(300, 2, 0.5, "book")).toThrow(/^target/);
    expect(() => groupCountAtLeast(-1, 2, 0, "book")).toThrow(/^size/);
    expect(() => groupCountAtLeast(300, 1.5, 0, "book")).toThrow(/^margin/);
    expect(() => groupCountAtLeast(300, 2, 0, "rough" as "book")).toThrow(/^mode must be one of book, exact/);
    expect(() => groupMargins(300, 2, "rough" as "book")).toThrow(/^mode must be one of book, exact/);
    expect(() => groupMargins(-3, 2, "exact")).toThrow(/^size/);
  });
});
