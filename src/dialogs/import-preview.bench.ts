// @vitest-environment happy-dom
// The import dialog's preview drawn for a file at the bounds — 100 000 rows, an error on each (the
// preview draws 200 problems and says how many more) — against a file of 10 sub-groups, both
// measured in this run (goal: under 200 ms). Run with `npm run bench`; a benchmark, not a test.
import { bench, describe } from "vitest";
import { startWorld } from "../../test/support/world";
import { median, timedAsync } from "../../test/support/samples";

await startWorld();
const { GroupImportDialog, importReader } = await import("./import-dialog");
const { renderParts } = await import("../foundry/applications");

function dialogFor(lines: string[]) {
  const text = ["groupe;nom;nombre;corps", ...lines].join("\n");
  const dialog = new GroupImportDialog();
  dialog.text = text;
  dialog.result = importReader.parse(text, { ruleset: "harmonies" });
  dialog.rows = importReader.rows(text);
  return dialog;
}

const bound = dialogFor(Array.from({ length: 100_000 }, (_, i) => `Légion ${i % 1000};Soldat ${i};1;x`));
const baseline = dialogFor(Array.from({ length: 10 }, (_, i) => `Légion;Soldat ${i};1;1`));

const samples = { baseline: [] as number[], bound: [] as number[] };
// Drawn once whole; then as a keystroke redraws it: the preview (and the footer's button), not the text box.
await bound.render({ force: true });
await baseline.render({ force: true });
function report(): void {
  const small = median(samples.baseline);
  const large = median(samples.bound);
  const html = bound.element?.querySelector(".wh-import__preview")?.outerHTML.length ?? 0;
  process.stdout.write(
    `\nimport preview: 10 sub-groups ${small.toFixed(1)} ms, 100 000 rows with an error each ${large.toFixed(1)} ms (goal < 200 ms; ${Math.round(html / 1024)} KB of preview HTML), ${(large / small).toFixed(1)}× the baseline (medians of ${samples.baseline.length} and ${samples.bound.length} runs)\n`,
  );
}

describe("import preview drawn at the bounds", () => {
  bench(
    "baseline: a file of 10 sub-groups",
    () => timedAsync(samples.baseline, () => renderParts(baseline, ["preview", "footer"])),
    {
      time: 0,
      iterations: 20,
      warmupIterations: 3,
      setup: (_task, mode) => {
        if (mode === "run") samples.baseline.length = 0;
      },
    },
  );
  bench(
    "100 000 rows, an error on each",
    () => timedAsync(samples.bound, () => renderParts(bound, ["preview", "footer"])),
    {
      time: 0,
      iterations: 10,
      warmupIterations: 2,
      setup: (_task, mode) => {
        if (mode === "run") samples.bound.length = 0;
      },
      teardown: (_task, mode) => {
        if (mode === "run") report();
      },
    },
  );
});
