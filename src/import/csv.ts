import Papa from "papaparse";
import { FIELDS, REQUIRED_COLUMNS, acceptedNames, englishName, fieldOf } from "./columns";
import { PROBLEM, shown, type Problems } from "./problems";
import type { ImportRow } from "./rows";

interface CsvRow {
  /** The line the row starts on. */
  line: number;
  cells: string[];
}

/** French Excel writes `;`, English spreadsheets `,`; tab for text pasted from a sheet. */
const SEPARATORS = [";", ",", "\t"];

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

/** Line breaks in a cell (a cell rarely has one). */
function countBreaks(text: string): number {
  let breaks = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) breaks++;
  return breaks;
}

/**
 * The rows of a CSV text, each with the line of the file it starts on: every row ends with one
 * line break, and a line break inside quotes moves the rows below down. Every line ending is
 * read as LF first: the parser takes one kind per file, and a file edited in two editors mixes them.
 */
function splitRows(source: string, problems: Problems): CsvRow[] {
  const text = source.replace(/\r\n?/g, "\n");
  const { data, errors } = Papa.parse<string[]>(text, { delimiter: separatorOf(text) });
  const rows: CsvRow[] = [];
  let line = 1;
  for (const cells of data) {
    rows.push({ line, cells });
    for (const cell of cells) line += countBreaks(cell);
    line++;
  }
  const reported = new Set<string>();
  for (const { code, row } of errors) {
    const problem =
      code === "MissingQuotes" ? PROBLEM.UnclosedQuote : code === "InvalidQuotes" ? PROBLEM.BadQuote : null;
    const at = rows[row ?? -1]?.line;
    if (problem && at && !reported.has(`${at}/${problem}`)) {
      reported.add(`${at}/${problem}`);
      problems.error(at, null, problem);
    }
  }
  return rows;
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => !c.trim());
}

/** The line each cell of a row starts on, or null when the row has no line break inside. */
function cellLines(row: CsvRow): number[] | null {
  if (!row.cells.some((c) => c.includes("\n"))) return null;
  let line = row.line;
  return row.cells.map((c) => {
    const at = line;
    line += countBreaks(c);
    return at;
  });
}

/**
 * Where each field sits in a row, from the header's names; each problem with the header is
 * reported on its line. A field the header lacks is named by its English name.
 */
function readHeader(header: CsvRow, problems: Problems): { at: number[]; columns: string[] } {
  const at = FIELDS.map(() => -1);
  const columns = FIELDS.map((f) => englishName(f));
  header.cells.forEach((cell, index) => {
    const text = cell.trim();
    if (!text) return;
    const field = fieldOf(text);
    const slot = field ? FIELDS.indexOf(field) : -1;
    if (slot < 0) problems.warning(header.line, text, PROBLEM.UnknownColumn, { column: shown(text) });
    else if ((at[slot] ?? -1) >= 0) problems.error(header.line, text, PROBLEM.DuplicateColumn, { column: shown(text) });
    else {
      at[slot] = index;
      columns[slot] = text;
    }
  });
  for (const field of REQUIRED_COLUMNS)
    if (at[FIELDS.indexOf(field)] === -1) {
      const name = englishName(field);
      problems.error(header.line, name, PROBLEM.MissingColumn, { column: name, names: acceptedNames(field) });
    }
  return { at, columns };
}

/** A CSV text as rows to check: the first row that is not blank is the header; blank rows are skipped. */
export function readTable(text: string, problems: Problems): ImportRow[] {
  const rows = splitRows(text, problems).filter((row) => !isBlank(row.cells));
  const header = rows[0];
  if (!header) return [];
  const { at, columns } = readHeader(header, problems);
  const width = header.cells.length;
  return rows.slice(1).map((row) => {
    let extra = 0;
    for (let i = width; i < row.cells.length; i++) if (row.cells[i]?.trim()) extra++;
    if (extra) problems.warning(row.line, null, PROBLEM.ExtraCells, { count: extra });
    return {
      line: row.line,
      groupLine: row.line,
      values: row.cells,
      at,
      columns,
      lines: cellLines(row),
      quietStats: false,
    };
  });
}
