import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestRemainder } from "./groups/apportion";
import { requireCount, requireFinite, requireInteger } from "./validate";

const accepts = (run: () => unknown) => {
  try {
    run();
    return true;
  } catch {
    return false;
  }
};

describe("argument checks, over their whole domain", () => {
  it("requireInteger accepts exactly the integers in [min, max], bounds included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -20, max: 20 }),
        fc.nat(20),
        (value, min, width) => {
          const max = min + width;
          expect(accepts(() => requireInteger("x", value, min, max))).toBe(value >= min && value <= max);
          expect(accepts(() => requireInteger("x", value + 0.5, min, max))).toBe(false);
        },
      ),
    );
  });

  it("requireFinite accepts exactly the finite numbers in [min, max], bounds included", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (value, min) => {
          const max = min + 2;
          expect(accepts(() => requireFinite("x", value, min, max))).toBe(value >= min && value <= max);
          // + 0: a −0 bound comes back as 0.
          expect(requireFinite("x", min, min, max)).toBe(min + 0);
          expect(requireFinite("x", max, min, max)).toBe(max + 0);
        },
      ),
    );
  });

  it("requireCount accepts 0..max", () => {
    expect(requireCount("n", 0, 3)).toBe(0);
    expect(requireCount("n", 3, 3)).toBe(3);
    expect(accepts(() => requireCount("n", 4, 3))).toBe(false);
    expect(accepts(() => requireCount("n", -1, 3))).toBe(false);
  });
});

describe("largestRemainder", () => {
  it("hands out exactly the total, each share the floor or the ceiling of its quota", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.array(fc.nat(50), { minLength: 1, maxLength: 12 }), (total, weights) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        fc.pre(sum > 0);
        const counts = largestRemainder(
          total,
          weights,
          weights.map((_, i) => i),
        );
        expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
        counts.forEach((c, i) => {
          const quota = (total * (weights[i] ?? 0)) / sum;
          expect(c - Math.floor(quota + 1e-9)).toBeGreaterThanOrEqual(0);
          expect(c - quota).toBeLessThan(1);
        });
      }),
    );
  });

  it("gives the seats left to the largest remainders, equal ones in priority order", () => {
    // Quotas 1.2, 1.5, 1.3: one seat left, to the 1.5.
    expect(largestRemainder(4, [12, 15, 13], [0, 1, 2])).toEqual([1, 2, 1]);
    // Three equal quotas of 1/3 each and one seat: the first in priority gets it.
    expect(largestRemainder(1, [1, 1, 1], [2, 0, 1])).toEqual([0, 0, 1]);
    expect(largestRemainder(2, [1, 1, 1], [2, 0, 1])).toEqual([1, 0, 1]);
    // An index missing from the priority list ranks by its own index.
    expect(largestRemainder(1, [1, 1, 1], [])).toEqual([1, 0, 0]);
  });
});
