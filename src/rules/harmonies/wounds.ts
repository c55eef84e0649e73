import { requireBoolean, requireCount, requireObject, requireOneOf, requireOptions } from "../validate";
import { HARMONIES_DEFAULTS, type WoundMaxima } from "./defaults";
import type { SoakSeverity } from "./soak";

export interface WoundTrack {
  light: number;
  grave: number;
  critical: number;
  /** A wound found no free level at or above its own. */
  fatal: boolean;
}

export type WoundLevel = "light" | "grave" | "critical";
export const WOUND_LEVELS: readonly WoundLevel[] = Object.freeze(["light", "grave", "critical"]);
const SEVERITIES: readonly SoakSeverity[] = ["none", "stunned", ...WOUND_LEVELS];

export const EMPTY_WOUND_TRACK: Readonly<WoundTrack> = Object.freeze({ light: 0, grave: 0, critical: 0, fatal: false });

/** A validated copy. Counts above the maxima are allowed: healing may put a wound in a full slot. */
export function checkWoundTrack(track: WoundTrack, argument = "track"): WoundTrack {
  const t = requireObject(argument, track);
  return {
    light: requireCount(`${argument}.light`, t.light),
    grave: requireCount(`${argument}.grave`, t.grave),
    critical: requireCount(`${argument}.critical`, t.critical),
    fatal: requireBoolean(`${argument}.fatal`, t.fatal, false),
  };
}

/** A per-level table (maxima, healing periods) checked as counts: it may come from a world setting. */
export function checkPerLevel(argument: string, given: WoundMaxima): WoundMaxima {
  const table = requireObject(argument, given);
  return {
    light: requireCount(`${argument}.light`, table.light),
    grave: requireCount(`${argument}.grave`, table.grave),
    critical: requireCount(`${argument}.critical`, table.critical),
  };
}

/**
 * Record a wound (RULES 2.5): it takes its own level if there is room, else the next free
 * level above (a light wound with light and grave full becomes critical); with no free level
 * at or above it, the wound is fatal. "none" and "stunned" leave the track as it is.
 */
export function addWound(
  track: WoundTrack,
  severity: SoakSeverity,
  options: { woundMaxima?: WoundMaxima } = {},
): WoundTrack {
  const next = checkWoundTrack(track);
  requireOneOf("severity", severity, SEVERITIES);
  const maxima = checkPerLevel(
    "options.woundMaxima",
    requireOptions("options", options).woundMaxima ?? HARMONIES_DEFAULTS.woundMaxima,
  );
  const from = WOUND_LEVELS.indexOf(severity as WoundLevel);
  if (from < 0 || next.fatal) return next;
  for (const level of WOUND_LEVELS.slice(from)) {
    if (next[level] < maxima[level]) {
      next[level]++;
      return next;
    }
  }
  next.fatal = true;
  return next;
}

export interface WoundPenalty {
  /** On every action: −3 per grave wound, −10 per critical one. */
  all: number;
  /** On physical actions: the above plus −1 per light wound. */
  physical: number;
}

/** Cumulative wound penalties (RULES 2.5); a stun's −1 lasts one round and is not on the track. */
export function woundTrackPenalty(track: WoundTrack): WoundPenalty {
  const t = checkWoundTrack(track);
  // 0 − …, not −3 × …: a healthy character's penalty is 0, not −0.
  const all = 0 - (3 * t.grave + 10 * t.critical);
  return { all, physical: all - t.light };
}
