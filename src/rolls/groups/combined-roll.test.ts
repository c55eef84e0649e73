import { beforeEach, describe, expect, it } from "vitest";
import { harmoniesOdds, mulberry32 } from "../../rules";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";
import type { CombinedRollConfig, HarmoniesCombinedRoll as CombinedRollClass } from "./combined-roll";
import { HARMONIES_MINUS_COLORSET, HARMONIES_PLUS_COLORSET } from "../dice-so-nice";

let foundry: FoundryDouble;
let HarmoniesCombinedRoll: typeof CombinedRollClass;

/** Ten bandits acting as one: combined Corps +11, Puissance +12, skill 3. */
function bandits(overrides: Partial<CombinedRollConfig> = {}): CombinedRollConfig {
  return {
    size: 10,
    characteristic: "corps",
    characteristicValue: 11,
    means: "puissance",
    meansValue: 12,
    skillName: null,
    skillLevel: 3,
    difficulty: -20,
    open: false,
    actorUuid: null,
    actorName: "Bandits",
    ...overrides,
  };
}

type Json = Record<string, unknown> & { terms: Record<string, unknown>[]; options: Record<string, unknown> };

beforeEach(async () => {
  foundry = await startWorld();
  ({ HarmoniesCombinedRoll } = await import("./combined-roll"));
});

describe("HarmoniesCombinedRoll", () => {
  it("is d10 − d10 on core Die terms plus the combined Values, skill and difficulty; its total is the margin", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([4, 7]);
    const roll = await HarmoniesCombinedRoll.build(bandits()).evaluate();
    expect(roll.formula).toBe("1d10 - 1d10 + 6");
    expect(roll.state).toMatchObject({ modifier: 6, odds: harmoniesOdds(6) });
    expect([roll.plus, roll.minus, roll.total]).toEqual([[4], [7], 3]);
    expect(roll.action.success).toBe(true);
    expect(roll.dice.map((d) => (d.options as { appearance?: { colorset: string } }).appearance?.colorset)).toEqual([
      HARMONIES_PLUS_COLORSET,
      HARMONIES_MINUS_COLORSET,
    ]);
    const open = HarmoniesCombinedRoll.build(bandits({ open: true }));
    expect([open.formula, open.state.odds]).toEqual(["1d10x - 1d10x + 6", harmoniesOdds(6, { open: true })]);
  });

  it("an open roll explodes its 10s and reads them as the rules do; a face the rules would not roll is unreadable", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 3, 2]);
    const roll = await HarmoniesCombinedRoll.build(bandits({ open: true })).evaluate();
    expect([roll.plus, roll.minus, roll.action.roll.dice, roll.total]).toEqual([[10, 3], [2], 11, 6 + 11]);
    expect(roll.readable).toBe(true);
    // An added die that shows a second face without a 10 before it did not explode.
    const json = JSON.parse(JSON.stringify(roll.toJSON())) as Json;
    const die = json.terms.find((t) => t.class === "Die") as { results: { result: number; active: boolean }[] };
    die.results[0] = { result: 4, active: true };
    expect((Roll.fromData(json as never) as InstanceType<typeof HarmoniesCombinedRoll>).readable).toBe(false);
  });

  it("survives toJSON and fromData, and is unreadable when its dice or state are not the system's", async () => {
    foundry.CONFIG.Dice.randomUniform = mulberry32(5);
    const roll = await HarmoniesCombinedRoll.build(bandits()).evaluate();
    const rebuilt = (change: (json: Json) => void) => {
      const json = JSON.parse(JSON.stringify(roll.toJSON())) as Json;
      change(json);
      return Roll.fromData(json as never) as InstanceType<typeof HarmoniesCombinedRoll>;
    };
    const again = rebuilt(() => undefined);
    expect(again).toBeInstanceOf(HarmoniesCombinedRoll);
    expect(again.total).toBe(roll.total);
    expect(await again.render()).toBe(await roll.render());
    const state = (j: Json) => j.options.combined as Record<string, unknown>;
    expect(again.readable).toBe(true);
    expect(rebuilt((j) => (state(j).size = 0)).readable).toBe(false);
    expect(rebuilt((j) => (state(j).size = 2.5)).readable).toBe(false);
    expect(rebuilt((j) => (state(j).modifier = 7)).readable).toBe(false);
    expect(rebuilt((j) => (j.options.combined = null)).readable).toBe(false);
    expect(rebuilt((j) => (j.terms = j.terms.slice(0, 1))).readable).toBe(false);
    expect(await rebuilt((j) => (state(j).modifier = 7)).render()).toContain(
      foundry.game.i18n.localize("WH.Chat.Unreadable"),
    );
  });

  it("rebuilt from its state alone, rolls the difference its state holds; without a state it has none to read", () => {
    const state = HarmoniesCombinedRoll.build(bandits({ open: true, difficulty: -30 })).state;
    expect(new HarmoniesCombinedRoll(undefined, undefined, { combined: state }).formula).toBe("1d10x - 1d10x - 4");
    expect(new HarmoniesCombinedRoll().formula).toBe("1d10 - 1d10 + 0");
    expect(() => new HarmoniesCombinedRoll("1d10 - 1d10").state).toThrow(/options.combined/);
  });

  it("is rolled when first drawn, and drawn privately without its dice", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([4, 7]);
    const hidden = await HarmoniesCombinedRoll.build(bandits()).render({ isPrivate: true });
    expect(hidden).toContain(foundry.game.i18n.localize("WH.Chat.Private"));
    expect(hidden).not.toContain("dice-tooltip");
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 9]);
    const shown = await HarmoniesCombinedRoll.build(bandits()).render();
    expect(shown).toContain("dice-tooltip");
    expect(shown).toContain("wh-outcome--failure");
    expect(shown).toContain("−1");
  });
});
