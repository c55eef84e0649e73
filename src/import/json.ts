import { COUNT, FIELDS, GROUP, NAME, RULESET, fieldOf, isStat } from "./columns";
import { jsonErrorOffset, lineFinder, placeJson, type JsonPlace } from "./json-places";
import { PROBLEM, shown, type Problems } from "./problems";
import { cellText, type ImportRow } from "./rows";

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/**
 * A JSON text as rows to check: an array of `{ name, ruleset, members: [{ label, count, stats }] }`,
 * or Foundry exports of `group` actors (`system` holding the same), one or an array of them.
 */
export function readJson(text: string, problems: Problems): ImportRow[] {
  const lineAt = lineFinder(text);
  const errorAt = jsonErrorOffset(text);
  if (errorAt >= 0) {
    problems.error(lineAt(errorAt), null, PROBLEM.JsonSyntax);
    return [];
  }
  const data: unknown = JSON.parse(text);
  const root = placeJson(text);
  const entries: [unknown, JsonPlace][] = Array.isArray(data)
    ? data.map((entry, i) => [entry, root.items[i] ?? root])
    : [[data, root]];
  return entries.flatMap(([entry, place]) => groupRows(entry, place, lineAt, problems));
}

function groupRows(
  entry: unknown,
  place: JsonPlace,
  lineAt: (offset: number) => number,
  problems: Problems,
): ImportRow[] {
  const line = lineAt(place.offset);
  if (!isObject(entry)) {
    problems.error(line, null, PROBLEM.JsonNotGroup, { type: kindOf(entry) });
    return [];
  }
  const actor = "type" in entry || "system" in entry;
  if (actor && entry.type !== "group") {
    problems.error(line, "type", PROBLEM.JsonNotGroup, { type: shown(cellText(entry.type)) });
    return [];
  }
  const source = actor ? entry.system : entry;
  const sourcePlace = actor ? (place.fields.get("system") ?? place) : place;
  if (!isObject(source)) {
    problems.error(lineAt(sourcePlace.offset), "system", PROBLEM.JsonShape, { column: "system" });
    return [];
  }
  const fieldLine = (p: JsonPlace, key: string) => lineAt((p.fields.get(key) ?? p).offset);
  if (!cellText(entry.name)) {
    problems.error(fieldLine(place, "name"), "name", PROBLEM.Required, { column: "name" });
    return [];
  }
  const members = source.members;
  const membersPlace = sourcePlace.fields.get("members") ?? sourcePlace;
  if (!Array.isArray(members)) {
    problems.error(lineAt(membersPlace.offset), "members", PROBLEM.JsonShape, { column: "members" });
    return [];
  }
  if (!members.length) {
    problems.error(lineAt(membersPlace.offset), "members", PROBLEM.NoMembers, { group: shown(cellText(entry.name)) });
    return [];
  }
  return members.flatMap((member, i): ImportRow[] => {
    const memberPlace = membersPlace.items[i] ?? membersPlace;
    const memberLine = lineAt(memberPlace.offset);
    if (!isObject(member)) {
      problems.error(memberLine, "members", PROBLEM.JsonShape, { column: "members" });
      return [];
    }
    const row = {
      line: memberLine,
      groupLine: line,
      values: FIELDS.map(() => undefined as unknown),
      at: FIELDS.map(() => -1),
      columns: FIELDS.map((f): string => (f === "group" ? "name" : f === "name" ? "label" : f)),
      lines: FIELDS.map(() => memberLine),
      quietStats: actor,
    };
    const set = (field: number, value: unknown, valueLine: number, column?: string) => {
      row.values[field] = value;
      row.at[field] = field;
      row.lines[field] = valueLine;
      if (column) row.columns[field] = column;
    };
    // An absent ruleset or label has no column (the preview shows none); an absent count is an empty cell.
    set(GROUP, entry.name, fieldLine(place, "name"));
    if ("ruleset" in source) set(RULESET, source.ruleset, fieldLine(sourcePlace, "ruleset"));
    if ("label" in member) set(NAME, member.label, fieldLine(memberPlace, "label"));
    set(COUNT, member.count, fieldLine(memberPlace, "count"));
    return readStats(member, memberPlace, lineAt, problems, set) ? [row] : [];
  });
}

/**
 * A member's stats by the model's keys (the CSV headers' names are understood too); false when
 * `stats` is not an object.
 */
function readStats(
  member: JsonObject,
  memberPlace: JsonPlace,
  lineAt: (offset: number) => number,
  problems: Problems,
  set: (field: number, value: unknown, line: number, column: string) => void,
): boolean {
  if (!("stats" in member)) return true;
  const stats = member.stats;
  const statsPlace = memberPlace.fields.get("stats") ?? memberPlace;
  if (!isObject(stats)) {
    problems.error(lineAt(statsPlace.offset), "stats", PROBLEM.JsonShape, { column: "stats" });
    return false;
  }
  const seen = new Set<number>();
  for (const [key, value] of Object.entries(stats)) {
    const line = lineAt((statsPlace.fields.get(key) ?? statsPlace).offset);
    const field = fieldOf(key);
    const slot = field && isStat(field) ? FIELDS.indexOf(field) : -1;
    if (slot < 0) problems.warning(line, key, PROBLEM.UnknownColumn, { column: shown(key) });
    else if (seen.has(slot)) problems.error(line, key, PROBLEM.DuplicateColumn, { column: shown(key) });
    else {
      seen.add(slot);
      set(slot, value, line, key);
    }
  }
  return true;
}
