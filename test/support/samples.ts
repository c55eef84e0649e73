/** What the vitest benches share: each run's time kept as a sample, and the median of the samples. */

/** Times one run of synchronous work into the samples, in milliseconds. */
export function timed(into: number[], work: () => unknown): void {
  const start = performance.now();
  work();
  into.push(performance.now() - start);
}

/** Times one run of asynchronous work into the samples, in milliseconds, once it has settled. */
export async function timedAsync(into: number[], work: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await work();
  into.push(performance.now() - start);
}

export { median } from "../../bench/timing";
