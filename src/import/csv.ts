import Papa from "papaparse";
import { REQUIRED_COLUMNS, acceptedNames, englishName, fieldOf, isStat, type Field, type StatKey } from "./columns";
import { PROBLEM, shown, type Problems } from "./problems";
import type { Cell, ImportRow } from "./rows";

interface CsvCell {
  text: string;
  line: number;
}
interface CsvRow {
  line: number;
  cells: CsvCell[];
}

/** French Excel writes `;`, English spreadsheets `,`; tab for text pasted from a sheet. */
const SEPARATORS = [";", ",", "\t"];

function countBreaks(text: string): number {
  return text.split("\n").length - 1;
}

/** The first line with something other than spaces, separators and quotes: the header. */
const FIRST_LINE = /^.*[^\s;,"].*$/m;

/**
 * The separator the header uses: the one that splits it into the most columns. The header
 * alone decides, so that blank lines, short rows or French decimal commas below cannot mislead it.
 */
function separatorOf(text: string): string {
  const header = FIRST_LINE.exec(text)?.[0] ?? "";
  return Papa.parse<string[]>(header, { delimitersToGuess: SEPARATORS, preview: 1 }).meta.delimiter;
}

/**
 * The rows of a CSV text, each cell with the line of the file it starts on: a line break
 * inside quotes moves the following cells, and rows, down. Every line ending is read as LF
 * first: the parser takes one kind per file, and a file edited in two editors mixes them.
 */
function splitRows(source: string, problems: Problems): CsvRow[] {
  const text = source.replace(/\r\n?/g, "\n");
  const rows: CsvRow[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    step: (result) => {
      let cellLine = line;
      const cells = result.data.map((cellText) => {
        const cell = { text: cellText, line: cellLine };
        cellLine += countBreaks(cellText);
        return cell;
      });
      const codes = new Set(result.errors.map((e) => e.code));
      if (codes.has("MissingQuotes")) problems.error(line, null, PROBLEM.UnclosedQuote);
      if (codes.has("InvalidQuotes")) problems.error(line, null, PROBLEM.BadQuote);
      rows.push({ line, cells });
      line += countBreaks(text.slice(start, result.meta.cursor));
      start = result.meta.cursor;
    },
  });
  return rows;
}

function isBlank(cells: readonly CsvCell[]): boolean {
  return cells.every((c) => !c.text.trim());
}

interface Column {
  index: number;
  field: Field;
  header: string;
}

/** The columns the header names, each problem with it reported on the header's line. */
function readHeader(header: CsvRow, problems: Problems): Map<Field, Column> {
  const columns = new Map<Field, Column>();
  header.cells.forEach((cell, index) => {
    const text = cell.text.trim();
    if (!text) return;
    const field = fieldOf(text);
    if (!field) problems.warning(header.line, text, PROBLEM.UnknownColumn, { column: shown(text) });
    else if (columns.has(field)) problems.error(header.line, text, PROBLEM.DuplicateColumn, { column: shown(text) });
    else columns.set(field, { index, field, header: text });
  });
  for (const field of REQUIRED_COLUMNS)
    if (!columns.has(field)) {
      const name = englishName(field);
      problems.error(header.line, name, PROBLEM.MissingColumn, { column: name, names: acceptedNames(field) });
    }
  return columns;
}

/** A CSV text as rows to check: the first row that is not blank is the header; blank rows are skipped. */
export function readTable(text: string, problems: Problems): ImportRow[] {
  const rows = splitRows(text, problems).filter((row) => !isBlank(row.cells));
  const header = rows[0];
  if (!header) return [];
  const columns = readHeader(header, problems);
  const width = header.cells.length;
  const cellAt = (row: CsvRow, column: Column): Cell => {
    const cell = row.cells[column.index];
    return { raw: cell?.text ?? "", line: cell?.line ?? row.line, column: column.header };
  };
  const cellOf = (row: CsvRow, field: Field): Cell | null => {
    const column = columns.get(field);
    return column ? cellAt(row, column) : null;
  };
  const statColumns = [...columns.values()].filter((c): c is Column & { field: StatKey } => isStat(c.field));
  return rows.slice(1).map((row) => {
    const extra = row.cells.slice(width).filter((c) => c.text.trim());
    if (extra.length) problems.warning(row.line, null, PROBLEM.ExtraCells, { count: extra.length });
    return {
      line: row.line,
      groupLine: row.line,
      group: cellOf(row, "group"),
      label: cellOf(row, "name"),
      count: cellOf(row, "count"),
      ruleset: cellOf(row, "ruleset"),
      stats: statColumns.map((c) => [c.field, cellAt(row, c)]),
      quietStats: false,
    };
  });
}
