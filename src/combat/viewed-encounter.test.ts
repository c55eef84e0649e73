// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import {
  as,
  harmoniesFight,
  harmoniesHitAndSoak,
  must,
  reserveOf,
  roundOf,
  wuxiaAttack,
  wuxiaAttackFight,
  wuxiaDefend,
} from "../../test/support/combat";
import { createActor, createCombat, startWorld } from "../../test/support/world";

/**
 * `game.combat` is the encounter a client is viewing, each client its own. The active GM's
 * client carries out every fight's steps; a GM who prepares the next scene's encounter (and so
 * views it) mid-fight must still find the fight each actor is in: its Defense and reserve dice,
 * its stuns' end, its dead marked.
 */

beforeEach(async () => {
  await startWorld();
});

const SYSTEM = "wuxia-harmonies";

/** The GM prepares another encounter and looks at it in the tracker. */
async function gmViewsAnotherEncounter(): Promise<Combat.Implementation> {
  const guard = await createActor({ name: "Guard", type: "wuxiaCharacter" }, { ownedByPlayer: false });
  const other = await createCombat([guard], { start: false });
  await as("gm", async () => {
    (game.combats as unknown as { viewed: unknown }).viewed = other;
  });
  expect(await as("gm", async () => game.combat)).toBe(other);
  return other;
}

describe("a Wuxia fight while the GM views another encounter", () => {
  it("spends the defender's Defense and reserve dice and gives the attacker's investments", async () => {
    const world = await wuxiaAttackFight();
    await gmViewsAnotherEncounter();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 1, reserve: 1 }, { faces: [3, 3] });
    expect([roundOf(world.banditC).defenseDice, reserveOf(world.combat).hostile]).toEqual([1, 0]);
    const { attackRequests } = await import("./attack");
    await as("player", () => attackRequests.invest(message as never, "defenseDice"));
    await as("player", () => attackRequests.invest(message as never, "groupReserve"));
    expect([roundOf(world.lin).defenseDice, reserveOf(world.combat).friendly]).toEqual([1, 1]);
  });

  it("finds the defender in the started fight even when the encounter the GM views also holds it", async () => {
    const world = await wuxiaAttackFight();
    const waiting = await createCombat([world.bandit], { start: false });
    await as("gm", async () => {
      (game.combats as unknown as { viewed: unknown }).viewed = waiting;
    });
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 2, reserve: 1 }, { faces: [3, 3] });
    expect([roundOf(world.banditC).defenseDice, reserveOf(world.combat).hostile]).toEqual([0, 0]);
  });

  it("stuns until the end of the next round of the fight, and marks the dead defeated", async () => {
    const world = await wuxiaAttackFight({ bandit: { wounds: { value: 40 } } });
    await gmViewsAnotherEncounter();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 }, { faces: [3, 3] });
    const { attackRequests } = await import("./attack");
    await as("player", () => attackRequests.invest(message as never, "estourbir"));
    await as("player", () => attackRequests.applyDamage(message as never));
    const stunned = must(world.bandit.effects.contents.find((e) => e.name.startsWith("Stun (Estourbir")));
    expect(stunned.getFlag(SYSTEM as never, "expiry" as never)).toEqual({ combatId: world.combat.id, afterRound: 2 });
    expect(world.banditC.defeated).toBe(true);
  });
});

describe("a Harmonies fight while the GM views another encounter", () => {
  it("ends a stun with the fight's next round", async () => {
    const world = await harmoniesFight();
    await as("gm", () =>
      world.goliath.createEmbeddedDocuments("Item", [
        { name: "Cuir", type: "harmoniesArmour", system: { armour: 2, equipped: true } },
      ] as never),
    );
    await gmViewsAnotherEncounter();
    // Cp 3 + Rs 3 + armour 2 − damage 0, closed: 1 − 10 = −9 → −1, stunned.
    await harmoniesHitAndSoak(world, [1, 10]);
    const stun = must(world.goliath.effects.contents.find((e) => e.statuses.has("stun")));
    expect(stun.getFlag(SYSTEM as never, "expiry" as never)).toEqual({ combatId: world.combat.id, afterRound: 2 });
  });

  it("marks a fatal wound's combatant defeated", async () => {
    const frail = {
      characteristics: { corps: { value: 0 }, agilite: { value: 2 } },
      means: { resistance: { value: 0 } },
    };
    const world = await harmoniesFight({ light: 4, grave: 2, critical: 1 }, frail);
    await gmViewsAnotherEncounter();
    await harmoniesHitAndSoak(world, [1, 10]);
    const goliath = must(world.combat.combatants.contents.find((c) => c.actorId === world.goliath.id));
    expect(goliath.defeated).toBe(true);
  });
});
