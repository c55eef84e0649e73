import { RulesError } from "../errors";
import { requireOptions } from "../validate";
import { HARMONIES_DEFAULTS, type WoundMaxima } from "./defaults";
import { checkPerLevel, checkWoundTrack, type WoundTrack } from "./wounds";

function requireAlive(track: WoundTrack): WoundTrack {
  const t = checkWoundTrack(track);
  if (t.fatal) {
    throw new RulesError(
      "WH.Error.Fatal",
      { argument: "track", value: track },
      "track holds a fatal wound: there is nothing left to heal",
    );
  }
  return t;
}

/**
 * One healing period (RULES 2.6): the most severe wound drops one stage (critical → grave →
 * light → healed). The lowered wound takes the lower slot even if that slot is full: healing
 * never aggravates.
 */
export function healWound(track: WoundTrack): WoundTrack {
  const t = requireAlive(track);
  if (t.critical > 0) return { ...t, critical: t.critical - 1, grave: t.grave + 1 };
  if (t.grave > 0) return { ...t, grave: t.grave - 1, light: t.light + 1 };
  if (t.light > 0) return { ...t, light: t.light - 1 };
  return t;
}

/** Days the next healWound step takes: the period of the most severe wound (0 when healthy). */
export function healingStepDays(track: WoundTrack, options: { healingDays?: WoundMaxima } = {}): number {
  const t = requireAlive(track);
  const days = checkPerLevel(
    "options.healingDays",
    requireOptions("options", options).healingDays ?? HARMONIES_DEFAULTS.healingDays,
  );
  if (t.critical > 0) return days.critical;
  if (t.grave > 0) return days.grave;
  return t.light > 0 ? days.light : 0;
}

/**
 * Days of rest to heal everything without special care, wounds healed one stage at a time,
 * most severe first: a critical wound passes through grave and light (30 + 7 + 3 = 40 days).
 */
export function healingDays(track: WoundTrack, options: { healingDays?: WoundMaxima } = {}): number {
  const t = requireAlive(track);
  const d = checkPerLevel(
    "options.healingDays",
    requireOptions("options", options).healingDays ?? HARMONIES_DEFAULTS.healingDays,
  );
  return t.critical * (d.critical + d.grave + d.light) + t.grave * (d.grave + d.light) + t.light * d.light;
}
