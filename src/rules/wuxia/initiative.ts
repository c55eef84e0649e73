import { RulesError } from "../errors";
import {
  requireArray,
  requireBoolean,
  requireCount,
  requireInteger,
  requireObject,
  requireOptions,
  requireString,
} from "../validate";
import { WUXIA_DEFAULTS } from "./defaults";
import { MAX_POOL_DICE, rollWuxiaPool, type WuxiaPoolRoll } from "./pool";
import { wuxiaThreshold } from "./threshold";

export interface WuxiaInitiativeRoll extends WuxiaPoolRoll {
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
  const base = requireCount("metal", metal, MAX_POOL_DICE);
  const skill = requireInteger("combatSkill", combatSkill);
  const given = requireOptions("options", options);
  const threshold = wuxiaThreshold(requireInteger("options.sr", given.sr ?? WUXIA_DEFAULTS.standardSr), skill);
  const roll = rollWuxiaPool(base, threshold, random, { rerolls: given.rerolls ?? 0 });
  return { ...roll, base, threshold };
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
  const start = requireInteger("base", base);
  const available = requireCount("successes", successes);
  const bought = requireOptions("purchase", purchase);
  const initiative = requireCount("purchase.initiative", bought.initiative ?? 0);
  const extraActions = requireCount("purchase.extraActions", bought.extraActions ?? 0);
  const defenseDice = requireCount("purchase.defenseDice", bought.defenseDice ?? 0);
  const spent = initiative + extraActions + defenseDice;
  if (spent > available) {
    throw new RulesError(
      "WH.Error.OverSpent",
      { argument: "purchase", value: spent, max: available },
      `purchase spends ${spent} successes but only ${available} were rolled`,
    );
  }
  return { initiative: start + initiative, extraActions, defenseDice, unspent: available - spent };
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
    .map((given, i) => {
      const c = requireObject(`combatants[${i}]`, given);
      return {
        id: requireString(`combatants[${i}].id`, c.id),
        initiative: requireInteger(`combatants[${i}].initiative`, c.initiative),
        extraActions: requireCount(`combatants[${i}].extraActions`, c.extraActions, 1000),
      };
    })
    .sort((a, b) => b.initiative - a.initiative);
  const turns: InitiativeTurn[] = [];
  const passes = ordered.reduce((max, c) => Math.max(max, c.extraActions), 0);
  for (let pass = 0; pass <= passes; pass++) {
    for (const c of ordered) if (c.extraActions >= pass) turns.push({ id: c.id, turn: pass + 1 });
  }
  return turns;
}

/** Defense dice kept at the start of the next round: [default] none, unspent ones are lost. */
export function defenseDiceAtRoundStart(defenseDice: number, options: { defenseDiceCarryOver?: boolean } = {}): number {
  const dice = requireCount("defenseDice", defenseDice);
  const carryOver = requireBoolean(
    "options.defenseDiceCarryOver",
    requireOptions("options", options).defenseDiceCarryOver,
    WUXIA_DEFAULTS.defenseDiceCarryOver,
  );
  return carryOver ? dice : 0;
}
