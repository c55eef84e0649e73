import { ROLL_KINDS } from "../../rolls/kinds";
import { rollSubject } from "../../rolls/subject";
import { type HarmoniesSubject } from "../../rolls/harmonies/subject";
import { combatSettings } from "../../settings/combat";
import { criticalWoundCheck } from "../wound-checks";
import type { HarmoniesFighter } from "./fighter";

/** A Harmonies Initiative roll ([default] RULES 2.5): the pair the world names, difficulty 0, closed; its margin is the Initiative. */
export function harmoniesInitiativeRoll(subject: HarmoniesSubject): Roll {
  const kind = ROLL_KINDS.harmonies;
  const values = { ...kind.defaults(subject, combatSettings().harmoniesInitiative), open: false };
  return kind.roll(kind.check(subject, kind.read(values, subject)));
}

/** A Harmonies character in a fight: with a critical wound, it checks It + Rs as each of its turns starts (RULES 2.5). */
export function harmoniesCharacterFighter(character: Actor.OfType<"harmoniesCharacter">): HarmoniesFighter {
  return {
    ruleset: "harmonies",
    actor: character,
    initiativeRoll: () => harmoniesInitiativeRoll(rollSubject(character) as HarmoniesSubject),
    turnStart: () => criticalWoundCheck(character),
  };
}
