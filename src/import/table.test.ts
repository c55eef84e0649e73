import { describe, expect, it } from "vitest";
import { parseGroupImport, PROBLEM, type ImportProblem } from "./index";

const brief = (problems: readonly ImportProblem[]): [number, string | null, string][] =>
  problems.map((p) => [p.line, p.column, p.code]);
const rows = (...lines: string[]): string => lines.join("\n");

describe("the header", () => {
  it("matches names in French or English, ignoring case, accents, spaces, `_` and `-`", () => {
    const header =
      " GROUPE ;sous-groupe;EFFECTIF;Jeu;C P;agilité;Intuition;I_G;Power;RÉSISTANCE;Manœuvre;précision;Compé tence";
    const { groups, problems } = parseGroupImport(rows(header, "G;S;2;harmonies;1;2;3;4;5;6;7;8;9"));
    expect(problems).toEqual([]);
    expect(groups[0]?.members[0]).toEqual({
      label: "S",
      count: 2,
      stats: {
        corps: 1,
        agilite: 2,
        intuition: 3,
        intelligence: 4,
        puissance: 5,
        resistance: 6,
        manoeuvre: 7,
        precision: 8,
        skill: 9,
      },
    });
  });

  it("knows every name the import documents", () => {
    const names: [string, string][] = [
      ["Cp", "corps"],
      ["Body", "corps"],
      ["Ag", "agilite"],
      ["Agility", "agilite"],
      ["It", "intuition"],
      ["Intelligence", "intelligence"],
      ["Pu", "puissance"],
      ["Puissance", "puissance"],
      ["Rs", "resistance"],
      ["Mn", "manoeuvre"],
      ["Maneuver", "manoeuvre"],
      ["Manoeuvre", "manoeuvre"],
      ["MANŒUVRE", "manoeuvre"],
      ["Pr", "precision"],
      ["Skill", "skill"],
    ];
    for (const [header, key] of names) {
      const { groups, problems } = parseGroupImport(`group;count;${header}\nA;1;3`, { ruleset: "harmonies" });
      expect([header, problems]).toEqual([header, []]);
      expect(groups[0]?.members[0]?.stats).toEqual({ [key]: 3 });
    }
    const wuxia: [string, string][] = [
      ["Métal", "metal"],
      ["Feu", "feu"],
      ["Fire", "feu"],
      ["Terre", "terre"],
      ["Earth", "terre"],
      ["Eau", "eau"],
      ["Water", "eau"],
      ["Bois", "bois"],
      ["Wood", "bois"],
      ["Compétence", "skill"],
    ];
    for (const [header, key] of wuxia) {
      const { groups } = parseGroupImport(`groupe;nombre;${header}\nA;1;3`, { ruleset: "wuxia" });
      expect([header, groups[0]?.members[0]?.stats]).toEqual([header, { [key]: 3 }]);
    }
    const others = [
      "Group;Label;Number;Ruleset",
      "groupe;nom;nombre;jeu",
      "group;subgroup;count;ruleset",
      "Groupe;Name;Effectif;Jeu",
    ];
    for (const header of others) {
      const { groups, problems } = parseGroupImport(`${header}\nA;B;2;wuxia`);
      expect([header, problems, groups[0]?.members]).toEqual([header, [], [{ label: "B", count: 2, stats: {} }]]);
    }
  });

  it("reports each missing required column on line 1 by its English name, with the names it may take", () => {
    const { groups, problems } = parseGroupImport(rows("Nom;Corps", "Gardes;1"), { ruleset: "harmonies" });
    expect(groups).toEqual([]);
    expect(problems).toEqual([
      {
        line: 1,
        column: "group",
        code: PROBLEM.MissingColumn,
        severity: "error",
        data: { column: "group", names: "group, groupe" },
      },
      {
        line: 1,
        column: "count",
        code: PROBLEM.MissingColumn,
        severity: "error",
        data: { column: "count", names: "count, nombre, effectif, number" },
      },
    ]);
  });

  it("still checks every cell of a file that misses a required column", () => {
    const { problems } = parseGroupImport(rows("groupe;corps", "A;x", "B;2,5"), { ruleset: "harmonies" });
    expect(brief(problems)).toEqual([
      [1, "count", PROBLEM.MissingColumn],
      [2, "corps", PROBLEM.NotNumber],
      [3, "corps", PROBLEM.NotWhole],
    ]);
  });

  it("warns of an unknown column by its header as written, and ignores its cells", () => {
    const { groups, problems } = parseGroupImport(rows("group;count; Notes du MJ ;body", "A;2;très forts;1"), {
      ruleset: "harmonies",
    });
    expect(problems).toEqual([
      {
        line: 1,
        column: "Notes du MJ",
        code: PROBLEM.UnknownColumn,
        severity: "warning",
        data: { column: "Notes du MJ" },
      },
    ]);
    expect(groups[0]?.members).toEqual([{ label: "A", count: 2, stats: { corps: 1 } }]);
  });

  it("refuses a second column for the same field, and reads the first", () => {
    const { groups, problems } = parseGroupImport(rows("group;count;Corps;CP", "A;2;1;3"), { ruleset: "harmonies" });
    expect(problems).toEqual([
      { line: 1, column: "CP", code: PROBLEM.DuplicateColumn, severity: "error", data: { column: "CP" } },
    ]);
    expect(groups[0]?.members[0]?.stats).toEqual({ corps: 1 });
  });

  it("ignores columns without a header, and takes the first row with text as the header", () => {
    const { groups, problems } = parseGroupImport(rows("", ";;", '"";""', " \t ", "group;;count;", "A;x;2;y"), {
      ruleset: "wuxia",
    });
    expect(problems).toEqual([]);
    expect(groups).toEqual([{ name: "A", ruleset: "wuxia", line: 6, members: [{ label: "A", count: 2, stats: {} }] }]);

    // A line of quotes alone is blank too: the header after it decides the separator.
    expect(parseGroupImport(rows('""', "group;count", "A;2"), { ruleset: "wuxia" }).problems).toEqual([]);
  });

  it("quotes a long header cut short in its message, and one of 40 characters whole", () => {
    const header = "x".repeat(60);
    const { problems } = parseGroupImport(rows(`group;count;${header}`, "A;1"), { ruleset: "wuxia" });
    expect(problems[0]?.column).toBe(header);
    expect(problems[0]?.data).toEqual({ column: `${"x".repeat(39)}…` });
    const forty = parseGroupImport(rows(`group;count;${"y".repeat(40)}`, "A;1"), { ruleset: "wuxia" });
    expect(forty.problems[0]?.data).toEqual({ column: "y".repeat(40) });
    const fortyOne = parseGroupImport(rows(`group;count;${"z".repeat(41)}`, "A;1"), { ruleset: "wuxia" });
    expect(fortyOne.problems[0]?.data).toEqual({ column: `${"z".repeat(39)}…` });
  });
});

