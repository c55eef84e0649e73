// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../../test/foundry/clients";
import { placeToken } from "../../test/foundry/combat";
import { arrowAtGroup, as, must, scriptFaces } from "../../test/support/combat";
import { createActor, createCombat, postedMessages, seatUser, startWorld, wuxiaHero } from "../../test/support/world";
import type { GroupMemberData } from "../documents/actors/group";

/**
 * Lin Mei (the player's) shoots her Arc long (ND 3) at a band of two guards (the GM's group:
 * Métal 1, Eau 1, Terre 1 — a death threshold of 9 NB). Damage falls on one guard at a time
 * ([default] RULES 3.4).
 */

beforeEach(async () => {
  await startWorld();
});

async function band() {
  const lin = await wuxiaHero("Lin Mei");
  const guards = await createActor(
    {
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [{ label: "Garde", count: 2, stats: { metal: 1, eau: 1, terre: 1, skill: 0 } }],
      },
    },
    { ownedByPlayer: false },
  );
  scriptFaces([2, 2, 2, 2]);
  const combat = await createCombat([lin, guards]);
  const arc = must(lin.items.find((i) => i.name === "Arc long"));
  return { lin, guards, combat, arc };
}

/** One arrow at the band (or one of its tokens): 5 NB on one guard. */
function shoot(world: Awaited<ReturnType<typeof band>>, target: Actor.Implementation = world.guards) {
  return arrowAtGroup(world, target);
}

const members = (group: Actor.Implementation) => (group.system as unknown as { members: GroupMemberData[] }).members;

describe("a Wuxia attack on a group", () => {
  it("offers no Estourbir or Intimidation against it, a group having no Terre or Panic of its own; forged, they are refused", async () => {
    const world = await band();
    const { attackWith, defendAgainst, attackRequests } = await import("./attack");
    scriptFaces([10, 10, 10, 10, 10]);
    await as("player", () => attackWith(world.lin, world.arc, world.guards, { dialog: false }));
    const message = must(postedMessages().at(-1));
    scriptFaces([3]);
    await as("gm", () => defendAgainst(message as never, { defenseDice: 0, reserve: 0 }));
    const html = await asClient(seatUser("player"), () => message.renderHTML());
    const offered = [...html.querySelectorAll<HTMLElement>(".wh-attack__investments [data-wh-attack]")].map(
      (b) => b.dataset.whAttack,
    );
    // Lin Mei fights alone on her side: no reserve die either.
    expect(offered).toEqual(["invest-defenseDice", "invest-critique", "invest-precise"]);
    for (const investment of ["estourbir", "intimidation"] as const)
      await expect(as("player", () => attackRequests.invest(message as never, investment))).rejects.toMatchObject({
        key: "WH.Combat.Error.NotOnGroup",
      });
  });

  it("is defended by one guard's Terre test and hurts one guard at a time until the band is defeated", async () => {
    const world = await band();
    const first = await shoot(world);
    const defence = first.rolls[1] as unknown as { state: { actorName: string; attribute: string; threshold: number } };
    expect(defence.state).toMatchObject({ actorName: "Gardes", attribute: "terre", threshold: 10 });
    expect(members(world.guards)[0]).toMatchObject({ out: 0, wounds: { nb: 5 } });
    const line = async (message: typeof first) =>
      (await asClient(seatUser("player"), () => message.renderHTML())).querySelector(".wh-attack__group, .wh-warning")
        ?.textContent;
    expect(await line(first)).toBe("Garde: one member hurt — 2 still fighting.");

    const second = await shoot(world);
    // 5 + 5 NB reaches the threshold of 9: that guard is out, the next one is unhurt.
    expect(members(world.guards)[0]).toMatchObject({ out: 1, wounds: { nb: 0 } });
    expect((world.guards.system as unknown as { size: number }).size).toBe(1);
    expect(await line(second)).toBe("Garde: one member out of the fight — 1 still fighting.");
    expect(world.combat.combatants.contents.find((c) => c.actorId === world.guards.id)?.defeated).toBe(false);

    await shoot(world);
    const last = await shoot(world);
    expect(members(world.guards)[0]).toMatchObject({ out: 2 });
    expect(await line(last)).toBe("Garde: the last member is out — the group is defeated.");
    expect(world.combat.combatants.contents.find((c) => c.actorId === world.guards.id)?.defeated).toBe(true);
    const { attackWith } = await import("./attack");
    await expect(
      as("player", () => attackWith(world.lin, world.arc, world.guards, { dialog: false })),
    ).rejects.toMatchObject({
      key: "WH.Combat.Error.NotWuxia",
    });
  });

  it("hurts the world's group when one of its unlinked tokens is the target, so every token and the sheet agree", async () => {
    const world = await band();
    const token = placeToken(world.guards as never, { actorLink: false });
    const synthetic = token.actor as unknown as Actor.Implementation;
    expect((synthetic as unknown as { isToken: boolean }).isToken).toBe(true);
    await shoot(world, synthetic);
    expect(members(world.guards)[0]).toMatchObject({ out: 0, wounds: { nb: 5 } });
  });

  it("lets only the group's owner defend it: a player who does not own it is refused, nothing joins the card", async () => {
    const world = await band();
    const { attackWith, defendAgainst } = await import("./attack");
    scriptFaces([8, 8, 9, 10, 7]);
    await as("player", () => attackWith(world.lin, world.arc, world.guards, { dialog: false }));
    const message = must(postedMessages().at(-1));
    for (const who of ["player", "stranger"] as const)
      await expect(
        as(who, () => defendAgainst(message as never, { defenseDice: 0, reserve: 0 })),
      ).rejects.toMatchObject({
        key: "WH.Roll.Error.NotOwner",
      });
    expect(message.rolls).toHaveLength(1);
    expect(members(world.guards)[0]).toMatchObject({ out: 0, wounds: { nb: 0 } });
  });
});
