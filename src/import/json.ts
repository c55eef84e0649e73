import { fieldOf, isStat, type StatKey } from "./columns";
import { jsonErrorOffset, lineFinder, placeJson, type JsonPlace } from "./json-places";
import { PROBLEM, shown, type Problems } from "./problems";
import { cellText, type Cell, type ImportRow } from "./rows";

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
  const at = (p: JsonPlace, key: string, value: unknown): Cell => ({
    raw: value,
    line: lineAt((p.fields.get(key) ?? p).offset),
    column: key,
  });
  const group = at(place, "name", entry.name);
  if (!cellText(group.raw)) {
    problems.error(group.line, "name", PROBLEM.Required, { column: "name" });
    return [];
  }
  const ruleset = "ruleset" in source ? at(sourcePlace, "ruleset", source.ruleset) : null;
  const members = source.members;
  const membersPlace = sourcePlace.fields.get("members") ?? sourcePlace;
  if (!Array.isArray(members)) {
    problems.error(lineAt(membersPlace.offset), "members", PROBLEM.JsonShape, { column: "members" });
    return [];
  }
  if (!members.length) {
    problems.error(lineAt(membersPlace.offset), "members", PROBLEM.NoMembers, { group: shown(cellText(group.raw)) });
    return [];
  }
  return members.flatMap((member, i): ImportRow[] => {
    const memberPlace = membersPlace.items[i] ?? membersPlace;
    const memberLine = lineAt(memberPlace.offset);
    if (!isObject(member)) {
      problems.error(memberLine, "members", PROBLEM.JsonShape, { column: "members" });
      return [];
    }
    const stats = memberStats(member, memberPlace, at, lineAt, problems);
    if (!stats) return [];
    return [
      {
        line: memberLine,
        groupLine: line,
        group,
        label: "label" in member ? at(memberPlace, "label", member.label) : null,
        count: at(memberPlace, "count", member.count),
        ruleset,
        stats,
        quietStats: actor,
      },
    ];
  });
}

/** A member's stats by the model's keys (the CSV headers' names are understood too), or null when `stats` is not an object. */
function memberStats(
  member: JsonObject,
  memberPlace: JsonPlace,
  at: (p: JsonPlace, key: string, value: unknown) => Cell,
  lineAt: (offset: number) => number,
  problems: Problems,
): [StatKey, Cell][] | null {
  if (!("stats" in member)) return [];
  const stats = member.stats;
  const statsPlace = memberPlace.fields.get("stats") ?? memberPlace;
  if (!isObject(stats)) {
    problems.error(lineAt(statsPlace.offset), "stats", PROBLEM.JsonShape, { column: "stats" });
    return null;
  }
  const seen = new Set<StatKey>();
  const out: [StatKey, Cell][] = [];
  for (const [key, value] of Object.entries(stats)) {
    const cell = at(statsPlace, key, value);
    const field = fieldOf(key);
    if (!field || !isStat(field)) problems.warning(cell.line, key, PROBLEM.UnknownColumn, { column: shown(key) });
    else if (seen.has(field)) problems.error(cell.line, key, PROBLEM.DuplicateColumn, { column: shown(key) });
    else {
      seen.add(field);
      out.push([field, cell]);
    }
  }
  return out;
}
