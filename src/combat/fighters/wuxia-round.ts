import { defenseDiceAtRoundStart, spendInitiativeSuccesses, type InitiativePurchase } from "../../rules";
import { UserError } from "../../core/errors";
import { combatSettings, type InitiativeSpend } from "../../settings/combat";
import { roundOf, type WuxiaRound } from "../models";
import type { SourcePatch } from "../../foundry/write";
import type { RoundStartChange, WuxiaFighter } from "./fighter";

/** A Wuxia round's start and its successes' split (RULES 1.4), for any Wuxia fighter. */

/** All the successes on one purchase. */
export function purchaseAll(successes: number, spend: InitiativeSpend): InitiativePurchase {
  return {
    initiative: spend === "initiative" ? successes : 0,
    extraActions: spend === "actions" ? successes : 0,
    defenseDice: spend === "defense" ? successes : 0,
  };
}

/**
 * A Wuxia combatant's round start: its Initiative test evaluated, the successes spent on its
 * default, its Defense dice of the last round lost unless the world keeps them ([default] lost).
 */
export async function rollRoundStart(
  fighter: Omit<WuxiaFighter, "roundStart">,
  combatant: Combatant.Implementation,
  round: number,
): Promise<RoundStartChange> {
  const roll = fighter.initiativeRoll();
  // Many combatants roll at once: nobody is asked to type in dice they may not know are theirs.
  await roll.evaluate({ allowInteractive: false });
  const successes = roll.outcome.successes;
  const purchase = purchaseAll(successes, fighter.spend);
  const outcome = spendInitiativeSuccesses(fighter.metal, successes, purchase);
  const kept = defenseDiceAtRoundStart(roundOf(combatant).defenseDice, {
    defenseDiceCarryOver: combatSettings().defenseDiceCarryOver,
  });
  return {
    roll,
    purchase,
    change: {
      _id: combatant.id ?? "",
      initiative: outcome.initiative,
      system: {
        round,
        successes,
        spent: { initiative: purchase.initiative, actions: purchase.extraActions, defense: purchase.defenseDice },
        chosen: false,
        defenseDice: kept + purchase.defenseDice,
        turnsTaken: 0,
      },
    },
  };
}

/**
 * A new split of a combatant's successes, checked by the rules (never more than were rolled):
 * its Initiative again from Métal, and its Defense dice moved by the change (refused when
 * fewer are left than the split takes back).
 */
export function respend(
  fighter: WuxiaFighter,
  combatant: Combatant.Implementation,
  purchase: InitiativePurchase,
): { initiative: number; system: SourcePatch<WuxiaRound> } {
  const { successes, spent, defenseDice } = roundOf(combatant);
  const asked = purchase.initiative + purchase.extraActions + purchase.defenseDice;
  if (asked > successes)
    throw new UserError("WH.Combat.Error.OverSpent", { name: combatant.name ?? "", count: successes, asked });
  const outcome = spendInitiativeSuccesses(fighter.metal, successes, purchase);
  const dice = defenseDice + outcome.defenseDice - spent.defense;
  if (dice < 0) throw new UserError("WH.Combat.Error.DefenseDiceUsed", { name: combatant.name ?? "" });
  return {
    initiative: outcome.initiative,
    system: {
      spent: { initiative: purchase.initiative, actions: outcome.extraActions, defense: outcome.defenseDice },
      chosen: true,
      defenseDice: dice,
    },
  };
}
