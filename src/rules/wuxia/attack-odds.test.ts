import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateWuxiaPool, replayFaces, resolveWuxiaAttack, rollWuxiaPool, wuxiaAttackOdds } from "../index";

/** Every face tuple of n d10s. */
const tuples = (n: number): number[][] =>
  n === 0 ? [[]] : tuples(n - 1).flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((x) => [...f, x]));

describe("the exact odds of a Wuxia attack, from the defender's seat (RULES 1.4)", () => {
  it("are the frequencies of every defender's roll, resolved by the attack rules", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 2, max: 10 }),
        (successes, critical, cancelled, dice, threshold) => {
          const odds = wuxiaAttackOdds({ successes, critical }, cancelled, { dice, threshold });
          let hit = 0;
          const surplus: number[] = [];
          for (const faces of tuples(dice)) {
            const defender = evaluateWuxiaPool(faces, threshold);
            const result = resolveWuxiaAttack({
              attacker: { successes, critical },
              defender: { successes: defender.successes, critical: defender.critical },
              defenseDice: cancelled,
            });
            if (!result.hit) continue;
            hit += 10 ** -dice;
            surplus[result.surplus] = (surplus[result.surplus] ?? 0) + 10 ** -dice;
          }
          expect(odds.hit).toBeCloseTo(hit, 12);
          expect(odds.surplus.length).toBe(surplus.length);
          odds.surplus.forEach((p, k) => expect(p).toBeCloseTo(surplus[k] ?? 0, 12));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("count the defender's specialisation rerolls as the roller makes them", () => {
    const threshold = 7;
    let hit = 0;
    // 2 dice, 1 reroll, attacker 1 success: the attack hits only when the defender ends with none.
    for (const first of tuples(2)) {
      const failed = first.filter((f) => f < threshold).length;
      for (const again of tuples(Math.min(1, failed))) {
        const r = rollWuxiaPool(2, threshold, replayFaces([...first, ...again]), { rerolls: 1 });
        const counted = r.critical ? 0 : r.successes;
        if (1 > counted) hit += 10 ** -(2 + again.length);
      }
    }
    expect(wuxiaAttackOdds({ successes: 1 }, 0, { dice: 2, threshold, rerolls: 1 }).hit).toBeCloseTo(hit, 12);
  });

  it("never hit when every attacker success is cancelled, and always when the defender rolls no die", () => {
    expect(wuxiaAttackOdds({ successes: 3 }, 3, { dice: 4, threshold: 8 })).toEqual({ hit: 0, surplus: [] });
    expect(wuxiaAttackOdds({ successes: 3 }, 0, { dice: 0, threshold: 8 })).toEqual({ hit: 1, surplus: [0, 0, 1] });
  });

  it("refuse a negative count of cancelled dice and a defence that is not one, naming them", () => {
    expect(() => wuxiaAttackOdds({ successes: 1 }, -1, { dice: 2, threshold: 8 })).toThrow(/cancelled/);
    expect(() => wuxiaAttackOdds({ successes: 1 }, 0, null as never)).toThrow(/defence/);
  });
});
