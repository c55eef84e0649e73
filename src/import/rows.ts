import {
  COUNT,
  FIELDS,
  FIRST_STAT,
  GROUP,
  NAME,
  RULESET,
  normalize,
  statRange,
  statRuleset,
  type StatKey,
} from "./columns";
import { readWhole } from "./numbers";
import { PROBLEM, shown, type Problems } from "./problems";
import { MEMBER_COUNT_RANGE, SUBGROUPS_PER_GROUP } from "../rules/limits";
import type { GroupImport, ImportRuleset, ImportedGroup, ImportedMember } from "./types";

/**
 * One sub-group as read, before any check: what a CSV row or a JSON member says. Values stay
 * where the file put them (a table row's own cells), so that a big table costs no copy.
 */
export interface ImportRow {
  line: number;
  /** Where the row's group starts: the row itself in a table, the group object in JSON. */
  groupLine: number;
  /** A table row's cells, or a JSON member's values. */
  values: readonly unknown[];
  /** For each of FIELDS, where its value sits in `values`: -1 when the file has no such column (already reported). */
  at: readonly number[];
  /** For each of FIELDS, its column as the file writes it; the English name when the file has none. */
  columns: readonly string[];
  /** The line each value starts on, when they are not all on the row's line. */
  lines: readonly number[] | null;
  /** Foundry exports store both rule sets' stats: the other set's are dropped without a warning. */
  quietStats: boolean;
}

/** A cell's text: strings trimmed, an absent or null value empty, numbers as JS writes them (1e400 is Infinity), any other value as JSON does. */
export function cellText(raw: unknown): string {
  if (typeof raw === "string") return raw.trim();
  if (typeof raw === "number") return String(raw);
  return raw === undefined || raw === null ? "" : (JSON.stringify(raw) ?? "");
}

const has = (row: ImportRow, field: number): boolean => (row.at[field] ?? -1) >= 0;
/** Never `values[-1]`: a negative index is a property lookup, slow on every row of a big table. */
const valueOf = (row: ImportRow, field: number): unknown => {
  const index = row.at[field] ?? -1;
  return index < 0 ? undefined : row.values[index];
};
const lineOf = (row: ImportRow, field: number): number => row.lines?.[row.at[field] ?? -1] ?? row.line;
const columnOf = (row: ImportRow, field: number): string => row.columns[field] ?? "";

/** The stats in FIELDS order, each with the rule set it belongs to (the skill: none). */
const STATS = FIELDS.slice(FIRST_STAT).map((key, i) => {
  const owner = statRuleset(key as StatKey);
  return { key, field: FIRST_STAT + i, owner, range: statRange(owner) };
});

interface Draft {
  name: string;
  line: number;
  ruleset: ImportRuleset | null;
  /** The rule set as the first row naming it writes it, for a conflict's message. */
  rulesetText: string;
  /** Column of the rule set for a problem about a missing one. */
  rulesetColumn: string;
  members: ImportedMember[];
  /** Set once the group has more sub-groups than a group holds (reported once). */
  overflow: boolean;
}

/** The rule sets whose stats a row fills (the skill belongs to neither). */
function statOwners(row: ImportRow, into: Set<ImportRuleset>): void {
  for (const { field, owner } of STATS) if (owner && cellText(valueOf(row, field))) into.add(owner);
}

/**
 * The rule set a group's rows imply when none names one: the one set whose stats they fill, or
 * none when they fill both or neither.
 */
function inferredRulesets(rows: readonly ImportRow[], rowDrafts: readonly (Draft | null)[]): Map<Draft, ImportRuleset> {
  const filled = new Map<Draft, Set<ImportRuleset>>();
  rows.forEach((row, i) => {
    const draft = rowDrafts[i];
    if (!draft || draft.ruleset) return;
    const owners = filled.get(draft) ?? new Set<ImportRuleset>();
    statOwners(row, owners);
    filled.set(draft, owners);
  });
  const inferred = new Map<Draft, ImportRuleset>();
  for (const [draft, owners] of filled) {
    const [only] = owners;
    if (owners.size === 1 && only) inferred.set(draft, only);
  }
  return inferred;
}

/**
 * Rows with the same group name form one group, sub-groups in file order. A group's rule set
 * is the first one its rows name, else the one whose stats its rows fill, else the caller's;
 * every bad cell is reported, and a row with an error is left out.
 */
export function assembleGroups(rows: readonly ImportRow[], problems: Problems, fallback?: ImportRuleset): GroupImport {
  const drafts = new Map<string, Draft>();
  const rowDrafts = rows.map((row) => draftOf(row, drafts, problems));
  const inferred = inferredRulesets(rows, rowDrafts);
  for (const draft of drafts.values()) {
    draft.ruleset ??= inferred.get(draft) ?? fallback ?? null;
    if (!draft.ruleset)
      problems.error(draft.line, draft.rulesetColumn, PROBLEM.RulesetMissing, { group: shown(draft.name) });
  }
  rows.forEach((row, i) => {
    const draft = rowDrafts[i];
    if (draft && draft.members.length >= SUBGROUPS_PER_GROUP) return overflowed(draft, row, problems);
    const member = readMember(row, draft?.ruleset ?? null, draft?.name ?? "", problems);
    if (draft && member) draft.members.push(member);
  });
  if (!rows.length && !problems.list.some((p) => p.severity === "error")) problems.error(1, null, PROBLEM.NoGroups);
  const groups: ImportedGroup[] = [];
  for (const { name, line, ruleset, members } of drafts.values())
    if (ruleset && members.length) groups.push({ name, ruleset, line, members });
  return { groups, problems: problems.list.sort((a, b) => a.line - b.line) };
}

