import {
  requireArray,
  requireBoolean,
  requireCount,
  requireInteger,
  requireObject,
  requireOneOf,
  requireOptions,
} from "../validate";
import { HARMONIES_DEFAULTS, type SkillFloors } from "./defaults";

/** What covers a skill, as the GM decided (RULES 2.3). */
export interface SkillCoverage {
  /** The skill belongs to a métier the character has. */
  metier?: boolean;
  /** The skill belongs to a hobby the character has. */
  hobby?: boolean;
  /** The skill is one of the character's talents. */
  talent?: boolean;
  /** Hermetic knowledge (floor −20) rather than technical (floor −15). */
  hermetic?: boolean;
}

export type SkillLevelSource = "own" | "metier" | "hobby" | "talent" | "technical" | "hermetic";

export interface EffectiveSkillLevel {
  level: number;
  /** Which of the skill's own level or the floors gave the level. */
  source: SkillLevelSource;
}

/**
 * The effective level of a skill: the best of its own level (null if never learnt) and the
 * floors that apply: −3 in a métier, −7 in a hobby, −10 for a talent, else −15 technical or
 * −20 hermetic.
 */
export function effectiveSkillLevel(
  level: number | null,
  coverage: SkillCoverage = {},
  options: { skillFloors?: SkillFloors; talentLevel?: number } = {},
): EffectiveSkillLevel {
  const rules = requireOptions("options", options);
  const given = requireObject("options.skillFloors", rules.skillFloors ?? HARMONIES_DEFAULTS.skillFloors);
  const floor = (kind: keyof SkillFloors) => requireInteger(`options.skillFloors.${kind}`, given[kind]);
  const floors: SkillFloors = {
    metier: floor("metier"),
    hobby: floor("hobby"),
    technical: floor("technical"),
    hermetic: floor("hermetic"),
  };
  const talentLevel = requireInteger("options.talentLevel", rules.talentLevel ?? HARMONIES_DEFAULTS.mastery.talent);
  const covered = requireOptions("coverage", coverage);
  const has = (kind: keyof SkillCoverage) => requireBoolean(`coverage.${kind}`, covered[kind], false);
  const candidates: EffectiveSkillLevel[] = [
    has("hermetic") ? { level: floors.hermetic, source: "hermetic" } : { level: floors.technical, source: "technical" },
  ];
  if (has("talent")) candidates.push({ level: talentLevel, source: "talent" });
  if (has("hobby")) candidates.push({ level: floors.hobby, source: "hobby" });
  if (has("metier")) candidates.push({ level: floors.metier, source: "metier" });
  if (level !== null) candidates.push({ level: requireInteger("level", level), source: "own" });
  return candidates.reduce((best, c) => (c.level >= best.level ? c : best));
}

const KINDS: readonly ("metier" | "hobby")[] = ["metier", "hobby"];

/**
 * Whether skill levels make a métier (at least 4 at ≥ 0) or a hobby (at least 2 at ≥ −5),
 * e.g. Chants and Mandoline at −5 make the hobby Barde.
 */
export function qualifiesAs(
  kind: "metier" | "hobby",
  levels: readonly number[],
  options: { mastery?: { metier: number; hobby: number }; masteredSkills?: { metier: number; hobby: number } } = {},
): boolean {
  requireOneOf("kind", kind, KINDS);
  requireArray("levels", levels);
  const rules = requireOptions("options", options);
  const masteryBy = requireObject("options.mastery", rules.mastery ?? HARMONIES_DEFAULTS.mastery);
  const neededBy = requireObject("options.masteredSkills", rules.masteredSkills ?? HARMONIES_DEFAULTS.masteredSkills);
  // Both kinds are checked whichever is read: a wrong option is refused, never silently ignored.
  for (const other of KINDS) {
    requireInteger(`options.mastery.${other}`, masteryBy[other]);
    requireCount(`options.masteredSkills.${other}`, neededBy[other]);
  }
  const mastery = masteryBy[kind] as number;
  const needed = neededBy[kind] as number;
  return levels.filter((l, i) => requireInteger(`levels[${i}]`, l) >= mastery).length >= needed;
}
