/**
 * The import core: NPC groups from a spreadsheet's CSV or from JSON, checked against the group
 * model's own bounds. Pure (no Foundry, DOM or Node global), and it never throws: whatever the
 * input, what is wrong comes back as problems.
 */
import { readTable } from "./csv";
import { readJson } from "./json";
import { Problems } from "./problems";
import { assembleGroups, type ImportRow } from "./rows";
import { sourceRow, type SourceRow } from "./source-rows";
import type { GroupImport, ImportOptions } from "./types";

export { decodeImportFile } from "./decode";
export { acceptedNames } from "./columns";
export { csvTemplate, jsonTemplate, type TemplateLanguage } from "./template";
export { PROBLEM, shown as shownValue, type ProblemCode } from "./problems";
export type { StatKey } from "./columns";
export type { SourceCell, SourceRow } from "./source-rows";
export type { GroupImport, ImportOptions, ImportProblem, ImportRuleset, ImportedGroup, ImportedMember } from "./types";

/** The file's rows, the BOM dropped: JSON when it starts like a JSON document, else a CSV table. */
function readRows(text: string, problems: Problems): ImportRow[] {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return /^[ \t\r\n]*[[{]/.test(body) ? readJson(body, problems) : readTable(body, problems);
}

export function parseGroupImport(text: string, options?: ImportOptions): GroupImport {
  const problems = new Problems();
  const rows = readRows(text, problems);
  const fallback = options?.ruleset === "wuxia" || options?.ruleset === "harmonies" ? options.ruleset : undefined;
  return assembleGroups(rows, problems, fallback);
}

/**
 * Every sub-group row as the file writes it, bad values included and nothing checked: what a
 * preview shows beside `parseGroupImport`'s problems, which name the same lines and columns.
 */
export function readImportRows(text: string): SourceRow[] {
  return readRows(text, new Problems()).map(sourceRow);
}