/** A row beyond the sub-groups a group holds: the group is refused, said once, and the row not read. */
function overflowed(draft: Draft, row: ImportRow, problems: Problems): void {
  if (draft.overflow) return;
  draft.overflow = true;
  problems.error(row.line, null, PROBLEM.TooManySubgroups, { group: shown(draft.name), max: SUBGROUPS_PER_GROUP });
}

/** The row's group, or null when the row cannot join one (no group name, a rule set unknown or in conflict). */
function draftOf(row: ImportRow, drafts: Map<string, Draft>, problems: Problems): Draft | null {
  const ruleset = rowRuleset(row, problems);
  if (!has(row, GROUP)) return null;
  const name = cellText(valueOf(row, GROUP));
  if (!name) {
    const column = columnOf(row, GROUP);
    problems.error(lineOf(row, GROUP), column, PROBLEM.Required, { column });
    return null;
  }
  const draft = drafts.get(name) ?? newDraft(name, row, drafts);
  if (ruleset === false) return null;
  if (!ruleset) return draft;
  if (!draft.ruleset) {
    draft.ruleset = ruleset;
    draft.rulesetText = cellText(valueOf(row, RULESET));
  } else if (draft.ruleset !== ruleset) {
    problems.error(lineOf(row, RULESET), columnOf(row, RULESET), PROBLEM.RulesetConflict, {
      group: shown(name),
      ruleset: shown(draft.rulesetText),
      value: shown(cellText(valueOf(row, RULESET))),
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
    rulesetColumn: columnOf(row, RULESET),
    members: [],
    overflow: false,
  };
  drafts.set(name, draft);
  return draft;
}

/** The rule set a row names: null when it names none, false when it names an unknown one (reported). */
function rowRuleset(row: ImportRow, problems: Problems): ImportRuleset | null | false {
  const text = cellText(valueOf(row, RULESET));
  if (!text) return null;
  const key = normalize(text);
  if (key === "wuxia" || key === "harmonies") return key;
  problems.error(lineOf(row, RULESET), columnOf(row, RULESET), PROBLEM.RulesetUnknown, { value: shown(text) });
  return false;
}

/**
 * The sub-group a row describes, or null when one of its cells is bad (each one reported). Only
 * the group's rule-set stats and the skill are kept; the other set's are ignored, with a warning
 * — and when they are all the row gives, that is an error: the file is of the other game, or the
 * group's rule set is wrong. Without a known rule set every stat is still checked, so that the
 * file's problems show at once (such a group is left out whole).
 */
function readMember(
  row: ImportRow,
  ruleset: ImportRuleset | null,
  groupName: string,
  problems: Problems,
): ImportedMember | null {
  let valid = true;
  const countRaw = valueOf(row, COUNT);
  const count = has(row, COUNT)
    ? readBounded(row, COUNT, countRaw, cellText(countRaw), MEMBER_COUNT_RANGE, problems)
    : null;
  const ignored = ruleset ? otherSetColumns(row, ruleset) : [];
  if (ruleset && ignored !== null && ignored.length) {
    problems.error(
      row.line,
      null,
      ruleset === "wuxia" ? PROBLEM.EveryStatIgnoredWuxia : PROBLEM.EveryStatIgnoredHarmonies,
      { group: shown(groupName), columns: ignored.join(", ") },
    );
    return null;
  }
  const stats: Record<string, number> = {};
  for (const { key, field, owner, range } of STATS) {
    const raw = valueOf(row, field);
    const text = cellText(raw);
    if (!text) continue;
    if (ruleset && owner && owner !== ruleset) {
      const column = columnOf(row, field);
      if (!row.quietStats)
        problems.warning(
          lineOf(row, field),
          column,
          ruleset === "wuxia" ? PROBLEM.IgnoredForWuxia : PROBLEM.IgnoredForHarmonies,
          { column },
        );
      continue;
    }
    const value = readBounded(row, field, raw, text, range, problems);
    if (value === null) valid = false;
    else stats[key] = value;
  }
  if (!valid || count === null) return null;
  return { label: cellText(valueOf(row, NAME)) || groupName, count, stats };
}

/** The other rule set's columns a row fills, or null when it fills one of its own set's stats too. */
function otherSetColumns(row: ImportRow, ruleset: ImportRuleset): string[] | null {
  const others: string[] = [];
  for (const { field, owner } of STATS) {
    if (!owner || !cellText(valueOf(row, field))) continue;
    if (owner === ruleset) return null;
    others.push(columnOf(row, field));
  }
  return others;
}

/** A field's value (and its text) as a whole number within the model's bounds, or null (reported, an empty cell too). */
function readBounded(
  row: ImportRow,
  field: number,
  raw: unknown,
  text: string,
  range: { readonly min: number; readonly max: number },
  problems: Problems,
): number | null {
  const column = columnOf(row, field);
  if (!text) {
    problems.error(lineOf(row, field), column, PROBLEM.Required, { column });
    return null;
  }
  const read = readWhole(typeof raw === "number" ? raw : text);
  if (!read.ok) {
    problems.error(lineOf(row, field), column, read.code, { column, value: shown(text) });
    return null;
  }
  if (read.value < range.min || read.value > range.max) {
    problems.error(lineOf(row, field), column, PROBLEM.OutOfRange, {
      column,
      value: shown(text),
      min: range.min,
      max: range.max,
    });
    return null;
  }
  return read.value;
}
