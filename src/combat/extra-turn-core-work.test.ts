// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";
import { placeToken, turnEventsSettled } from "../../test/foundry/combat";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, wuxiaFight } from "../../test/support/combat";
import { startWorld, type Seat } from "../../test/support/world";

/**
 * A Wuxia extra action is a turn for core's own work too, not only for the Combat's handlers: the
 * Regions the token stands in hear its start and end, its movement history is cleared as it
 * starts, and v14's effect expiry is announced (core's turn walk does all three for the turns it
 * announces itself).
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld({ generation: 14 });
});

/** Round 1 with an extra action for Lin Mei; turns taken up to Zhao's: her extra action goes back up the order. */
async function upToHerExtraAction() {
  const world = await wuxiaFight();
  const { combatRequests } = await import("./requests");
  await as("player", () =>
    combatRequests.spendInitiative(world.combat, world.lin, { initiative: 1, actions: 1, defense: 0 }),
  );
  for (const who of ["gm", "player"] as Seat[]) await as(who, () => world.combat.nextTurn());
  await turnEventsSettled();
  expect(world.combat.combatant?.name).toBe("Zhao");
  return world;
}

it("triggers TOKEN_TURN_END and TOKEN_TURN_START on the tokens' Regions, and clears the movement history", async () => {
  const { combat, lin, zhaoC } = await upToHerExtraAction();
  const heard: [string, string, unknown][] = [];
  const regionOf = (name: string) => ({
    _triggerEvent: async (event: string, data: { combatant: { name: string }; round: number }) =>
      void heard.push([name, event, data.combatant.name]),
  });
  for (const [combatant, name] of [
    [lin, "mist"],
    [zhaoC, "bog"],
  ] as const) {
    const token = placeToken(combatant.actor as never);
    await as("gm", () => combatant.update({ tokenId: token.id } as never));
    // The Region the token stands in, as core's TokenDocument#regions gives it.
    Object.assign(token, { regions: new Set([regionOf(name)]) });
  }
  const cleared: string[] = [];
  Object.assign(combat, {
    _clearMovementHistoryOnStartTurn: async (c: { name: string }) => void cleared.push(c.name),
  });
  await as("gm", () => combat.nextTurn());
  await turnEventsSettled();
  expect(combat.combatant?.name).toBe("Lin Mei");
  expect(heard).toEqual([
    ["bog", "tokenTurnEnd", "Zhao"],
    ["mist", "tokenTurnStart", "Lin Mei"],
  ]);
  expect(cleared).toEqual(["Lin Mei"]);
});

it("ends an effect timed to its bearer's next turn start at that extra action (v14, expiry turnStart)", async () => {
  (foundry.CONFIG.ActiveEffect as { expiryAction?: string }).expiryAction = "delete";
  const { combat, linMei, lin } = await upToHerExtraAction();
  await as("gm", () =>
    linMei.createEmbeddedDocuments("ActiveEffect", [
      {
        name: "Garde baissée",
        duration: { value: null, units: "rounds", expiry: "turnStart" },
        start: { combat: combat.id, combatant: lin.id, round: combat.round, turn: combat.turn },
      },
    ] as never),
  );
  expect(linMei.effects.size).toBe(1);
  await as("stranger", () => combat.nextTurn());
  await turnEventsSettled();
  expect(combat.combatant?.name).toBe("Lin Mei");
  expect(linMei.effects.size).toBe(0);
});
