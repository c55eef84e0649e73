import { describe, expect, it } from "vitest";
import { COUNT, NAME, RULESET } from "./columns";
import { parseGroupImport, PROBLEM, readImportRows, type ImportProblem } from "./index";
import { readJson } from "./json";
import { Problems } from "./problems";

const brief = (problems: readonly ImportProblem[]): [number, string | null, string][] =>
  problems.map((p) => [p.line, p.column, p.code]);
const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

/** A group actor as Foundry's "Export Data" writes it: every stat of both rule sets, `out`, and the rest of the document. */
function foundryExport(
  name: string,
  ruleset: string,
  members: { label: string; count: number; metal?: number; corps?: number }[],
) {
  return {
    name,
    type: "group",
    img: "icons/svg/mystery-man.svg",
    system: {
      ruleset,
      members: members.map((m) => ({
        label: m.label,
        count: m.count,
        out: 1,
        stats: {
          metal: m.metal ?? 2,
          feu: 2,
          terre: 2,
          eau: 2,
          bois: 2,
          corps: m.corps ?? 0,
          agilite: 0,
          intuition: 0,
          intelligence: 0,
          puissance: 0,
          resistance: 0,
          manoeuvre: 0,
          precision: 0,
          skill: 1,
        },
      })),
      action: { characteristic: "agilite", means: "manoeuvre", attribute: "feu" },
      description: "<p>Ils gardent le palais.</p>",
    },
    prototypeToken: { name, actorLink: false, texture: { src: "icons/svg/mystery-man.svg" } },
    items: [],
    effects: [],
    folder: null,
    flags: { exportSource: { world: "w", system: "wuxia-harmonies", coreVersion: "13.345", systemVersion: "0.1.0" } },
    _stats: { coreVersion: "13.345", systemId: "wuxia-harmonies", systemVersion: "0.1.0" },
  };
}

