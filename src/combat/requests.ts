import { UserError } from "../core/errors";
import { carryOut, handleRequest } from "../requests/authority";
import { countField, textField } from "../requests/payload";
import { harmoniesFighterOf, wuxiaFighterOf } from "./fighters";
import { respend } from "./fighters/wuxia-round";
import { roundOf, roundWrite, sharedOf, updateRound, updateShared } from "./models";
import type { WuxiaHarmoniesCombat } from "./combat";

/**
 * What players (and GMs) ask of a combat. The Combat belongs to the GMs and a Combatant's round
 * is shared state, so each action is carried out by the authority (the active GM's client), in
 * the authority's one order, and checks the requester as the server attests them. Each request carries
 * what its sender saw (the turn, the dice left): a double click, or two clients at once, find
 * it changed and are refused instead of acting twice.
 */

export const NEXT_TURN = "combatNextTurn";
export const PREVIOUS_TURN = "combatPreviousTurn";
export const SPEND_INITIATIVE = "combatSpendInitiative";
export const SPEND_DEFENSE_DIE = "combatSpendDefenseDie";
export const ADJUST_POOL = "combatAdjustPool";
export const ROLL_INITIATIVE = "combatRollInitiative";

/** Most dice any count here may reach (the data model's tally limit). */
const MAX_COUNT = 999;

function combatOf(payload: unknown): WuxiaHarmoniesCombat {
  const combat = game.combats?.get(textField(payload, "combatId"));
  if (!combat) throw new UserError("WH.Combat.Error.NoCombat");
  return combat as WuxiaHarmoniesCombat;
}

function combatantOf(combat: Combat.Implementation, payload: unknown): Combatant.Implementation {
  const combatant = combat.combatants.get(textField(payload, "combatantId"));
  if (!combatant) throw new UserError("WH.Combat.Error.NoCombatant");
  return combatant;
}

function mustOwn(combatant: Combatant.Implementation, requester: User.Implementation): void {
  if (!combatant.testUserPermission(requester, "OWNER"))
    throw new UserError("WH.Chat.Error.NotOwner", { name: combatant.name ?? "" });
}

function mustBeGm(requester: User.Implementation): void {
  if (!requester.isGM) throw new UserError("WH.Chat.Error.GmOnly");
}

/** The turn the requester saw must still be the combat's. */
function mustBeAt(combat: Combat.Implementation, payload: unknown): void {
  const round = countField(payload, "round", Number.MAX_SAFE_INTEGER);
  const turn = countField(payload, "turn", Number.MAX_SAFE_INTEGER);
  if (combat.round !== round || combat.turn !== turn) throw new UserError("WH.Combat.Error.TurnMoved");
}

/** Ends the current turn: its combatant's owner or a GM. */
async function nextTurn(payload: unknown, requester: User.Implementation): Promise<void> {
  const combat = combatOf(payload);
  mustBeAt(combat, payload);
  const current = combat.combatant;
  if (!requester.isGM && !(current && current.testUserPermission(requester, "OWNER")))
    throw new UserError("WH.Combat.Error.NotYourTurn");
  await combat.advanceTurn();
}

async function previousTurn(payload: unknown, requester: User.Implementation): Promise<void> {
  mustBeGm(requester);
  const combat = combatOf(payload);
  mustBeAt(combat, payload);
  await combat.rewindTurn();
}

/**
 * A new split of a combatant's Initiative successes, by its owner, before its first turn of the
 * round; the turn stays with the combatant whose turn it is, wherever the new Initiative puts it.
 */
async function spendInitiative(payload: unknown, requester: User.Implementation): Promise<void> {
  const combat = combatOf(payload);
  const combatant = combatantOf(combat, payload);
  mustOwn(combatant, requester);
  const round = roundOf(combatant);
  if (round.round !== combat.round || combat.round === 0) throw new UserError("WH.Combat.Error.NotRolled");
  if (round.turnsTaken > 0) throw new UserError("WH.Combat.Error.AlreadyActed", { name: combatant.name ?? "" });
  const purchase = {
    initiative: countField(payload, "initiative", MAX_COUNT),
    extraActions: countField(payload, "actions", MAX_COUNT),
    defenseDice: countField(payload, "defense", MAX_COUNT),
  };
  const fighter = wuxiaFighterOf(combatant);
  if (!fighter) throw new UserError("WH.Combat.Error.NotWuxia", { name: combatant.name ?? "" });
  const change = respend(fighter, combatant, purchase);
  const turn = combat.turnKeptWith(new Map([[combatant.id ?? "", change.initiative]]));
  const write = roundWrite(combat, [{ id: combatant.id ?? "", initiative: change.initiative, round: change.system }]);
  await combat.update(
    { turn, ...write } as Combat.UpdateData,
    {
      turnEvents: false,
    } as Combat.Database.UpdateOperation,
  );
}

