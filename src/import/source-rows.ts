import { COUNT, FIELDS, FIRST_STAT, GROUP, NAME, RULESET, type StatKey } from "./columns";
import { cellText, type ImportRow } from "./rows";

/** A value of a row as a preview shows it: its text as the file writes it, and where it sits. */
export interface SourceCell {
  text: string;
  line: number;
  /** As the file writes it: a CSV header, a JSON key. */
  column: string;
}

/** A sub-group row as the file writes it, bad values included, before any check. */
export interface SourceRow {
  line: number;
  group: string;
  label: SourceCell | null;
  count: SourceCell | null;
  ruleset: SourceCell | null;
  /** The stats the file has a column (or a key) for. */
  stats: [StatKey, SourceCell][];
}

/** A row's fields as the file writes them: each value's text, line and column. */
export function sourceRow(row: ImportRow): SourceRow {
  const cellAt = (field: number): SourceCell | null => {
    const index = row.at[field] ?? -1;
    if (index < 0) return null;
    return {
      text: cellText(row.values[index]),
      line: row.lines?.[index] ?? row.line,
      column: row.columns[field] ?? "",
    };
  };
  const stats: [StatKey, SourceCell][] = [];
  FIELDS.slice(FIRST_STAT).forEach((key, i) => {
    const cell = cellAt(FIRST_STAT + i);
    if (cell) stats.push([key as StatKey, cell]);
  });
  return {
    line: row.line,
    group: cellAt(GROUP)?.text ?? "",
    label: cellAt(NAME),
    count: cellAt(COUNT),
    ruleset: cellAt(RULESET),
    stats,
  };
}