describe("the rows", () => {
  it("form one group per name (trimmed), sub-groups in file order, groups in order of first appearance", () => {
    const { groups } = parseGroupImport(
      rows("group;name;count", " A ;a1;1", "B;b1;2", "A;a2;3", "A  ;a3;4", "a;other;5"),
      { ruleset: "wuxia" },
    );
    expect(groups.map((g) => [g.name, g.line, g.members.map((m) => m.label)])).toEqual([
      ["A", 2, ["a1", "a2", "a3"]],
      ["B", 3, ["b1"]],
      ["a", 6, ["other"]],
    ]);
  });

  it("name a sub-group after its group when the name is empty or absent", () => {
    expect(parseGroupImport(rows("group;name;count", "Guet;  ;3"), { ruleset: "wuxia" }).groups[0]?.members).toEqual([
      { label: "Guet", count: 3, stats: {} },
    ]);
    expect(parseGroupImport(rows("group;count", "Guet;3"), { ruleset: "wuxia" }).groups[0]?.members[0]?.label).toBe(
      "Guet",
    );
  });

  it("skip blank rows, and rows of empty cells that spreadsheets leave at the end", () => {
    const { groups, problems } = parseGroupImport("group;count\r\n\r\nA;1\r\n;\r\n ; \r\n\r\n", { ruleset: "wuxia" });
    expect(problems).toEqual([]);
    expect(groups.map((g) => g.members.length)).toEqual([1]);
  });

  it("warn of cells beyond the header's last column", () => {
    const { groups, problems } = parseGroupImport(rows("group;count", "A;1;x;;y", "A;2;"), { ruleset: "wuxia" });
    expect(problems).toEqual([
      { line: 2, column: null, code: PROBLEM.ExtraCells, severity: "warning", data: { count: 2 } },
    ]);
    expect(groups[0]?.members.map((m) => m.count)).toEqual([1, 2]);
  });

  it("treat a short row's missing cells as empty", () => {
    const { problems } = parseGroupImport(rows("group;name;count", "A;x"), { ruleset: "wuxia" });
    expect(problems).toEqual([
      { line: 2, column: "count", code: PROBLEM.Required, severity: "error", data: { column: "count" } },
    ]);
  });

  it("require a group name and a count in every row", () => {
    const { groups, problems } = parseGroupImport(rows("Groupe;Nombre;Corps", " ;3;1", "A; ;1"), {
      ruleset: "harmonies",
    });
    expect(problems).toEqual([
      { line: 2, column: "Groupe", code: PROBLEM.Required, severity: "error", data: { column: "Groupe" } },
      { line: 3, column: "Nombre", code: PROBLEM.Required, severity: "error", data: { column: "Nombre" } },
    ]);
    expect(groups).toEqual([]);
  });

  it("keep only the stats given: the model fills the others", () => {
    const { groups } = parseGroupImport(rows("group;count;body;agility;skill", "A;1;;2;"), { ruleset: "harmonies" });
    expect(groups[0]?.members[0]?.stats).toEqual({ agilite: 2 });
  });
});

