import { describe, expect, it, vi } from "vitest";

/**
 * The book's tables and defaults for groups, read from freshly loaded modules: they are built
 * once, when the module loads, so a fresh load is what shows the values the engine starts with.
 */
describe("the groups' constants (RULES 3.2, 3.3)", () => {
  it("[default] homogeneous within 5 points, closed rolls, margins inside a group as the book gives them", async () => {
    vi.resetModules();
    const { GROUP_DEFAULTS } = await import("./defaults");
    expect(GROUP_DEFAULTS).toEqual({ homogeneityMaxSpread: 5, open: false, mode: "book" });
  });

  it("the table of RULES 3.3: points taken from Value(size) for exactly a gap, and for a gap or more", async () => {
    vi.resetModules();
    const { BOOK_EXACT_GAP, BOOK_GAP_OR_MORE } = await import("./method2-margins");
    expect(BOOK_EXACT_GAP).toEqual([-10, -10.5, -11, -11.5, -12, -13, -14, -15, -17, -20]);
    expect(BOOK_GAP_OR_MORE).toEqual([-2.5, -3.5, -4.5, -5.5, -7, -8, -10, -12, -15, -20]);
  });

  it("the two modes of method 2 a world may pick, and no other", async () => {
    vi.resetModules();
    const { groupMargins, groupCountAtLeast } = await import("./method2-margins");
    expect(groupMargins(1, 0, "book")).toEqual([{ margin: 0, count: 1 }]);
    expect(groupMargins(1, 0, "exact")).toEqual([{ margin: 0, count: 1 }]);
    expect(groupCountAtLeast(300, 2, 0, "book")).toBe(216);
    expect(() => groupMargins(1, 0, "" as never)).toThrow(/mode/);
  });
});
