import type { Fighter, HarmoniesFighter, WuxiaFighter } from "./fighter";
import { groupFighter } from "./group";
import { harmoniesCharacterFighter } from "./harmonies";
import { wuxiaCharacterFighter } from "./wuxia";

/**
 * The fighter a combatant is, by its actor's type: a Wuxia or Harmonies character, or a group
 * with someone still fighting. None for anything else (core's own Initiative formula then).
 */
export function fighterOf(combatant: Combatant.Implementation): Fighter | null {
  const actor = combatant.actor;
  switch (actor?.type) {
    case "wuxiaCharacter":
      return wuxiaCharacterFighter(actor as Actor.OfType<"wuxiaCharacter">);
    case "harmoniesCharacter":
      return harmoniesCharacterFighter(actor as Actor.OfType<"harmoniesCharacter">);
    case "group":
      return groupFighter(actor as Actor.OfType<"group">);
    default:
      return null;
  }
}

/** The combatant's fighter if it fights by the Wuxia rules (a Wuxia round's Initiative test). */
export function wuxiaFighterOf(combatant: Combatant.Implementation): WuxiaFighter | null {
  const fighter = fighterOf(combatant);
  return fighter?.ruleset === "wuxia" ? fighter : null;
}

/** The combatant's fighter if it fights by the Harmonies rules (an Initiative rolled once, through the GM). */
export function harmoniesFighterOf(combatant: Combatant.Implementation): HarmoniesFighter | null {
  const fighter = fighterOf(combatant);
  return fighter?.ruleset === "harmonies" ? fighter : null;
}

export type { Fighter, HarmoniesFighter, RoundStartChange, WuxiaFighter } from "./fighter";
