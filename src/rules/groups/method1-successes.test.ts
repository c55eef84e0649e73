import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupSuccesses } from "./method1-successes";

describe("groupSuccesses (method 1)", () => {
  it("[example] 25 guards (+14), margin +2 → +9 → Measure 8: 8 failed", () => {
    expect(groupSuccesses(25, 2)).toEqual({ succeeded: 17, failed: 8 });
  });

  it("[example] margin −3 → +8 → 6 succeeded", () => {
    expect(groupSuccesses(25, -3)).toEqual({ succeeded: 6, failed: 19 });
  });

  it("[example] margin +12 → −1 → 0: all succeed", () => {
    expect(groupSuccesses(25, 12)).toEqual({ succeeded: 25, failed: 0 });
  });

  it("margin 0 is a success (M ≥ 0): 25 guards → +11 → Measure 12.5: 12 failed", () => {
    expect(groupSuccesses(25, 0)).toEqual({ succeeded: 13, failed: 12 });
  });

  it("margins far beyond the Measure table's reach: everybody succeeds, or everybody fails", () => {
    expect(groupSuccesses(25, 4000)).toEqual({ succeeded: 25, failed: 0 });
    expect(groupSuccesses(25, -4000)).toEqual({ succeeded: 0, failed: 25 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 3100, max: 1e6 }), (size, gap) => {
        expect(groupSuccesses(size, gap)).toEqual({ succeeded: size, failed: 0 });
        expect(groupSuccesses(size, -gap)).toEqual({ succeeded: 0, failed: size });
      }),
    );
  });

  it("[example] 300 soldiers at +2: method 1 gives 200 succeeded", () => {
    expect(groupSuccesses(300, 2).succeeded).toBe(200);
  });

  it("succeeded + failed = size for every size and margin", () => {
    for (let size = 0; size <= 400; size += 7) {
      for (let margin = -25; margin <= 25; margin++) {
        const { succeeded, failed } = groupSuccesses(size, margin);
        expect(succeeded + failed).toBe(size);
        expect(Math.min(succeeded, failed)).toBeGreaterThanOrEqual(0);
      }
    }
    const huge = groupSuccesses(1e9, 1);
    expect(huge.succeeded + huge.failed).toBe(1e9);
  });

  it("rejects a negative or huge size and a fractional margin", () => {
    expect(() => groupSuccesses(-1, 0)).toThrow(/^size/);
    expect(() => groupSuccesses(1e9 + 1, 0)).toThrow(/^size must be between 0 and 1000000000/);
    expect(() => groupSuccesses(10, 0.5)).toThrow(/^margin must be an integer/);
  });
});
