import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import fr from "../../lang/fr.json";
import { HARMONIES_ATTRIBUTES, WUXIA_ATTRIBUTES } from "../rules/vocabulary";
import { HARMONIES_VALUE_LIMITS, MEMBER_COUNT_RANGE, WUXIA_ATTRIBUTE_RANGE } from "../rules/limits";
import {
  decodeImportFile,
  parseGroupImport,
  PROBLEM,
  type GroupImport,
  type ImportedGroup,
  type ImportProblem,
} from "./index";

/** `FC_RUNS` scales every property down (mutation testing runs them once per mutant); unset, the full budget. */
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
const runs = (full: number): number => Math.min(full, Number(env.FC_RUNS) || full);

const PROBLEM_MESSAGES: Record<string, unknown> = en.WH.Import.Problem;
const PROBLEM_MESSAGES_FR: Record<string, unknown> = fr.WH.Import.Problem;
const CODES = new Set<string>(Object.values(PROBLEM));
/** A message's placeholders (a plural pair's, from its `other` form: src/import/i18n.test.ts checks they agree). */
const placeholders = (message: unknown): string[] => {
  const text = typeof message === "string" ? message : (message as { other?: string } | undefined)?.other;
  return [...(text ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").sort();
};

function lineCount(text: string): number {
  return (text.match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
}

const ORDER_OF_LINES = (a: { line: number }, b: { line: number }) => a.line - b.line;
const isWhole = (n: number, range: { readonly min: number; readonly max: number }) =>
  Number.isInteger(n) && n >= range.min && n <= range.max && !Object.is(n, -0);

/**
 * What every answer satisfies, whatever the input: the rules it breaks (none). Plain checks, not
 * `expect`, so that 10 000 inputs stay fast.
 */
function wellFormedness(result: GroupImport, text: string): string[] {
  const broken: string[] = [];
  const check = (ok: boolean, rule: string) => {
    if (!ok) broken.push(rule);
  };
  const lines = lineCount(text);
  for (const p of result.problems) {
    check(Number.isInteger(p.line) && p.line >= 1 && p.line <= lines, `line ${p.line} of ${lines}`);
    check(p.column === null || typeof p.column === "string", "column");
    check(CODES.has(p.code), `code ${p.code}`);
    check(p.severity === "error" || p.severity === "warning", "severity");
    const key = p.code.replace("WH.Import.Problem.", "");
    const keys = Object.keys(p.data ?? {})
      .sort()
      .join();
    check(keys === placeholders(PROBLEM_MESSAGES[key]).join(), `${key}: data ${keys} for the English message`);
    check(keys === placeholders(PROBLEM_MESSAGES_FR[key]).join(), `${key}: data ${keys} for the French message`);
    for (const v of Object.values(p.data ?? {})) check(typeof v === "string" || typeof v === "number", "data value");
  }
  check(
    result.problems.every((p, i, all) => i === 0 || ORDER_OF_LINES(all[i - 1] as ImportProblem, p) <= 0),
    "problems in file order",
  );
  check(result.groups.length > 0 || result.problems.some((p) => p.severity === "error"), "no group without an error");
  const names = new Set<string>();
  for (const g of result.groups) {
    check(g.name === g.name.trim() && g.name.length > 0 && !names.has(g.name), `group name ${g.name}`);
    names.add(g.name);
    check(g.ruleset === "wuxia" || g.ruleset === "harmonies", "ruleset");
    check(Number.isInteger(g.line) && g.line >= 1 && g.line <= lines, "group line");
    check(g.members.length > 0, "members");
    const own: readonly string[] = g.ruleset === "wuxia" ? WUXIA_ATTRIBUTES : HARMONIES_ATTRIBUTES;
    for (const m of g.members) {
      check(m.label === m.label.trim() && m.label.length > 0, "label");
      check(isWhole(m.count, MEMBER_COUNT_RANGE), `count ${m.count}`);
      for (const [key, value] of Object.entries(m.stats)) {
        check(key === "skill" || own.includes(key), `stat ${key} of a ${g.ruleset} group`);
        const range = key === "skill" || g.ruleset === "harmonies" ? HARMONIES_VALUE_LIMITS : WUXIA_ATTRIBUTE_RANGE;
        check(isWhole(value, range), `${key} ${value}`);
      }
    }
  }
  return broken;
}

/** Pieces a spreadsheet's text is made of, so that random texts reach deep into the parser. */
const PIECES = [
  ";",
  ",",
  "\t",
  "\n",
  "\r\n",
  "\r",
  '"',
  '""',
  " ",
  "groupe",
  "group",
  "nom",
  "name",
  "count",
  "effectif",
  "jeu",
  "ruleset",
  "wuxia",
  "harmonies",
  "corps",
  "agilité",
  "metal",
  "feu",
  "skill",
  "compétence",
  "x",
  "A",
  "0",
  "1",
  "7",
  "-3",
  "+2",
  "2,5",
  "1.5",
  "10000",
  "10001",
  "−4",
  "999",
  "1000",
  "é",
  "œ",
  "\uFEFF",
  "[",
  "]",
  "{",
  "}",
  ":",
  '"name"',
  '"members"',
  '"count"',
  '"stats"',
  '"type"',
  '"group"',
  '"system"',
  "null",
  "true",
];
const pieced = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join(""));
const jsonGroupish = fc
  .array(
    fc.record(
      {
        name: fc.oneof(fc.string(), fc.constant("A"), fc.integer()),
        type: fc.constantFrom("group", "npc", 3),
        ruleset: fc.oneof(fc.constantFrom("wuxia", "harmonies", "WUXIA"), fc.jsonValue()),
        system: fc.jsonValue(),
        members: fc.oneof(
          fc.array(
            fc.oneof(
              fc.record(
                {
                  label: fc.jsonValue(),
                  count: fc.oneof(fc.integer({ min: -5, max: 10005 }), fc.double(), fc.string(), fc.jsonValue()),
                  stats: fc.oneof(
                    fc.dictionary(fc.constantFrom("corps", "metal", "skill", "fire", "Body", "x"), fc.jsonValue()),
                    fc.jsonValue(),
                  ),
                },
                { requiredKeys: [] },
              ),
              fc.jsonValue(),
            ),
            { maxLength: 4 },
          ),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 4 },
  )
  .map((groups) => JSON.stringify(groups, null, 1));

describe("any input", () => {
  it("never throws, and always answers with well-formed problems and groups (10 000 fuzzed inputs)", () => {
    const input = fc.oneof(
      fc.string({ maxLength: 200 }).map((text) => ({ text })),
      fc.string({ unit: "binary", maxLength: 200 }).map((text) => ({ text })),
      pieced.map((text) => ({ text })),
      fc.json().map((text) => ({ text })),
      jsonGroupish.map((text) => ({ text })),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ text: decodeImportFile(bytes) })),
      fc
        .tuple(fc.constantFrom([0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], []), fc.uint8Array({ maxLength: 300 }))
        .map(([bom, bytes]) => ({ text: decodeImportFile(Uint8Array.from([...bom, ...bytes])) })),
    );
    const ruleset = fc.constantFrom(undefined, "wuxia" as const, "harmonies" as const);
    fc.assert(
      fc.property(input, ruleset, ({ text }, rs) => {
        expect(wellFormedness(parseGroupImport(text, rs ? { ruleset: rs } : undefined), text)).toEqual([]);
      }),
      { numRuns: runs(10_000) },
    );
  }, 60_000);

  it("has a checker that sees a malformed answer", () => {
    const bad: GroupImport = {
      groups: [
        { name: " A", ruleset: "wuxia", line: 9, members: [{ label: "", count: 0, stats: { corps: 1, metal: 11 } }] },
      ],
      problems: [
        { line: 2, column: null, code: PROBLEM.NotWhole, severity: "error", data: { value: "x" } },
        { line: 1, column: null, code: "WH.Other", severity: "warning" },
      ],
    };
    expect(wellFormedness(bad, "a\nb")).toEqual([
      "NotWhole: data value for the English message",
      "NotWhole: data value for the French message",
      "code WH.Other",
      "problems in file order",
      "group name  A",
      "group line",
      "label",
      "count 0",
      "stat corps of a wuxia group",
      "metal 11",
    ]);
  });

  it("survives JSON nested deeper than any stack", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(parseGroupImport(deep).problems.map((p) => [p.line, p.code])).toEqual([[1, PROBLEM.JsonNotGroup]]);
    const deepMembers = `[{"name":"A","ruleset":"wuxia","members":[{"count":1,"stats":${"[".repeat(50_000)}${"]".repeat(50_000)}}]}]`;
    expect(parseGroupImport(deepMembers).problems.map((p) => p.code)).toEqual([PROBLEM.JsonShape]);
  });
});

