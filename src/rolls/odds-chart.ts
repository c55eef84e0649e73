import { differenceAtLeast, differencePmf, harmoniesOdds, wuxiaOdds } from "../rules";
import { t } from "../core/i18n";
import { percent, signed } from "../core/format";

/** One bar of the distribution chart, in SVG user units. */
export interface OddsBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Read by screen readers and shown on hover. */
  title: string;
  /** A success (Wuxia: at least one success; Harmonies: margin ≥ 0). */
  good: boolean;
  /** The part of the bar that is a critical failure (Wuxia: more 1s than successes), if any. */
  critical: { y: number; height: number } | null;
}

export interface OddsView {
  /** The exact probabilities, as the rules give them. */
  success: number;
  critical: number | null;
  figures: { key: string; label: string; value: string }[];
  chart: {
    width: number;
    height: number;
    baseline: number;
    /** Where the plot starts, after the y axis's labels. */
    left: number;
    bars: OddsBar[];
    ticks: { x: number; label: string }[];
    /** The y axis: the tallest bar's chance at its top, 0 at the baseline. */
    yTicks: { y: number; label: string }[];
    /** Between the last failing outcome and the first succeeding one, when the chart has both. */
    successLine: number | null;
    caption: string;
  };
}

const WIDTH = 280;
/** Room on the left for the y axis's labels ("36%"). */
const LEFT = 30;
const BARS_HEIGHT = 72;
const HEIGHT = BARS_HEIGHT + 16;
/** Outcomes beyond this much probability mass at either end are left off the chart. */
const TAIL = 0.0005;
const MAX_TICKS = 8;

/** A point of the distribution: an outcome (successes or margin) and its probability. */
export interface OddsPoint {
  x: number;
  p: number;
  good: boolean;
  title: string;
  /** The probability of this outcome that is a critical failure. */
  critical?: number;
}

/** Room a label under the bars needs, in pixels, so that two never run into each other. */
const LABEL_ROOM = 16;

/**
 * The outcomes labelled under the bars, at most about MAX_TICKS: every step-th counted from 0 (the
 * point a chart of margins or successes is about), and the first good outcome, where the success
 * line stands, the regular labels too close to it left out (0 stays; when it stands right beside
 * the line, it speaks for both).
 */
function tickIndices(points: readonly OddsPoint[], firstGood: number, slot: number): number[] {
  const step = Math.ceil(points.length / MAX_TICKS);
  const zero = points.findIndex((pt) => pt.x === 0);
  const anchor = zero >= 0 ? zero : 0;
  const regular = points.map((_, i) => i).filter((i) => (((i - anchor) % step) + step) % step === 0);
  if (firstGood < 0 || regular.includes(firstGood)) return regular;
  const near = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  if (zero >= 0 && Math.abs(firstGood - zero) < near) return regular;
  const kept = regular.filter((i) => i === zero || Math.abs(i - firstGood) >= near);
  return [...kept, firstGood].sort((a, b) => a - b);
}

/** The bar chart of a distribution: one bar per outcome, the tallest full height, at most MAX_TICKS labels. */
export function oddsChart(points: readonly OddsPoint[], caption: string): OddsView["chart"] {
  const max = points.reduce((m, pt) => Math.max(m, pt.p), 0);
  const peak = max || 1;
  const slot = (WIDTH - LEFT) / Math.max(points.length, 1);
  const gap = slot > 4 ? 1 : 0;
  const bars = points.map((pt, i) => {
    const height = Math.max(pt.p > 0 ? 1 : 0, (pt.p / peak) * BARS_HEIGHT);
    const critical = pt.critical ? Math.min(height, (pt.critical / peak) * BARS_HEIGHT) : 0;
    return {
      x: LEFT + i * slot + gap / 2,
      y: BARS_HEIGHT - height,
      width: slot - gap,
      height,
      title: pt.title,
      good: pt.good,
      critical: critical > 0 ? { y: BARS_HEIGHT - critical, height: critical } : null,
    };
  });
  const firstGood = points.findIndex((pt) => pt.good);
  const ticks = tickIndices(points, firstGood, slot).map((i) => {
    const x = points[i]?.x ?? 0;
    return { x: LEFT + i * slot + slot / 2, label: x < 0 ? `\u2212${-x}` : String(x) };
  });
  const successLine = firstGood > 0 ? LEFT + firstGood * slot : null;
  const yTicks = [
    { y: 0, label: percent(max) },
    { y: BARS_HEIGHT, label: percent(0) },
  ];
  return { width: WIDTH, height: HEIGHT, baseline: BARS_HEIGHT, left: LEFT, bars, ticks, yTicks, successLine, caption };
}

