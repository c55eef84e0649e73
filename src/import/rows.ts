import { statRange, statRuleset, type StatKey } from "./columns";
import { normalize } from "./columns";
import { readWhole } from "./numbers";
import { PROBLEM, shown, type Problems } from "./problems";
import { MEMBER_COUNT_RANGE } from "../documents/limits";
import type { GroupImport, ImportRuleset, ImportedGroup, ImportedMember } from "./types";

/** A value read from a file: a CSV cell (always a string) or a JSON value, where it sits. */
export interface Cell {
  raw: unknown;
  line: number;
  /** As the file writes it: the header of a CSV column, the key of a JSON value. */
  column: string;
}

/** One sub-group as read, before any check: what a CSV row or a JSON member says. */
export interface ImportRow {
  line: number;
  /** Where the row's group starts: the row itself in a table, the group object in JSON. */
  groupLine: number;
  /** Null when the file has no such column (already reported). */
  group: Cell | null;
  label: Cell | null;
  count: Cell | null;
  ruleset: Cell | null;
  stats: [StatKey, Cell][];
  /** Foundry exports store both rule sets' stats: the other set's are dropped without a warning. */
  quietStats: boolean;
}

/** A cell's text: strings trimmed, an absent or null value empty, numbers as JS writes them (1e400 is Infinity), any other value as JSON does. */
export function cellText(raw: unknown): string {
  if (typeof raw === "string") return raw.trim();
  if (typeof raw === "number") return String(raw);
  return raw === undefined || raw === null ? "" : (JSON.stringify(raw) ?? "");
}

interface Draft {
  name: string;
  line: number;
  ruleset: ImportRuleset | null;
  /** The rule set as the first row naming it writes it, for a conflict's message. */
  rulesetText: string;
  /** Column of the rule set for a problem about a missing one. */
  rulesetColumn: string;
  members: ImportedMember[];
}

/**
 * Rows with the same group name form one group, sub-groups in file order. A group's rule set
 * is the first one its rows name, else the caller's; every bad cell is reported, and a row
 * with an error is left out.
 */
export function assembleGroups(rows: readonly ImportRow[], problems: Problems, fallback?: ImportRuleset): GroupImport {
  const drafts = new Map<string, Draft>();
  const rowDrafts = rows.map((row) => draftOf(row, drafts, problems));
  for (const draft of drafts.values()) {
    draft.ruleset ??= fallback ?? null;
    if (!draft.ruleset)
      problems.error(draft.line, draft.rulesetColumn, PROBLEM.RulesetMissing, { group: shown(draft.name) });
  }
  rows.forEach((row, i) => {
    const draft = rowDrafts[i];
    const member = readMember(row, draft?.ruleset ?? null, draft?.name ?? "", problems);
    if (draft && member) draft.members.push(member);
  });
  if (!rows.length && !problems.list.some((p) => p.severity === "error")) problems.error(1, null, PROBLEM.NoGroups);
  const groups: ImportedGroup[] = [];
  for (const { name, line, ruleset, members } of drafts.values())
    if (ruleset && members.length) groups.push({ name, ruleset, line, members });
  return { groups, problems: problems.list.sort((a, b) => a.line - b.line) };
}

/** The row's group, or null when the row cannot join one (no group name, a rule set unknown or in conflict). */
function draftOf(row: ImportRow, drafts: Map<string, Draft>, problems: Problems): Draft | null {
  const ruleset = rowRuleset(row, problems);
  if (!row.group) return null;
  const name = cellText(row.group.raw);
  if (!name) {
    problems.error(row.group.line, row.group.column, PROBLEM.Required, { column: row.group.column });
    return null;
  }
  const draft = drafts.get(name) ?? newDraft(name, row, drafts);
  if (ruleset === false) return null;
  if (!ruleset || !row.ruleset) return draft;
  if (!draft.ruleset) {
    draft.ruleset = ruleset;
    draft.rulesetText = cellText(row.ruleset.raw);
  } else if (draft.ruleset !== ruleset) {
    problems.error(row.ruleset.line, row.ruleset.column, PROBLEM.RulesetConflict, {
      group: shown(name),
      ruleset: shown(draft.rulesetText),
      value: shown(cellText(row.ruleset.raw)),
    });
    return null;
  }
  return draft;
}

function newDraft(name: string, row: ImportRow, drafts: Map<string, Draft>): Draft {
  const draft: Draft = {
    name,
    line: row.groupLine,
    ruleset: null,
    rulesetText: "",
    rulesetColumn: row.ruleset?.column ?? "ruleset",
    members: [],
  };
  drafts.set(name, draft);
  return draft;
}

/** The rule set a row names: null when it names none, false when it names an unknown one (reported). */
function rowRuleset(row: ImportRow, problems: Problems): ImportRuleset | null | false {
  if (!row.ruleset) return null;
  const text = cellText(row.ruleset.raw);
  if (!text) return null;
  const key = normalize(text);
  if (key === "wuxia" || key === "harmonies") return key;
  problems.error(row.ruleset.line, row.ruleset.column, PROBLEM.RulesetUnknown, { value: shown(text) });
  return false;
}

/**
 * The sub-group a row describes, or null when one of its cells is bad (each one reported). Only
 * the group's rule-set stats and the skill are kept; the other set's are ignored, with a warning.
 * Without a known rule set every stat is still checked, so that the file's problems show at once.
 */
function readMember(
  row: ImportRow,
  ruleset: ImportRuleset | null,
  groupName: string,
  problems: Problems,
): ImportedMember | null {
  let valid = ruleset !== null;
  const count = row.count ? readBounded(row.count, MEMBER_COUNT_RANGE, problems) : null;
  const stats: Record<string, number> = {};
  for (const [key, cell] of row.stats) {
    if (!cellText(cell.raw)) continue;
    const owner = statRuleset(key);
    if (ruleset && owner && owner !== ruleset) {
      if (!row.quietStats)
        problems.warning(
          cell.line,
          cell.column,
          ruleset === "wuxia" ? PROBLEM.IgnoredForWuxia : PROBLEM.IgnoredForHarmonies,
          { column: cell.column },
        );
      continue;
    }
    const value = readBounded(cell, statRange(key), problems);
    if (value === null) valid = false;
    else stats[key] = value;
  }
  if (!valid || count === null) return null;
  return { label: cellText(row.label?.raw) || groupName, count, stats };
}

/** A whole number within the model's bounds, or null (reported, an empty cell too). */
function readBounded(
  cell: Cell,
  range: { readonly min: number; readonly max: number },
  problems: Problems,
): number | null {
  const text = cellText(cell.raw);
  if (!text) {
    problems.error(cell.line, cell.column, PROBLEM.Required, { column: cell.column });
    return null;
  }
  const read = readWhole(cell.raw);
  if (!read.ok) {
    problems.error(cell.line, cell.column, read.code, { column: cell.column, value: shown(text) });
    return null;
  }
  if (read.value < range.min || read.value > range.max) {
    problems.error(cell.line, cell.column, PROBLEM.OutOfRange, {
      column: cell.column,
      value: shown(text),
      min: range.min,
      max: range.max,
    });
    return null;
  }
  return read.value;
}
