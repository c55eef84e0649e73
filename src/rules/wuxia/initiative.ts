import { RulesError } from "../errors";
import { requireArray, requireCount, requireInteger } from "../validate";
import { WUXIA_DEFAULTS } from "./defaults";
import { MAX_POOL_DICE, rollWuxiaPool, type WuxiaRoll } from "./pool";
import { wuxiaThreshold } from "./threshold";

export interface WuxiaInitiativeRoll extends WuxiaRoll {
  /** Base Initiative = Métal. */
  base: number;
  threshold: number;
}

/**
 * The initiative test at the start of a round (RULES 1.4): Attribute Métal, Compétence the
 * combat skill in use, SR 10 (the standard SR).
 */
export function rollWuxiaInitiative(
  metal: number,
  combatSkill: number,
  random: () => number,
  options: { sr?: number; rerolls?: number } = {},
): WuxiaInitiativeRoll {
  // Checked here so that errors name this function's arguments, not those of the helpers.
  requireCount("metal", metal, MAX_POOL_DICE);
  const sr = requireInteger("options.sr", options.sr ?? WUXIA_DEFAULTS.standardSr);
  const threshold = wuxiaThreshold(sr, requireInteger("combatSkill", combatSkill));
  const roll = rollWuxiaPool(metal, threshold, random, { rerolls: options.rerolls ?? 0 });
  return { ...roll, base: metal, threshold };
}

/** How the initiative successes are spent, one success each. */
export interface InitiativePurchase {
  initiative: number;
  extraActions: number;
  defenseDice: number;
}

export interface InitiativeOutcome extends InitiativePurchase {
  /** Successes left unspent (the player may still choose). */
  unspent: number;
}

/**
 * Spend initiative successes: +1 Initiative, one extra action, or one Defense die each.
 * Spending more than was rolled throws (WH.Error.OverSpent).
 */
export function spendInitiativeSuccesses(
  base: number,
  successes: number,
  purchase: Partial<InitiativePurchase> = {},
): InitiativeOutcome {
  requireInteger("base", base);
  const available = requireCount("successes", successes);
  const initiative = requireCount("purchase.initiative", purchase.initiative ?? 0);
  const extraActions = requireCount("purchase.extraActions", purchase.extraActions ?? 0);
  const defenseDice = requireCount("purchase.defenseDice", purchase.defenseDice ?? 0);
  const spent = initiative + extraActions + defenseDice;
  if (spent > available) {
    throw new RulesError(
      "WH.Error.OverSpent",
      { argument: "purchase", value: spent, max: available },
      `purchase spends ${spent} successes but only ${available} were rolled`,
    );
  }
  return { initiative: base + initiative, extraActions, defenseDice, unspent: available - spent };
}

export interface InitiativeEntry {
  id: string;
  initiative: number;
  extraActions: number;
}

export interface InitiativeTurn {
  id: string;
  /** 1 for the combatant's first turn, 2 for its first extra action, … */
  turn: number;
}

/**
 * The order of turns in a round. [default] (RULES 1.4): everyone's first turn in decreasing
 * Initiative, then the extra actions after every first turn, in passes (all second turns in
 * Initiative order, then all third turns, …). Equal Initiatives keep the order given.
 */
export function initiativeTurns(combatants: readonly InitiativeEntry[]): InitiativeTurn[] {
  requireArray("combatants", combatants);
  const ordered = combatants
    .map((c, i) => ({
      id: c.id,
      initiative: requireInteger(`combatants[${i}].initiative`, c.initiative),
      extraActions: requireCount(`combatants[${i}].extraActions`, c.extraActions, 1000),
    }))
    .sort((a, b) => b.initiative - a.initiative);
  const turns: InitiativeTurn[] = [];
  const passes = ordered.reduce((max, c) => Math.max(max, c.extraActions), 0);
  for (let pass = 0; pass <= passes; pass++) {
    for (const c of ordered) if (c.extraActions >= pass) turns.push({ id: c.id, turn: pass + 1 });
  }
  return turns;
}

/** Defense dice kept at the start of the next round: [default] none, unspent ones are lost. */
export function defenseDiceAtRoundStart(
  defenseDice: number,
  options: { defenseDiceCarryOver?: boolean } = {},
): number {
  requireCount("defenseDice", defenseDice);
  return (options.defenseDiceCarryOver ?? WUXIA_DEFAULTS.defenseDiceCarryOver) ? defenseDice : 0;
}
