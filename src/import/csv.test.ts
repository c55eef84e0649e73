import { describe, expect, it } from "vitest";
import { decodeImportFile, parseGroupImport, PROBLEM, type ImportProblem } from "./index";

/** Problems as [line, column, code] triples, for the many-problem files. */
const brief = (problems: readonly ImportProblem[]): [number, string | null, string][] =>
  problems.map((p) => [p.line, p.column, p.code]);

/** The bytes French Excel writes for text that fits Windows-1252. */
const CP1252_EXTRA: Record<string, number> = { "€": 0x80, "’": 0x92, Œ: 0x8c, œ: 0x9c, "…": 0x85 };
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((c) => CP1252_EXTRA[c] ?? c.charCodeAt(0)));
}

const HARMONIES_HEADER =
  "Groupe;Nom;Effectif;Jeu;Corps;Agilité;Intuition;Intelligence;Puissance;Résistance;Manœuvre;Précision;Compétence";

describe("a French Excel export (`;`, BOM, CRLF, accents)", () => {
  // The 25 guards of RULES 3.2 and the 300 soldiers of RULES 3.3, as French Excel saves them.
  const file =
    "\uFEFF" +
    [
      HARMONIES_HEADER,
      "Garde du palais;Gardes;25;Harmonies;0;1;0;-1;1;1;0;0;2",
      "Garde du palais;Capitaine Éloïse;1;harmonies;2;2;1;1;2;1;2;1;5",
      "Légion de Lyon;Soldats;300;Harmonies;1;0;0;0;1;2;0;0;1",
      "Légion de Lyon;Archers;40;;0;1;0;0;0;0;1;2,5;2",
      "",
    ].join("\r\n");

  it("reads every group and sub-group, with the model's keys", () => {
    const { groups } = parseGroupImport(file);
    expect(groups).toEqual([
      {
        name: "Garde du palais",
        ruleset: "harmonies",
        line: 2,
        members: [
          {
            label: "Gardes",
            count: 25,
            stats: {
              corps: 0,
              agilite: 1,
              intuition: 0,
              intelligence: -1,
              puissance: 1,
              resistance: 1,
              manoeuvre: 0,
              precision: 0,
              skill: 2,
            },
          },
          {
            label: "Capitaine Éloïse",
            count: 1,
            stats: {
              corps: 2,
              agilite: 2,
              intuition: 1,
              intelligence: 1,
              puissance: 2,
              resistance: 1,
              manoeuvre: 2,
              precision: 1,
              skill: 5,
            },
          },
        ],
      },
      {
        name: "Légion de Lyon",
        ruleset: "harmonies",
        line: 4,
        members: [
          {
            label: "Soldats",
            count: 300,
            stats: {
              corps: 1,
              agilite: 0,
              intuition: 0,
              intelligence: 0,
              puissance: 1,
              resistance: 2,
              manoeuvre: 0,
              precision: 0,
              skill: 1,
            },
          },
        ],
      },
    ]);
  });

  it("refuses the French decimal comma: a fraction is an error on its line and column, never rounded", () => {
    expect(parseGroupImport(file).problems).toEqual([
      {
        line: 5,
        column: "Précision",
        code: PROBLEM.NotWhole,
        severity: "error",
        data: { column: "Précision", value: "2,5" },
      },
    ]);
  });

  it("reads the same from the file's bytes, BOM and all", () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoderLike().encode(file.slice(1))]);
    expect(parseGroupImport(decodeImportFile(bytes))).toEqual(parseGroupImport(file));
  });

  it("reads the same file saved as Windows-1252 without a BOM", () => {
    const text = parseGroupImport(decodeImportFile(windows1252(file.slice(1))));
    expect(text).toEqual(parseGroupImport(file));
    expect(text.groups[1]?.name).toBe("Légion de Lyon");
  });

  it("keeps œ, € and ’ of a Windows-1252 file in names", () => {
    const text = "groupe;nom;nombre;jeu\r\nCœur d’Œil;Gardes à 5 €…;2;wuxia\r\n";
    const { groups, problems } = parseGroupImport(decodeImportFile(windows1252(text)));
    expect(problems).toEqual([]);
    expect(groups.map((g) => [g.name, g.members[0]?.label])).toEqual([["Cœur d’Œil", "Gardes à 5 €…"]]);
  });
});