/** The smallest window [lo, hi] of indices that leaves at most TAIL of the mass outside each end. */
function window(p: readonly number[]): [number, number] {
  let lo = 0;
  let below = 0;
  while (lo < p.length - 1 && below + (p[lo] ?? 0) <= TAIL) below += p[lo++] ?? 0;
  let hi = p.length - 1;
  let above = 0;
  while (hi > lo && above + (p[hi] ?? 0) <= TAIL) above += p[hi--] ?? 0;
  return [lo, hi];
}

/** Wuxia: chance of success and of critical failure, and the distribution of successes (RULES 1.3). */
export function wuxiaOddsView(dice: number, threshold: number, rerolls: number): OddsView {
  const odds = wuxiaOdds(dice, threshold, { rerolls });
  const [lo, hi] = window(odds.successes);
  const points = odds.successes.slice(lo, hi + 1).map((p, i) => {
    const k = lo + i;
    const critical = odds.criticalBySuccesses[k] ?? 0;
    return {
      x: k,
      p,
      good: k >= 1,
      critical,
      title: critical
        ? t("WH.Dialog.Odds.SuccessesBarCritical", {
            count: k,
            chance: percent(p),
            critical: percent(critical),
          })
        : t("WH.Dialog.Odds.SuccessesBar", { count: k, chance: percent(p) }),
    };
  });
  return {
    success: odds.success,
    critical: odds.critical,
    figures: [
      { key: "success", label: t("WH.Dialog.Odds.Success"), value: percent(odds.success) },
      { key: "critical", label: t("WH.Dialog.Odds.Critical"), value: percent(odds.critical) },
    ],
    chart: oddsChart(points, t("WH.Dialog.Odds.SuccessesCaption")),
  };
}

/** Farthest dice result the chart shows: all of a closed roll, an open roll's tails cut at TAIL. */
function reach(open: boolean): number {
  if (!open) return 9;
  let h = 9;
  while (differenceAtLeast(h + 1, { open }) > TAIL) h++;
  return h;
}

/** Harmonies: chance of success, and the distribution of the margin (RULES 2.4). */
export function harmoniesOddsView(modifier: number, open: boolean): OddsView {
  const success = harmoniesOdds(modifier, { open });
  const h = reach(open);
  const points = [];
  for (let d = -h; d <= h; d++) {
    const margin = modifier + d;
    const p = differencePmf(d, { open });
    points.push({
      x: margin,
      p,
      good: margin >= 0,
      title: t("WH.Dialog.Odds.MarginBar", { margin: signed(margin), chance: percent(p) }),
    });
  }
  return {
    success,
    critical: null,
    figures: [{ key: "success", label: t("WH.Dialog.Odds.Success"), value: percent(success) }],
    chart: oddsChart(points, t("WH.Dialog.Odds.MarginCaption")),
  };
}

/**
 * A Wuxia group (RULES 3.4 [default]): the share of members expected to succeed and to fail
 * critically (each sub-group's odds weighted by its members), and the distribution of how many
 * sub-groups succeed (each test is independent of the others).
 */
export function wuxiaGroupOddsView(
  tests: readonly { members: number; odds: { success: number; critical: number } }[],
): OddsView {
  const members = tests.reduce((sum, test) => sum + test.members, 0);
  const share = (pick: (odds: { success: number; critical: number }) => number) =>
    tests.reduce((sum, test) => sum + test.members * pick(test.odds), 0) / members;
  const success = share((odds) => odds.success);
  const critical = share((odds) => odds.critical);
  // dist[k]: the chance that exactly k sub-groups succeed, one test folded in at a time.
  let dist = [1];
  for (const test of tests) {
    const p = test.odds.success;
    dist = [...dist, 0].map((q, k) => q * (1 - p) + (dist[k - 1] ?? 0) * p);
  }
  const [lo, hi] = window(dist);
  const points = dist.slice(lo, hi + 1).map((p, i) => {
    const k = lo + i;
    return { x: k, p, good: k >= 1, title: t("WH.Dialog.Odds.SubgroupsBar", { count: k, chance: percent(p) }) };
  });
  return {
    success,
    critical,
    figures: [
      { key: "success", label: t("WH.Dialog.Odds.MembersSucceeding"), value: percent(success) },
      { key: "critical", label: t("WH.Dialog.Odds.MembersCritical"), value: percent(critical) },
    ],
    chart: oddsChart(points, t("WH.Dialog.Odds.SubgroupsCaption")),
  };
}
