// Parsing and checking a spreadsheet of 10 000 sub-groups (the goal: under 100 ms), against
// papaparse alone splitting the same text into cells, both measured in this run. Run with
// `npm run bench`; a benchmark, not a test (no timing is asserted here).
import Papa from "papaparse";
import { bench, describe } from "vitest";
import { parseGroupImport } from "./index";
import { median, timed } from "../../test/support/samples";

const ROWS = 10_000;
const HEADER =
  "Groupe;Nom;Nombre;Jeu;Corps;Agilité;Intuition;Intelligence;Puissance;Résistance;Manœuvre;Précision;Compétence";
/** French Excel's shape: BOM, `;`, CRLF; 100 groups of 100 sub-groups, a quoted name now and then. */
const text =
  "\uFEFF" +
  [
    HEADER,
    ...Array.from({ length: ROWS }, (_, i) => {
      const stats = Array.from({ length: 8 }, (_, k) => ((i * (k + 3)) % 11) - 5);
      const label = i % 17 ? `Soldats ${i}` : `"Gardes; rang ${i}"`;
      return [`Légion ${i % 100}`, label, 1 + (i % 300), "harmonies", ...stats, i % 7].join(";");
    }),
  ].join("\r\n") +
  "\r\n";

const check = parseGroupImport(text);
if (check.problems.length || check.groups.reduce((n, g) => n + g.members.length, 0) !== ROWS)
  throw new Error("the benchmark's table must read without a problem");

const samples = { papaparse: [] as number[], parse: [] as number[] };
function report(): void {
  const papaparse = median(samples.papaparse);
  const parse = median(samples.parse);
  process.stdout.write(
    `\nimport of ${ROWS.toLocaleString("en")} rows: papaparse alone ${papaparse.toFixed(1)} ms, parse + check ${parse.toFixed(1)} ms (medians of ${samples.papaparse.length} and ${samples.parse.length} runs; goal < 100 ms), ${(parse / papaparse).toFixed(1)}× papaparse alone\n`,
  );
}

describe(`group import, ${ROWS.toLocaleString("en")} CSV rows`, () => {
  // Warm-up runs are timed by tinybench but left out of the medians.
  bench("baseline: papaparse alone, cells only", () => timed(samples.papaparse, () => Papa.parse(text)), {
    time: 0,
    iterations: 20,
    warmupIterations: 3,
    setup: (_task, mode) => {
      if (mode === "run") samples.papaparse.length = 0;
    },
  });
  bench(
    "parseGroupImport: cells, lines, header, every value checked, groups",
    () => timed(samples.parse, () => parseGroupImport(text)),
    {
      time: 0,
      iterations: 20,
      warmupIterations: 3,
      setup: (_task, mode) => {
        if (mode === "run") samples.parse.length = 0;
      },
      teardown: (_task, mode) => {
        if (mode === "run") report();
      },
    },
  );
});
