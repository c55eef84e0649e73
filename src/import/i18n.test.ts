import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import fr from "../../lang/fr.json";
import { parseGroupImport, PROBLEM } from "./index";

/** An input that makes each problem appear, so that every code the parser emits is checked. */
const TRIGGERS: Record<keyof typeof PROBLEM, [string, { ruleset?: "wuxia" | "harmonies" }?]> = {
  NoGroups: [""],
  MissingColumn: ["group;body\nA;1"],
  UnknownColumn: ["group;count;colour\nA;1;red", { ruleset: "wuxia" }],
  DuplicateColumn: ["group;count;count\nA;1;2", { ruleset: "wuxia" }],
  ExtraCells: ["group;count\nA;1;2", { ruleset: "wuxia" }],
  UnclosedQuote: ['group;count\n"A;1', { ruleset: "wuxia" }],
  BadQuote: ['group;count\n"A"B;1', { ruleset: "wuxia" }],
  Required: ["group;count\nA;", { ruleset: "wuxia" }],
  NotNumber: ["group;count\nA;x", { ruleset: "wuxia" }],
  NotWhole: ["group;count\nA;2,5", { ruleset: "wuxia" }],
  OutOfRange: ["group;count\nA;0", { ruleset: "wuxia" }],
  RulesetUnknown: ["group;count;ruleset\nA;1;gurps"],
  RulesetMissing: ["group;count\nA;1"],
  RulesetConflict: ["group;count;ruleset\nA;1;wuxia\nA;1;harmonies"],
  IgnoredForWuxia: ["group;count;fire;body\nA;1;1;1", { ruleset: "wuxia" }],
  IgnoredForHarmonies: ["group;count;body;fire\nA;1;1;1", { ruleset: "harmonies" }],
  EveryStatIgnoredWuxia: ["group;count;ruleset;body\nA;1;wuxia;1"],
  EveryStatIgnoredHarmonies: ["group;count;ruleset;fire\nA;1;harmonies;1"],
  JsonSyntax: ["[1,"],
  JsonNotGroup: ["[1]"],
  JsonShape: ['[{"name":"A","members":3}]'],
  NoMembers: ['[{"name":"A","members":[]}]'],
  TooManySubgroups: [["group;count", ...Array.from({ length: 1001 }, () => "A;1")].join("\n"), { ruleset: "wuxia" }],
};

const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").sort();
/** A message's placeholders; a plural pair's two forms must agree, and `count` chooses between them. */
const placeholders = (message: unknown): string[] => {
  if (typeof message === "string") return placeholdersOf(message);
  const forms = message as { one?: unknown; other?: unknown } | undefined;
  if (typeof forms?.one !== "string" || typeof forms.other !== "string") return ["(no message)"];
  const other = placeholdersOf(forms.other);
  return placeholdersOf(forms.one).join() === other.join() && other.includes("count") ? other : ["(forms disagree)"];
};
const messages = {
  en: en.WH.Import.Problem as Record<string, unknown>,
  fr: fr.WH.Import.Problem as Record<string, unknown>,
};

describe("problem messages", () => {
  it("have a trigger for every code the parser has", () => {
    expect(Object.keys(TRIGGERS).sort()).toEqual(Object.keys(PROBLEM).sort());
  });

  for (const [name, [text, options]] of Object.entries(TRIGGERS)) {
    it(`${name}: is in en.json and fr.json, with the placeholders the parser fills`, () => {
      const code = PROBLEM[name as keyof typeof PROBLEM];
      expect(code).toBe(`WH.Import.Problem.${name}`);
      const problem = parseGroupImport(text, options).problems.find((p) => p.code === code);
      expect(problem).toBeDefined();
      const data = Object.keys(problem?.data ?? {}).sort();
      expect(placeholders(messages.en[name])).toEqual(data);
      expect(placeholders(messages.fr[name])).toEqual(data);
      expect(messages.fr[name]).not.toBe(messages.en[name]);
    });
  }

  it("has no message the parser cannot emit", () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(PROBLEM).sort());
    expect(Object.keys(messages.fr).sort()).toEqual(Object.keys(PROBLEM).sort());
  });
});
