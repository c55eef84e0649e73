// Combining Values (RULES 3.1) for 4 000, 16 000 and 100 000 distinct Values, against the former
// procedure that re-counted and re-sorted every group at each merge (its cost grows with the square
// of the Values: 4 000 keep this run short), both measured in this run.
// Run with `npm run bench`; a benchmark, not a test (no timing is asserted here). Vitest's table
// gives each one's mean time.
import { bench, describe } from "vitest";
import { combineValues } from "./combine";
import { formerCombine } from "../../../test/support/combine-reference";

/** Distinct Values, shuffled, spread so that merges at +2 and +1 and set-asides all happen. */
function distinctValues(n: number): number[] {
  const values = Array.from({ length: n }, (_, i) => 3 * i - ((i * 7) % 5));
  for (let i = n - 1; i > 0; i--) {
    const j = (i * 48_271) % (i + 1);
    [values[i], values[j]] = [values[j] ?? 0, values[i] ?? 0];
  }
  return values;
}

const fourThousand = distinctValues(4_000);
const sixteenThousand = distinctValues(16_000);
const hundredThousand = distinctValues(100_000);
describe("combineValues, distinct Values", () => {
  bench("before: 4 000 Values, the former procedure (baseline)", () => void formerCombine(fourThousand), {
    time: 0,
    iterations: 3,
    warmupTime: 0,
    warmupIterations: 0,
  });
  bench("after: 4 000 Values", () => void combineValues(fourThousand), { time: 500, warmupIterations: 5 });
  bench("after: 16 000 Values", () => void combineValues(sixteenThousand), { time: 500, warmupIterations: 5 });
  bench("after: 100 000 Values", () => void combineValues(hundredThousand), { time: 1000, warmupIterations: 3 });
});
