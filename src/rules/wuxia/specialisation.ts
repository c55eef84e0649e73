import { RulesError } from "../errors";
import { requireArray, requireCount, requireInteger, requireObject, requireOptions } from "../validate";
import { WUXIA_DEFAULTS, type RerollBand } from "./defaults";
import { MAX_POOL_DICE } from "./pool";

/** Compétence levels run 1..10 (RULES 1.1). */
const MAX_SKILL_LEVEL = 10;

/** Rerolls granted by a specialisation of a Compétence at `skillLevel` (RULES 1.3). */
export function specialisationRerolls(
  skillLevel: number,
  options: { rerollBands?: readonly RerollBand[] } = {},
): number {
  const level = requireInteger("skillLevel", skillLevel, 1, MAX_SKILL_LEVEL);
  const bands = requireArray(
    "options.rerollBands",
    requireOptions("options", options).rerollBands ?? WUXIA_DEFAULTS.rerollBands,
  );
  // The band reached with the highest start wins, so a world setting need not list bands in order.
  let from = -Infinity;
  let rerolls: number | undefined;
  bands.forEach((given, i) => {
    const band = requireObject(`options.rerollBands[${i}]`, given);
    const start = requireInteger(`options.rerollBands[${i}].fromLevel`, band.fromLevel);
    const count = requireCount(`options.rerollBands[${i}].rerolls`, band.rerolls, MAX_POOL_DICE);
    if (start <= level && start >= from) {
      from = start;
      rerolls = count;
    }
  });
  if (rerolls === undefined) {
    throw new RulesError(
      "WH.Error.BadValue",
      { argument: "options.rerollBands", value: bands },
      `options.rerollBands has no band covering level ${level}`,
    );
  }
  return rerolls;
}

export interface NarrowSkillUse {
  /** "specialisation" when the parent Métier/Profession is owned, else "hobby". */
  kind: "specialisation" | "hobby";
  /** The level subtracted from SR. */
  competence: number;
  /** Rerolls granted (only a specialisation grants any). */
  rerolls: number;
}

/**
 * A narrow skill (e.g. Tir à l'arc) used for a test (RULES 1.1): with its parent owned it is a
 * specialisation, has no level of its own, and grants rerolls; without it is a hobby whose own
 * level is the Compétence.
 */
export function narrowSkillUse(
  parentLevel: number | null,
  hobbyLevel: number | null,
  options: { rerollBands?: readonly RerollBand[] } = {},
): NarrowSkillUse {
  requireOptions("options", options);
  if (parentLevel !== null) {
    const competence = requireInteger("parentLevel", parentLevel, 1, MAX_SKILL_LEVEL);
    return { kind: "specialisation", competence, rerolls: specialisationRerolls(competence, options) };
  }
  if (hobbyLevel === null) {
    throw new RulesError(
      "WH.Error.BadValue",
      { argument: "hobbyLevel", value: hobbyLevel },
      "hobbyLevel is required when the parent skill is not owned",
    );
  }
  return { kind: "hobby", competence: requireInteger("hobbyLevel", hobbyLevel, 1, MAX_SKILL_LEVEL), rerolls: 0 };
}
