import { RulesError } from "../errors";
import { requireBoolean, requireCount, requireInteger, requireObject, requireOptions } from "../validate";
import { WUXIA_DEFAULTS } from "./defaults";

/** One side of the opposed test; a WuxiaRoll fits as is. */
export interface WuxiaSide {
  successes: number;
  critical?: boolean;
}

/** Where the attacker puts the successes it does not need (RULES 1.4), in successes. */
export interface WuxiaInvestments {
  /** +1 to the attacker's Defense dice each. */
  defenseDice?: number;
  /** +1 to the group reserve each. */
  groupReserve?: number;
  /** Manœuvre Critique: extra damage each. */
  critique?: number;
  /** Other Manœuvres (Attaque précise, Estourbir, Intimidation, …). */
  manoeuvres?: number;
  /** The weapon's âme effect. */
  ame?: number;
}

export interface WuxiaAttackInput {
  /** The attacker's Feu test. */
  attacker: WuxiaSide;
  /** The defender's Terre test. */
  defender: WuxiaSide;
  /** Defense dice the defender spends, group-reserve dice included: each cancels one attacker success. */
  defenseDice?: number;
  /** Weapon damage level ND. */
  weaponDamage?: number;
  /** Defender's armour AR. */
  armour?: number;
  investments?: WuxiaInvestments;
}

export interface WuxiaAttackOptions {
  surplusOffset?: number;
  investmentCost?: number;
  critiqueDamagePerSuccess?: number;
  criticalFailureCountsZero?: boolean;
}

export interface WuxiaAttackResult {
  /** Attacker successes after criticals and cancellation. */
  attackerSuccesses: number;
  defenderSuccesses: number;
  /** Defense dice actually used (never more than the attacker's successes). */
  defenseDiceUsed: number;
  /** The attacker wins with strictly more successes. */
  hit: boolean;
  /** Successes left to invest: attacker − defender − 1 on a hit, else 0. */
  surplus: number;
  /** Surplus not invested. */
  unspent: number;
  defenseDiceGained: number;
  groupReserveGained: number;
  manoeuvres: number;
  ame: number;
  /** Damage added to the defender's NB: ND + Critique − AR, at least 0, on a hit. */
  damage: number;
  /** What the damage adds up, for the card to show its sum: the weapon's ND, the Critique bought, the AR. */
  damageParts: { weapon: number; critique: number; armour: number };
}

/**
 * An attack (RULES 1.4): the defender's Defense dice cancel attacker successes, the attacker
 * hits with more successes than the defender, and may invest the successes beyond the one it
 * needed. Investing more than the surplus throws (WH.Error.OverSpent).
 */
export function resolveWuxiaAttack(input: WuxiaAttackInput, options: WuxiaAttackOptions = {}): WuxiaAttackResult {
  requireObject("input", input);
  const rules = requireOptions("options", options);
  const zeroOnCritical = requireBoolean(
    "options.criticalFailureCountsZero",
    rules.criticalFailureCountsZero,
    WUXIA_DEFAULTS.criticalFailureCountsZero,
  );
  const offset = requireCount("options.surplusOffset", rules.surplusOffset ?? WUXIA_DEFAULTS.surplusOffset);
  const cost = requireInteger("options.investmentCost", rules.investmentCost ?? WUXIA_DEFAULTS.investmentCost, 1);
  const perCritique = requireCount(
    "options.critiqueDamagePerSuccess",
    rules.critiqueDamagePerSuccess ?? WUXIA_DEFAULTS.critiqueDamagePerSuccess,
  );

  const effective = (given: WuxiaSide, argument: string) => {
    const side = requireObject(argument, given);
    const successes = requireCount(`${argument}.successes`, side.successes);
    const critical = requireBoolean(`${argument}.critical`, side.critical, false);
    return zeroOnCritical && critical ? 0 : successes;
  };
  const rolled = effective(input.attacker, "attacker");
  const defenderSuccesses = effective(input.defender, "defender");
  const defenseDiceUsed = Math.min(requireCount("defenseDice", input.defenseDice ?? 0), rolled);
  const attackerSuccesses = rolled - defenseDiceUsed;
  const hit = attackerSuccesses > defenderSuccesses;
  const surplus = hit ? Math.max(0, attackerSuccesses - defenderSuccesses - offset) : 0;

  const inv = requireOptions("investments", input.investments ?? undefined);
  const defenseDiceGained = requireCount("investments.defenseDice", inv.defenseDice ?? 0);
  const groupReserveGained = requireCount("investments.groupReserve", inv.groupReserve ?? 0);
  const critique = requireCount("investments.critique", inv.critique ?? 0);
  const manoeuvres = requireCount("investments.manoeuvres", inv.manoeuvres ?? 0);
  const ame = requireCount("investments.ame", inv.ame ?? 0);
  const invested = (defenseDiceGained + groupReserveGained + critique + manoeuvres + ame) * cost;
  if (invested > surplus) {
    throw new RulesError(
      "WH.Error.OverSpent",
      { argument: "investments", value: invested, max: surplus },
      `investments cost ${invested} successes but only ${surplus} are left to invest`,
    );
  }

  const weaponDamage = requireCount("weaponDamage", input.weaponDamage ?? 0);
  const armour = requireCount("armour", input.armour ?? 0);
  return {
    attackerSuccesses,
    defenderSuccesses,
    defenseDiceUsed,
    hit,
    surplus,
    unspent: surplus - invested,
    defenseDiceGained,
    groupReserveGained,
    manoeuvres,
    ame,
    damage: hit ? Math.max(0, weaponDamage + critique * perCritique - armour) : 0,
    damageParts: { weapon: weaponDamage, critique: critique * perCritique, armour },
  };
}
