// Mutation testing per folder or file: `npm run mutate` (all of src/) or
// `npm run mutate -- src/chat src/rules/wuxia/roll.ts`. Each target is a separate Stryker run
// (one at a time: Stryker uses every core), with its reports in reports/mutation/<name>/ and a
// summary (score, counts, wall time, per-folder scores, surviving mutants) in
// reports/mutation/summary-<name>.txt, also printed at the end.
// Options: `--incremental` reuses the previous run's results for unchanged code and tests;
// `--concurrency N` sets the number of test runners; `--test-files GLOB` (repeatable) runs only
// those test files, e.g. `--test-files "src/rules/**/*.test.ts"` to judge the rules engine by
// its own tests; `--tests GLOB` (repeatable) narrows the suite the same way but through the
// vitest config, so module-level ("static") mutants are activated before their module loads and
// are really judged (with `--test-files`, Stryker 9.6.1 activates them too late: stryker-js #6144).
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Stryker } from "@stryker-mutator/core";

const root = process.cwd();
const outDir = path.join(root, "reports", "mutation");

function parseArgs(argv) {
  const targets = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--incremental") options.incremental = true;
    else if (arg === "--concurrency") options.concurrency = Number(argv[++i]);
    else if (arg === "--test-files") options.testFiles = [...(options.testFiles ?? []), argv[++i]];
    else if (arg === "--tests") options.tests = [...(options.tests ?? []), argv[++i]];
    else if (arg.startsWith("--")) throw new Error(`Unknown option ${arg}`);
    else targets.push(arg.replace(/\\/g, "/").replace(/\/+$/, ""));
  }
  return { targets: targets.length > 0 ? targets : ["src"], options };
}

const NOT_MUTATED = /\.(test|bench|d)\.ts$/;

/** The source files of one folder or file under src/, as Stryker's `mutate` list. */
function mutateFiles(target) {
  if (!existsSync(target)) throw new Error(`No such file or folder: ${target}`);
  if (target !== "src" && !target.startsWith("src/")) throw new Error(`Mutation testing covers src/ only: ${target}`);
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { recursive: true })
    .map((f) => `${target}/${String(f).replaceAll(path.sep, "/")}`)
    .filter((f) => f.endsWith(".ts") && !NOT_MUTATED.test(f))
    .sort();
}

/** "src" → "src", "src/rolls" → "rolls", "src/rolls/wuxia/destiny.ts" → "rolls-wuxia-destiny.ts". */
function reportName(target) {
  return target === "src" ? "src" : target.replace(/^src\//, "").replaceAll("/", "-");
}

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

function tally(results) {
  const count = (status) => results.filter((r) => r.status === status).length;
  const detected = results.filter((r) => DETECTED.has(r.status)).length;
  const undetected = results.filter((r) => UNDETECTED.has(r.status)).length;
  const valid = detected + undetected;
  return {
    score: valid === 0 ? 100 : (100 * detected) / valid,
    killed: count("Killed"),
    timeout: count("Timeout"),
    survived: count("Survived"),
    noCoverage: count("NoCoverage"),
    errors: count("CompileError") + count("RuntimeError"),
    ignored: count("Ignored"),
    total: results.length,
  };
}

function line(label, t) {
  return (
    `${label.padEnd(34)} ${t.score.toFixed(2).padStart(6)} %  killed ${t.killed}, survived ${t.survived}, ` +
    `no coverage ${t.noCoverage}, timeouts ${t.timeout}, errors ${t.errors}, mutants ${t.total}`
  );
}

function groupBy(results, key) {
  const groups = new Map();
  for (const r of results) {
    const k = key(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function summarise(target, results, seconds) {
  const rel = (r) => path.relative(root, path.resolve(root, r.fileName)).replaceAll(path.sep, "/");
  const t = tally(results);
  const head = [
    `Mutation testing of ${target} (${new Date().toISOString()})`,
    `Wall time ${Math.round(seconds)} s`,
    line("Score", t),
  ];
  // One level below the target: the folders of src/, or the files of a folder.
  const depth = target.split("/").length + 1;
  const byPart = groupBy(results, (r) => rel(r).split("/").slice(0, depth).join("/"));
  const parts = byPart.length > 1 ? ["", "By folder or file:", ...byPart.map(([k, rs]) => line(k, tally(rs)))] : [];
  const undetected = results
    .filter((r) => UNDETECTED.has(r.status))
    .sort((a, b) => rel(a).localeCompare(rel(b)) || a.location.start.line - b.location.start.line)
    .map((r) => {
      const where = `${rel(r)}:${r.location.start.line}:${r.location.start.column + 1}`;
      const replacement = (r.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
      return `${r.status === "Survived" ? "survived   " : "no coverage"} ${where} ${r.mutatorName}: ${replacement}`;
    });
  const tail = undetected.length > 0 ? ["", "Undetected mutants:", ...undetected] : [];
  return { head: [...head, ...parts].join("\n"), full: [...head, ...parts, ...tail].join("\n") + "\n" };
}

async function run(target, options) {
  const name = reportName(target);
  const started = performance.now();
  const results = await new Stryker({
    ...options,
    mutate: mutateFiles(target),
    htmlReporter: { fileName: `reports/mutation/${name}/mutation.html` },
    jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
    incrementalFile: `reports/mutation/${name}/incremental.json`,
  }).runMutationTest();
  const seconds = (performance.now() - started) / 1000;
  const summary = summarise(target, results, seconds);
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `summary-${name}.txt`);
  writeFileSync(file, summary.full);
  return `${summary.head}\nSummary and undetected mutants: ${path.relative(root, file)}`;
}

const {
  targets,
  options: { tests, ...options },
} = parseArgs(process.argv.slice(2));
// Read by vitest.config.ts in every test runner Stryker starts (they inherit the environment).
if (tests) process.env.WH_TEST_INCLUDE = JSON.stringify(tests);
// A mistyped target fails before any run starts, not after an hour of the others.
for (const target of targets) mutateFiles(target);
const summaries = [];
for (const target of targets) summaries.push(await run(target, options));
console.log(`\n${summaries.join("\n\n")}`);
