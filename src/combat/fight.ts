/**
 * Where an actor fights. `game.combat` is the encounter this client is viewing, each client its
 * own (Game#combat): the active GM's client, which carries out every fight's steps, may be
 * looking at another scene's encounter mid-fight. So the fight is looked up from the actor: the
 * combats holding a combatant of it, a started one first, then the scene's active one, then the
 * one this client views.
 */

function rank(combat: { started: boolean; active: boolean }, viewed: unknown): number {
  return (combat.started ? 4 : 0) + (combat.active ? 2 : 0) + (combat === viewed ? 1 : 0);
}

/** The first combatant `matches` finds, in the combats ranked as above. */
export function findCombatant(
  matches: (combatant: Combatant.Implementation) => boolean,
): Combatant.Implementation | null {
  const viewed = game.combat;
  const combats = [...(game.combats?.contents ?? [])].sort((a, b) => rank(b, viewed) - rank(a, viewed));
  for (const combat of combats) {
    const found = combat.combatants.contents.find(matches);
    if (found) return found;
  }
  return null;
}

/**
 * The combatant an actor fights as: the one whose actor it is. Not by id: every unlinked token of
 * an NPC has the world actor's id, and each token is its own combatant.
 */
export function combatantOf(actor: Actor.Implementation): Combatant.Implementation | null {
  return findCombatant((c) => c.actor === actor);
}
