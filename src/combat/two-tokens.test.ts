// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";

/** Two unlinked tokens of one NPC are two combatants: each attack reaches the token attacked. */
import { placeToken } from "../../test/foundry/combat";
import { as, roundOf, wuxiaAttackFight, wuxiaAttack, wuxiaDefend } from "../../test/support/combat";
import { startWorld } from "../../test/support/world";

beforeEach(async () => {
  await startWorld();
});

it("takes the Defense dice of the token attacked, not of another token of the same NPC", async () => {
  const world = await wuxiaAttackFight();
  const { combatRequests } = await import("./requests");
  const first = placeToken(world.bandit as never, { actorLink: false, name: "Bandit A" });
  const second = placeToken(world.bandit as never, { actorLink: false, name: "Bandit B" });
  await as("gm", () => world.banditC.delete());
  const [a, b] = (await as("gm", () =>
    world.combat.createEmbeddedDocuments("Combatant", [
      { actorId: world.bandit.id, tokenId: first.id },
      { actorId: world.bandit.id, tokenId: second.id },
    ] as never),
  )) as Combatant.Implementation[];
  await as("gm", () => combatRequests.adjustPool(world.combat, "defense", "up", b as never));
  const message = await wuxiaAttack(world, second.actor as never);
  await wuxiaDefend(message, { defenseDice: 1, reserve: 0 });
  expect([roundOf(a).defenseDice, roundOf(b).defenseDice]).toEqual([0, 0]);
});
