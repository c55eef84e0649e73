// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asClient } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  as,
  reserveOf,
  roundOf,
  scriptFaces,
  wuxiaAttack,
  wuxiaAttackFight,
  wuxiaDefend,
  type WuxiaAttackWorld,
} from "../../test/support/combat";
import { postedMessages, seatUser, startWorld, type PostedMessage } from "../../test/support/world";

/**
 * A Wuxia attack on one card (RULES 1.4), from every seat. Lin Mei (the player's) shoots her Arc
 * long (ND 3) with Tir à l'arc; the Bandit (the GM's NPC, Terre 2, no combat skill) defends; Zhao
 * (the second player's) watches. Lin Mei's five Feu dice all succeed: 5 successes.
 */

let foundry: FoundryDouble;
type Wuxia = { wounds: { value: number; max: number; penalty: number }; panic: { value: number }; armour: number };

const system = (actor: Actor.Implementation) => actor.system as unknown as Wuxia;

const fight = wuxiaAttackFight;
const attack = (world: WuxiaAttackWorld) => wuxiaAttack(world);
const defend = (message: PostedMessage, choice?: { defenseDice: number; reserve: number }) =>
  wuxiaDefend(message, choice);

beforeEach(async () => {
  foundry = await startWorld();
});

describe("a Wuxia attack", () => {
  it("posts the attacker's Feu test (SR 10, the weapon's skill) on a card the GM owns, waiting for the defence", async () => {
    const world = await fight();
    const message = await attack(world);
    expect((message as unknown as { author: { id: string } }).author.id).toBe((seatUser("gm") as { id: string }).id);
    const [roll] = message.rolls as unknown as { state: { attribute: string; sr: number; skillName: string } }[];
    expect(roll?.state).toMatchObject({ attribute: "feu", sr: 10, skillName: "Chasseur" });
    const html = await asClient(seatUser("player"), () => message.renderHTML());
    expect(html.querySelector(".wh-attack__waiting")?.textContent).toBe("Waiting for Bandit's defence.");
    expect(html.querySelector("[data-wh-action=oppose]")).toBeNull();
    expect(html.querySelector("[data-wh-attack=defend]")).toBeNull();
    const gmView = await asClient(seatUser("gm"), () => message.renderHTML());
    expect(gmView.querySelector("[data-wh-attack=defend]")).not.toBeNull();
  });

  it("shows the defender the exact odds of being hit with the dice chosen, live as they change", async () => {
    const world = await fight();
    const message = await attack(world);
    const html = await asClient(seatUser("gm"), () => message.renderHTML());
    const odds = () => html.querySelector(".wh-attack__odds")?.textContent;
    // Five successes against two dice that succeed only on a 10: the attack cannot fail.
    expect(odds()).toBe("Exact odds with these dice: the attack hits 100%, with successes to invest 100%.");
    const set = (name: string, value: string) => {
      const input = html.querySelector<HTMLInputElement>(`[name=${name}]`);
      if (input) input.value = value;
      input?.dispatchEvent(new Event("input", { bubbles: true }));
    };
    set("defenseDice", "2");
    set("reserve", "1");
    // Two successes left: a hit unless both dice show 10 (1 %); one to invest when neither does (81 %).
    expect(odds()).toBe("Exact odds with these dice: the attack hits 99%, with successes to invest 81%.");
  });

  it("counts the Defense and reserve dice the defender spends against the attacker's successes", async () => {
    const world = await fight();
    const message = await attack(world);
    await defend(message);
    expect([roundOf(world.banditC).defenseDice, reserveOf(world.combat).hostile]).toEqual([1, 0]);
    const html = await asClient(seatUser("player"), () => message.renderHTML());
    expect(html.querySelector(".wh-attack .wh-outcome")?.textContent).toBe(
      "Hit — 5 − 2 cancelled − 1 = 2 ahead · 1 to hit · 1 to invest · 1 left",
    );
  });

  it("refuses a defence by anyone but the defender's owner, more dice than are held, and a second defence", async () => {
    const world = await fight();
    const message = await attack(world);
    const { defendAgainst } = await import("./attack");
    await expect(
      as("player", () => defendAgainst(message as never, { defenseDice: 0, reserve: 0 })),
    ).rejects.toMatchObject({ key: "WH.Roll.Error.NotOwner" });
    await expect(defend(message, { defenseDice: 3, reserve: 0 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotEnoughDefense",
    });
    await expect(defend(message, { defenseDice: 0, reserve: 2 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotEnoughReserve",
    });
    expect([message.rolls.length, roundOf(world.banditC).defenseDice, reserveOf(world.combat).hostile]).toEqual([
      1, 2, 1,
    ]);
    await defend(message);
    await expect(defend(message, { defenseDice: 0, reserve: 0 })).rejects.toMatchObject({
      key: "WH.Combat.Error.AlreadyDefended",
    });
  });

  it("lets the attacker's owner invest the surplus from the card (Critique: +1 damage), never beyond it", async () => {
    const world = await fight();
    const message = await attack(world);
    await defend(message);
    const html = await asClient(seatUser("player"), () => message.renderHTML());
    const stranger = await asClient(seatUser("stranger"), () => message.renderHTML());
    expect(stranger.querySelector("[data-wh-attack^=invest], [data-wh-attack=apply]")).toBeNull();
    await asClient(seatUser("player"), async () => {
      html.querySelector<HTMLElement>("[data-wh-attack=invest-critique]")?.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const { attackRecord, attackRequests } = await import("./attack");
    expect(attackRecord(message as never)?.invested.critique).toBe(1);
    await expect(as("player", () => attackRequests.invest(message as never, "critique"))).rejects.toMatchObject({
      key: "WH.Error.OverSpent",
    });
    await expect(as("stranger", () => attackRequests.invest(message as never, "estourbir"))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    const after = await asClient(seatUser("player"), () => message.renderHTML());
    expect(after.querySelector("[data-wh-attack=apply]")?.textContent).toBe("Apply damage (+4 NB)");
  });

  it("applies ND + Critique − AR to the defender's NB once, by the attacker's owner; its penalty joins later tests", async () => {
    const world = await fight();
    const message = await attack(world);
    await defend(message);
    const { attackRequests } = await import("./attack");
    await as("player", () => attackRequests.invest(message as never, "critique"));
    await expect(as("stranger", () => attackRequests.applyDamage(message as never))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    const clicks = await Promise.allSettled([
      as("player", () => attackRequests.applyDamage(message as never)),
      as("player", () => attackRequests.applyDamage(message as never)),
    ]);
    expect(clicks.map((c) => c.status)).toEqual(["fulfilled", "rejected"]);
    expect(system(world.bandit).wounds.value).toBe(4);
    const { rollSubject } = await import("../rolls/subject");
    const subject = rollSubject(world.bandit) as { srPenalty: number };
    expect(subject.srPenalty).toBe(system(world.bandit).wounds.penalty);
    const html = await asClient(seatUser("player"), () => message.renderHTML());
    expect(html.querySelector(".wh-attack__applied")?.textContent).toBe("Applied: +4 to the wound level (NB)");
  });

  it("takes ND as the attack was rolled and AR as the defence was: a weapon sharpened or armour put on afterwards changes nothing", async () => {
    const world = await fight();
    const message = await attack(world);
    const cuirass = await as("gm", () =>
      world.bandit.createEmbeddedDocuments("Item", [
        { name: "Cuirasse", type: "wuxiaArmour", system: { armour: 1, equipped: true } },
      ] as never),
    );
    await defend(message);
    await as("player", () => world.arc.update({ system: { damage: 30 } } as never));
    await as("gm", () => (cuirass?.[0] as Item.Implementation).update({ system: { armour: 9 } } as never));
    expect(system(world.bandit).armour).toBe(9);
    const { attackRequests } = await import("./attack");
    await as("player", () => attackRequests.applyDamage(message as never));
    // ND 3 − AR 1, with the one success left uninvested.
    expect(system(world.bandit).wounds.value).toBe(2);
    const html = await asClient(seatUser("player"), () => message.renderHTML());
    expect(html.querySelector(".wh-attack__applied")?.textContent).toBe("Applied: +2 to the wound level (NB)");
  });

  it("marks a defender past its death threshold defeated", async () => {
    const world = await fight();
    await as("gm", () =>
      world.bandit.update({ system: { wounds: { value: system(world.bandit).wounds.max - 3 } } } as never),
    );
    const message = await attack(world);
    await defend(message);
    const { attackRequests } = await import("./attack");
    await as("gm", () => attackRequests.applyDamage(message as never));
    expect(world.banditC.defeated).toBe(true);
  });

  it("Estourbir and Intimidation take effect: Terre −1 until the end of the next round, Panic +1", async () => {
    const world = await fight();
    const message = await attack(world);
    await defend(message, { defenseDice: 0, reserve: 0 });
    const { attackRequests } = await import("./attack");
    await as("player", () => attackRequests.invest(message as never, "estourbir"));
    await as("player", () => attackRequests.invest(message as never, "intimidation"));
    await as("player", () => attackRequests.applyDamage(message as never));
    expect(system(world.bandit).panic.value).toBe(1);
    const effects = () => world.bandit.effects.contents as unknown as { name: string; changes: unknown[] }[];
    expect(effects().map((e) => [e.name, e.changes])).toEqual([
      ["Stun (Estourbir, Earth −1)", [{ key: "system.attributes.terre", value: "-1", mode: 2 }]],
    ]);
    const { turnEventsSettled } = await import("../../test/foundry/combat");
    foundry.CONFIG.Dice.randomUniform = () => 0.85;
    await as("gm", () => world.combat.nextRound());
    await turnEventsSettled();
    expect(effects()).toHaveLength(1);
    await as("gm", () => world.combat.nextRound());
    await turnEventsSettled();
    // Turn events run after the update that causes them, which does not wait for them (as in Foundry).
    await vi.waitFor(() => expect(effects()).toHaveLength(0));
  });

  it("ends Estourbir with the round after the one it was struck in, not before; v14 gets its changes in system.changes", async () => {
    foundry = await startWorld({ generation: 14 });
    const world = await fight();
    const { stun, expireEffects } = await import("./effects");
    await as("gm", () => stun(world.bandit, 2));
    const effects = () =>
      world.bandit.effects.contents as unknown as { name: string; changes?: unknown; system: { changes: unknown[] } }[];
    expect(effects().map((e) => [e.name, e.system.changes])).toEqual([
      ["Stun (Estourbir, Earth −2)", [{ key: "system.attributes.terre", value: "-2", type: "add" }]],
    ]);
    await as("gm", () => expireEffects(world.combat, 1));
    expect(effects()).toHaveLength(1);
    await as("gm", () => expireEffects(world.combat, 2));
    expect(effects()).toHaveLength(0);
  });

  it("attacks from the sheet: a click on the weapon with one Wuxia target makes the attack card", async () => {
    const world = await fight();
    const { defaultSheet, settle } = await import("../../test/support/dom");
    const player = seatUser("player") as { targets: Set<{ actor: unknown }> };
    player.targets.add({ actor: world.bandit });
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    const sheet = await asClient(player, async () => {
      const app = defaultSheet<{ element: HTMLElement; render(o: unknown): Promise<unknown> }>(
        foundry,
        world.linMei as never,
      );
      await app.render({ force: true });
      return app;
    });
    scriptFaces([8, 8, 9, 10, 7]);
    await asClient(player, async () => {
      sheet.element.querySelector<HTMLElement>(`tr[data-item-id="${world.arc.id}"] [data-roll-kind=weapon]`)?.click();
      await settle();
      await vi.waitFor(() => expect(postedMessages().length).toBe(2));
    });
    const { attackRecord } = await import("./attack");
    expect(attackRecord(postedMessages().at(-1) as never)).toMatchObject({
      weaponUuid: world.arc.uuid,
      defenderUuid: world.bandit.uuid,
      defence: null,
    });
  });

  it("makes a defender past its last panic threshold flee: the token's fleeing status, said on the card", async () => {
    const world = await fight();
    const panicMax = (world.bandit.system as unknown as { panic: { max: number } }).panic.max;
    await as("gm", () => world.bandit.update({ system: { panic: { value: panicMax - 1 } } } as never));
    const message = await attack(world);
    await defend(message, { defenseDice: 0, reserve: 0 });
    const { attackRequests } = await import("./attack");
    await as("player", () => attackRequests.invest(message as never, "intimidation"));
    await as("player", () => attackRequests.applyDamage(message as never));
    expect(world.bandit.statuses.has("fleeing")).toBe(true);
    const html = await asClient(seatUser("stranger"), () => message.renderHTML());
    expect(html.querySelector(".wh-attack .wh-warning")?.textContent).toBe(
      "Bandit reaches the last panic threshold and must flee.",
    );
  });

  for (const generation of [13, 14] as const) {
    it(`registers the fleeing status in CONFIG.statusEffects as generation ${generation} holds them`, async () => {
      foundry = await startWorld({ generation });
      const config = foundry.CONFIG.statusEffects as unknown;
      const entries = Array.isArray(config) ? config : Object.values(config as Record<string, unknown>);
      expect(Array.isArray(config)).toBe(generation === 13);
      expect(entries.filter((s) => (s as { id: string }).id === "fleeing")).toEqual([
        { id: "fleeing", name: "WH.Combat.Status.Fleeing", img: "icons/svg/terror.svg" },
      ]);
      expect(entries.some((s) => (s as { id: string }).id === "stun")).toBe(true);
    });
  }
});
