import { beforeEach, expect, it } from "vitest";
import { startWorld } from "../../test/support/world";
import type * as ImportDialogModule from "./import-dialog";

/**
 * The import preview stays bounded whatever the file: at most 200 problems drawn with their rows,
 * 200 clean rows, and no table for a group none of whose rows is drawn. Its speed at the bound is
 * measured in `import-preview.bench.ts`.
 */

let dialogs: typeof ImportDialogModule;

beforeEach(async () => {
  await startWorld();
  dialogs = await import("./import-dialog");
});

function preview(lines: string[]) {
  const text = ["groupe;nom;nombre;corps", ...lines].join("\n");
  const result = dialogs.importReader.parse(text, { ruleset: "harmonies" });
  return { result, preview: dialogs.previewContext(result, dialogs.importReader.rows(text)) };
}

const drawnProblems = (p: ReturnType<typeof preview>["preview"]) =>
  p.fileProblems.length + p.groups.flatMap((g) => g.rows).reduce((n, r) => n + r.problems.length, 0);

it("draws the first 200 problems with their rows, and says how many more there are", () => {
  const { result, preview: shown } = preview(Array.from({ length: 10_000 }, (_, i) => `G${i % 100};S${i};1;x`));
  expect(result.problems).toHaveLength(10_000);
  expect(drawnProblems(shown)).toBe(200);
  expect(shown.groups.flatMap((g) => g.rows)).toHaveLength(200);
  expect(shown.moreProblems).toBe(
    "Only the first 200 problems are shown, with their rows: 9800 more are counted above. Fix these and the next ones show.",
  );
  expect(shown.counts).toBe("0 groups read, 10000 errors, 0 warnings.");
});

it("draws no table for a group none of whose rows is drawn, and counts those groups", () => {
  const { preview: shown } = preview(Array.from({ length: 5_000 }, (_, i) => `G${i};S${i};1;1`));
  expect(shown.groups).toHaveLength(200);
  expect(shown.moreGroups).toBe("And 4800 more groups, not shown.");
  expect(shown.moreProblems).toBeNull();
});

it("draws every problem of a file that has fewer than 200, clean rows up to 200 besides", () => {
  const lines = Array.from({ length: 500 }, (_, i) => (i % 5 ? `G;S${i};1;1` : `G;S${i};1;x`));
  const { preview: shown } = preview(lines);
  expect(drawnProblems(shown)).toBe(100);
  expect(shown.groups[0]?.rows).toHaveLength(300);
  expect(shown.groups[0]?.more).toBe("and 200 more sub-groups read, not shown.");
  expect(shown.moreProblems).toBeNull();
});
