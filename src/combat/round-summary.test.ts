// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, scriptFaces, wuxiaFight } from "../../test/support/combat";
import { postedMessages, startWorld } from "../../test/support/world";

/** The round start's summary is posted once the update that starts the round is written, never for a refused one. */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

describe("the round summary", () => {
  it("is posted after the round's update is written, with the round already changed", async () => {
    const { combat } = await wuxiaFight();
    const rounds: number[] = [];
    foundry.Hooks.on("createChatMessage", () => void rounds.push(combat.round));
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.nextRound());
    expect(rounds).toEqual([2]);
    expect(postedMessages()).toHaveLength(2);
  });

  it("is not posted when a module cancels the update that would start the round", async () => {
    const { combat } = await wuxiaFight();
    foundry.Hooks.once("preUpdateCombat", () => false);
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.nextRound());
    expect(combat.round).toBe(1);
    expect(postedMessages()).toHaveLength(1);
  });
});
