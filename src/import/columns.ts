import {
  HARMONIES_ATTRIBUTES,
  WUXIA_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type WuxiaAttributeKey,
} from "../rules/vocabulary";
import { HARMONIES_VALUE_LIMITS, WUXIA_ATTRIBUTE_RANGE } from "../rules/limits";
import type { ImportRuleset } from "./types";

/** The keys a sub-group's stats are stored under in the group model. */
export type StatKey = WuxiaAttributeKey | HarmoniesAttributeKey | "skill";
export type Field = "group" | "name" | "count" | "ruleset" | StatKey;

/**
 * The header names each field answers to, as `normalize` leaves them. The first English one
 * names the field in a problem about a missing column.
 */
const NAMES: Record<Field, { english: string; others: readonly string[] }> = {
  group: { english: "group", others: ["groupe"] },
  name: { english: "name", others: ["nom", "label", "sousgroupe", "subgroup"] },
  count: { english: "count", others: ["nombre", "effectif", "number"] },
  ruleset: { english: "ruleset", others: ["jeu"] },
  metal: { english: "metal", others: [] },
  feu: { english: "fire", others: ["feu"] },
  terre: { english: "earth", others: ["terre"] },
  eau: { english: "water", others: ["eau"] },
  bois: { english: "wood", others: ["bois"] },
  corps: { english: "body", others: ["corps", "cp"] },
  agilite: { english: "agility", others: ["agilite", "ag"] },
  intuition: { english: "intuition", others: ["it"] },
  intelligence: { english: "intelligence", others: ["ig"] },
  puissance: { english: "power", others: ["puissance", "pu"] },
  resistance: { english: "resistance", others: ["rs"] },
  manoeuvre: { english: "maneuver", others: ["manoeuvre", "mn"] },
  precision: { english: "precision", others: ["pr"] },
  skill: { english: "skill", others: ["competence"] },
};

const BY_NAME = new Map<string, Field>(
  (Object.entries(NAMES) as [Field, (typeof NAMES)[Field]][]).flatMap(([field, { english, others }]) =>
    [english, ...others].map((name) => [name, field] as const),
  ),
);

/** A header as the matching sees it: no case, accents, spaces, `_` or `-` (œ spelt out, as in Manœuvre). */
export function normalize(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/[\s_-]/g, "");
}

export function fieldOf(header: string): Field | undefined {
  return BY_NAME.get(normalize(header));
}

export function englishName(field: Field): string {
  return NAMES[field].english;
}

/** Every name a field answers to, for a problem about a missing column. */
export function acceptedNames(field: Field): string {
  return [NAMES[field].english, ...NAMES[field].others].join(", ");
}

export const REQUIRED_COLUMNS = ["group", "count"] as const satisfies readonly Field[];

/** Every field in a fixed order: a row holds its values by these positions. */
export const FIELDS = [
  "group",
  "name",
  "count",
  "ruleset",
  ...WUXIA_ATTRIBUTES,
  ...HARMONIES_ATTRIBUTES,
  "skill",
] as const satisfies readonly Field[];
export const GROUP = FIELDS.indexOf("group");
export const NAME = FIELDS.indexOf("name");
export const COUNT = FIELDS.indexOf("count");
export const RULESET = FIELDS.indexOf("ruleset");
/** Where the stats start in FIELDS. */
export const FIRST_STAT = FIELDS.indexOf("metal");

const WUXIA_STATS: ReadonlySet<string> = new Set(WUXIA_ATTRIBUTES);
const HARMONIES_STATS: ReadonlySet<string> = new Set(HARMONIES_ATTRIBUTES);

export function isStat(field: Field): field is StatKey {
  return field === "skill" || WUXIA_STATS.has(field) || HARMONIES_STATS.has(field);
}

/** The rule set a stat belongs to; the skill belongs to both. */
export function statRuleset(key: StatKey): ImportRuleset | null {
  if (WUXIA_STATS.has(key)) return "wuxia";
  return HARMONIES_STATS.has(key) ? "harmonies" : null;
}

/** The model's bounds of a stat: Wuxia Attributes 1..10; Harmonies Values and the skill within the Value limits. */
export function statRange(owner: ImportRuleset | null): { readonly min: number; readonly max: number } {
  return owner === "wuxia" ? WUXIA_ATTRIBUTE_RANGE : HARMONIES_VALUE_LIMITS;
}
