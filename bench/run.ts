/**
 * `npm run bench`: speed of the rules engine against the Wuxia book's enumeration, bare loops and
 * @dice-roller/rpg-dice-roller. Prints a markdown table; `npm run bench -- --write` also
 * writes it to bench/RESULTS.md.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { mulberry32, rollGroupIndividually, rollWuxiaPool, wuxiaOdds } from "../src/rules/index";
import { scilabEnumeration } from "./scilab-enumeration";
import { checksum, formatNs, timeInterleaved } from "./timing";

interface Row {
  what: string;
  time: string;
  against: string;
  ratio: string;
  goal: string;
  met: boolean;
}
const rows: Row[] = [];
const notes: string[] = [];

// --- Exact odds against the Wuxia book's 3^n enumeration -------------------------------------------
{
  const t = 8;
  const ours = wuxiaOdds(12, t);
  const book = scilabEnumeration(t, 12);
  const agree =
    Math.abs(book.pr - (100 * Math.round(ours.success * 1000)) / 1000) < 1e-9 &&
    Math.abs(book.pec - (100 * Math.round(ours.critical * 1000)) / 1000) < 1e-9;
  if (!agree) throw new Error(`the Wuxia book's enumeration and wuxiaOdds disagree: ${JSON.stringify({ book, ours })}`);
  const { ns, ratios } = timeInterleaved(
    [
      {
        work: (n) => {
          let sum = 0;
          for (let i = 0; i < n; i++) sum += wuxiaOdds(12, t).success;
          return sum;
        },
        iterations: 2000,
      },
      { work: () => scilabEnumeration(t, 12).pr, iterations: 1 },
    ],
    5,
    1,
  );
  const speedup = ratios[1] ?? NaN;
  rows.push({
    what: "wuxiaOdds(12 dice, t = 8)",
    time: formatNs(ns[0] ?? NaN),
    against: `the Wuxia book's 3^12 enumeration: ${formatNs(ns[1] ?? NaN)}`,
    ratio: `${Math.round(speedup)}× faster`,
    goal: "≥ 1000× faster",
    met: speedup >= 1000,
  });
  notes.push(
    `At 12 dice, t = 8 both give ${book.pr.toFixed(1)} % success and ${book.pec.toFixed(1)} % critical (the book rounds to 0.1 %).`,
  );
}

for (const [dice, rerolls, iterations, goalNs, goal] of [
  [20, 0, 5000, 50_000, "< 50 µs"],
  [100, 3, 100, 2_000_000, "< 2 ms"],
] as const) {
  const work = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += wuxiaOdds(dice, 8, { rerolls }).success;
    return sum;
  };
  const { ns } = timeInterleaved([{ work, iterations }], 9);
  const time = ns[0] ?? NaN;
  rows.push({
    what: `wuxiaOdds(${dice} dice, t = 8, ${rerolls} rerolls)`,
    time: formatNs(time),
    against: "—",
    ratio: "—",
    goal,
    met: time < goalNs,
  });
}

// --- Rolling a pool ---------------------------------------------------------------------------
{
  const random = mulberry32(1);
  const bare = mulberry32(1);
  const iterations = 200_000;
  const { ns, ratios } = timeInterleaved(
    [
      {
        work: (n) => {
          let sum = 0;
          for (let i = 0; i < n; i++) sum += rollWuxiaPool(7, 8, random).successes;
          return sum;
        },
        iterations,
      },
      { work: (n) => bareFaces(bare, 7 * n), iterations },
      {
        work: (n) => {
          let sum = 0;
          for (let i = 0; i < n; i++) sum += new DiceRoll("7d10>=8f=1").total;
          return sum;
        },
        iterations: 2000,
      },
    ],
    9,
    5,
  );
  rows.push(...againstBaselines("rollWuxiaPool(7 dice, t = 8)", ns, ratios, "7 faces", "`7d10>=8f=1`"));
}

// --- Rolling a group member by member ---------------------------------------------------------
{
  const size = 1_000_000;
  const members = 20_000;
  const random = mulberry32(2);
  const bare = mulberry32(2);
  const { ns, ratios } = timeInterleaved(
    [
      { work: () => rollGroupIndividually(size, 0, random).length, iterations: 1 },
      { work: () => bareFaces(bare, 2 * size), iterations: 1 },
      // The dice roller rolls `members` members per run; scaled below to a million.
      {
        work: (n) => {
          let sum = 0;
          for (let i = 0; i < n; i++) sum += new DiceRoll("1d10-1d10").total;
          return sum;
        },
        iterations: members,
      },
    ],
    7,
  );
  const scale = size;
  rows.push(
    ...againstBaselines(
      "rollGroupIndividually(10^6 members)",
      [ns[0] ?? NaN, ns[1] ?? NaN, (ns[2] ?? NaN) * scale],
      [1, ratios[1] ?? NaN, (ratios[2] ?? NaN) * scale],
      "2 × 10^6 faces",
      `\`1d10-1d10\` × ${members.toLocaleString("en")}, scaled to 10^6`,
    ),
  );
}

/** The bare loop: `faces` d10 faces from the generator, summed, nothing else. */
function bareFaces(random: () => number, faces: number): number {
  let sum = 0;
  for (let i = 0; i < faces; i++) sum += Math.floor(random() * 10) + 1;
  return sum;
}

function againstBaselines(
  what: string,
  ns: readonly number[],
  ratios: readonly number[],
  bare: string,
  roller: string,
): Row[] {
  // ratios are baseline time / engine time, run by run.
  const vsBare = 1 / (ratios[1] ?? NaN);
  const vsRoller = ratios[2] ?? NaN;
  return [
    {
      what,
      time: formatNs(ns[0] ?? NaN),
      against: `bare loop, ${bare}: ${formatNs(ns[1] ?? NaN)}`,
      ratio: `${vsBare.toFixed(2)}× the bare loop`,
      goal: "within 2×",
      met: vsBare <= 2,
    },
    {
      what,
      time: formatNs(ns[0] ?? NaN),
      against: `rpg-dice-roller ${roller}: ${formatNs(ns[2] ?? NaN)}`,
      ratio: `${Math.round(vsRoller)}× faster`,
      goal: "≥ 20× faster",
      met: vsRoller >= 20,
    },
  ];
}

const cpu = cpus();
// The load average says how busy the shared machine was: absolute times move with it, ratios less.
const machine = `Node ${process.version}, ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${cpu.length} cores, load average ${loadavg()[0]?.toFixed(1) ?? "?"}, ${new Date().toISOString()}`;
const table = [
  "| case | time (median) | against | ratio | goal | met |",
  "|---|---|---|---|---|---|",
  ...rows.map((r) => `| ${r.what} | ${r.time} | ${r.against} | ${r.ratio} | ${r.goal} | ${r.met ? "yes" : "**no**"} |`),
].join("\n");
const report = [
  "# Benchmark results",
  "",
  `Machine: ${machine}`,
  "",
  table,
  "",
  ...notes.map((n) => `- ${n}`),
  "- Medians of 5 to 9 timed runs after warm-up runs; paired cases run interleaved in the same process and their ratio is the median of run-by-run ratios.",
  "- The bare loops draw the same number of d10 faces from the same generator (mulberry32) and only sum them.",
  "- rpg-dice-roller parses and rolls its formula on each call (as a macro would), with its default generator.",
  "",
].join("\n");

console.log(report);
console.log(`(checksum ${checksum})`);
if (process.argv.includes("--write")) writeFileSync("bench/RESULTS.md", report);