/** UTF-8 bytes without any global: the import core's program has no TextEncoder type. */
class TextEncoderLike {
  encode(text: string): number[] {
    return [...text].flatMap((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      if (c < 0x80) return [c];
      if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 63)];
      if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
      return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
    });
  }
}

describe("an English comma file", () => {
  const file = [
    "group,name,count,ruleset,metal,fire,earth,water,wood,skill",
    "Jade Fist Sect,Disciples,12,wuxia,2,3,2,2,1,1",
    'Jade Fist Sect,"Elder Wu, the ""Iron Crane""",1,wuxia,4,5,3,3,4,3',
    "Red Hill Bandits,Bandits,20,Wuxia,2,2,3,1,2,0",
    "",
  ].join("\n");

  it("reads quoted commas and doubled quotes, each group in order", () => {
    const { groups, problems } = parseGroupImport(file);
    expect(problems).toEqual([]);
    expect(groups).toEqual([
      {
        name: "Jade Fist Sect",
        ruleset: "wuxia",
        line: 2,
        members: [
          { label: "Disciples", count: 12, stats: { metal: 2, feu: 3, terre: 2, eau: 2, bois: 1, skill: 1 } },
          {
            label: 'Elder Wu, the "Iron Crane"',
            count: 1,
            stats: { metal: 4, feu: 5, terre: 3, eau: 3, bois: 4, skill: 3 },
          },
        ],
      },
      {
        name: "Red Hill Bandits",
        ruleset: "wuxia",
        line: 4,
        members: [{ label: "Bandits", count: 20, stats: { metal: 2, feu: 2, terre: 3, eau: 1, bois: 2, skill: 0 } }],
      },
    ]);
  });

  it("reads a tab-separated paste from a sheet, with the caller's rule set", () => {
    const { groups, problems } = parseGroupImport("Group\tName\tCount\tBody\nWatch\tGuards, night\t4\t1\n", {
      ruleset: "harmonies",
    });
    expect(problems).toEqual([]);
    expect(groups).toEqual([
      {
        name: "Watch",
        ruleset: "harmonies",
        line: 2,
        members: [{ label: "Guards, night", count: 4, stats: { corps: 1 } }],
      },
    ]);
  });
});

describe("line numbers", () => {
  it("count the line breaks inside quotes, for the cells after them and the rows below", () => {
    const file = [
      "group;name;count;ruleset;body",
      'A;"Two\r\nlines";3;harmonies;1',
      'A;"Three\nline\nlabel";x;harmonies;2',
      "A;Last;0;harmonies;1",
    ].join("\r\n");
    const { groups, problems } = parseGroupImport(file);
    expect(groups[0]?.members).toEqual([{ label: "Two\nlines", count: 3, stats: { corps: 1 } }]);
    expect(brief(problems)).toEqual([
      [6, "count", PROBLEM.NotNumber],
      [7, "count", PROBLEM.OutOfRange],
    ]);
  });

  it("give a cell after a multi-line cell of the same row its own line", () => {
    const { problems } = parseGroupImport('group,name,count,body\nA,"x\ny",q,"1\n\n"\nA,b,2,z\n', {
      ruleset: "harmonies",
    });
    expect(brief(problems)).toEqual([
      [3, "count", PROBLEM.NotNumber],
      [6, "body", PROBLEM.NotNumber],
    ]);
  });

  it("read a file that mixes CR, LF and CRLF line endings row by row", () => {
    const { groups, problems } = parseGroupImport("group,count\rA,1\nB,x\r\nC,y\rD,2", { ruleset: "wuxia" });
    expect(brief(problems)).toEqual([
      [3, "count", PROBLEM.NotNumber],
      [4, "count", PROBLEM.NotNumber],
    ]);
    expect(groups.map((g) => g.name)).toEqual(["A", "D"]);
  });

  it("count a line break that opens a quoted cell", () => {
    const { problems } = parseGroupImport('group,name,count\nA,"\nfirst line empty",2\nA,b,x\n', {
      ruleset: "wuxia",
    });
    expect(brief(problems)).toEqual([[4, "count", PROBLEM.NotNumber]]);
  });

  it("count blank lines and CR-only line endings", () => {
    const { problems } = parseGroupImport("group,count\r\rA,x\r", { ruleset: "wuxia" });
    expect(brief(problems)).toEqual([[3, "count", PROBLEM.NotNumber]]);
  });
});