// ---- Valid tables, generated: what is written comes back. ----

type Ruleset = "wuxia" | "harmonies";
/** A group as generated: what a file says, without the line it lands on. */
type Generated = Omit<ImportedGroup, "line">;
const NAMES = {
  group: ["group", "Groupe", "GROUPE"],
  name: ["name", "Nom", "sous-groupe"],
  count: ["count", "Nombre", "Effectif"],
  ruleset: ["ruleset", "Jeu"],
  metal: ["metal", "Métal"],
  feu: ["Feu", "fire"],
  terre: ["terre", "Earth"],
  eau: ["Eau", "water"],
  bois: ["bois", "Wood"],
  corps: ["Corps", "body", "Cp"],
  agilite: ["Agilité", "agility", "AG"],
  intuition: ["Intuition", "It"],
  intelligence: ["Intelligence", "ig"],
  puissance: ["Puissance", "power"],
  resistance: ["Résistance", "rs"],
  manoeuvre: ["Manœuvre", "maneuver", "Mn"],
  precision: ["Précision", "pr"],
  skill: ["Compétence", "skill"],
} as const;
type Column = keyof typeof NAMES;
const STAT_COLUMNS = [...WUXIA_ATTRIBUTES, ...HARMONIES_ATTRIBUTES, "skill"] as const;

