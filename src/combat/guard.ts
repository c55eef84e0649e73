import { wuxiaFighterOf } from "./initiative";

/**
 * A Combatant's owner may write its `initiative` and `system` straight to the server (core's
 * BaseCombatant#canUpdate lets them), but in a Wuxia round both are the GM's to write: the
 * Initiative comes from the round's test and its split, the round's state from the GM's checks.
 * So the active GM's client remembers each combatant as a GM last wrote it, and puts back what
 * a player wrote there directly (the system itself never does: its players go through the GM).
 */

interface Kept {
  initiative: number | null;
  system: Record<string, unknown>;
}

const kept = new Map<string, Kept>();

function keep(combatant: Combatant.Implementation): void {
  const source = combatant.toObject() as unknown as { initiative: number | null; system: Record<string, unknown> };
  kept.set(combatant.uuid, { initiative: source.initiative, system: structuredClone(source.system) });
}

function isGmWrite(userId: string): boolean {
  return Boolean(game.users.get(userId)?.isGM);
}

function guarded(combatant: Combatant.Implementation): boolean {
  return Boolean(game.user.isActiveGM && (combatant.combat as { wuxiaRounds?: boolean } | null)?.wuxiaRounds);
}

async function putBack(combatant: Combatant.Implementation, changed: Record<string, unknown>): Promise<void> {
  const before = kept.get(combatant.uuid);
  if (!before) return;
  const restore: Record<string, unknown> = {};
  if ("initiative" in changed) restore.initiative = before.initiative;
  if ("system" in changed) restore.system = before.system;
  await combatant.update(restore as Combatant.UpdateData);
}

export function registerCombatGuard(): void {
  Hooks.on("createCombatant", (combatant) => keep(combatant as Combatant.Implementation));
  Hooks.on("updateCombat", (combat, _changed, _options, userId) => {
    if (!isGmWrite(userId)) return;
    for (const combatant of (combat as Combat.Implementation).combatants.contents) keep(combatant);
  });
  Hooks.on("updateCombatant", (document, changed, _options, userId) => {
    const combatant = document as Combatant.Implementation;
    if (isGmWrite(userId) || !guarded(combatant) || !wuxiaFighterOf(combatant)) {
      if (isGmWrite(userId)) keep(combatant);
      return;
    }
    if ("initiative" in changed || "system" in changed) void putBack(combatant, changed as Record<string, unknown>);
  });
}
