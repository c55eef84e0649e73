/**
 * Timing helpers: every case is warmed up, then timed over several runs; the median run is
 * reported. Paired cases run interleaved (A, B, A, B, …) so that a noisy neighbour on a shared
 * machine slows both sides alike, and their ratio is taken run by run.
 */

/** Runs the operation `iterations` times and returns a checksum, so the work cannot be elided. */
export type Work = (iterations: number) => number;

export interface Case {
  work: Work;
  /** Operations per run, chosen so that a run lasts a few milliseconds or more. */
  iterations: number;
}

export let checksum = 0;

function timeRun(c: Case): number {
  const start = performance.now();
  checksum += c.work(c.iterations);
  return ((performance.now() - start) * 1e6) / c.iterations; // ns per operation
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Median ns per operation of each case, and the median of the run-by-run ratios to the first. */
export function timeInterleaved(cases: readonly Case[], runs: number, warmups = 2): { ns: number[]; ratios: number[] } {
  for (let w = 0; w < warmups; w++) for (const c of cases) timeRun(c);
  const samples = cases.map(() => [] as number[]);
  for (let r = 0; r < runs; r++) cases.forEach((c, i) => samples[i]?.push(timeRun(c)));
  const first = samples[0] ?? [];
  return {
    ns: samples.map(median),
    ratios: samples.map((s) => median(s.map((v, r) => v / (first[r] ?? NaN)))),
  };
}

export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(1)} ns`;
}
