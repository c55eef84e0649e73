import { SYSTEM_ID } from "../foundry/system";
import { systemFlag } from "../foundry/flags";
import { t } from "../core/i18n";
import { combatantOf } from "./fight";

/** Where an effect of the system ends: after the named round of the named combat. */
interface Expiry {
  combatId: string;
  afterRound: number;
}

/** Foundry v14 and later (v14 moved an effect's changes into `system.changes`, its `mode` to a `type`). */
function v14(): boolean {
  return Number((game.release as { generation?: number } | undefined)?.generation ?? 13) >= 14;
}

/**
 * An "add" change in the generation's shape: v13 `changes[{key, mode: ADD (2), value}]`, v14
 * `system.changes[{key, type: "add", value}]` (API v14, CONST.ACTIVE_EFFECT_CHANGE_TYPES).
 */
export function addChange(key: string, value: number): Record<string, unknown> {
  const change = { key, value: String(value) };
  return v14() ? { system: { changes: [{ ...change, type: "add" }] } } : { changes: [{ ...change, mode: 2 }] };
}

/** The end of the next round of the fight the actor is in (none outside a fight). */
function expiryFor(actor: Actor.Implementation): Expiry | null {
  const combat = combatantOf(actor)?.combat;
  return combat ? { combatId: combat.id ?? "", afterRound: combat.round + 1 } : null;
}

/**
 * Estourbir (RULES 1.4 [default]): the defender's Terre −1 per success invested, until the end of
 * the next round. Expired by the system's own round end (v13 expires no effect; the same on v14,
 * so both behave alike with Initiative re-rolled each round).
 */
export async function stun(actor: Actor.Implementation, count: number): Promise<void> {
  const expiry = expiryFor(actor);
  await actor.createEmbeddedDocuments("ActiveEffect", [
    {
      name: t("WH.Combat.Effect.Estourbi", { count }),
      img: "icons/svg/daze.svg",
      ...addChange("system.attributes.terre", -count),
      flags: { [SYSTEM_ID]: { expiry } },
    },
  ]);
}

/** Core's status for a stunned character (its `stun` status effect, on v13 and v14). */
export const STUNNED_STATUS = "stun";

/**
 * Stunned (RULES 2.5): −1 to all actions during the next round. The token shows core's "stun"
 * status, and the actor's `wounds.stunned` carries the penalty; both end with the victim's next
 * round, by the system's own round end.
 */
export async function markStunned(actor: Actor.Implementation): Promise<void> {
  const expiry = expiryFor(actor);
  await actor.toggleStatusEffect(STUNNED_STATUS, { active: true });
  const effect = actor.effects.contents.find((e) => e.statuses.has(STUNNED_STATUS));
  await effect?.update({ flags: { [SYSTEM_ID]: { expiry, clears: "stunned" } } });
}

/** The system's effects on a combat's actors that end with this round, removed (on the GM's client). */
export async function expireEffects(combat: Combat.Implementation, endedRound: number): Promise<void> {
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    if (!actor) continue;
    const ended = actor.effects.contents.filter((effect) => {
      const expiry = systemFlag(effect, "expiry");
      return expiry?.combatId === combat.id && expiry.afterRound <= endedRound;
    });
    if (!ended.length) continue;
    const clearsStun = ended.some((e) => systemFlag(e, "clears") === "stunned");
    await actor.deleteEmbeddedDocuments(
      "ActiveEffect",
      ended.map((e) => e.id ?? ""),
    );
    if (clearsStun) await actor.update({ system: { wounds: { stunned: false } } });
  }
}

/** The system's own token status: a Wuxia character past its last panic threshold must flee (RULES 1.4). */
export const FLEEING_STATUS = "fleeing";

/**
 * Adds the system's statuses to `CONFIG.statusEffects`: an array on v13, an object keyed by id on
 * v14 (core's compatibility layer does not take a push on the object). Core's own `stun`,
 * `unconscious` and `dead` serve for stunned, unconscious and dead.
 */
export function registerStatusEffects(): void {
  const entry = { id: FLEEING_STATUS, name: "WH.Combat.Status.Fleeing", img: "icons/svg/terror.svg" };
  const config = CONFIG.statusEffects as unknown;
  if (Array.isArray(config)) {
    if (!config.some((s: { id?: string }) => s.id === FLEEING_STATUS)) config.push(entry);
  } else if (config && typeof config === "object") {
    (config as Record<string, unknown>)[FLEEING_STATUS] = entry;
  }
}
