/**
 * Helpers for `migrateData`: each rewrites one older or shorthand shape into the current one
 * and leaves current data untouched, so running a migration twice changes nothing. A value a
 * migration cannot read stays where it was, for the data model to judge: nothing is deleted
 * because it looks wrong.
 */

export type SourceData = Record<string, unknown>;

/** A plain object (not null, not an array), whose keys a migration may rewrite. */
export function isObject(value: unknown): value is SourceData {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A number, or text that holds one ("3", " -2 "); undefined for anything else. */
export function numberFrom(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** `{ key: 3 }` or `{ key: "3" }` → `{ key: { value: 3 } }` for a counter stored bare. */
export function migrateCounter(source: SourceData, key: string): void {
  const value = numberFrom(source[key]);
  if (value !== undefined) source[key] = { value };
}

/** `{ key: 2 }` or `{ key: "2" }` → `{ key: { value: 2 } }` for an attribute stored bare. */
export function migrateScore(scores: unknown, key: string): void {
  if (!isObject(scores)) return;
  const value = numberFrom(scores[key]);
  if (value !== undefined) scores[key] = { value };
}

/** Renames `from` to `to` unless `to` already holds a value, which then stands. */
export function renameKey(source: SourceData, from: string, to: string): void {
  if (!(from in source)) return;
  if (source[to] === undefined) source[to] = source[from];
  Reflect.deleteProperty(source, from);
}

/** What an earlier version wrote for a list entry that was no text (`String(null)`, `String({})`). */
const STRINGIFIED_JUNK = new Set(["null", "undefined", "[object Object]"]);

/**
 * A list of names, trimmed, without blanks or repeats (case ignored). Entries that are no name
 * (not text, or what an earlier version wrote for such an entry) are dropped with a console note.
 */
export function nameList(entries: readonly unknown[], what: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  const junk: unknown[] = [];
  for (const entry of entries) {
    const name = typeof entry === "string" ? entry.trim() : null;
    if (name === null || STRINGIFIED_JUNK.has(name)) junk.push(entry);
    else if (name !== "" && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  if (junk.length)
    console.warn(
      `Wuxia & Harmonies | ${what}: dropped entries that are no name: ${junk.map((j) => JSON.stringify(j) ?? String(j)).join(", ")}`,
    );
  return names;
}
