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

describe("two GMs awarding experience from two cards of one character at once", () => {
  it("pay both: each award reads the XP the other wrote", async () => {
    const second = foundry.addUser(SECOND_GM, "Assistant", 3);
    const third = foundry.addUser("gmUser000000003", "Second assistant", 3);
    const actor = await harmoniesHero();
    const roll = () =>
      rollAs("player", actor, [10, 10, 3, 1], {
        item: actor.items.find((i) => i.name === "Fronde"),
        values: { open: true },
      });
    const cards = [await roll(), await roll()];
    const { awardExperience } = await import("../rolls/harmonies/experience");
    const results = await Promise.allSettled(
      [second, third].map((user, i) =>
        asClient(user, () => awardExperience(postedMessage(cards[i]?.id ?? "") as never, 0)),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const each = (postedMessage(cards[0]?.id ?? "").rolls[0] as unknown as { experience: number }).experience;
    expect(each).toBeGreaterThan(0);
    const system = actor.system as unknown as { characteristics: { agilite: { xp: number } } };
    expect(system.characteristics.agilite.xp).toBe(2 * each);
    // Both awards are on the GMs' record, so neither card can pay again.
    const record = foundry.game.settings.get("wuxia-harmonies", "xpAwards") as Record<string, number>;
    expect(Object.keys(record).sort()).toEqual(cards.map((c) => `${c?.id ?? ""}.0`).sort());
  });
});

describe("two purchases from one Wuxia hero's experience at once", () => {
  type Hero = { experience: number; attributes: { metal: number; bois: number } };
  const hero = (actor: Actor.Implementation) => actor.system as unknown as Hero;

  /** The player raises Métal (3 → 4: 12 XP) while an assistant raises Bois (2 → 3: 9 XP). */
  async function buyBoth(experience: number) {
    const assistant = foundry.addUser(SECOND_GM, "Assistant", 3);
    const actor = await wuxiaHero("Lin Mei", { experience });
    const { buyWuxiaAttribute } = await import("../creation/level-purchase");
    const results = await Promise.allSettled([
      asClient(seatUser("player"), () => buyWuxiaAttribute(actor as never, "metal")),
      asClient(assistant, () => buyWuxiaAttribute(actor as never, "bois")),
    ]);
    return { actor, refused: results.filter((r) => r.status === "rejected").map((r) => r.reason as unknown) };
  }

  it("pay for both from what each left", async () => {
    const { actor, refused } = await buyBoth(30);
    expect(refused).toEqual([]);
    expect(hero(actor)).toMatchObject({ experience: 9, attributes: { metal: 4, bois: 3 } });
  });

  it("refuse the second, in words, when the pool cannot pay for both", async () => {
    const { actor, refused } = await buyBoth(20);
    expect(refused).toEqual([expect.objectContaining({ key: "WH.Experience.Error.Short" })]);
    const { experience, attributes } = hero(actor);
    // Whichever came first was paid for, and only it.
    expect([experience, attributes.metal + attributes.bois]).toEqual(attributes.metal === 4 ? [8, 6] : [11, 6]);
  });
});
