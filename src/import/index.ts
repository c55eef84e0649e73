/**
 * The import core: NPC groups from a spreadsheet's CSV or from JSON, checked against the group
 * model's own bounds. Pure (no Foundry, DOM or Node global), and it never throws: whatever the
 * input, what is wrong comes back as problems.
 */
import { readTable } from "./csv";
import { readJson } from "./json";
import { Problems } from "./problems";
import { assembleGroups } from "./rows";
import type { GroupImport, ImportOptions } from "./types";

export { decodeImportFile } from "./decode";
export { PROBLEM, type ProblemCode } from "./problems";
export type { GroupImport, ImportOptions, ImportProblem, ImportRuleset, ImportedGroup, ImportedMember } from "./types";

export function parseGroupImport(text: string, options?: ImportOptions): GroupImport {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const problems = new Problems();
  const rows = /^[ \t\r\n]*[[{]/.test(body) ? readJson(body, problems) : readTable(body, problems);
  const fallback = options?.ruleset === "wuxia" || options?.ruleset === "harmonies" ? options.ruleset : undefined;
  return assembleGroups(rows, problems, fallback);
}
