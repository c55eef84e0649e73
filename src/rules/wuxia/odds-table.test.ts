import { describe, expect, it } from "vitest";
import { wuxiaOdds } from "./odds";
import { wuxiaOddsTable } from "./odds-table";

describe("wuxiaOddsTable (RULES 1.3: the Wuxia text's lost tables)", () => {
  it("[example] Attribute 5 against SR − Compétence 8: 80 % success, 13 % critical failure", () => {
    const table = wuxiaOddsTable();
    const cell = table.cells[4]?.[6];
    expect(cell?.success).toBeCloseTo(0.795, 3);
    expect(cell?.critical).toBeCloseTo(0.127, 3);
  });

  it("shows the text's remark: from threshold 7 the critical chance rises with the Attribute, then falls; at 10 it only rises", () => {
    const { criticalPeak, thresholds } = wuxiaOddsTable();
    const peakAt = (t: number) => criticalPeak[thresholds.indexOf(t)];
    for (const t of [2, 3, 4, 5, 6]) expect(peakAt(t), `threshold ${t}`).toBeNull();
    expect([7, 8, 9].map(peakAt)).toEqual([2, 3, 6]);
    expect(peakAt(10)).toBe(10);
  });

  it("with rerolls, raises every chance of success and lowers every chance of a critical failure", () => {
    const plain = wuxiaOddsTable(0);
    const rerolled = wuxiaOddsTable(3);
    plain.cells.forEach((row, a) =>
      row.forEach((cell, t) => {
        expect(rerolled.cells[a]?.[t]?.success ?? 0).toBeGreaterThanOrEqual(cell.success);
        expect(rerolled.cells[a]?.[t]?.critical ?? 1).toBeLessThanOrEqual(cell.critical);
      }),
    );
    expect(rerolled.rerolls).toBe(3);
    // Each cell is the engine's exact odds with that many rerolls, never more than the dice.
    expect(wuxiaOddsTable(1).cells[4]?.[6]).toEqual(pick(wuxiaOdds(5, 8, { rerolls: 1 })));
    expect(rerolled.cells[0]?.[6]).toEqual(pick(wuxiaOdds(1, 8, { rerolls: 1 })));
    expect(rerolled.cells[4]?.[6]?.success).toBeGreaterThan(plain.cells[4]?.[6]?.success ?? 1);
  });

  it("refuses a reroll count outside 0–3", () => {
    expect(() => wuxiaOddsTable(4)).toThrow(
      expect.objectContaining({
        code: "WH.Error.OutOfRange",
        details: expect.objectContaining({ argument: "rerolls" }),
      }),
    );
  });
});

function pick({ success, critical }: { success: number; critical: number }) {
  return { success, critical };
}