describe("JSON: an array of groups", () => {
  const file = pretty([
    {
      name: "Garde du palais",
      ruleset: "harmonies",
      members: [
        { label: "Gardes", count: 25, stats: { corps: 0, agilite: 1, skill: 2 } },
        { label: "Capitaine", count: 1, stats: { corps: 2, agilite: 2, skill: 5 } },
      ],
    },
    {
      name: "Secte du Poing de Jade",
      ruleset: "wuxia",
      members: [{ label: "Disciples", count: 12, stats: { feu: 3 } }],
    },
  ]);

  it("reads each group with its line in the file", () => {
    expect(parseGroupImport(file)).toEqual({
      groups: [
        {
          name: "Garde du palais",
          ruleset: "harmonies",
          line: 2,
          members: [
            { label: "Gardes", count: 25, stats: { corps: 0, agilite: 1, skill: 2 } },
            { label: "Capitaine", count: 1, stats: { corps: 2, agilite: 2, skill: 5 } },
          ],
        },
        {
          name: "Secte du Poing de Jade",
          ruleset: "wuxia",
          line: 26,
          members: [{ label: "Disciples", count: 12, stats: { feu: 3 } }],
        },
      ],
      problems: [],
    });
  });

  it("accepts a single group, the CSV header names as stat keys, numbers written as text, a null label and null stats", () => {
    const { groups, problems } = parseGroupImport(
      JSON.stringify({
        name: " Gardes ",
        members: [{ label: null, count: "25", stats: { Body: 1, Agilité: "+2", skill: null } }],
      }),
      { ruleset: "harmonies" },
    );
    expect(problems).toEqual([]);
    expect(groups).toEqual([
      {
        name: "Gardes",
        ruleset: "harmonies",
        line: 1,
        members: [{ label: "Gardes", count: 25, stats: { corps: 1, agilite: 2 } }],
      },
    ]);
  });

  it("merges groups of the same name, as rows of a table are", () => {
    const { groups } = parseGroupImport(
      JSON.stringify([
        { name: "A", ruleset: "wuxia", members: [{ label: "a", count: 1 }] },
        { name: "B", ruleset: "wuxia", members: [{ label: "b", count: 1 }] },
        { name: "A", members: [{ label: "c", count: 2 }] },
      ]),
    );
    expect(groups.map((g) => [g.name, g.members.map((m) => m.label)])).toEqual([
      ["A", ["a", "c"]],
      ["B", ["b"]],
    ]);
  });

  it("reports every bad value on its own line, by its key", () => {
    const file = pretty([
      {
        name: "Bandits",
        ruleset: "wuxia",
        members: [
          { label: "Chef", count: 1.5, stats: { metal: 11, feu: 2.5, corps: 1, charisme: 3 } },
          { label: "Lames", stats: { feu: "deux" } },
          { label: "Archers", count: 4, stats: { feu: 3, fire: 4 } },
          { label: "Cavaliers", count: true, stats: { eau: { value: 3 } } },
          { label: "Espions", count: 123456, stats: { bois: 2 } },
        ],
      },
    ]).replace("123456", "1e400");
    const { groups, problems } = parseGroupImport(file);
    expect(brief(problems)).toEqual([
      [8, "count", PROBLEM.NotWhole],
      [10, "metal", PROBLEM.OutOfRange],
      [11, "feu", PROBLEM.NotWhole],
      [12, "corps", PROBLEM.IgnoredForWuxia],
      [13, "charisme", PROBLEM.UnknownColumn],
      // A missing key is reported on its member's line.
      [16, "count", PROBLEM.Required],
      [19, "feu", PROBLEM.NotNumber],
      [27, "fire", PROBLEM.DuplicateColumn],
      [32, "count", PROBLEM.NotNumber],
      [34, "eau", PROBLEM.NotNumber],
      [41, "count", PROBLEM.OutOfRange],
    ]);
    expect(problems.find((p) => p.line === 8)?.data).toEqual({ column: "count", value: "1.5" });
    expect(problems.find((p) => p.line === 32)?.data).toEqual({ column: "count", value: "true" });
    expect(problems.find((p) => p.line === 34)?.data).toEqual({ column: "eau", value: '{"value":3}' });
    expect(problems.find((p) => p.line === 41)?.data).toEqual({
      column: "count",
      value: "Infinity",
      min: 1,
      max: 10000,
    });
    expect(groups).toEqual([
      { name: "Bandits", ruleset: "wuxia", line: 2, members: [{ label: "Archers", count: 4, stats: { feu: 3 } }] },
    ]);
  });
});

describe("JSON: Foundry exports of group actors", () => {
  it("reads one exported actor, keeping only its rule set's stats and the skill, without warnings", () => {
    const file = pretty(foundryExport("Garde du palais", "harmonies", [{ label: "Gardes", count: 25, corps: 1 }]));
    expect(parseGroupImport(file)).toEqual({
      groups: [
        {
          name: "Garde du palais",
          ruleset: "harmonies",
          line: 1,
          members: [
            {
              label: "Gardes",
              count: 25,
              stats: {
                corps: 1,
                agilite: 0,
                intuition: 0,
                intelligence: 0,
                puissance: 0,
                resistance: 0,
                manoeuvre: 0,
                precision: 0,
                skill: 1,
              },
            },
          ],
        },
      ],
      problems: [],
    });
  });

  it("reads an array of exports, and refuses actors of another type by their line", () => {
    const file = pretty([
      foundryExport("Secte", "wuxia", [{ label: "Disciples", count: 12, metal: 4 }]),
      { name: "Lin Mei", type: "wuxiaCharacter", system: {} },
      foundryExport("Bandits", "wuxia", [{ label: "Bandits", count: 0 }]),
    ]);
    const { groups, problems } = parseGroupImport(file);
    expect(groups).toEqual([
      {
        name: "Secte",
        ruleset: "wuxia",
        line: 2,
        members: [{ label: "Disciples", count: 12, stats: { metal: 4, feu: 2, terre: 2, eau: 2, bois: 2, skill: 1 } }],
      },
    ]);
    const otherLine = file.split("\n").findIndex((l) => l.includes('"Lin Mei"'));
    const countLine = file.split("\n").findIndex((l) => l.includes('"count": 0'));
    expect(problems).toEqual([
      {
        line: otherLine,
        column: "type",
        code: PROBLEM.JsonNotGroup,
        severity: "error",
        data: { type: "wuxiaCharacter" },
      },
      {
        line: countLine + 1,
        column: "count",
        code: PROBLEM.OutOfRange,
        severity: "error",
        data: { column: "count", value: "0", min: 1, max: 10000 },
      },
    ]);
  });

  it("takes an object with a type or a system for an actor: without both it is not a group", () => {
    const noSystem = parseGroupImport('{"name": "A", "type": "group", "members": [{"count": 1}]}', {
      ruleset: "wuxia",
    });
    expect(brief(noSystem.problems)).toEqual([[1, "system", PROBLEM.JsonShape]]);
    const noType = parseGroupImport('{"name": "A", "system": {"ruleset": "wuxia", "members": [{"count": 1}]}}');
    expect(noType.problems).toEqual([
      { line: 1, column: "type", code: PROBLEM.JsonNotGroup, severity: "error", data: { type: "" } },
    ]);
  });

  it("reads -0 as 0", () => {
    const { groups } = parseGroupImport('[{"name": "A", "members": [{"count": 1, "stats": {"corps": -0}}]}]', {
      ruleset: "harmonies",
    });
    expect(Object.is(groups[0]?.members[0]?.stats.corps, 0)).toBe(true);
  });

  it("refuses an actor whose system is not an object", () => {
    const { problems } = parseGroupImport('{"name": "A", "type": "group",\n "system": 3}');
    expect(brief(problems)).toEqual([[2, "system", PROBLEM.JsonShape]]);
    expect(problems[0]?.data).toEqual({ column: "system" });
  });
});

