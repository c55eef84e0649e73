import { requireInteger, requireOneOf, requireOptions } from "../validate";
import { WUXIA_DEFAULTS } from "./defaults";

/**
 * XP to raise an Attribute, or a skill or power, to `level` (RULES 1.1): [default] the factor ×
 * the new level, 3 for an Attribute and 2 for a skill or power; the Wuxia source gives no costs.
 */
export function wuxiaLevelCost(
  kind: "attribute" | "skill",
  level: number,
  options: { attributeFactor?: number; skillFactor?: number } = {},
): number {
  const o = requireOptions("options", options);
  const attribute = requireOneOf("kind", kind, ["attribute", "skill"]) === "attribute";
  // Both factors are checked whichever is read: a wrong option is refused, never silently ignored.
  const attributeFactor = requireInteger(
    "options.attributeFactor",
    o.attributeFactor ?? WUXIA_DEFAULTS.experienceFactors.attribute,
    1,
    1000,
  );
  const skillFactor = requireInteger(
    "options.skillFactor",
    o.skillFactor ?? WUXIA_DEFAULTS.experienceFactors.skill,
    1,
    1000,
  );
  return (attribute ? attributeFactor : skillFactor) * requireInteger("level", level, 1, 1000);
}
