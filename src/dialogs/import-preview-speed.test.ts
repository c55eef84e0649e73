import { beforeEach, expect, it } from "vitest";
import { startWorld } from "../../test/support/world";
import type * as ImportDialogModule from "./import-dialog";

/** The import preview's cost, apart from the dialog's tests: it reads ten thousand rows. */

let dialogs: typeof ImportDialogModule;

beforeEach(async () => {
  await startWorld();
  dialogs = await import("./import-dialog");
});

it("takes time in proportion to the rows, not to rows × problems: ten thousand bad rows stay quick", () => {
  const timed = (n: number) => {
    const lines = Array.from({ length: n }, (_, i) => `G${i % 100};S${i};1;x`);
    const text = ["groupe;nom;nombre;corps", ...lines].join("\n");
    const result = dialogs.importReader.parse(text, { ruleset: "harmonies" });
    const rows = dialogs.importReader.rows(text);
    const started = performance.now();
    const preview = dialogs.previewContext(result, rows);
    const took = performance.now() - started;
    expect(result.problems).toHaveLength(n);
    expect(preview.fileProblems).toEqual([]);
    expect(preview.groups.flatMap((group) => group.rows)).toHaveLength(n);
    return took;
  };
  timed(1_000);
  const small = timed(1_000);
  const large = timed(10_000);
  // Ten times the rows: about ten times the time; a search of every row per problem would take a hundred.
  expect(large / small).toBeLessThan(40);
});
