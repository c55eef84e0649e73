import { deathThreshold } from "../wuxia/secondary";
import { addWound } from "../harmonies/wounds";
import type { SoakSeverity } from "../harmonies/soak";
import type { WoundMaxima } from "../harmonies/defaults";
import { requireCount, requireObject, requireOneOf } from "../validate";

/**
 * Damage to a group falls on one member of a sub-group at a time ([default] RULES 3.4): that
 * member's wounds build up until the member is out of the fight, and the next member takes the
 * damage that follows. Only the member being hurt is tracked: the others are unhurt.
 */
export interface MemberWounds {
  /** Wuxia: the member's NB. */
  nb: number;
  /** Harmonies: the member's wound track. */
  light: number;
  grave: number;
  critical: number;
}

export const UNHURT: Readonly<MemberWounds> = Object.freeze({ nb: 0, light: 0, grave: 0, critical: 0 });

export interface MemberHit {
  /** The member's wounds after the hit: unhurt again when the member is out, for the next one. */
  wounds: MemberWounds;
  /** The hit put the member out of the fight. */
  out: boolean;
}

function checkWounds(wounds: MemberWounds): MemberWounds {
  const w = requireObject("wounds", wounds);
  return {
    nb: requireCount("wounds.nb", w.nb),
    light: requireCount("wounds.light", w.light),
    grave: requireCount("wounds.grave", w.grave),
    critical: requireCount("wounds.critical", w.critical),
  };
}

/** Wuxia: the damage adds to the member's NB; at its death threshold (Métal, Eau: RULES 1.3) the member is out. */
export function woundWuxiaMember(
  wounds: MemberWounds,
  damage: number,
  member: { metal: number; eau: number },
): MemberHit {
  const before = checkWounds(wounds);
  const nb = before.nb + requireCount("damage", damage);
  const { metal, eau } = requireObject("member", member);
  if (nb >= deathThreshold(metal, eau)) return { wounds: { ...UNHURT }, out: true };
  return { wounds: { ...before, nb }, out: false };
}

/** The first wound level at which a group member leaves the fight (a world setting). */
export const OUT_AT = ["grave", "critical", "fatal"] as const;
export type OutAt = (typeof OUT_AT)[number];

/**
 * Harmonies: the severity escalates on the member's track as on a character's (RULES 2.5); a
 * member with a wound at `outAt` or worse is out.
 */
export function woundHarmoniesMember(
  wounds: MemberWounds,
  severity: SoakSeverity,
  outAt: OutAt,
  options: { woundMaxima?: WoundMaxima } = {},
): MemberHit {
  const before = checkWounds(wounds);
  requireOneOf("outAt", outAt, OUT_AT);
  const track = addWound(
    { light: before.light, grave: before.grave, critical: before.critical, fatal: false },
    severity,
    options,
  );
  const worst = track.fatal ? 3 : track.critical ? 2 : track.grave ? 1 : 0;
  if (worst >= OUT_AT.indexOf(outAt) + 1) return { wounds: { ...UNHURT }, out: true };
  return { wounds: { ...before, light: track.light, grave: track.grave, critical: track.critical }, out: false };
}