describe("the header and the cells beside it", () => {
  it("refuses a column named twice, the first column too, keeping the first", () => {
    const { groups, problems } = parseGroupImport("Groupe;Nombre;Group\nA;2;B\n", { ruleset: "wuxia" });
    expect(brief(problems)).toEqual([[1, "Group", PROBLEM.DuplicateColumn]]);
    expect(groups.map((g) => g.name)).toEqual(["A"]);
  });

  it("reads a table whose cells hold brackets or braces as a table, not as JSON", () => {
    const { groups, problems } = parseGroupImport("group;name;count\nGardes [élite];{chef};1\n", { ruleset: "wuxia" });
    expect(problems).toEqual([]);
    expect(groups.map((g) => [g.name, g.members[0]?.label])).toEqual([["Gardes [élite]", "{chef}"]]);
  });

  it("reads a table laid out from column C with blank columns after it, as a sheet with margins exports", () => {
    const { groups, problems } = parseGroupImport(
      ";;Groupe;Nom;Effectif;Jeu;Corps;;\n;;Gardes;Gardes;25;Harmonies;1;;\n",
    );
    expect(problems).toEqual([]);
    expect(groups).toEqual([
      {
        name: "Gardes",
        ruleset: "harmonies",
        line: 2,
        members: [{ label: "Gardes", count: 25, stats: { corps: 1 } }],
      },
    ]);
  });

  it("warns of filled cells beyond the header, not of empty or blank ones", () => {
    const { problems } = parseGroupImport("group;count\nA;2;;   \nB;3;x;;y\n", { ruleset: "wuxia" });
    expect(problems.map((p) => [p.line, p.code, p.data])).toEqual([[3, PROBLEM.ExtraCells, { count: 2 }]]);
  });
});

describe("a file with many bad cells", () => {
  it("reports every one, in file order, and keeps only the good rows", () => {
    const file = [
      "Groupe;Nom;Nombre;Jeu;Métal;Feu;Corps;Agilité;Compétence;Remarque",
      "Bandits;Chef;1;wuxia;11;0;;;2;rien",
      "Bandits;Lames;abc;wuxia;3;2,5;1;;1.5;",
      ";Orphelins;2;wuxia;;;;;;",
      "Bandits;Archers;4;wuxia;2;3;;;1;",
      "Moines;Novices;10001;harmonies;;;-1000;1000;999;",
      "Moines;Maître;1;magie;;;;;;",
      "Moines;Disciples;5;wuxia;;;1;1;1;",
    ].join("\r\n");
    const { groups, problems } = parseGroupImport(file);
    expect(brief(problems)).toEqual([
      [1, "Remarque", PROBLEM.UnknownColumn],
      [2, "Métal", PROBLEM.OutOfRange],
      [2, "Feu", PROBLEM.OutOfRange],
      [3, "Nombre", PROBLEM.NotNumber],
      [3, "Feu", PROBLEM.NotWhole],
      [3, "Corps", PROBLEM.IgnoredForWuxia],
      [3, "Compétence", PROBLEM.NotWhole],
      [4, "Groupe", PROBLEM.Required],
      [6, "Nombre", PROBLEM.OutOfRange],
      [6, "Corps", PROBLEM.OutOfRange],
      [6, "Agilité", PROBLEM.OutOfRange],
      [7, "Jeu", PROBLEM.RulesetUnknown],
      [8, "Jeu", PROBLEM.RulesetConflict],
    ]);
    expect(problems.find((p) => p.line === 2)?.data).toEqual({ column: "Métal", value: "11", min: 1, max: 10 });
    expect(problems.find((p) => p.line === 6 && p.column === "Corps")?.data).toEqual({
      column: "Corps",
      value: "-1000",
      min: -999,
      max: 999,
    });
    expect(problems.find((p) => p.line === 8)?.data).toEqual({ group: "Moines", ruleset: "harmonies", value: "wuxia" });
    expect(groups).toEqual([
      {
        name: "Bandits",
        ruleset: "wuxia",
        line: 2,
        members: [{ label: "Archers", count: 4, stats: { metal: 2, feu: 3, skill: 1 } }],
      },
    ]);
    expect(
      problems.every(
        (p) =>
          p.severity === (p.code === PROBLEM.UnknownColumn || p.code === PROBLEM.IgnoredForWuxia ? "warning" : "error"),
      ),
    ).toBe(true);
  });
});
