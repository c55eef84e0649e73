/**
 * A character who dies is marked where the table looks: with core's DEFEATED status (the skull
 * on the token, `CONFIG.specialStatusEffects.DEFEATED`), set by whoever wrote the wounds — a
 * damage applied from a card, a number typed on the sheet — and taken off when healing brings the
 * wounds back under the line. Only a change of wounds moves it, so a status the GM set by hand
 * stays until the wounds themselves change.
 */

/** Dead: Wuxia wounds at the death threshold (RULES 1.1), a Harmonies fatal wound (RULES 2.5). */
export function isDown(actor: Actor.Implementation): boolean {
  if (actor.type === "wuxiaCharacter") return (actor as Actor.OfType<"wuxiaCharacter">).system.wounds.dead;
  if (actor.type === "harmoniesCharacter") return (actor as Actor.OfType<"harmoniesCharacter">).system.wounds.fatal;
  return false;
}

function touchesWounds(changed: unknown): boolean {
  const system = (changed as { system?: { wounds?: unknown } } | null)?.system;
  return system?.wounds !== undefined;
}

async function followWounds(actor: Actor.Implementation): Promise<void> {
  const status = CONFIG.specialStatusEffects.DEFEATED;
  const down = isDown(actor);
  if (down === actor.statuses.has(status)) return;
  await actor.toggleStatusEffect(status, { active: down, overlay: true });
}

export function registerDeathStatus(): void {
  Hooks.on("updateActor", (actor, changed, _options, userId) => {
    // The writer's client marks it: it may write the actor's effects, and only one client acts.
    if (userId !== game.user.id || !touchesWounds(changed)) return;
    void followWounds(actor as Actor.Implementation);
  });
}
