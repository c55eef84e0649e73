// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { as, roundOf, wuxiaAttack, wuxiaAttackFight, wuxiaDefend } from "../../test/support/combat";
import { carryOutAs, startWorld, strangerId } from "../../test/support/world";

/**
 * Seeing is not owning: a second player who observes the heroes and the GM's NPC (ownership
 * level 2, as a table that shares sheets sets it) is refused every combat step that acts for
 * them, and nothing changes.
 */

beforeEach(async () => {
  await startWorld();
});

const OBSERVER = 2;

async function observedFight() {
  const world = await wuxiaAttackFight();
  for (const actor of [world.linMei, world.bandit])
    await as("gm", () => actor.update({ ownership: { [strangerId()]: OBSERVER } } as never));
  return world;
}

describe("a player who observes the fighters", () => {
  it("cannot defend, invest, apply damage, spend a Defense die or split Initiative for them", async () => {
    const world = await observedFight();
    const message = await wuxiaAttack(world);
    const dice = roundOf(world.banditC).defenseDice;
    await expect(wuxiaDefend(message, { defenseDice: 1, reserve: 0 }, { who: "stranger" })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
      data: { name: "Bandit" },
    });
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 }, { faces: [3, 3] });
    const refusals = [
      carryOutAs("stranger", "wuxiaInvest", { messageId: message.id, investment: "defenseDice" }),
      carryOutAs("stranger", "wuxiaApplyDamage", { messageId: message.id }),
      carryOutAs("stranger", "combatSpendDefenseDie", {
        combatId: world.combat.id,
        combatantId: world.banditC.id,
        seen: dice,
      }),
      carryOutAs("stranger", "combatSpendInitiative", {
        combatId: world.combat.id,
        combatantId: world.lin.id,
        initiative: 0,
        actions: 0,
        defense: 0,
      }),
      carryOutAs("stranger", "combatRollInitiative", { combatId: world.combat.id, combatantId: world.lin.id }),
      carryOutAs("stranger", "buyLevel", { uuid: world.linMei.uuid, key: "metal" }),
    ];
    for (const refusal of refusals)
      await expect(refusal).rejects.toMatchObject({ key: expect.stringMatching(/NotOwner$/) });
    const wounds = (world.bandit.system as unknown as { wounds: { value: number } }).wounds.value;
    expect([wounds, roundOf(world.banditC).defenseDice, roundOf(world.lin).defenseDice]).toEqual([0, dice, 0]);
  });
});
