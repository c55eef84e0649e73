/**
 * Pearson's chi-square tests for the samplers' statistical tests. Each test runs with a fixed
 * seed, so it passes or fails the same way every time; the threshold is the statistic a sound
 * sampler exceeds once in a thousand seeds (α = 0.001), so a failure means the sampler is wrong,
 * not unlucky, while a sampler off by a few per cent at 20 000 draws fails it.
 */

/** The chi-square statistic exceeded with probability 0.001 at `df` degrees of freedom (Wilson–Hilferty, within 2.5 % from df = 2). */
export function chiSquareCritical(df: number): number {
  const z = 3.0902; // the normal quantile of 0.999
  const v = 2 / (9 * df);
  return df * (1 - v + z * Math.sqrt(v)) ** 3;
}

/** Adjacent bins merged until each holds `least` (in `weight`); a short remainder joins the last bin. */
function merged(bins: readonly number[][], weight: (bin: readonly number[]) => number, least: number): number[][] {
  const out: number[][] = [];
  let current: number[] | null = null;
  for (const bin of bins) {
    current = current ? current.map((x, i) => x + (bin[i] ?? 0)) : [...bin];
    if (weight(current) >= least) {
      out.push(current);
      current = null;
    }
  }
  const last = out.at(-1);
  if (current && last) out[out.length - 1] = last.map((x, i) => x + (current[i] ?? 0));
  else if (current) out.push(current);
  return out;
}

export interface ChiSquare {
  statistic: number;
  df: number;
  critical: number;
}

/**
 * Goodness of fit of observed counts to a fully known distribution: `expected[i]` is the
 * probability of bin i (summing to 1 over the bins given). Bins are merged until each expects 5.
 */
export function goodnessOfFit(observed: readonly number[], probabilities: readonly number[]): ChiSquare {
  const draws = observed.reduce((a, b) => a + b, 0);
  const bins = merged(
    observed.map((o, i) => [o, draws * (probabilities[i] ?? 0)]),
    (bin) => bin[1] ?? 0,
    5,
  );
  const statistic = bins.reduce((sum, [o = 0, e = 0]) => sum + (o - e) ** 2 / e, 0);
  const df = bins.length - 1;
  return { statistic, df, critical: chiSquareCritical(df) };
}

/** Homogeneity of two samples' counts over the same bins; bins merged until each holds 10 draws of both. */
export function sameDistribution(first: readonly number[], second: readonly number[]): ChiSquare {
  const bins = merged(
    first.map((a, i) => [a, second[i] ?? 0]),
    (bin) => (bin[0] ?? 0) + (bin[1] ?? 0),
    10,
  );
  const totals = [0, 1].map((s) => bins.reduce((sum, bin) => sum + (bin[s] ?? 0), 0));
  const all = (totals[0] ?? 0) + (totals[1] ?? 0);
  let statistic = 0;
  for (const bin of bins) {
    const row = (bin[0] ?? 0) + (bin[1] ?? 0);
    totals.forEach((total, s) => {
      const e = (row * total) / all;
      statistic += ((bin[s] ?? 0) - e) ** 2 / e;
    });
  }
  const df = bins.length - 1;
  return { statistic, df, critical: chiSquareCritical(df) };
}

/** Counts of each value 0..top among `values`. */
export function histogram(values: readonly number[], top: number): number[] {
  const counts = new Array<number>(top + 1).fill(0);
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