describe("JSON rows, as the import preview reads them", () => {
  it("have no ruleset or label column where the file has no such key, and always a count", () => {
    const [without] = readJson('[{"name": "A", "members": [{}]}]', new Problems());
    expect([without?.at[RULESET], without?.at[NAME], without?.at[COUNT]]).toEqual([-1, -1, COUNT]);
    const [withKeys] = readJson('[{"name": "A", "ruleset": "wuxia", "members": [{"label": "a"}]}]', new Problems());
    expect([withKeys?.at[RULESET], withKeys?.at[NAME]]).toEqual([RULESET, NAME]);
  });
});

describe("JSON that is not a list of groups", () => {
  it("names the line where the syntax breaks", () => {
    expect(parseGroupImport('[\n  {"name": "A",\n   "members": [1,}\n]')).toEqual({
      groups: [],
      problems: [{ line: 3, column: null, code: PROBLEM.JsonSyntax, severity: "error" }],
    });
    expect(brief(parseGroupImport('[{"name": "A"}\n\n').problems)).toEqual([[3, null, PROBLEM.JsonSyntax]]);
    expect(brief(parseGroupImport('{"name": "A", "members": []}\n,').problems)).toEqual([
      [2, null, PROBLEM.JsonSyntax],
    ]);
  });

  it("refuses entries that are not objects, each on its line, with what it is", () => {
    const { problems } = parseGroupImport('[1,\n"x",\nnull,\n[],\ntrue]');
    expect(problems.map((p) => [p.line, p.code, p.data])).toEqual([
      [1, PROBLEM.JsonNotGroup, { type: "number" }],
      [2, PROBLEM.JsonNotGroup, { type: "string" }],
      [3, PROBLEM.JsonNotGroup, { type: "null" }],
      [4, PROBLEM.JsonNotGroup, { type: "array" }],
      [5, PROBLEM.JsonNotGroup, { type: "boolean" }],
    ]);
  });

  it("reports no group for an empty array", () => {
    expect(parseGroupImport(" [ ] ").problems).toEqual([
      { line: 1, column: null, code: PROBLEM.NoGroups, severity: "error" },
    ]);
  });

  it("refuses a group without a name, members or stats of the wrong shape, and a group without members", () => {
    const file = pretty([
      { ruleset: "wuxia", members: [{ count: 1 }] },
      { name: "  ", members: [{ count: 1 }, { count: 2 }] },
      { name: "B", ruleset: "wuxia", members: { label: "x", count: 1 } },
      { name: "C", ruleset: "wuxia", members: [] },
      { name: "D", ruleset: "wuxia", members: ["x", { count: 2, stats: [3] }, { count: 3 }] },
    ]);
    const { groups, problems } = parseGroupImport(file);
    const lineOf = (text: string, from = 0) => file.split("\n").findIndex((l, i) => i >= from && l.includes(text)) + 1;
    // One problem for a nameless group, not one per sub-group.
    expect(brief(problems)).toEqual([
      [2, "name", PROBLEM.Required],
      [lineOf('"name": "  "'), "name", PROBLEM.Required],
      [lineOf('"members": {'), "members", PROBLEM.JsonShape],
      [lineOf('"members": []'), "members", PROBLEM.NoMembers],
      [lineOf('"x"', lineOf('"name": "D"')), "members", PROBLEM.JsonShape],
      [lineOf('"stats": ['), "stats", PROBLEM.JsonShape],
    ]);
    expect(problems[3]?.data).toEqual({ group: "C" });
    expect(groups).toEqual([
      { name: "D", ruleset: "wuxia", line: lineOf('"name": "D"') - 1, members: [{ label: "D", count: 3, stats: {} }] },
    ]);
  });

  it("gives the preview no row for what it refuses, and names the column in each message", () => {
    const file = pretty([
      { ruleset: "wuxia", members: [{ count: 1 }] },
      { name: "B", ruleset: "wuxia", members: { label: "x", count: 1 } },
      { name: "C", ruleset: "wuxia", members: [] },
      { name: "D", ruleset: "wuxia", members: ["x", { count: 2, stats: [3] }, { count: 3 }] },
    ]);
    expect(readImportRows(file).map((r) => [r.group, r.count?.text])).toEqual([["D", "3"]]);
    expect(parseGroupImport(file).problems.map((p) => p.data)).toEqual([
      { column: "name" },
      { column: "members" },
      { group: "C" },
      { column: "members" },
      { column: "stats" },
    ]);
    for (const refused of ['[1, "x"]', '{"type": "character", "system": {}}', '{"type": "group", "system": 3}'])
      expect([refused, readImportRows(refused)]).toEqual([refused, []]);
  });

  it("places each value on its own line and names a stat by its key as written", () => {
    const file = pretty({
      name: "Bande",
      ruleset: "echecs",
      members: [{ label: "Brigand", count: 2, stats: { Feu: 2.5, count: 7, Métal: 2 } }],
    });
    const lineOf = (text: string) => file.split("\n").findIndex((l) => l.includes(text)) + 1;
    const { problems } = parseGroupImport(file);
    expect(problems.map((p) => [p.line, p.column, p.code, p.data])).toEqual([
      [1, "ruleset", PROBLEM.RulesetMissing, { group: "Bande" }],
      [lineOf('"ruleset"'), "ruleset", PROBLEM.RulesetUnknown, { value: "echecs" }],
      [lineOf('"Feu"'), "Feu", PROBLEM.NotWhole, { column: "Feu", value: "2.5" }],
      [lineOf('"count": 7'), "count", PROBLEM.UnknownColumn, { column: "count" }],
    ]);
    const [row] = readImportRows(file);
    expect(row?.label).toEqual({ text: "Brigand", line: lineOf('"label"'), column: "label" });
    expect(row?.count).toEqual({ text: "2", line: lineOf('"count": 2'), column: "count" });
    expect(row?.ruleset).toEqual({ text: "echecs", line: lineOf('"ruleset"'), column: "ruleset" });
    expect(row?.stats).toEqual([
      ["metal", { text: "2", line: lineOf('"Métal"'), column: "Métal" }],
      ["feu", { text: "2.5", line: lineOf('"Feu"'), column: "Feu" }],
    ]);
  });

  it("reads a JSON text after a BOM and blank lines", () => {
    const { groups } = parseGroupImport('\uFEFF\r\n  [{"name": "A", "ruleset": "wuxia", "members": [{"count": 2}]}]');
    expect(groups).toEqual([{ name: "A", ruleset: "wuxia", line: 2, members: [{ label: "A", count: 2, stats: {} }] }]);
  });
});