describe("numbers", () => {
  const read = (cell: string): { stat?: number; problem?: ImportProblem } => {
    const { groups, problems } = parseGroupImport(rows("group;count;body", `A;1;${cell}`), { ruleset: "harmonies" });
    return { stat: groups[0]?.members[0]?.stats.corps, ...(problems[0] && { problem: problems[0] }) };
  };

  it("reads signs, the books' minus, spaces around and digit groups", () => {
    expect(read("+3").stat).toBe(3);
    expect(read("-3").stat).toBe(-3);
    expect(read("−12").stat).toBe(-12);
    expect(read("  7 ").stat).toBe(7);
    expect(read("007").stat).toBe(7);
    expect(Object.is(read("-0").stat, 0)).toBe(true);
    expect(Object.is(read("−0").stat, 0)).toBe(true);
    const count = (cell: string) =>
      parseGroupImport(rows("group;count", `A;${cell}`), { ruleset: "wuxia" }).groups[0]?.members[0]?.count;
    expect(count("10 000")).toBe(10_000);
    expect(count("1\u00a0000")).toBe(1000);
    expect(count("1\u202f000")).toBe(1000);
    expect(count("1\u2009000")).toBe(1000);
    expect(count("1 00")).toBeUndefined();
    expect(count("10000 0")).toBeUndefined();
    expect(read("1000 000").problem?.code).toBe(PROBLEM.NotNumber);
    expect(count("-1 000")).toBeUndefined();
    expect(read("−1 000").problem?.data).toEqual({ column: "body", value: "−1 000", min: -999, max: 999 });
    expect(read("12 345").problem?.code).toBe(PROBLEM.OutOfRange);
  });

  it("refuses fractions, whatever the decimal separator, and anything that is not a number", () => {
    const code = (cell: string) => read(cell).problem?.code;
    for (const fraction of ["2,5", "2.5", "-0,5", "+1.25", ",5", ".5", "3,", "3,0", "1.000"])
      expect([fraction, code(fraction)]).toEqual([fraction, PROBLEM.NotWhole]);
    for (const word of ["abc", "1e3", "--1", "+", "1 2", "½", "3 pts", "0x10", "1,2,3", "1..2", "Infinity", "NaN"])
      expect([word, code(word)]).toEqual([word, PROBLEM.NotNumber]);
    expect(read("abc").problem).toEqual({
      line: 2,
      column: "body",
      code: PROBLEM.NotNumber,
      severity: "error",
      data: { column: "body", value: "abc" },
    });
    expect(read("abc").stat).toBeUndefined();
  });

  it("checks each number against the group model's bounds, the bounds included", () => {
    const check = (header: string, ruleset: "wuxia" | "harmonies", cell: string) =>
      parseGroupImport(rows(`group;count;${header}`, `A;${header === "count" ? cell : 1};${cell}`), {
        ruleset,
      }).problems.map((p) => p.code);
    const bounds: [string, "wuxia" | "harmonies", number, number][] = [
      ["body", "harmonies", -999, 999],
      ["skill", "harmonies", -999, 999],
      ["skill", "wuxia", -999, 999],
      ["fire", "wuxia", 1, 10],
      ["metal", "wuxia", 1, 10],
    ];
    for (const [header, ruleset, min, max] of bounds) {
      expect([header, check(header, ruleset, String(min)), check(header, ruleset, String(max))]).toEqual([
        header,
        [],
        [],
      ]);
      expect(check(header, ruleset, String(min - 1))).toEqual([PROBLEM.OutOfRange]);
      expect(check(header, ruleset, String(max + 1))).toEqual([PROBLEM.OutOfRange]);
    }
    const count = (cell: string) => parseGroupImport(rows("group;count", `A;${cell}`), { ruleset: "wuxia" }).problems;
    expect(count("1")).toEqual([]);
    expect(count("10000")).toEqual([]);
    expect(count("0")).toEqual([
      {
        line: 2,
        column: "count",
        code: PROBLEM.OutOfRange,
        severity: "error",
        data: { column: "count", value: "0", min: 1, max: 10000 },
      },
    ]);
    expect(count("10001").map((p) => p.code)).toEqual([PROBLEM.OutOfRange]);
    expect(count("99999999999999999999999").map((p) => p.code)).toEqual([PROBLEM.OutOfRange]);
  });
});

