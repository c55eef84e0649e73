// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../test/foundry/applications";
import type { FoundryDouble } from "../../test/foundry/install";
import { click } from "../../test/support/cards";
import {
  actAs,
  carryOutAs,
  createActor,
  currentUser,
  facesRandom,
  postedMessage,
  renderAs,
  rollAs,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/**
 * Which rolls may ask for manual dice entry (Foundry's `Roll#evaluate({ allowInteractive })`, on
 * when a world's dice configuration has players type their dice): never a blind roll, whose
 * author is not to see it, nor an opposing roll on a blind card, nor a die the GM's client rolls
 * for a player's Destiny reroll; the other rolls of a card as their author makes them.
 */

let foundry: FoundryDouble;
/** Every evaluation of a roll: its formula and whether it may ask for the dice. */
let evaluations: { formula: string; allowInteractive: unknown }[];

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
  evaluations = [];
  const RollClass = Roll as unknown as { prototype: { evaluate(options?: { allowInteractive?: boolean }): unknown } };
  const evaluate = RollClass.prototype.evaluate;
  vi.spyOn(RollClass.prototype, "evaluate").mockImplementation(function (
    this: { formula: string },
    options?: { allowInteractive?: boolean },
  ) {
    evaluations.push({ formula: this.formula, allowInteractive: options?.allowInteractive });
    return evaluate.call(this, options);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("manual dice entry", () => {
  it("is never asked of a blind roll's author; a public or whispered roll may ask", async () => {
    const actor = await wuxiaHero("Lin Mei");
    await rollAs("player", actor, [5, 5, 5, 5, 5], { values: { visibility: "blind" } });
    await rollAs("player", actor, [5, 5, 5, 5, 5], { values: { visibility: "gm" } });
    await rollAs("player", actor, [5, 5, 5, 5, 5], { values: { visibility: "public" } });
    expect(evaluations).toEqual([
      { formula: "5d10", allowInteractive: false },
      { formula: "5d10", allowInteractive: true },
      { formula: "5d10", allowInteractive: true },
    ]);
  });

  it("is never asked of the GM for the die of a player's Destiny reroll", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("gm", actor, [1, 3, 8, 1, 5]);
    evaluations.length = 0;
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 });
    expect(evaluations).toEqual([{ formula: "1d10", allowInteractive: false }]);
  });

  it("is not asked for an opposing roll on a blind card; on a public card it may be", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    const bandit = await createActor(
      {
        name: "Bandit",
        type: "wuxiaCharacter",
        system: { attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 } },
      },
      { ownedByPlayer: false },
    );
    const zhao = await wuxiaHero("Zhao");
    const oppose = async (visibility: string) => {
      const message = await rollAs("gm", bandit, [8, 9], { values: { visibility } });
      actAs("gm");
      currentUser().character = zhao;
      evaluations.length = 0;
      foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 5, 5, 5]);
      await click((await renderAs("gm", message)).querySelector('[data-wh-action="oppose"]'));
      expect(postedMessage(message.id).rolls).toHaveLength(2);
      return evaluations.map((e) => e.allowInteractive);
    };
    expect(await oppose("blind")).toEqual([false]);
    expect(await oppose("public")).toEqual([true]);
  });
});
