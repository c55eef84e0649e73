import type { ImportProblem } from "./types";

/** Every problem the import can report, as i18n keys (written out, for `npm run i18n:check` to find). */
export const PROBLEM = {
  NoGroups: "WH.Import.Problem.NoGroups",
  MissingColumn: "WH.Import.Problem.MissingColumn",
  UnknownColumn: "WH.Import.Problem.UnknownColumn",
  DuplicateColumn: "WH.Import.Problem.DuplicateColumn",
  ExtraCells: "WH.Import.Problem.ExtraCells",
  UnclosedQuote: "WH.Import.Problem.UnclosedQuote",
  BadQuote: "WH.Import.Problem.BadQuote",
  Required: "WH.Import.Problem.Required",
  NotNumber: "WH.Import.Problem.NotNumber",
  NotWhole: "WH.Import.Problem.NotWhole",
  OutOfRange: "WH.Import.Problem.OutOfRange",
  RulesetUnknown: "WH.Import.Problem.RulesetUnknown",
  RulesetMissing: "WH.Import.Problem.RulesetMissing",
  RulesetConflict: "WH.Import.Problem.RulesetConflict",
  IgnoredForWuxia: "WH.Import.Problem.IgnoredForWuxia",
  IgnoredForHarmonies: "WH.Import.Problem.IgnoredForHarmonies",
  EveryStatIgnoredWuxia: "WH.Import.Problem.EveryStatIgnoredWuxia",
  EveryStatIgnoredHarmonies: "WH.Import.Problem.EveryStatIgnoredHarmonies",
  JsonSyntax: "WH.Import.Problem.JsonSyntax",
  JsonNotGroup: "WH.Import.Problem.JsonNotGroup",
  JsonShape: "WH.Import.Problem.JsonShape",
  NoMembers: "WH.Import.Problem.NoMembers",
  TooManySubgroups: "WH.Import.Problem.TooManySubgroups",
} as const;

export type ProblemCode = (typeof PROBLEM)[keyof typeof PROBLEM];

type Data = Record<string, string | number>;

/** Where problems are collected while a file is read. */
export class Problems {
  readonly list: ImportProblem[] = [];

  error(line: number, column: string | null, code: ProblemCode, data?: Data): void {
    this.list.push({ line, column, code, severity: "error", ...(data && { data }) });
  }

  warning(line: number, column: string | null, code: ProblemCode, data?: Data): void {
    this.list.push({ line, column, code, severity: "warning", ...(data && { data }) });
  }
}

const SHOWN_LENGTH = 40;

/** A cell's text as a message quotes it: long cells are cut. */
export function shown(text: string): string {
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
}