describe("rule sets", () => {
  it("come from the ruleset column, ignoring case and spaces, else from the caller", () => {
    const { groups } = parseGroupImport(rows("group;count;jeu", "A;1; WUXIA ", "B;1;", "C;1;Harmonies"), {
      ruleset: "harmonies",
    });
    expect(groups.map((g) => [g.name, g.ruleset])).toEqual([
      ["A", "wuxia"],
      ["B", "harmonies"],
      ["C", "harmonies"],
    ]);
  });

  it("are named by any row of the group, not only the first", () => {
    const { groups, problems } = parseGroupImport(rows("group;count;ruleset;metal", "A;1;;3", "A;2;wuxia;4"));
    expect(problems).toEqual([]);
    expect(groups).toEqual([
      {
        name: "A",
        ruleset: "wuxia",
        line: 2,
        members: [
          { label: "A", count: 1, stats: { metal: 3 } },
          { label: "A", count: 2, stats: { metal: 4 } },
        ],
      },
    ]);
  });

  it("missing, are an error on the group's first line, by the column as written or its English name", () => {
    const withColumn = parseGroupImport(rows("Groupe;Nombre;Jeu", "Gardes;1;", "Gardes;2;"));
    expect(withColumn).toEqual({
      groups: [],
      problems: [
        { line: 2, column: "Jeu", code: PROBLEM.RulesetMissing, severity: "error", data: { group: "Gardes" } },
      ],
    });
    const without = parseGroupImport(rows("Groupe;Nombre", "A;1", "B;x"));
    expect(brief(without.problems)).toEqual([
      [2, "ruleset", PROBLEM.RulesetMissing],
      [3, "ruleset", PROBLEM.RulesetMissing],
      [3, "Nombre", PROBLEM.NotNumber],
    ]);
  });

  it("are reported in file order, whichever check finds them first", () => {
    const { problems } = parseGroupImport(rows("group;count;ruleset", "A;1;", "B;x;wuxia", "C;1;gurps"));
    expect(brief(problems)).toEqual([
      [2, "ruleset", PROBLEM.RulesetMissing],
      [3, "count", PROBLEM.NotNumber],
      [4, "ruleset", PROBLEM.RulesetUnknown],
      [4, "ruleset", PROBLEM.RulesetMissing],
    ]);
  });

  it("ignores a caller's rule set that is not one", () => {
    const { problems } = parseGroupImport(rows("group;count", "A;1"), { ruleset: "gurps" as "wuxia" });
    expect(brief(problems)).toEqual([[2, "ruleset", PROBLEM.RulesetMissing]]);
  });

  it("refuses an unknown rule set and a row that contradicts its group, keeping the group", () => {
    const { groups, problems } = parseGroupImport(
      rows("group;name;count;ruleset", "A;a;1;Harmonies", "A;b;1;wuxia", "A;c;1;d&d", "A;d;1;harmonies"),
    );
    expect(problems).toEqual([
      {
        line: 3,
        column: "ruleset",
        code: PROBLEM.RulesetConflict,
        severity: "error",
        data: { group: "A", ruleset: "Harmonies", value: "wuxia" },
      },
      { line: 4, column: "ruleset", code: PROBLEM.RulesetUnknown, severity: "error", data: { value: "d&d" } },
    ]);
    expect(groups[0]?.members.map((m) => m.label)).toEqual(["a", "d"]);
  });

  it("keep only the group's own stats and the skill, warning of the other rule set's", () => {
    const file = rows(
      "group;count;ruleset;metal;fire;body;agility;skill",
      "W;1;wuxia;3;;2;;1",
      "H;1;harmonies;;x;1;2;0",
    );
    const { groups, problems } = parseGroupImport(file);
    expect(problems).toEqual([
      { line: 2, column: "body", code: PROBLEM.IgnoredForWuxia, severity: "warning", data: { column: "body" } },
      { line: 3, column: "fire", code: PROBLEM.IgnoredForHarmonies, severity: "warning", data: { column: "fire" } },
    ]);
    expect(groups.map((g) => g.members[0]?.stats)).toEqual([
      { metal: 3, skill: 1 },
      { corps: 1, agilite: 2, skill: 0 },
    ]);
  });

  it("without one, still check every stat against its own bounds", () => {
    const { problems } = parseGroupImport(rows("group;count;metal;body", "A;1;0;1000"));
    expect(brief(problems)).toEqual([
      [2, "ruleset", PROBLEM.RulesetMissing],
      [2, "metal", PROBLEM.OutOfRange],
      [2, "body", PROBLEM.OutOfRange],
    ]);
  });
});

