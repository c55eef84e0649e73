import { describe, expect, it } from "vitest";
import { replayFaces } from "../random";
import { resolveWuxiaAttack } from "./attack";
import { rollWuxiaPool } from "./pool";

describe("resolveWuxiaAttack", () => {
  it("the attacker hits with more successes; the surplus is what it does not need", () => {
    const result = resolveWuxiaAttack({
      attacker: { successes: 4 },
      defender: { successes: 1 },
      weaponDamage: 3,
      armour: 1,
    });
    expect(result).toEqual({
      attackerSuccesses: 4,
      defenderSuccesses: 1,
      defenseDiceUsed: 0,
      hit: true,
      surplus: 2,
      unspent: 2,
      defenseDiceGained: 0,
      groupReserveGained: 0,
      manoeuvres: 0,
      ame: 0,
      damage: 2,
      damageParts: { weapon: 3, critique: 0, armour: 1 },
    });
  });

  it("a tie is a miss: no damage, nothing to invest", () => {
    expect(
      resolveWuxiaAttack({ attacker: { successes: 2 }, defender: { successes: 2 }, weaponDamage: 5 }),
    ).toMatchObject({
      hit: false,
      surplus: 0,
      damage: 0,
    });
  });

  it("Defense dice each cancel one attacker success, never more than it has", () => {
    expect(
      resolveWuxiaAttack({ attacker: { successes: 3 }, defender: { successes: 1 }, defenseDice: 2 }),
    ).toMatchObject({
      attackerSuccesses: 1,
      defenseDiceUsed: 2,
      hit: false,
    });
    expect(
      resolveWuxiaAttack({ attacker: { successes: 1 }, defender: { successes: 0 }, defenseDice: 4 }),
    ).toMatchObject({
      defenseDiceUsed: 1,
      hit: false,
    });
  });

  it("invests the surplus: Defense dice, group reserve, Critique (+1 damage each), manœuvres, âme", () => {
    const result = resolveWuxiaAttack({
      attacker: { successes: 7 },
      defender: { successes: 1 },
      weaponDamage: 3,
      armour: 2,
      investments: { defenseDice: 1, groupReserve: 1, critique: 2, ame: 1 },
    });
    expect(result).toMatchObject({
      surplus: 5,
      unspent: 0,
      defenseDiceGained: 1,
      groupReserveGained: 1,
      ame: 1,
      damage: 3,
      damageParts: { weapon: 3, critique: 2, armour: 2 },
    });
  });

  it("refuses to invest more than the surplus", () => {
    expect(() =>
      resolveWuxiaAttack({ attacker: { successes: 3 }, defender: { successes: 1 }, investments: { critique: 2 } }),
    ).toThrow(expect.objectContaining({ code: "WH.Error.OverSpent" }));
  });

  it("counts manœuvres among the successes invested, each at the world's cost", () => {
    const attack = { attacker: { successes: 7 }, defender: { successes: 1 } };
    expect(resolveWuxiaAttack({ ...attack, investments: { manoeuvres: 2, critique: 3 } })).toMatchObject({
      surplus: 5,
      unspent: 0,
      manoeuvres: 2,
    });
    expect(() => resolveWuxiaAttack({ ...attack, investments: { manoeuvres: 3, critique: 3 } })).toThrow(
      expect.objectContaining({ code: "WH.Error.OverSpent", details: expect.objectContaining({ value: 6, max: 5 }) }),
    );
    // Two successes an investment: two investments take 4 of the 5.
    expect(
      resolveWuxiaAttack({ ...attack, investments: { manoeuvres: 1, ame: 1 } }, { investmentCost: 2 }),
    ).toMatchObject({ unspent: 1 });
    expect(() =>
      resolveWuxiaAttack({ ...attack, investments: { manoeuvres: 1, ame: 1, critique: 1 } }, { investmentCost: 2 }),
    ).toThrow(expect.objectContaining({ details: expect.objectContaining({ value: 6, max: 5 }) }));
  });

  it("[default] a critical failure opposes with no success", () => {
    const attacker = rollWuxiaPool(3, 8, replayFaces([1, 1, 9]));
    expect(attacker.critical).toBe(true);
    expect(resolveWuxiaAttack({ attacker, defender: { successes: 0 } }).hit).toBe(false);
    expect(resolveWuxiaAttack({ attacker: { successes: 1 }, defender: { successes: 3, critical: true } }).hit).toBe(
      true,
    );
    expect(
      resolveWuxiaAttack(
        { attacker: { successes: 2, critical: true }, defender: { successes: 1 } },
        { criticalFailureCountsZero: false },
      ).hit,
    ).toBe(true);
  });

  it("takes the surplus offset and Critique damage as parameters", () => {
    const result = resolveWuxiaAttack(
      { attacker: { successes: 3 }, defender: { successes: 1 }, weaponDamage: 1, investments: { critique: 2 } },
      { surplusOffset: 0, critiqueDamagePerSuccess: 2 },
    );
    expect(result).toMatchObject({ surplus: 2, damage: 5, damageParts: { weapon: 1, critique: 4, armour: 0 } });
  });

  it("armour never makes damage negative", () => {
    expect(
      resolveWuxiaAttack({ attacker: { successes: 2 }, defender: { successes: 0 }, weaponDamage: 1, armour: 4 }).damage,
    ).toBe(0);
  });

  it("rejects bad counts, naming them", () => {
    expect(() => resolveWuxiaAttack({ attacker: { successes: -1 }, defender: { successes: 0 } })).toThrow(
      /^attacker\.successes/,
    );
    expect(() => resolveWuxiaAttack({ attacker: { successes: 1 }, defender: { successes: 0 }, armour: 0.5 })).toThrow(
      /^armour/,
    );
  });
});
