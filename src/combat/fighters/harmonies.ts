import { prepareRollNow } from "../../rolls/pipeline";
import { rollSubject } from "../../rolls/subject";
import { type HarmoniesSubject } from "../../rolls/harmonies/subject";
import { combatSettings } from "../../settings/combat";
import { criticalWoundCheck } from "../wound-checks";
import { initiativeOf, nothingAtRoundStart, type HarmoniesFighter } from "./fighter";

/**
 * A Harmonies Initiative roll ([default] RULES 2.5): the pair the world names, difficulty 0,
 * closed; its margin is the Initiative. Made by the roll pipeline without its dialog; refused when
 * a preRoll handler cancels it.
 */
export function harmoniesInitiativeRoll(subject: HarmoniesSubject): Roll {
  const prepared = prepareRollNow<"harmonies">(subject, {
    start: combatSettings().harmoniesInitiative,
    values: { open: false },
  });
  return initiativeOf(prepared, subject);
}

/** A Harmonies character in a fight: with a critical wound, it checks It + Rs as each of its turns starts (RULES 2.5). */
export function harmoniesCharacterFighter(character: Actor.OfType<"harmoniesCharacter">): HarmoniesFighter {
  return {
    ruleset: "harmonies",
    actor: character,
    initiativeRoll: () => harmoniesInitiativeRoll(rollSubject(character) as HarmoniesSubject),
    roundStart: nothingAtRoundStart,
    turnStart: () => criticalWoundCheck(character),
  };
}
