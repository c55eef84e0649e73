import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGroupImport, readImportRows } from "./index";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
const runs = (full: number): number => Math.min(full, Number(env.FC_RUNS) || full);

/** What a preview shows of a file before any check: each value as written, on its line and column. */
describe("readImportRows", () => {
  it("gives a CSV's values as written, bad ones included, each on its own line and column", () => {
    const text = '\uFEFFGroupe;Nom;Effectif;Agilité\r\nGardes;"Garde\r\ndu pont";2,5;+1\r\nGardes;Sergent;4;x\r\n';
    const rows = readImportRows(text);
    expect(rows).toEqual([
      {
        line: 2,
        group: "Gardes",
        label: { text: "Garde\ndu pont", line: 2, column: "Nom" },
        count: { text: "2,5", line: 3, column: "Effectif" },
        ruleset: null,
        stats: [["agilite", { text: "+1", line: 3, column: "Agilité" }]],
      },
      {
        line: 4,
        group: "Gardes",
        label: { text: "Sergent", line: 4, column: "Nom" },
        count: { text: "4", line: 4, column: "Effectif" },
        ruleset: null,
        stats: [["agilite", { text: "x", line: 4, column: "Agilité" }]],
      },
    ]);
    // The problems name the very cells the rows show.
    const places = parseGroupImport(text).problems.map((p) => [p.line, p.column]);
    expect(places).toEqual(
      expect.arrayContaining([
        [3, "Effectif"],
        [4, "Agilité"],
      ]),
    );
  });

  it("gives a JSON file's members with their keys as columns and the lines they sit on", () => {
    const text =
      '[\n  {\n    "name": "Bandits",\n    "ruleset": "wuxia",\n    "members": [\n      { "label": "Bandit", "count": 20, "stats": { "metal": 2 } }\n    ]\n  }\n]\n';
    expect(readImportRows(text)).toEqual([
      {
        line: 6,
        group: "Bandits",
        label: { text: "Bandit", line: 6, column: "label" },
        count: { text: "20", line: 6, column: "count" },
        ruleset: { text: "wuxia", line: 4, column: "ruleset" },
        stats: [["metal", { text: "2", line: 6, column: "metal" }]],
      },
    ]);
  });

  it("never throws, and gives one row per sub-group the check reads", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const rows = readImportRows(text);
        expect(Array.isArray(rows)).toBe(true);
      }),
      { numRuns: runs(2000) },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("A", "B"), fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 8 }),
        (members) => {
          const text = ["group;name;count", ...members.map(([g, n], i) => `${g};m${i};${n}`)].join("\n");
          const rows = readImportRows(text);
          const parsed = parseGroupImport(text, { ruleset: "harmonies" });
          expect(rows.map((r) => r.count?.text)).toEqual(members.map(([, n]) => String(n)));
          expect(rows.length).toBe(parsed.groups.reduce((sum, g) => sum + g.members.length, 0));
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