describe("files that are not tables", () => {
  it("report no group for an empty file, blank lines or a header alone", () => {
    for (const text of ["", "\uFEFF", "\r\n\r\n", "   ", "group;count\r\n"])
      expect(parseGroupImport(text, { ruleset: "wuxia" })).toStrictEqual({
        groups: [],
        problems: [{ line: 1, column: null, code: PROBLEM.NoGroups, severity: "error" }],
      });
    // A warning alone does not say why nothing was read.
    expect(brief(parseGroupImport("group;count;colour\n", { ruleset: "wuxia" }).problems)).toEqual([
      [1, "colour", PROBLEM.UnknownColumn],
      [1, null, PROBLEM.NoGroups],
    ]);
  });

  it("report an unclosed quote on the line it opens, and a cell that goes on after its closing quote", () => {
    const unclosed = parseGroupImport(rows("group;count", "A;1", '"B;2', "C;3"), { ruleset: "wuxia" });
    // The quote takes the rest of the file into one cell: the row has no count, reported on its line.
    expect(brief(unclosed.problems)).toEqual([
      [3, null, PROBLEM.UnclosedQuote],
      [3, "count", PROBLEM.Required],
    ]);
    expect(unclosed.groups.map((g) => g.name)).toEqual(["A"]);
    // Two bad cells on one row: one problem for the row, which is still read.
    const bad = parseGroupImport(rows("group;count;body", "A;1;1", '"B"x";"1"y"', "C;1;2"), { ruleset: "harmonies" });
    expect(brief(bad.problems)).toEqual([
      [3, null, PROBLEM.BadQuote],
      [3, "count", PROBLEM.NotNumber],
    ]);
    expect(bad.groups.map((g) => g.name)).toEqual(["A", "C"]);
  });
});
