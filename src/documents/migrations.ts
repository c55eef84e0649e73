/**
 * Helpers for `migrateData`: each rewrites one older or shorthand shape into the current one
 * and leaves current data untouched, so running a migration twice changes nothing.
 */

export type SourceData = Record<string, unknown>;

/** A plain object (not null, not an array), whose keys a migration may rewrite. */
export function isObject(value: unknown): value is SourceData {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `{ key: 3 }` → `{ key: { value: 3 } }` for a counter stored as a bare number. */
export function migrateCounter(source: SourceData, key: string): void {
  const value = source[key];
  if (typeof value === "number" || (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))) {
    source[key] = { value: Number(value) };
  }
}

/** `{ key: 2 }` → `{ key: { value: 2, ...extra } }` for an attribute stored as a bare number. */
export function migrateScore(scores: unknown, key: string): void {
  if (!isObject(scores)) return;
  const value = scores[key];
  if (typeof value === "number") scores[key] = { value };
}

/** Renames `from` to `to` when only the old key is present. */
export function renameKey(source: SourceData, from: string, to: string): void {
  if (from in source && !(to in source)) source[to] = source[from];
  if (from in source) Reflect.deleteProperty(source, from);
}
