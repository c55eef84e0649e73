import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { evaluateWuxiaPool, mulberry32, wuxiaOdds } from "../../rules";
import { facesRandom, startWorld, wuxiaHero } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";
import type { WuxiaRollConfig, WuxiaRoll as WuxiaRollClass } from "./roll";

let foundry: FoundryDouble;
let WuxiaRoll: typeof WuxiaRollClass;

function config(overrides: Partial<WuxiaRollConfig> = {}): WuxiaRollConfig {
  return {
    attribute: "feu",
    attributeValue: 5,
    skillName: "Chasseur",
    competence: 3,
    rerolls: 0,
    specialisation: null,
    sr: 10,
    srPenalty: 0,
    extraDice: 0,
    destinyDice: 0,
    actorUuid: null,
    actorName: "Lin Mei",
    itemUuid: null,
    ...overrides,
  };
}

beforeEach(async () => {
  foundry = await startWorld();
  ({ WuxiaRoll } = await import("./roll"));
});

describe("WuxiaRoll", () => {
  it("rolls Nd10 as a core Die term and counts successes with the rules", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 1, 10, 3, 8]);
    const roll = await WuxiaRoll.build(config()).evaluate();
    expect(roll.formula).toBe("5d10");
    expect(roll.dice[0]?.constructor.name).toBe("Die");
    expect(roll.state.threshold).toBe(7);
    expect(roll.faces).toEqual([7, 1, 10, 3, 8]);
    expect(roll.outcome).toEqual(evaluateWuxiaPool([7, 1, 10, 3, 8], 7));
    expect(roll.total).toBe(3);
  });

  it("keeps the exact odds of the rules in its options", () => {
    const roll = WuxiaRoll.build(config({ rerolls: 2, specialisation: "Tir à l'arc" }));
    const odds = wuxiaOdds(5, 7, { rerolls: 2 });
    expect(roll.state.odds).toEqual({ success: odds.success, critical: odds.critical });
  });

  it("rerolls the 1s first, then other failures, striking the old faces through", async () => {
    // Threshold 7, k = 3: the two 1s, then the first other failure (the 3); the 5 stays.
    foundry.CONFIG.Dice.randomUniform = facesRandom([1, 3, 8, 1, 5, 9, 2, 6]);
    const roll = await WuxiaRoll.build(config({ rerolls: 3, specialisation: "Tir à l'arc" })).evaluate();
    expect(roll.positions.map((p) => p.faces)).toEqual([[1, 9], [3, 6], [8], [1, 2], [5]]);
    expect(roll.state.rerolled).toEqual([
      { index: 0, by: "specialisation" },
      { index: 3, by: "specialisation" },
      { index: 1, by: "specialisation" },
    ]);
    const results = roll.dice[0]?.results ?? [];
    expect(results.filter((r) => r.rerolled).map((r) => r.result)).toEqual([1, 3, 1]);
    expect(
      results
        .filter((r) => r.active)
        .map((r) => r.result)
        .sort(),
    ).toEqual([2, 5, 6, 8, 9]);
    expect(roll.total).toBe(evaluateWuxiaPool([9, 6, 8, 2, 5], 7).successes);
  });

  it("rerolls no more dice than failed", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 9, 1, 4]);
    const roll = await WuxiaRoll.build(config({ attributeValue: 3, rerolls: 3, specialisation: "x" })).evaluate();
    expect(roll.positions.map((p) => p.faces)).toEqual([[8], [9], [1, 4]]);
  });

  it("spends a Destiny die on one die: the old face stays struck through, the new one stands", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 1, 9, 4, 6, 10]);
    const roll = await WuxiaRoll.build(config()).evaluate();
    expect(roll.outcome.critical).toBe(false);
    await roll.rerollWithDestiny(1);
    expect(roll.positions[1]).toEqual({ faces: [1, 10], by: ["destiny"] });
    expect(roll.total).toBe(evaluateWuxiaPool([2, 10, 9, 4, 6], 7).successes);
    await expect(roll.rerollWithDestiny(9)).rejects.toThrow();
  });

  it("adds extra dice and Destiny dice to the pool", () => {
    expect(WuxiaRoll.build(config({ extraDice: 2, destinyDice: 1 })).formula).toBe("8d10");
  });

  it("refuses a negative pool with the rules' error", () => {
    expect(() => WuxiaRoll.build(config({ attributeValue: -1 }))).toThrow(/dice/);
  });

  it("survives toJSON and fromData, by class name, with the same faces, outcome and card", async () => {
    foundry.CONFIG.Dice.randomUniform = mulberry32(42);
    const roll = await WuxiaRoll.build(config({ rerolls: 2, specialisation: "Tir à l'arc" })).evaluate();
    await roll.rerollWithDestiny(0);
    const json = JSON.parse(JSON.stringify(roll.toJSON())) as Record<string, unknown>;
    const again = Roll.fromData(json as never) as InstanceType<typeof WuxiaRoll>;
    expect(again).toBeInstanceOf(WuxiaRoll);
    expect(again.positions).toEqual(roll.positions);
    expect(again.outcome).toEqual(roll.outcome);
    expect(again.total).toBe(roll.total);
    expect(again.state).toEqual(roll.state);
    expect(await again.render()).toBe(await roll.render());
  });

  it("takes the actor's data through the sheet's roll path", async () => {
    const actor = await wuxiaHero();
    expect(actor.items.size).toBe(4);
  });

  it("rebuilt from its state alone, rolls the pool the state holds; without a state it has none to read", () => {
    const state = WuxiaRoll.build(config({ extraDice: 1 })).state;
    expect(new WuxiaRoll(undefined, undefined, { wuxia: state }).formula).toBe("6d10");
    expect(() => new WuxiaRoll("1d10").state).toThrow(/options.wuxia/);
    expect(new WuxiaRoll().formula).toBe("0d10");
  });

  it("spends a Destiny die only on a die of the pool, once the pool is rolled", async () => {
    const unrolled = WuxiaRoll.build(config());
    await expect(unrolled.rerollWithDestiny(0)).rejects.toThrow(/evaluate/);
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 3, 4, 5, 6, 7]);
    const roll = await WuxiaRoll.build(config()).evaluate();
    for (const index of [-1, 2.5, 5])
      await expect(roll.rerollWithDestiny(index)).rejects.toMatchObject({
        name: "UserError",
        key: "WH.Chat.Error.NoSuchDie",
      });
    await roll.rerollWithDestiny(4);
    expect(roll.positions[4]).toEqual({ faces: [6, 7], by: ["destiny"] });
  });

  it("strikes through the face that stood when a Destiny die rerolls a die the specialisation rerolled", async () => {
    // Threshold 7, k = 2: the two 1s become a 4 and a 5, then the Destiny die turns that 5 into a 10.
    foundry.CONFIG.Dice.randomUniform = facesRandom([1, 1, 9, 4, 5, 10]);
    const roll = await WuxiaRoll.build(
      config({ attributeValue: 3, rerolls: 2, specialisation: "Tir à l'arc" }),
    ).evaluate();
    await roll.rerollWithDestiny(1);
    expect(roll.positions[1]).toEqual({ faces: [1, 5, 10], by: ["specialisation", "destiny"] });
    expect(roll.dice[0]?.results.map((r) => [r.result, r.active])).toEqual([
      [1, false],
      [1, false],
      [9, true],
      [4, true],
      [5, false],
      [10, true],
    ]);
    expect(roll.total).toBe(2);
  });

  it("reads no position of a roll whose state names a reroll its dice do not hold", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 8, 9, 2, 3]);
    const roll = await WuxiaRoll.build(config()).evaluate();
    roll.state.rerolled.push({ index: 0, by: "destiny" });
    expect(() => roll.positions).toThrow(/reroll 0 has no result/);
  });

  describe("rolled without interaction (a private render), as Foundry's manual dice entry needs", () => {
    let asked: unknown[];
    beforeEach(() => {
      asked = [];
      const evaluate = Roll.prototype.evaluate;
      vi.spyOn(Roll.prototype, "evaluate").mockImplementation(function (
        this: Roll,
        options?: { allowInteractive?: boolean },
      ) {
        asked.push(options?.allowInteractive);
        return evaluate.call(this, options);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it("makes its specialisation and Destiny rerolls without interaction too, and with it by default", async () => {
      foundry.CONFIG.Dice.randomUniform = facesRandom([1, 8, 9, 4, 5, 1, 8, 9, 4, 5]);
      const quiet = await WuxiaRoll.build(config({ attributeValue: 3, rerolls: 1, specialisation: "x" })).evaluate({
        allowInteractive: false,
      });
      await quiet.rerollWithDestiny(1, { allowInteractive: false });
      expect(asked).toEqual([false, false, false]);
      asked = [];
      const open = await WuxiaRoll.build(config({ attributeValue: 3, rerolls: 1, specialisation: "x" })).evaluate();
      await open.rerollWithDestiny(1);
      expect(asked).toEqual([undefined, true, true]);
    });

    it("is rolled when first drawn, without interaction when drawn privately", async () => {
      foundry.CONFIG.Dice.randomUniform = facesRandom([7, 8, 9, 2, 3]);
      const html = await WuxiaRoll.build(config()).render({ isPrivate: true });
      expect(asked).toEqual([false]);
      expect(html).toContain(foundry.game.i18n.localize("WH.Chat.Private"));
      expect(html).not.toContain("dice-tooltip");
      foundry.CONFIG.Dice.randomUniform = facesRandom([7, 8, 9, 2, 3]);
      const shown = await WuxiaRoll.build(config()).render();
      expect(asked).toEqual([false, true]);
      expect(shown).toContain("dice-tooltip");
    });
  });
});
