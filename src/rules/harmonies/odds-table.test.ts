import { describe, expect, it } from "vitest";
import { harmoniesOddsTable } from "./odds-table";

describe("harmoniesOddsTable (RULES 2.4)", () => {
  it("gives the exact chance, closed and open, beside the book's rule of thumb where it has one", () => {
    const rows = harmoniesOddsTable(-10, 10);
    expect(rows).toHaveLength(21);
    const at = (m: number) => rows.find((r) => r.modifier === m);
    // Difficulty 0: the book says about 50 %, the true value is 55 % (closed: P(d10 − d10 ≥ 0)).
    expect(at(0)).toMatchObject({ closed: 0.55, book: 0.5 });
    expect(at(-3)?.book).toBe(0.25);
    expect(at(-1)?.book).toBeNull();
    expect(at(-10)?.closed).toBe(0);
    expect(at(-10)?.open ?? 0).toBeGreaterThan(0);
  });

  it("gives the book's seven figures, at −10, −5, −3, 0, +3, +5 and +10, and none elsewhere", () => {
    const book = harmoniesOddsTable(-12, 12).filter((r) => r.book !== null);
    expect(book.map((r) => [r.modifier, r.book])).toEqual([
      [-10, 0.05],
      [-5, 0.15],
      [-3, 0.25],
      [0, 0.5],
      [3, 0.75],
      [5, 0.85],
      [10, 0.95],
    ]);
  });

  it("runs from −12 to +12 unless told", () => {
    const rows = harmoniesOddsTable();
    expect([rows.length, rows[0]?.modifier, rows.at(-1)?.modifier]).toEqual([25, -12, 12]);
  });

  it("refuses a range that runs backwards", () => {
    expect(() => harmoniesOddsTable(3, 2)).toThrow(expect.objectContaining({ code: "WH.Error.OutOfRange" }));
  });
});
