import { ROLL_KINDS } from "../rolls/kinds";
import { rollSubject, type HarmoniesSubject } from "../rolls/subject";
import { combatSettings } from "../settings/combat";
import { wuxiaActorOf, wuxiaInitiativeRoll } from "./initiative";

/**
 * The system's Combatant: its Initiative roll is the system's own Roll (Crucible's pattern), so
 * core's "roll initiative" buttons make the test of its rule set.
 */
export class WuxiaHarmoniesCombatant extends Combatant {
  /**
   * Wuxia: the Initiative test (its successes are then spent, see the Combat); Harmonies
   * ([default] RULES 2.5): the world's characteristic + means with a closed difference roll, whose
   * margin is the Initiative. Anything else keeps core's formula.
   */
  override getInitiativeRoll(formula?: string): Roll {
    const wuxia = wuxiaActorOf(this);
    if (wuxia) return wuxiaInitiativeRoll(wuxia);
    if (this.actor?.type === "harmoniesCharacter") return harmoniesInitiativeRoll(this.actor);
    return super.getInitiativeRoll(formula);
  }

  /** A Wuxia combatant's Initiative is its round start, made by the combat (its successes are spent there). */
  override async rollInitiative(formula?: string): Promise<this> {
    if (wuxiaActorOf(this) && this.combat) {
      await this.combat.rollInitiative([this.id ?? ""]);
      return this;
    }
    return (await super.rollInitiative(formula as never)) as this;
  }
}

/** A Harmonies character's Initiative roll: the pair the world names, difficulty 0, closed. */
export function harmoniesInitiativeRoll(actor: Actor.Implementation): Roll {
  const subject = rollSubject(actor) as HarmoniesSubject;
  const kind = ROLL_KINDS.harmonies;
  const values = { ...kind.defaults(subject, combatSettings().harmoniesInitiative), open: false };
  return kind.roll(kind.check(subject, kind.read(values, subject)));
}