/** One Defense die used by its owner (against an attack the table resolves by hand). */
async function spendDefenseDie(payload: unknown, requester: User.Implementation): Promise<void> {
  const combat = combatOf(payload);
  const combatant = combatantOf(combat, payload);
  mustOwn(combatant, requester);
  const left = roundOf(combatant).defenseDice;
  if (left !== countField(payload, "seen", MAX_COUNT)) throw new UserError("WH.Combat.Error.DiceMoved");
  if (left === 0) throw new UserError("WH.Combat.Error.NoDefenseDice", { name: combatant.name ?? "" });
  await updateRound(combatant, { defenseDice: left - 1 });
}

/**
 * A player's combatant rolls its Initiative by the GM's hand: a Wuxia one that has not rolled this
 * round (it joined late) makes its round start; a Harmonies one rolls once per combat (the GM may
 * have it roll again).
 */
async function rollInitiative(payload: unknown, requester: User.Implementation): Promise<void> {
  const combat = combatOf(payload);
  const combatant = combatantOf(combat, payload);
  mustOwn(combatant, requester);
  if (wuxiaFighterOf(combatant)) {
    if (!requester.isGM && roundOf(combatant).round === combat.round && combat.round > 0)
      throw new UserError("WH.Combat.Error.AlreadyRolled", { name: combatant.name ?? "" });
    await combat.rollRoundStarts([combatant.id ?? ""]);
    return;
  }
  if (!harmoniesFighterOf(combatant)) throw new UserError("WH.Request.Error.BadField", { field: "combatantId" });
  if (!requester.isGM && combatant.initiative !== null)
    throw new UserError("WH.Combat.Error.AlreadyRolled", { name: combatant.name ?? "" });
  await combat.rollInitiative([combatant.id ?? ""]);
}

const SIDES = ["friendly", "hostile"] as const;

/** The GM sets a combatant's Defense dice or a side's group reserve by ±1. */
async function adjustPool(payload: unknown, requester: User.Implementation): Promise<void> {
  mustBeGm(requester);
  const combat = combatOf(payload);
  const up = textField(payload, "direction") === "up";
  const pool = textField(payload, "pool");
  const seen = countField(payload, "seen", MAX_COUNT);
  const side = SIDES.find((s) => s === pool);
  if (side) {
    const left = sharedOf(combat).reserve[side];
    if (left !== seen) throw new UserError("WH.Combat.Error.DiceMoved");
    await updateShared(combat, { reserve: { [side]: Math.max(0, left + (up ? 1 : -1)) } });
    return;
  }
  if (pool !== "defense") throw new UserError("WH.Request.Error.BadField", { field: "pool" });
  const combatant = combatantOf(combat, payload);
  const left = roundOf(combatant).defenseDice;
  if (left !== seen) throw new UserError("WH.Combat.Error.DiceMoved");
  await updateRound(combatant, { defenseDice: Math.max(0, left + (up ? 1 : -1)) });
}

/** What the tracker's controls ask, by the authority. */
export const combatRequests = {
  nextTurn: (combat: Combat.Implementation) =>
    carryOut(NEXT_TURN, { combatId: combat.id ?? "", round: combat.round, turn: combat.turn ?? 0 }),
  previousTurn: (combat: Combat.Implementation) =>
    carryOut(PREVIOUS_TURN, { combatId: combat.id ?? "", round: combat.round, turn: combat.turn ?? 0 }),
  spendInitiative: (
    combat: Combat.Implementation,
    combatant: Combatant.Implementation,
    purchase: { initiative: number; actions: number; defense: number },
  ) => carryOut(SPEND_INITIATIVE, { combatId: combat.id ?? "", combatantId: combatant.id ?? "", ...purchase }),
  rollInitiative: (combat: Combat.Implementation, combatantId: string) =>
    carryOut(ROLL_INITIATIVE, { combatId: combat.id ?? "", combatantId }),
  spendDefenseDie: (combat: Combat.Implementation, combatant: Combatant.Implementation) =>
    carryOut(SPEND_DEFENSE_DIE, {
      combatId: combat.id ?? "",
      combatantId: combatant.id ?? "",
      seen: roundOf(combatant).defenseDice,
    }),
  adjustPool: (
    combat: Combat.Implementation,
    pool: "defense" | "friendly" | "hostile",
    direction: "up" | "down",
    combatant?: Combatant.Implementation,
  ) =>
    carryOut(ADJUST_POOL, {
      combatId: combat.id ?? "",
      pool,
      direction,
      combatantId: combatant?.id ?? "-",
      seen: pool === "defense" ? (combatant ? roundOf(combatant).defenseDice : 0) : sharedOf(combat).reserve[pool],
    }),
};

export function registerCombatRequests(): void {
  handleRequest(NEXT_TURN, nextTurn);
  handleRequest(PREVIOUS_TURN, previousTurn);
  handleRequest(SPEND_INITIATIVE, spendInitiative);
  handleRequest(SPEND_DEFENSE_DIE, spendDefenseDie);
  handleRequest(ADJUST_POOL, adjustPool);
  handleRequest(ROLL_INITIATIVE, rollInitiative);
}
