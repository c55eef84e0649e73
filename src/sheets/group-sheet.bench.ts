// @vitest-environment happy-dom
// A group's sheet drawn with 1 000 sub-groups — the most a group holds — against one of 10, both
// measured in this run (goal: under 100 ms). Run with `npm run bench`; a benchmark, not a test.
import { bench, describe } from "vitest";
import { createActor, startWorld } from "../../test/support/world";
import { defaultSheet } from "../../test/support/dom";
import { median, timedAsync } from "../../test/support/samples";

const foundry = await startWorld();

async function groupSheet(subGroups: number) {
  const members = Array.from({ length: subGroups }, (_, i) => ({
    label: `Soldats ${i + 1}`,
    count: 1 + (i % 40),
    stats: { corps: (i % 7) - 3, agilite: (i % 5) - 2, manoeuvre: i % 3, skill: i % 4 },
  }));
  const group = await createActor(
    { name: `Légion ${subGroups}`, type: "group", system: { ruleset: "harmonies", members } },
    { ownedByPlayer: false },
  );
  return defaultSheet<{ render(options: { force: boolean }): Promise<unknown> }>(foundry, group);
}

const large = await groupSheet(1000);
const small = await groupSheet(10);

const samples = { small: [] as number[], large: [] as number[] };
function report(): void {
  const a = median(samples.small);
  const b = median(samples.large);
  process.stdout.write(
    `\ngroup sheet: 10 sub-groups ${a.toFixed(1)} ms, 1 000 sub-groups ${b.toFixed(1)} ms (goal < 100 ms), ${(b / a).toFixed(1)}× the baseline (medians of ${samples.small.length} and ${samples.large.length} runs)\n`,
  );
}

describe("group sheet drawn at the bound", () => {
  bench("baseline: 10 sub-groups", () => timedAsync(samples.small, () => small.render({ force: true })), {
    time: 0,
    iterations: 20,
    warmupIterations: 3,
    setup: (_task, mode) => {
      if (mode === "run") samples.small.length = 0;
    },
  });
  bench("1 000 sub-groups", () => timedAsync(samples.large, () => large.render({ force: true })), {
    time: 0,
    iterations: 10,
    warmupIterations: 2,
    setup: (_task, mode) => {
      if (mode === "run") samples.large.length = 0;
    },
    teardown: (_task, mode) => {
      if (mode === "run") report();
    },
  });
});
