import { beforeEach, describe, expect, it } from "vitest";
import { differencePmf, harmoniesOdds, wuxiaOdds } from "../rules";
import { startWorld } from "../../test/support/world";
import type * as OddsModule from "./odds-chart";
import type * as PresetsModule from "./presets";

let odds: typeof OddsModule;
let presets: typeof PresetsModule;

beforeEach(async () => {
  await startWorld();
  odds = await import("./odds-chart");
  presets = await import("./presets");
});

describe("the roll dialog's odds", () => {
  it.each([
    [5, 8, 0],
    [5, 7, 2],
    [1, 11, 0],
    [12, 1, 3],
    [100, 7, 3],
  ])("are the rules' exact Wuxia odds: %i dice, threshold %i, %i rerolls", (dice, threshold, rerolls) => {
    const view = odds.wuxiaOddsView(dice, threshold, rerolls);
    const exact = wuxiaOdds(dice, threshold, { rerolls });
    expect(view.success).toBe(exact.success);
    expect(view.critical).toBe(exact.critical);
  });

  it("show the Wuxia book's example to 0.1 %: Attribute 5, Compétence 2, SR 10 → 79.5 % and 12.7 % (its table rounds to 80 and 13)", () => {
    const view = odds.wuxiaOddsView(5, 8, 0);
    expect(view.figures.map((f) => f.value)).toEqual(["79.5%", "12.7%"]);
  });

  it.each([
    [0, false],
    [-3, false],
    [-5, true],
    [7, true],
  ])("are the rules' exact Harmonies odds: modifier %i, open %s", (modifier, open) => {
    expect(odds.harmoniesOddsView(modifier, open).success).toBe(harmoniesOdds(modifier, { open }));
  });

  it("chart every margin of a closed roll, successes apart from failures", () => {
    const chart = odds.harmoniesOddsView(-3, false).chart;
    expect(chart.bars).toHaveLength(19);
    expect(chart.bars.filter((b) => b.good)).toHaveLength(7);
    const tallest = chart.bars.reduce((a, b) => (b.height > a.height ? b : a));
    expect(tallest.title).toContain(`${differencePmf(0) * 100}%`);
  });

  it("chart an open roll's long tails only as far as they matter, and a big pool's likely counts", () => {
    const open = odds.harmoniesOddsView(0, true).chart.bars.length;
    expect(open).toBeGreaterThan(19);
    expect(open).toBeLessThan(70);
    const pool = odds.wuxiaOddsView(100, 7, 3).chart;
    expect(pool.bars.length).toBeLessThan(40);
    expect(pool.bars.every((b) => b.x >= 0 && b.x + b.width <= pool.width + 1e-9)).toBe(true);
  });

  it("offer the book's difficulties with the book's reading (the Measure of the difficulty)", () => {
    const labels = Object.fromEntries(presets.difficultyChoices().map((c) => [c.value, c.label]));
    expect(labels[-3]).toContain("2");
    expect(labels[-5]).toContain("3");
    expect(labels[-10]).toContain("10");
    expect(labels[5]).toContain("3");
    expect(presets.srChoices().map((c) => c.value)).toEqual([8, 9, 10, 11, 12, 13]);
  });
});