/** Text with what makes CSV hard: separators, quotes, line breaks, accents, astral characters. */
const cellText = fc
  .string({
    unit: fc.constantFrom("a", "Z", "é", "œ", "’", "€", " ", ";", ",", "\t", '"', "\n", "\r\n", "'", "🐉", "1"),
    minLength: 1,
    maxLength: 12,
  })
  .map((s) => s.trim())
  .filter((s) => s.length > 0 && !/^\s|\s$/.test(s));

const member = (ruleset: Ruleset) =>
  fc.record({
    label: cellText,
    count: fc.integer(MEMBER_COUNT_RANGE),
    stats: fc
      .record(
        Object.fromEntries([
          ...(ruleset === "wuxia" ? WUXIA_ATTRIBUTES : HARMONIES_ATTRIBUTES).map((k) => [
            k,
            fc.integer(ruleset === "wuxia" ? WUXIA_ATTRIBUTE_RANGE : HARMONIES_VALUE_LIMITS),
          ]),
          ["skill", fc.integer(HARMONIES_VALUE_LIMITS)],
        ]) as Record<string, fc.Arbitrary<number>>,
        { requiredKeys: [] },
      )
      .map((stats) => stats as Record<string, number>),
  });

const groupsArb = fc
  .uniqueArray(
    fc.constantFrom<Ruleset>("wuxia", "harmonies").chain((ruleset) =>
      fc.record({
        name: cellText,
        ruleset: fc.constant(ruleset),
        members: fc.array(member(ruleset), { minLength: 1, maxLength: 4 }),
      }),
    ),
    { minLength: 1, maxLength: 5, selector: (g) => g.name },
  )
  .filter((groups) => groups.every((g) => !/^[[{]/.test(g.name)));

interface Layout {
  separator: string;
  newline: string;
  bom: boolean;
  names: Record<Column, string>;
  order: Column[];
  /** Rows of the groups interleaved: the table's row order, as indexes of [group, member]. */
  interleave: boolean;
  plusSigns: boolean;
}
const layoutArb: fc.Arbitrary<Layout> = fc.record({
  separator: fc.constantFrom(";", ",", "\t"),
  newline: fc.constantFrom("\n", "\r\n"),
  bom: fc.boolean(),
  names: fc.record(
    Object.fromEntries(Object.entries(NAMES).map(([k, v]) => [k, fc.constantFrom(...v)])) as Record<
      Column,
      fc.Arbitrary<string>
    >,
  ),
  order: fc.shuffledSubarray(["group", "name", "count", "ruleset", ...STAT_COLUMNS] as Column[], { minLength: 18 }),
  interleave: fc.boolean(),
  plusSigns: fc.boolean(),
});

/** A table's cells come back with LF line breaks, the parser reading every line ending as one. */
function lf<G extends Generated>(group: G): G {
  const unify = (text: string) => text.replace(/\r\n/g, "\n");
  return { ...group, name: unify(group.name), members: group.members.map((m) => ({ ...m, label: unify(m.label) })) };
}

function quote(cell: string): string {
  return /[";,\t\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replace(/"/g, '""')}"` : cell;
}

type Row = { group: Generated; index: number };
function tableRows(groups: Generated[], interleave: boolean): Row[] {
  if (!interleave) return groups.flatMap((group) => group.members.map((_, index) => ({ group, index })));
  const rows: Row[] = [];
  const longest = Math.max(...groups.map((g) => g.members.length));
  for (let index = 0; index < longest; index++)
    for (const group of groups) if (index < group.members.length) rows.push({ group, index });
  return rows;
}

/** A generated table as a spreadsheet would save it, and the line each row starts on. */
function writeCsv(groups: Generated[], layout: Layout): { text: string; rowLines: number[] } {
  const cell = (row: Row, column: Column): string => {
    const m = row.group.members[row.index];
    if (!m) return "";
    if (column === "group") return row.group.name;
    if (column === "name") return m.label;
    if (column === "count") return String(m.count);
    if (column === "ruleset") return row.group.ruleset;
    const value = m.stats[column];
    if (value === undefined) return "";
    return layout.plusSigns && value > 0 ? `+${value}` : String(value);
  };
  const lines = [
    layout.order.map((c) => layout.names[c]).join(layout.separator),
    ...tableRows(groups, layout.interleave).map((row) =>
      layout.order.map((c) => quote(cell(row, c))).join(layout.separator),
    ),
  ];
  const rowLines: number[] = [];
  let line = 1;
  for (const l of lines) {
    rowLines.push(line);
    line += lineCount(l);
  }
  return { text: (layout.bom ? "\uFEFF" : "") + lines.join(layout.newline) + layout.newline, rowLines };
}

describe("valid tables, generated", () => {
  it("written as CSV with any separator, header names, column order and line ending, parse back to the same groups", () => {
    fc.assert(
      fc.property(groupsArb, layoutArb, (groups, layout) => {
        const { text, rowLines } = writeCsv(groups, layout);
        const rows = tableRows(groups, layout.interleave);
        const firstRow = (g: Generated) => rowLines[rows.findIndex((r) => r.group === g) + 1];
        const result = parseGroupImport(text);
        expect(result.problems).toEqual([]);
        expect(result.groups).toEqual(groups.map((g) => ({ ...lf(g), line: firstRow(g) })));
      }),
      { numRuns: runs(400) },
    );
  });

  it("written as JSON, parse back to the same groups", () => {
    fc.assert(
      fc.property(groupsArb, fc.constantFrom(0, 2), (groups, indent) => {
        const result = parseGroupImport(JSON.stringify(groups, null, indent));
        expect(result.problems).toEqual([]);
        expect(result.groups.map(({ line: _line, ...g }) => g)).toEqual(groups);
      }),
      { numRuns: runs(200) },
    );
  });

  it("with bad cells put in, report every one on its line and column, and keep exactly the other rows", () => {
    const BAD = ["2,5", "x", "1.0", "−", "100000", "-1000"];
    fc.assert(
      fc.property(
        groupsArb,
        layoutArb,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...STAT_COLUMNS), fc.constantFrom(...BAD)), { maxLength: 6 }),
        (groups, layout, spoils) => {
          const rows = tableRows(groups, layout.interleave);
          const spoilt = new Map<string, string>();
          for (const [at, column, bad] of spoils) {
            const row = rows[at % rows.length] as Row;
            const own = row.group.ruleset === "wuxia" ? WUXIA_ATTRIBUTES : HARMONIES_ATTRIBUTES;
            if (column === "skill" || (own as readonly string[]).includes(column))
              spoilt.set(`${at % rows.length}/${column}`, bad);
          }
          const changed = groups.map((g) => ({
            ...g,
            members: g.members.map((m) => ({ ...m, stats: { ...m.stats } })),
          }));
          const changedRows = tableRows(changed, layout.interleave);
          const bads = new Map<string, string>();
          for (const [key, bad] of spoilt) {
            const [at, column] = key.split("/") as [string, (typeof STAT_COLUMNS)[number]];
            const row = changedRows[Number(at)] as Row;
            (row.group.members[row.index] as { stats: Record<string, unknown> }).stats[column] = bad;
            bads.set(key, bad);
          }
          const { text, rowLines } = writeCsv(changed, { ...layout, plusSigns: false });
          const result = parseGroupImport(text);
          const byPlace = (a: readonly unknown[], b: readonly unknown[]) =>
            Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]));
          const expected = [...bads.keys()]
            .map((key) => {
              const [at, column] = key.split("/") as [string, Column];
              const row = changedRows[Number(at)] as Row;
              const m = row.group.members[row.index];
              // Cells before this one on its row may hold line breaks (group names and labels).
              const breaks = layout.order
                .slice(0, layout.order.indexOf(column))
                .reduce(
                  (n, c) => n + lineCount(c === "group" ? row.group.name : c === "name" ? (m?.label ?? "") : "") - 1,
                  0,
                );
              return [(rowLines[Number(at) + 1] ?? 0) + breaks, layout.names[column]] as [number, string];
            })
            .sort(byPlace);
          expect(result.problems.map((p) => [p.line, p.column]).sort(byPlace)).toEqual(expected);
          expect(result.problems.every((p) => p.severity === "error")).toBe(true);
          const spoiltRows = new Set([...bads.keys()].map((k) => Number(k.split("/")[0])));
          const kept = groups
            .map((g) => ({
              ...g,
              members: g.members.filter((_, index) => {
                const at = rows.findIndex((r) => r.group === g && r.index === index);
                return !spoiltRows.has(at);
              }),
            }))
            .filter((g) => g.members.length);
          expect(result.groups.map(({ line: _line, ...g }) => g)).toEqual(kept.map(lf));
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
