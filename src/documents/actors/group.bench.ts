// How long a group of 400 sub-groups of 10 000 members takes to prepare, against the former
// preparation that expanded every member before combining the Values (RULES 3.1). Run with
// `npm run bench`; a benchmark, not a test (no timing is asserted here).
// Prints the median of each and their ratio, both measured in this run.
import { bench, describe } from "vitest";
import { combineValues } from "../../rules";
import { startSystem, type TestActor } from "../../../test/support/start-system";
import { HARMONIES_ATTRIBUTES, type HarmoniesAttributeKey } from "../../rules/vocabulary";
import type { GroupModel } from "./group";
import { median, timed } from "../../../test/support/samples";

const SUB_GROUPS = 400;
const MEMBERS = 10_000;

// Harmonies Values spread over −20..+20 so that every kind of merge happens; the schema fills the rest.
const members = Array.from({ length: SUB_GROUPS }, (_, i) => ({
  label: `Troop ${i}`,
  count: MEMBERS,
  stats: Object.fromEntries(HARMONIES_ATTRIBUTES.map((k, j) => [k, ((i * (j + 3)) % 41) - 20])) as Record<
    HarmoniesAttributeKey,
    number
  >,
}));
const started = await startSystem();
const actor: TestActor = await started.Actor.create({
  name: "Host",
  type: "group",
  system: { ruleset: "harmonies", members },
});
const model = actor.system as unknown as GroupModel;

/** The former combining step: every individual's Value listed, then combined. */
function expandedCombine(): number {
  let check = 0;
  for (const key of HARMONIES_ATTRIBUTES)
    check += combineValues(members.flatMap((m) => Array.from({ length: m.count }, () => m.stats[key]))).value;
  return check;
}

const samples = { before: [] as number[], after: [] as number[] };
function report(): void {
  const before = median(samples.before);
  const after = median(samples.after);
  process.stdout.write(
    `\ngroup of ${SUB_GROUPS} × ${MEMBERS.toLocaleString("en")}: before ${before.toFixed(1)} ms, after ${after.toFixed(2)} ms (medians of ${samples.before.length} and ${samples.after.length} runs), ${Math.round(before / after)}× faster\n`,
  );
}

describe(`group preparation, ${SUB_GROUPS} sub-groups × ${MEMBERS.toLocaleString("en")} members`, () => {
  // Warm-up runs are timed by tinybench but left out of the medians.
  bench("before: every member expanded, then combined (baseline)", () => timed(samples.before, expandedCombine), {
    time: 0,
    iterations: 3,
    warmupTime: 0,
    warmupIterations: 0,
    setup: (_task, mode) => {
      if (mode === "run") samples.before.length = 0;
    },
  });
  bench("after: prepareDerivedData on the sub-groups", () => timed(samples.after, () => model.prepareDerivedData()), {
    time: 0,
    iterations: 50,
    warmupIterations: 5,
    setup: (_task, mode) => {
      if (mode === "run") samples.after.length = 0;
    },
    teardown: (_task, mode) => {
      if (mode === "run") report();
    },
  });
});
