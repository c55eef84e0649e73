import { ROLL_KINDS } from "../rolls/kinds";
import { rollSubject } from "../rolls/subject";
import { type HarmoniesSubject } from "../rolls/harmonies/subject";
import { combatSettings } from "../settings/combat";
import { harmoniesGroupSubject } from "./fighters/group";
import { wuxiaFighterOf } from "./fighters/wuxia";

/**
 * The system's Combatant: its Initiative roll is the system's own Roll (Crucible's pattern), so
 * core's "roll initiative" buttons make the test of its rule set.
 */
export class WuxiaHarmoniesCombatant extends Combatant {
  /**
   * Wuxia: the Initiative test (its successes are then spent, see the Combat); Harmonies
   * ([default] RULES 2.5): the world's characteristic + means with a closed difference roll, whose
   * margin is the Initiative — a group with its combined Values (RULES 3.4). Anything else keeps
   * core's formula.
   */
  override getInitiativeRoll(formula?: string): Roll {
    const wuxia = wuxiaFighterOf(this);
    if (wuxia) return wuxia.initiativeRoll();
    const actor = this.actor;
    if (actor?.type === "harmoniesCharacter") return harmoniesInitiativeRoll(rollSubject(actor) as HarmoniesSubject);
    const group = actor?.type === "group" ? harmoniesGroupSubject(actor as Actor.OfType<"group">) : null;
    if (group) return harmoniesInitiativeRoll(group);
    return super.getInitiativeRoll(formula);
  }

  /**
   * A Wuxia combatant's Initiative is its round start, made by the combat (its successes are spent
   * there); a Harmonies one's is rolled by the combat too, by the GM's hand for a player.
   */
  override async rollInitiative(formula?: string): Promise<this> {
    if ((wuxiaFighterOf(this) || isHarmoniesFighter(this)) && this.combat) {
      await this.combat.rollInitiative([this.id ?? ""]);
      return this;
    }
    return (await super.rollInitiative(formula)) as this;
  }
}

/** Whether the combatant rolls the system's Harmonies Initiative: a Harmonies character, or a Harmonies group still fighting. */
export function isHarmoniesFighter(combatant: Combatant.Implementation): boolean {
  const actor = combatant.actor;
  if (actor?.type === "harmoniesCharacter") return true;
  return actor?.type === "group" && harmoniesGroupSubject(actor as Actor.OfType<"group">) !== null;
}

/** A Harmonies Initiative roll: the pair the world names, difficulty 0, closed. */
export function harmoniesInitiativeRoll(subject: HarmoniesSubject): Roll {
  const kind = ROLL_KINDS.harmonies;
  const values = { ...kind.defaults(subject, combatSettings().harmoniesInitiative), open: false };
  return kind.roll(kind.check(subject, kind.read(values, subject)));
}
