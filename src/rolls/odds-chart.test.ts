import { beforeEach, describe, expect, it } from "vitest";
import { differenceAtLeast, differencePmf, wuxiaOdds } from "../rules";
import { startWorld } from "../../test/support/world";
import type * as OddsModule from "./odds-chart";

/** The odds chart of the roll dialog: its bars, axis labels and the outcomes it leaves off. */

let odds: typeof OddsModule;

beforeEach(async () => {
  await startWorld();
  odds = await import("./odds-chart");
});

type Chart = OddsModule.OddsView["chart"];

/** The outcome each bar stands for, read from the axis: the first tick is under the first bar. */
/** The outcome of the chart's first bar, read from its title ("Margin −12: …", "12 successes: …"). */
function firstShown(chart: Chart): number {
  const outcome = /([\u2212+]?\d+)/.exec(chart.bars[0]?.title ?? "")?.[1] ?? "";
  return Number(outcome.replace("\u2212", "-").replace("+", ""));
}

function pct(p: number): string {
  return new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(p);
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

describe("the odds chart of a Wuxia test", () => {
  it("draws the book's example (5 dice, threshold 8) as one bar per number of successes, 0 to 5", () => {
    const view = odds.wuxiaOddsView(5, 8, 0);
    const { successes: exact, criticalBySuccesses } = wuxiaOdds(5, 8);
    // Each bar's critical part (more 1s than successes) is named and drawn in it: 0 successes
    // with a 1, 1 success with two 1s, 2 with three; no more for 3 or more.
    expect(view.chart.bars.map((b) => b.title)).toEqual([
      `0 successes: 16.8%, of which a critical failure ${pct(criticalBySuccesses[0] ?? 0)}`,
      `1 success: 36%, of which a critical failure ${pct(criticalBySuccesses[1] ?? 0)}`,
      `2 successes: 30.9%, of which a critical failure ${pct(criticalBySuccesses[2] ?? 0)}`,
      "3 successes: 13.2%",
      "4 successes: 2.8%",
      "5 successes: 0.2%",
    ]);
    view.chart.bars.forEach((bar, k) => {
      const part = criticalBySuccesses[k] ?? 0;
      if (part === 0) expect(bar.critical).toBeNull();
      else {
        expect(bar.critical?.height).toBeCloseTo((part / (exact[1] ?? 1)) * view.chart.baseline, 9);
        expect((bar.critical?.y ?? 0) + (bar.critical?.height ?? 0)).toBeCloseTo(view.chart.baseline, 9);
      }
    });
    // The line between failure and success sits where the first successful bar's slot begins.
    const slot = (view.chart.width - view.chart.left) / 6;
    expect(view.chart.successLine).toBeCloseTo(view.chart.left + slot, 9);
    // The y axis: the tallest bar's chance at the top, 0 at the baseline.
    expect(view.chart.yTicks).toEqual([
      { y: 0, label: "36%" },
      { y: view.chart.baseline, label: "0%" },
    ]);
    expect(view.chart.ticks.map((tick) => tick.label)).toEqual(["0", "1", "2", "3", "4", "5"]);
    // No success is a failure; one or more is a success (RULES 1.3).
    expect(view.chart.bars.map((b) => b.good)).toEqual([false, true, true, true, true, true]);
    // Heights in proportion to the chances, the likeliest (1 success) full height.
    const tallest = view.chart.bars[1];
    expect(tallest?.height).toBe(view.chart.baseline);
    view.chart.bars.forEach((bar, k) =>
      expect(bar.height).toBeCloseTo(Math.max(1, ((exact[k] ?? 0) / (exact[1] ?? 1)) * view.chart.baseline), 9),
    );
    expect(view.chart.caption).toBe("Number of successes");
  });

  it("names the figures it shows: success and critical failure", () => {
    const view = odds.wuxiaOddsView(5, 8, 0);
    expect(view.figures.map((f) => [f.key, f.label])).toEqual([
      ["success", "Success"],
      ["critical", "Critical failure"],
    ]);
  });

  it.each([
    [100, 7, 3],
    [100, 2, 0],
    [40, 5, 0],
  ])(
    "leaves off at most 0.05 percent at each end of a big pool's successes, and no more: %i dice, threshold %i, %i rerolls",
    (dice, threshold, rerolls) => {
      const chart = odds.wuxiaOddsView(dice, threshold, rerolls).chart;
      const p = wuxiaOdds(dice, threshold, { rerolls }).successes;
      const lo = firstShown(chart);
      const hi = lo + chart.bars.length - 1;
      expect(sum(p.slice(0, lo))).toBeLessThanOrEqual(0.0005);
      expect(sum(p.slice(0, lo + 1))).toBeGreaterThan(0.0005);
      expect(sum(p.slice(hi + 1))).toBeLessThanOrEqual(0.0005);
      expect(sum(p.slice(hi))).toBeGreaterThan(0.0005);
      expect(chart.bars[0]?.title).toContain(`${lo} successes: `);
      expect(chart.bars.at(-1)?.title).toContain(`${hi} successes: `);
    },
  );

  it("labels a big pool's axis every few successes, at most eight labels, each under its bar", () => {
    const chart = odds.wuxiaOddsView(100, 7, 3).chart;
    // 34 outcomes (25 to 58): a label every 5th.
    expect(chart.ticks.map((tick) => tick.label)).toEqual(["25", "30", "35", "40", "45", "50", "55"]);
    chart.ticks.forEach((tick, j) => {
      const bar = chart.bars[j * 5];
      expect(tick.x).toBeCloseTo((bar?.x ?? NaN) + (bar?.width ?? NaN) / 2, 9);
    });
  });
});

describe("the odds chart of a Harmonies roll", () => {
  it("draws every margin of a closed roll, −9 to +9 around the modifier, labelled with true minus signs", () => {
    const view = odds.harmoniesOddsView(-3, false);
    const chart = view.chart;
    expect(chart.bars.map((b) => b.title.split(":")[0])).toEqual(
      Array.from(
        { length: 19 },
        (_, i) => `Margin ${i - 12 < 0 ? "\u2212" : i - 12 > 0 ? "+" : ""}${Math.abs(i - 12)}`,
      ),
    );
    // 19 margins: a label every 3rd, 0 unsigned, positives without a sign.
    expect(chart.ticks.map((tick) => tick.label)).toEqual(["\u221212", "\u22129", "\u22126", "\u22123", "0", "3", "6"]);
    // A margin of 0 or more succeeds (RULES 2.4).
    expect(chart.bars.map((b) => b.good)).toEqual(Array.from({ length: 19 }, (_, i) => i >= 12));
    expect(chart.bars[12]?.title).toBe(`Margin 0: ${pct(differencePmf(3))}`);
    expect(view.figures.map((f) => [f.key, f.label])).toEqual([["success", "Success"]]);
    expect(view.critical).toBeNull();
    expect(chart.caption).toBe("Margin");
  });

  it("cuts an open roll's exploding tails where less than 0.05 % lies beyond, and shows the open roll's own chances", () => {
    const chart = odds.harmoniesOddsView(2, true).chart;
    const h = (chart.bars.length - 1) / 2;
    expect(differenceAtLeast(h + 1, { open: true })).toBeLessThanOrEqual(0.0005);
    expect(differenceAtLeast(h, { open: true })).toBeGreaterThan(0.0005);
    expect(firstShown(chart)).toBe(2 - h);
    // Margin +12 is a dice result of +10, which only an open roll can give.
    const bar = chart.bars.find((b) => b.title.startsWith("Margin +12:"));
    expect(bar?.title).toBe(`Margin +12: ${pct(differencePmf(10, { open: true }))}`);
    expect(bar?.height).toBeCloseTo(
      (differencePmf(10, { open: true }) / differencePmf(0, { open: true })) * chart.baseline,
      9,
    );
  });
});

describe("the chart's drawing", () => {
  const chart0 = () => odds.oddsChart([], "");
  function points(ps: readonly number[]): OddsModule.OddsPoint[] {
    return ps.map((p, i) => ({ x: i, p, good: i > 0, title: `#${i}` }));
  }

  it("stands every bar on the axis, side by side from left to right with a gap, the axis labels below them", () => {
    const chart = odds.harmoniesOddsView(0, false).chart;
    const slot = (chart.width - chart.left) / 19;
    chart.bars.forEach((bar, i) => {
      expect(bar.y + bar.height).toBeCloseTo(chart.baseline, 9);
      expect(bar.x).toBeCloseTo(chart.left + i * slot + 0.5, 9);
      expect(bar.width).toBeCloseTo(slot - 1, 9);
      expect(bar.critical).toBeNull();
    });
    // Right of the y axis's labels; the success line at margin 0, the 10th of −9 … +9.
    expect(chart.left).toBeGreaterThan(20);
    expect(chart.bars[0]?.x).toBeGreaterThan(chart.left);
    expect(chart.successLine).toBeCloseTo(chart.left + 9 * slot, 9);
    expect((chart.bars.at(-1)?.x ?? 0) + (chart.bars.at(-1)?.width ?? 0)).toBeLessThan(chart.width);
    // The labels sit on the bottom edge, under the bars and the axis.
    expect(chart.height).toBeGreaterThan(chart.baseline + 10);
  });

  it("draws no bar for an impossible outcome, and at least a sliver for a possible one however unlikely", () => {
    const chart = odds.oddsChart(points([0, 0.5, 0.0001, 0.4999]), "");
    expect(chart.bars.map((b) => b.height)).toEqual([0, chart.baseline, 1, (0.4999 / 0.5) * chart.baseline]);
    expect(chart.bars.map((b) => b.title)).toEqual(["#0", "#1", "#2", "#3"]);
  });

  it("draws bars too thin for a gap edge to edge, so that none vanishes", () => {
    const count = chart0().width - chart0().left;
    const chart = odds.oddsChart(points(Array.from({ length: count }, () => 1 / count)), "");
    expect(chart.bars.every((b, i) => b.width === 1 && b.x === chart.left + i && b.height === chart.baseline)).toBe(
      true,
    );
    // 250 outcomes: a label every 32nd from 0, eight in all; the success line at 1, right beside 0, shares its label.
    expect(count).toBe(250);
    expect(chart.ticks.map((tick) => tick.label)).toEqual(["0", "32", "64", "96", "128", "160", "192", "224"]);
  });

  it("labels 0 and the success line, whatever the step between labels", () => {
    // Margins −20 to +20, success from +3: a label every 6th counted from 0, and +3 besides (16 px from its neighbours).
    const margins = Array.from({ length: 41 }, (_, i) => i - 20);
    const chart = odds.oddsChart(
      margins.map((x) => ({ x, p: 1 / 41, good: x >= 3, title: String(x) })),
      "",
    );
    const labels = chart.ticks.map((tick) => tick.label);
    expect(labels).toContain("0");
    expect(labels).toContain("3");
    expect(labels).toEqual(["\u221218", "\u221212", "\u22126", "0", "3", "6", "12", "18"]);
    expect(chart.ticks.find((tick) => tick.label === "3")?.x).toBeCloseTo(
      (chart.successLine ?? 0) + (chart.width - chart.left) / 41 / 2,
    );
  });

  it("draws nothing, without failing, when no outcome is possible", () => {
    const chart = odds.oddsChart(points([0, 0]), "");
    expect(chart.bars.map((b) => b.height)).toEqual([0, 0]);
    expect(chart.yTicks.map((tick) => tick.label)).toEqual(["0%", "0%"]);
  });

  it("draws no success line when every outcome succeeds, or none does", () => {
    const all = odds.oddsChart(
      [0.5, 0.5].map((p, i) => ({ x: i, p, good: true, title: "" })),
      "",
    );
    const none = odds.oddsChart(
      [0.5, 0.5].map((p, i) => ({ x: i, p, good: false, title: "" })),
      "",
    );
    expect([all.successLine, none.successLine]).toEqual([null, null]);
  });
});
