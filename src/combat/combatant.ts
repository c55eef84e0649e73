import { fighterOf } from "./fighters";

/**
 * The system's Combatant: its Initiative roll is its fighter's (Crucible's pattern), so core's
 * "roll initiative" buttons make the test of its rule set: Wuxia's Initiative test (its successes
 * then spent, see the Combat), Harmonies' difference roll ([default] RULES 2.5), a group's as its
 * leading sub-group's member (RULES 3.4). Anything else keeps core's formula.
 */
export class WuxiaHarmoniesCombatant extends Combatant {
  override getInitiativeRoll(formula?: string): Roll {
    return fighterOf(this)?.initiativeRoll() ?? super.getInitiativeRoll(formula);
  }

  /**
   * A fighter's Initiative is rolled by the combat: a Wuxia one's as its round start, a Harmonies
   * one's by the GM's hand for a player.
   */
  override async rollInitiative(formula?: string): Promise<this> {
    if (fighterOf(this) && this.combat) {
      await this.combat.rollInitiative([this.id ?? ""]);
      return this;
    }
    return (await super.rollInitiative(formula)) as this;
  }
}
