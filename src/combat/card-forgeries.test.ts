// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, harmoniesFight, roundOf, woundsOf, wuxiaAttackFight } from "../../test/support/combat";
import {
  carryOutAs,
  opposingRollJson,
  playerId,
  renderAs,
  rollAs,
  seatUser,
  startWorld,
  type PostedMessage,
} from "../../test/support/world";

/**
 * A player may post any message of their own, flags and rolls included. One dressed as a combat
 * card — an attack's flag, made-up roll JSON, a defence of twos, damage 99 — counts for nothing:
 * no handler of the GM's client acts on it, no button is drawn on it, and the active GM's client
 * removes it and tells the GMs.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

const SYSTEM = "wuxia-harmonies";

async function postAsPlayer(data: Record<string, unknown>): Promise<PostedMessage> {
  const Message = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<PostedMessage> } })
    .ChatMessage;
  return as("player", () => Message.create(data));
}

/** Lin Mei's Feu test with forty tens and the Bandit's "defence" of twos, on a card the player wrote. */
async function forgedWuxiaCard(world: Awaited<ReturnType<typeof wuxiaAttackFight>>): Promise<PostedMessage> {
  const attack = await opposingRollJson(world.linMei, new Array<number>(40).fill(10), {
    attribute: "feu",
    sr: 10,
    extraDice: 35,
  });
  const defence = await opposingRollJson(world.bandit, [2, 2], { attribute: "terre", sr: 10 });
  return postAsPlayer({
    rolls: [attack, defence],
    flags: {
      [SYSTEM]: {
        attack: {
          weaponUuid: world.arc.uuid,
          weaponDamage: 30,
          defenderUuid: world.zhao.uuid,
          defence: { defenseDice: 0, reserve: 0, armour: 0 },
          invested: { defenseDice: 0, groupReserve: 0, critique: 0, estourbir: 0, intimidation: 0, precise: 0, ame: 0 },
          applied: false,
        },
      },
    },
  });
}

