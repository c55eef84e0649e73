import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readWhole } from "./numbers";
import { PROBLEM } from "./problems";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
const runs = (full: number): number => Math.min(full, Number(env.FC_RUNS) || full);

/** A cell's number as a spreadsheet writes it: whole, never rounded, and a fraction named as one. */
describe("readWhole", () => {
  it.each([
    ["12", 12],
    ["+3", 3],
    ["-4", -4],
    ["−4", -4],
    ["0", 0],
    ["-0", 0],
    ["007", 7],
    ["10 000", 10000],
    ["1\u00a0000", 1000],
    ["-1\u202f000\u2009000", -1000000],
  ])("reads %j as %d", (text, value) => {
    expect(readWhole(text)).toEqual({ ok: true, value });
  });

  it.each(["2,5", "2.5", ",5", ".55", "3.", "-1,25", "+0.5", "1,"])("calls %j a fraction", (text) => {
    expect(readWhole(text)).toEqual({ ok: false, code: PROBLEM.NotWhole });
  });

  it.each(["", "x5", "5x", "deux", "1 00", "10 0000", "1  000", "1,000,000", "++1", "1-", "1e3", "2,5,1", "..5", "-"])(
    "calls %j not a number",
    (text) => {
      expect(readWhole(text)).toEqual({ ok: false, code: PROBLEM.NotNumber });
    },
  );

  it("takes JSON numbers as they are: whole ones, infinities (for the bounds to refuse), never a fraction", () => {
    expect(readWhole(7)).toEqual({ ok: true, value: 7 });
    expect(readWhole(-0)).toEqual({ ok: true, value: 0 });
    expect(readWhole(Infinity)).toEqual({ ok: true, value: Infinity });
    expect(readWhole(2.5)).toEqual({ ok: false, code: PROBLEM.NotWhole });
  });

  it("reads every whole number it writes, with or without digit groups, and refuses every fraction", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(readWhole(String(n))).toEqual({ ok: true, value: n });
        expect(readWhole(n.toLocaleString("fr-FR"))).toEqual({ ok: true, value: n });
        expect(readWhole(`${n},5`).ok).toBe(false);
      }),
      { numRuns: runs(500) },
    );
  });
});
