// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient, server } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  destinyOf,
  facesRandom,
  harmoniesHero,
  postedMessage,
  rollAs,
  seatUser,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../test/support/world";
import type { WuxiaRoll } from "../rolls/wuxia/roll";

/**
 * Several clients acting on one card at the same instant, each reading the state before the
 * other's write comes back from a slow server: every spend is carried out once, in order, by
 * the one authority (the active GM's client).
 */

let foundry: FoundryDouble;
const SECOND_GM = "gmUser000000002";

beforeEach(async () => {
  foundry = await startWorld();
  server.latencyMs = 5;
});

/** Lin Mei's card as the player posts it: Feu 5 with Chasseur 3, 1 3 8 1 5. */
async function linMeiCard(destiny: number): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
  const actor = await wuxiaHero("Lin Mei", { destiny });
  const message = await rollAs("player", actor, [1, 3, 8, 1, 5], {
    item: actor.items.find((i) => i.name === "Chasseur"),
  });
  return { actor, message };
}

/**
 * A confirmed click on a die of the card, on a user's own client, from where it leaves the
 * client's own double-click guard (module state the double's clients would share).
 */
async function clickDie(
  user: unknown,
  message: PostedMessage,
  dieIndex: number,
): Promise<PromiseSettledResult<unknown>> {
  const { carryOut } = await import("../requests/authority");
  const [settled] = await Promise.allSettled([
    asClient(user, () =>
      carryOut("spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex }, { withoutGm: true }),
    ),
  ]);
  return settled as PromiseSettledResult<unknown>;
}

describe("the card's author and the GM spending Destiny at once", () => {
  it("reroll two dice and spend two Destiny dice, every write made by the one authority", async () => {
    const { actor, message } = await linMeiCard(2);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 10]);
    // Locks live in each client's memory: only writes all made on one client are kept in order.
    const writers = new Set<string>();
    for (const hook of ["updateActor", "updateChatMessage"])
      foundry.Hooks.on(hook, (...args: unknown[]) => void writers.add(String(args[3])));
    const results = await Promise.all([clickDie(seatUser("player"), message, 0), clickDie(seatUser("gm"), message, 3)]);
    expect([...writers]).toEqual([(seatUser("gm") as { id: string }).id]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const roll = postedMessage(message.id).rolls[0] as WuxiaRoll;
    expect(roll.state.rerolled.map((r) => r.index).sort()).toEqual([0, 3]);
    expect(destinyOf(actor)).toBe(0);
  });

  it("with one Destiny die left: one reroll, the other refused, never a die for free", async () => {
    const { actor, message } = await linMeiCard(1);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 10]);
    const results = await Promise.all([clickDie(seatUser("player"), message, 0), clickDie(seatUser("gm"), message, 3)]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([
      { status: "rejected", reason: expect.objectContaining({ key: "WH.Chat.Error.NoDestiny" }) },
    ]);
    expect((postedMessage(message.id).rolls[0] as WuxiaRoll).state.rerolled).toHaveLength(1);
    expect(destinyOf(actor)).toBe(0);
  });
});

describe("two rolls adding Destiny dice at once", () => {
  /** The player and the GM each roll Lin Mei with one Destiny die added, at the same instant. */
  async function twoRollsAtOnce(
    destiny: number,
  ): Promise<{ actor: Actor.Implementation; results: PromiseSettledResult<unknown>[] }> {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const actor = await wuxiaHero("Lin Mei", { destiny });
    const { rollActor } = await import("../rolls/pipeline");
    foundry.CONFIG.Dice.randomUniform = facesRandom(Array.from({ length: 12 }, () => 5));
    const roll = (user: unknown) =>
      asClient(user, () => rollActor(actor, { dialog: false, values: { destinyDice: 1, visibility: "public" } }));
    return { actor, results: await Promise.allSettled([roll(seatUser("player")), roll(seatUser("gm"))]) };
  }

  it("take a die each, from the player's client and the GM's", async () => {
    const { actor, results } = await twoRollsAtOnce(2);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(destinyOf(actor)).toBe(0);
    expect(foundry.game.messages.contents).toHaveLength(2);
  });

  it("with one die left, only one of them is made", async () => {
    const { actor, results } = await twoRollsAtOnce(1);
    expect(results.filter((r) => r.status === "rejected")).toEqual([
      { status: "rejected", reason: expect.objectContaining({ key: "WH.Roll.Error.NotEnoughDestiny" }) },
    ]);
    expect(destinyOf(actor)).toBe(0);
    expect(foundry.game.messages.contents).toHaveLength(1);
  });
});

describe("two GMs awarding experience at once", () => {
  it("pay it once: the second GM's click goes to the active GM, who finds it paid", async () => {
    const second = foundry.addUser(SECOND_GM, "Assistant", 4);
    const actor = await harmoniesHero();
    const message = await rollAs("player", actor, [10, 10, 3, 1], {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true },
    });
    const { awardExperience } = await import("../rolls/harmonies/experience");
    const click = (user: unknown) => asClient(user, () => awardExperience(postedMessage(message.id) as never, 0));
    const results = await Promise.allSettled([click(seatUser("gm")), click(second)]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([
      { status: "rejected", reason: expect.objectContaining({ key: "WH.Chat.Error.XpAlreadyAwarded" }) },
    ]);
    const system = actor.system as unknown as { characteristics: { agilite: { xp: number } } };
    expect(system.characteristics.agilite.xp).toBe(
      (postedMessage(message.id).rolls[0] as unknown as { experience: number }).experience,
    );
  });
});
