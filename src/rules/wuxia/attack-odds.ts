import { requireCount, requireObject } from "../validate";
import { resolveWuxiaAttack, type WuxiaAttackOptions, type WuxiaSide } from "./attack";
import { wuxiaJoint } from "./odds";

export interface WuxiaDefenceTest {
  dice: number;
  threshold: number;
  rerolls?: number;
}

export interface WuxiaAttackOdds {
  /** P(the attack hits). */
  hit: number;
  /** surplus[k] = P(the attack hits with k successes beyond, RULES 1.4's surplus). */
  surplus: number[];
}

/**
 * The exact odds of an attack as the defender sees them when choosing (RULES 1.4): the
 * attacker's test is rolled, the Defense and reserve dice chosen cancel attacker successes, the
 * defender's own test is still to roll. Every outcome of that test, weighted by its exact
 * probability, is resolved by `resolveWuxiaAttack` itself.
 */
export function wuxiaAttackOdds(
  attacker: WuxiaSide,
  cancelled: number,
  defence: WuxiaDefenceTest,
  options: WuxiaAttackOptions = {},
): WuxiaAttackOdds {
  requireObject("defence", defence);
  const dice = requireCount("cancelled", cancelled);
  const { n, joint } = wuxiaJoint(defence.dice, defence.threshold, { rerolls: defence.rerolls ?? 0 });
  const w = n + 1;
  let hit = 0;
  const surplus: number[] = [];
  for (let s = 0; s <= n; s++) {
    for (let o = 0; s + o <= n; o++) {
      const p = joint[s * w + o] ?? 0;
      if (p === 0) continue;
      const result = resolveWuxiaAttack(
        { attacker, defender: { successes: s, critical: o > s }, defenseDice: dice },
        options,
      );
      if (!result.hit) continue;
      hit += p;
      surplus[result.surplus] = (surplus[result.surplus] ?? 0) + p;
    }
  }
  return { hit, surplus: Array.from(surplus, (p) => p ?? 0) };
}
