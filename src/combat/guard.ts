import { t } from "../core/i18n";
import { warnWithNames } from "../core/notices";
import { inAuthorityOrder } from "../requests/queue";
import { harmoniesFighterOf, wuxiaFighterOf } from "./fighters";
import { SYSTEM_ID } from "../foundry/system";
import {
  gmPosition,
  isRecorded,
  mirrorOf,
  recordedInitiative,
  recordMirrors,
  roundOf,
  type WuxiaRound,
} from "./models";

/**
 * A Wuxia combatant's Initiative and data, and a Harmonies combatant's Initiative, are mirrors of
 * what its combat records, which only a GM may write; so are a Wuxia round's round and turn. Core
 * lets a combatant's owner write them straight to the server — on the combatant, or inside a
 * Combat update — so the active GM's client puts back, from the record, what anyone but a GM
 * wrote there, and tells its GM who did. Nothing depends on what a page remembers: a GM's client
 * that loads later puts back what was written while it was away. What a GM writes there by hand
 * becomes the record. Every write runs in the authority's order.
 */

function isGmWrite(userId: string): boolean {
  return Boolean(game.users.get(userId)?.isGM);
}

/** A combatant whose Initiative is the GM's to write: a Wuxia round's fighter, or a Harmonies one. */
function guarded(combatant: Combatant.Implementation): boolean {
  if (!game.user.isActiveGM) return false;
  return Boolean(combatant.combat?.wuxiaRounds && wuxiaFighterOf(combatant)) || harmoniesFighterOf(combatant) !== null;
}

function sameRound(a: WuxiaRound, b: WuxiaRound): boolean {
  return (
    a.round === b.round &&
    a.successes === b.successes &&
    a.spent.initiative === b.spent.initiative &&
    a.spent.actions === b.spent.actions &&
    a.spent.defense === b.spent.defense &&
    a.chosen === b.chosen &&
    a.defenseDice === b.defenseDice &&
    a.turnsTaken === b.turnsTaken
  );
}

/** Whether the combatant's mirror says something else than its combat's record. */
function strays(combatant: Combatant.Implementation): boolean {
  return combatant.initiative !== recordedInitiative(combatant) || !sameRound(mirrorOf(combatant), roundOf(combatant));
}

/** The mirror written again from the record, if it strays; the GM is told who wrote it. */
function putBack(combatant: Combatant.Implementation, writer: string | null): Promise<void> {
  return inAuthorityOrder(async () => {
    if (!combatant.combat || !strays(combatant)) return;
    await combatant.update({
      initiative: recordedInitiative(combatant),
      system: roundOf(combatant),
    } as Combatant.UpdateData);
    warnWithNames("WH.Combat.Guard.PutBack", {
      name: combatant.name ?? "",
      user: writer ?? t("WH.Combat.Guard.Someone"),
    });
  });
}

/** Combatants a GM wrote to directly, by combat, waiting to be recorded together. */
const written = new Map<Combat.Implementation, Set<Combatant.Implementation>>();

/**
 * A GM's own write to a mirror becomes the record. The combatants one GM operation wrote (core's
 * "roll all" writes them in one batch) are recorded in one Combat update.
 */
function adopt(combatant: Combatant.Implementation): void {
  const combat = combatant.combat;
  if (!combat) return;
  const batch = written.get(combat);
  if (batch) {
    batch.add(combatant);
    return;
  }
  written.set(combat, new Set([combatant]));
  void inAuthorityOrder(async () => {
    const combatants = [...(written.get(combat) ?? [])];
    written.delete(combat);
    await recordMirrors(
      combat,
      combatants.filter((c) => combat.combatants.get(c.id ?? "") && strays(c)),
    );
  }).catch((error: unknown) => console.error(error));
}

function userName(userId: string): string | null {
  return game.users.get(userId)?.name ?? null;
}

/**
 * A Wuxia round's turn is the GM's to move (a player ends their turn through the GM's client):
 * a round or turn a player writes straight to the combat is put back where a GM last left it.
 */
function putBackPosition(combat: Combat.Implementation, writer: string | null): Promise<void> {
  return inAuthorityOrder(async () => {
    const position = gmPosition(combat);
    if (!game.user.isActiveGM || !combat.wuxiaRounds || !position) return;
    if (combat.round === position.round && combat.turn === position.turn) return;
    await combat.update(
      { round: position.round, turn: position.turn } as Combat.UpdateData,
      {
        turnEvents: false,
      } as Combat.Database.UpdateOperation,
    );
    warnWithNames("WH.Combat.Guard.TurnPutBack", { user: writer ?? t("WH.Combat.Guard.Someone") });
  }).catch((error: unknown) => console.error(error));
}

/** What a Combat update changed of its combatants, by id (an array of changes, or core's keyed form). */
function changedCombatantIds(changed: unknown): string[] {
  const combatants = (changed as { combatants?: unknown } | null)?.combatants;
  if (Array.isArray(combatants))
    return combatants.map((c) => String((c as { _id?: unknown } | null)?._id ?? "")).filter(Boolean);
  return combatants && typeof combatants === "object" ? Object.keys(combatants) : [];
}

/**
 * Removes a combatant its combat already holds in another form (`repeats` says when), in the
 * authority's order, and tells the GM; resolves with whether it stays.
 */
function unlessRepeated(
  combatant: Combatant.Implementation,
  repeats: (combat: Combat.Implementation) => boolean,
  notice: () => void,
): Promise<boolean> {
  return inAuthorityOrder(async () => {
    const combat = combatant.combat;
    if (!combat?.combatants.get(combatant.id ?? "")) return false;
    if (!repeats(combat)) return true;
    await combatant.delete();
    notice();
    return false;
  });
}

