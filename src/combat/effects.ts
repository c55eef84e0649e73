import { SYSTEM_ID } from "../foundry/system";
import { systemFlag } from "../foundry/flags";
import { t } from "../core/i18n";
import { combatantOf } from "./fight";
import { oneAtATime } from "../core/locks";
import { STUNNED_STATUS } from "../documents/actors/harmonies-character";

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

/** The fight the actor is in, and the end of its next round (none outside a fight). */
function fightOf(actor: Actor.Implementation): { combat: Combat.Implementation; expiry: Expiry } | null {
  const combat = combatantOf(actor)?.combat;
  return combat ? { combat, expiry: { combatId: combat.id ?? "", afterRound: combat.round + 1 } } : null;
}

/**
 * Foundry's own duration of one more round in this fight, so core counts the effect temporary and
 * shows it on the token: v13 `duration {combat, rounds, startRound, startTurn}`; v14 `duration
 * {value, units: "rounds", expiry: "roundEnd"}` with its `start` (API v14 ActiveEffect). The start
 * is this fight's, not the encounter the writing client happens to view. The system still removes
 * the effect itself (`expireEffects`, `endFightEffects`): v13 expires nothing, v14's expiry has open bugs.
 */
function durationIn(combat: Combat.Implementation): Record<string, unknown> {
  const { round } = combat;
  const turn = combat.turn ?? 0;
  if (!v14()) return { duration: { combat: combat.id, rounds: 1, startRound: round, startTurn: turn } };
  return {
    duration: { value: 1, units: "rounds", expiry: "roundEnd" },
    start: { combat: combat.id, combatant: combat.combatant?.id ?? null, round, turn },
  };
}

/** The duration and flags of an effect lasting until the end of the actor's next round of fighting. */
function untilNextRoundEnds(actor: Actor.Implementation): Record<string, unknown> {
  const fight = fightOf(actor);
  return { ...(fight ? durationIn(fight.combat) : {}), flags: { [SYSTEM_ID]: { expiry: fight?.expiry ?? null } } };
}

/**
 * Estourbir (RULES 1.4 [default]): the defender's Terre −1 per success invested, until the end of
 * the next round.
 */
export async function stun(actor: Actor.Implementation, count: number): Promise<void> {
  await actor.createEmbeddedDocuments("ActiveEffect", [
    {
      name: t("WH.Combat.Effect.Estourbi", { count }),
      img: "icons/svg/daze.svg",
      ...addChange("system.attributes.terre", -count),
      ...untilNextRoundEnds(actor),
    },
  ]);
}

/**
 * Stunned (RULES 2.5): −1 to all actions during the next round. Core's "stun" status, which the
 * token shows and the character's penalty is derived from, ends with the victim's next round.
 */
export async function markStunned(actor: Actor.Implementation): Promise<void> {
  await actor.toggleStatusEffect(STUNNED_STATUS, { active: true });
  const effect = actor.effects.contents.find((e) => e.statuses.has(STUNNED_STATUS));
  await effect?.update(untilNextRoundEnds(actor));
}

/**
 * Removes the system's effects an actor bears that `ends` picks, read right before they are
 * deleted and one removal at a time per actor: the round end, the fight's end and a combatant
 * leaving may all ask at once, and an effect already gone is not deleted twice.
 */
async function removeEffects(actor: Actor.Implementation, ends: (expiry: Expiry) => boolean): Promise<void> {
  await oneAtATime(`effects.${actor.uuid}`, async () => {
    const ended = actor.effects.contents.filter((effect) => {
      const expiry = systemFlag(effect, "expiry");
      return expiry !== null && expiry !== undefined && ends(expiry);
    });
    if (!ended.length) return;
    await actor.deleteEmbeddedDocuments(
      "ActiveEffect",
      ended.map((e) => e.id ?? ""),
    );
  });
}

/** The system's effects on a combat's actors that end with this round, removed (on the GM's client). */
export async function expireEffects(combat: Combat.Implementation, endedRound: number): Promise<void> {
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    if (actor) await removeEffects(actor, (e) => e.combatId === combat.id && e.afterRound <= endedRound);
  }
}

/**
 * The system's effects of this fight, removed from these combatants' actors (all of the fight's by
 * default): the fight ended before they ran out, or the combatant left it (on the GM's client).
 */
export async function endFightEffects(
  combat: Combat.Implementation,
  combatants: readonly Combatant.Implementation[] = combat.combatants.contents,
): Promise<void> {
  for (const combatant of combatants) {
    const actor = combatant.actor;
    if (actor) await removeEffects(actor, (e) => e.combatId === combat.id);
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
