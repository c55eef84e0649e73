import { describe, expect, it } from "vitest";
import { healWound, healingDays, healingStepDays } from "./healing";
import type { WoundTrack } from "./wounds";

const track = (light: number, grave: number, critical: number, fatal = false): WoundTrack => ({
  light,
  grave,
  critical,
  fatal,
});

/** Heal step by step, adding each step's period: must agree with healingDays. */
function stepByStep(t: WoundTrack): number {
  let days = 0;
  for (let current = t; current.light + current.grave + current.critical > 0; current = healWound(current))
    days += healingStepDays(current);
  return days;
}

describe("healing", () => {
  it("[example] 1 light + 1 grave: 7 days (grave → light) + 3 + 3 = 13 days", () => {
    expect(healingDays(track(1, 1, 0))).toBe(13);
    expect(stepByStep(track(1, 1, 0))).toBe(13);
  });

  it("a healthy character has no rest to take", () => {
    expect(healingStepDays(track(0, 0, 0))).toBe(0);
    expect(healingDays(track(0, 0, 0))).toBe(0);
  });

  it("a critical wound alone takes 30 + 7 + 3 = 40 days", () => {
    expect(healingDays(track(0, 0, 1))).toBe(40);
    expect(stepByStep(track(0, 0, 1))).toBe(40);
  });

  it("the most severe wound heals first, one stage at a time", () => {
    expect(healWound(track(1, 1, 1))).toEqual(track(1, 2, 0));
    expect(healWound(track(1, 2, 0))).toEqual(track(2, 1, 0));
    expect(healWound(track(2, 0, 0))).toEqual(track(1, 0, 0));
    expect(healWound(track(0, 0, 0))).toEqual(track(0, 0, 0));
  });

  it("a lowered wound takes the lower slot even if that track is full: healing never aggravates", () => {
    expect(healWound(track(4, 2, 1))).toEqual(track(4, 3, 0));
    expect(healWound(track(4, 2, 0))).toEqual(track(5, 1, 0));
  });

  it("[default] takes the periods as a parameter (1 month = 30 days)", () => {
    const healingDaysTable = { light: 2, grave: 5, critical: 20 };
    expect(healingDays(track(1, 0, 1), { healingDays: healingDaysTable })).toBe(29);
    expect(healingDays(track(3, 2, 1))).toBe(3 * 3 + 2 * 10 + 40);
    expect(stepByStep(track(3, 2, 1))).toBe(69);
  });

  it("refuses to heal a fatal track", () => {
    expect(() => healWound(track(0, 0, 1, true))).toThrow(expect.objectContaining({ code: "WH.Error.Fatal" }));
    expect(() => healingDays(track(0, 0, 1, true))).toThrow(RangeError);
  });

  it("rejects bad healing periods, naming them", () => {
    const days = (change: Partial<{ light: number; grave: number; critical: number }>) => ({
      healingDays: { light: 3, grave: 7, critical: 30, ...change },
    });
    expect(() => healingDays(track(1, 0, 0), days({ light: Number.NaN }))).toThrow(
      /^options\.healingDays\.light must be an integer/,
    );
    expect(() => healingDays(track(1, 0, 0), days({ critical: -30 }))).toThrow(/^options\.healingDays\.critical/);
    expect(() => healingStepDays(track(0, 1, 0), days({ grave: 1.5 }))).toThrow(
      /^options\.healingDays\.grave must be an integer/,
    );
  });
});