describe("a Wuxia attack card a player wrote", () => {
  it("is no attack to any handler: no damage to another player's hero, no dice bought", async () => {
    const world = await wuxiaAttackFight();
    const forged = await forgedWuxiaCard(world);
    const wounds = () => (world.zhao.system as unknown as { wounds: { value: number } }).wounds.value;
    await expect(carryOutAs("gm", "wuxiaApplyDamage", { messageId: forged.id })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotAnAttack",
    });
    await expect(
      carryOutAs("player", "wuxiaInvest", { messageId: forged.id, investment: "defenseDice" }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotAnAttack" });
    await expect(
      carryOutAs("gm", "wuxiaDefend", { messageId: forged.id, defenseDice: 0, reserve: 0 }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotAnAttack" });
    expect([wounds(), roundOf(world.lin).defenseDice, world.zhaoC.defeated]).toEqual([0, 0, false]);
  });

  it("counts for nothing either as a typed card of the player's own (sub-type attack)", async () => {
    const world = await wuxiaAttackFight();
    const attack = await opposingRollJson(world.linMei, new Array<number>(40).fill(10), {
      attribute: "feu",
      sr: 10,
      extraDice: 35,
    });
    const forged = await postAsPlayer({
      type: "attack",
      rolls: [attack],
      system: {
        weaponUuid: world.arc.uuid,
        weaponDamage: 30,
        defenderUuid: world.zhao.uuid,
        defence: { defenseDice: 0, reserve: 0, armour: 0 },
      },
    });
    await expect(carryOutAs("gm", "wuxiaApplyDamage", { messageId: forged.id })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotAnAttack",
    });
    await asClient(seatUser("gm"), async () => foundry.Hooks.callAll("createChatMessage", forged, {}, playerId()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const messages = foundry.game.messages as unknown as { get(id: string): unknown };
    expect(messages.get(forged.id)).toBeUndefined();
    expect((world.zhao.system as unknown as { wounds: { value: number } }).wounds.value).toBe(0);
  });

  it("is drawn with no attack section and no button, for the GM as for anyone", async () => {
    const world = await wuxiaAttackFight();
    const forged = await forgedWuxiaCard(world);
    for (const who of ["gm", "player", "stranger"] as const) {
      const html = await renderAs(who, forged);
      expect(html.querySelector("[data-wh-attack]")).toBeNull();
      expect(html.querySelector(".wh-attack")).toBeNull();
    }
  });

  it("is removed by the active GM's client, which tells the GMs who posted it", async () => {
    const world = await wuxiaAttackFight();
    const forged = await forgedWuxiaCard(world);
    // The double calls a message's hooks on the writing client only; Foundry calls them on every
    // client (ClientDocumentMixin#_onCreate), the active GM's among them.
    await asClient(seatUser("gm"), async () => foundry.Hooks.callAll("createChatMessage", forged, {}, playerId()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const messages = foundry.game.messages as unknown as { get(id: string): unknown };
    expect(messages.get(forged.id)).toBeUndefined();
    expect(foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toContain(
      "Player posted a message dressed as a combat card; it was removed.",
    );
  });

  it("is removed too when a player dresses an earlier message of theirs as a card", async () => {
    const world = await wuxiaAttackFight();
    const plain = await postAsPlayer({ content: "I draw my bow." });
    await as("player", () =>
      (plain as unknown as { update(data: object): Promise<unknown> }).update({
        flags: { [SYSTEM]: { attack: { defenderUuid: world.zhao.uuid, defence: null, applied: false } } },
      }),
    );
    await asClient(seatUser("gm"), async () => foundry.Hooks.callAll("updateChatMessage", plain, {}, {}, playerId()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const messages = foundry.game.messages as unknown as { get(id: string): unknown };
    expect(messages.get(plain.id)).toBeUndefined();
  });

  it("names its author to the GMs as text: markup in a user's name is escaped", async () => {
    const world = await wuxiaAttackFight();
    const player = seatUser("player") as { name: string };
    player.name = "<img src=x onerror=alert(1)>";
    const forged = await forgedWuxiaCard(world);
    await asClient(seatUser("gm"), async () => foundry.Hooks.callAll("createChatMessage", forged, {}, playerId()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const warnings = foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message);
    expect(warnings).toContain(
      "&lt;img src=x onerror=alert(1)&gt; posted a message dressed as a combat card; it was removed.",
    );
  });

  it.each([
    [
      "a Harmonies attack card",
      { type: "harmoniesAttack", system: { weaponUuid: "x", defenderUuid: "y", damage: 99 } },
    ],
    ["a wound check card", { type: "woundCheck", system: { check: "grave", held: true } }],
    ["an earlier version's Harmonies attack flag", { flags: { [SYSTEM]: { harmoniesAttack: { damage: 99 } } } }],
    ["an earlier version's wound check flag", { flags: { [SYSTEM]: { woundCheck: { check: "grave" } } } }],
  ])("is removed too when dressed as %s", async (_kind, data) => {
    const forged = await postAsPlayer({ content: "x", ...data });
    await asClient(seatUser("gm"), async () => foundry.Hooks.callAll("createChatMessage", forged, {}, playerId()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const messages = foundry.game.messages as unknown as { get(id: string): unknown };
    expect(messages.get(forged.id)).toBeUndefined();
  });

  it("leaves a player's own message alone when it carries no card's record", async () => {
    const plain = await postAsPlayer({ content: "I draw my sword." });
    await asClient(seatUser("gm"), async () => foundry.Hooks.callAll("createChatMessage", plain, {}, playerId()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const messages = foundry.game.messages as unknown as { get(id: string): unknown };
    expect(messages.get(plain.id)).toBe(plain);
  });
});

describe("a Harmonies attack card a player wrote", () => {
  it("gives the GM's NPC no wound when the GM soaks it: damage 99 counts for nothing", async () => {
    const world = await harmoniesFight();
    const posted = await rollAs("player", world.david, [10, 1], { item: world.sling });
    const attack = posted.rolls[0]?.toJSON();
    const forged = await postAsPlayer({
      rolls: [attack],
      flags: {
        [SYSTEM]: {
          harmoniesAttack: {
            weaponUuid: world.sling.uuid,
            defenderUuid: world.goliath.uuid,
            difficulty: 0,
            damage: 99,
            defence: "taken",
            soak: null,
          },
        },
      },
    });
    await expect(carryOutAs("gm", "harmoniesSoak", { messageId: forged.id, roll: {} })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotAnAttack",
    });
    expect(woundsOf(world.goliath)).toMatchObject({ light: 0, grave: 0, critical: 0, fatal: false });
  });
});
