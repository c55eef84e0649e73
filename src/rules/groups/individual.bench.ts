// "Every member rolls" (RULES 3.3, individual mode) for a million and a billion members, drawn at
// once, against the former loop that rolled each member's dice, both measured in this run.
// Run with `npm run bench`; a benchmark, not a test (no timing is asserted here). Vitest's table
// gives each one's mean time and its summary how many times faster each is than the baseline.
import { bench, describe } from "vitest";
import { openD10 } from "../harmonies/difference-roll";
import { mulberry32, rollD10 } from "../random";
import { rollGroupIndividually } from "./individual";
import type { MarginCount } from "./method2-margins";

const WINDOW = 99;

/** The former individual mode: each member's dice rolled and counted in a typed array. */
function rollEachMember(n: number, modifier: number, random: () => number, open: boolean): MarginCount[] {
  const counts = new Float64Array(2 * WINDOW + 1);
  for (let i = 0; i < n; i++) {
    const d = open ? openD10(random) - openD10(random) : rollD10(random) - rollD10(random);
    counts[d + WINDOW] = (counts[d + WINDOW] ?? 0) + 1;
  }
  const out: MarginCount[] = [];
  counts.forEach((count, i) => {
    if (count > 0) out.push({ margin: modifier + i - WINDOW, count });
  });
  return out;
}

const random = mulberry32(2026);
describe("individual mode: the group's margins", () => {
  bench("before: 10⁶ members, each rolling (baseline)", () => void rollEachMember(1e6, 0, random, false), {
    time: 0,
    iterations: 5,
    warmupIterations: 1,
  });
  for (const [size, label] of [
    [1e6, "10⁶"],
    [1e9, "10⁹"],
  ] as const) {
    for (const open of [false, true]) {
      bench(
        `after: ${label} members, ${open ? "open" : "closed"}, drawn at once`,
        () => void rollGroupIndividually(size, 0, random, { open }),
        { time: 200, warmupIterations: 50 },
      );
    }
  }
});
