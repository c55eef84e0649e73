import { describe, expect, it } from "vitest";
import { RulesError } from "./errors";
import { requireCount, requireFinite, requireInteger, requireNonEmpty, requireOneOf, requireRandom } from "./validate";

describe("argument checks", () => {
  it("name the argument and carry a machine code", () => {
    try {
      requireInteger("dice", 2.5);
      expect.unreachable("requireInteger accepted 2.5");
    } catch (error) {
      expect(error).toBeInstanceOf(RangeError);
      expect(error).toBeInstanceOf(RulesError);
      const e = error as RulesError;
      expect(e.message).toMatch(/^dice /);
      expect(e.code).toBe("WH.Error.NotInteger");
      expect(e.details).toEqual({ argument: "dice", value: 2.5 });
    }
  });

  it("reject NaN, infinities and strings where numbers are meant", () => {
    expect(() => requireInteger("x", Number.NaN)).toThrow(/x must be an integer/);
    expect(() => requireFinite("x", Number.POSITIVE_INFINITY)).toThrow(/x must be a finite number/);
    expect(() => requireInteger("x", "3")).toThrow(RulesError);
  });

  it("bound counts to 0..10^9", () => {
    expect(requireCount("size", 0)).toBe(0);
    expect(requireCount("size", 1e9)).toBe(1e9);
    expect(() => requireCount("size", -1)).toThrow(/size must be between 0 and 1000000000/);
    expect(() => requireCount("size", 1e9 + 1)).toThrow(expect.objectContaining({ code: "WH.Error.OutOfRange" }));
  });

  it("reject empty lists, unknown modes and non-function generators", () => {
    expect(() => requireNonEmpty("values", [])).toThrow(/values/);
    expect(() => requireOneOf("mode", "fast" as "book", ["book", "exact"])).toThrow(/mode must be one of book, exact/);
    expect(() => requireRandom("random", 0.5 as unknown as () => number)).toThrow(/random/);
  });
});