/**
 * A combatant a player adds: a second one for an actor already in the combat (the same linked
 * actor, or the same token's) is removed; a Wuxia one enters with no Initiative and a fresh round,
 * whatever it was created with. Several unlinked tokens of one NPC are each their own actor, so
 * they stay.
 */
async function admit(combatant: Combatant.Implementation, writer: string | null): Promise<void> {
  const actor = combatant.actor;
  const kept = await unlessRepeated(
    combatant,
    (combat) => Boolean(actor) && combat.combatants.contents.some((c) => c !== combatant && c.actor === actor),
    () =>
      warnWithNames("WH.Combat.Guard.Duplicate", {
        name: combatant.name ?? "",
        user: writer ?? t("WH.Combat.Guard.Someone"),
      }),
  );
  if (kept && guarded(combatant)) await putBack(combatant, writer);
}

/** The group a combatant fights for, if its world actor is one (its tokens are unlinked copies of it). */
function groupOf(combatant: Combatant.Implementation): Actor.Implementation | null {
  const actor = game.actors.get(combatant.actorId ?? "");
  return actor?.type === "group" ? actor : null;
}

/**
 * A group is one combatant, with one Initiative and one turn (RULES 3.4): a combatant for a group
 * already in the combat — combat toggled on several of its tokens, by anyone — is removed, the
 * first one kept, and the GM told why. Resolves with whether this one stays.
 */
function oneCombatantPerGroup(combatant: Combatant.Implementation, group: Actor.Implementation): Promise<boolean> {
  return unlessRepeated(
    combatant,
    (combat) => combat.combatants.contents.find((c) => c.actorId === combatant.actorId) !== combatant,
    () => warnWithNames("WH.Combat.Guard.GroupOnce", { name: group.name ?? "" }),
  );
}

/**
 * Core's combatant groups share one Initiative among their members; a Wuxia round gives each
 * fighter its own Initiative test, re-rolled every round (RULES 1.4). A combatant put in a group in
 * a Wuxia combat, by anyone, is taken out of it by the active GM's client, with a notice. A
 * Harmonies combat leaves groups to core.
 */
function ungroup(combatant: Combatant.Implementation): Promise<void> {
  return inAuthorityOrder(async () => {
    const combat = combatant.combat;
    if (!combat?.wuxiaRounds || !combat.combatants.get(combatant.id ?? "")) return;
    if (!Reflect.get(combatant, "group")) return;
    await combatant.update({ group: null } as Combatant.UpdateData);
    warnWithNames("WH.Combat.Guard.NoGroups", { name: combatant.name ?? "" });
  }).catch((error: unknown) => console.error(error));
}

/** Set once the rounds earlier versions kept on the combatants have been taken into their combats' records. */
const ADOPTED_SETTING = "combatRoundsAdopted";

/**
 * Earlier versions kept each round on its combatant: the first time a GM's client starts with
 * this one, a fight in progress keeps them (taken into the record as they are, once); after that
 * the combatants' copies are only mirrors.
 */
async function adoptLegacyRounds(): Promise<void> {
  if (game.settings.get(SYSTEM_ID, ADOPTED_SETTING)) return;
  for (const { combatants } of game.combats?.contents ?? []) {
    const unrecorded = combatants.contents.filter((c) => guarded(c) && !isRecorded(c));
    const combat = unrecorded[0]?.combat;
    if (combat) await inAuthorityOrder(() => recordMirrors(combat, unrecorded));
  }
  await game.settings.set(SYSTEM_ID, ADOPTED_SETTING, true);
}

/** On the active GM's client as it starts: every mirror a player wrote while it was away is put back. */
async function sweep(): Promise<void> {
  if (!game.user.isActiveGM) return;
  await adoptLegacyRounds();
  for (const combat of game.combats?.contents ?? [])
    for (const combatant of combat.combatants.contents) if (guarded(combatant)) await putBack(combatant, null);
}

export function registerCombatGuard(): void {
  Hooks.on("createCombatant", (document, _options, userId) => {
    if (!game.user.isActiveGM) return;
    const combatant = document as Combatant.Implementation;
    const group = groupOf(combatant);
    const admitted = group ? oneCombatantPerGroup(combatant, group) : Promise.resolve(true);
    void admitted
      .then(async (stays) => {
        if (!stays) return;
        await ungroup(combatant);
        if (!isGmWrite(userId)) await admit(combatant, userName(userId));
      })
      .catch((error: unknown) => console.error(error));
  });
  Hooks.on("updateCombatant", (document, changed, _options, userId) => {
    const combatant = document as Combatant.Implementation;
    if (game.user.isActiveGM && "group" in changed) void ungroup(combatant);
    if (!guarded(combatant) || !("initiative" in changed || "system" in changed)) return;
    if (isGmWrite(userId)) adopt(combatant);
    else void putBack(combatant, userName(userId));
  });
  Hooks.on("updateCombat", (document, changed, _options, userId) => {
    if (isGmWrite(userId)) return;
    const combat = document as Combat.Implementation;
    if ("round" in changed || "turn" in changed) void putBackPosition(combat, userName(userId));
    for (const id of changedCombatantIds(changed)) {
      const combatant = combat.combatants.get(id);
      if (combatant && guarded(combatant)) void putBack(combatant, userName(userId));
    }
  });
  game.settings.register(SYSTEM_ID, ADOPTED_SETTING, { scope: "world", config: false, type: Boolean, default: false });
  Hooks.on("ready", () => void sweep().catch((error: unknown) => console.error(error)));
}
