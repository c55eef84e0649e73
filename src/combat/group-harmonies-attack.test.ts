// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../../test/foundry/clients";
import { as, must, scriptFaces } from "../../test/support/combat";
import {
  createActor,
  createCombat,
  harmoniesHero,
  postedMessages,
  seatUser,
  startWorld,
  type PostedMessage,
} from "../../test/support/world";
import type { GroupMemberData } from "../documents/actors/group";

/**
 * David (the player's) slings at a band of two soldiers (the GM's Harmonies group: Ag +1, Mn +1,
 * Cp 0, Rs 0, group skill +2) at difficulty −4; one soldier parries and soaks for the band, and
 * the wound falls on that soldier ([default] RULES 3.4). Closed rolls.
 */

beforeEach(async () => {
  await startWorld();
});

async function band() {
  const david = await harmoniesHero("David");
  const soldiers = await createActor(
    {
      name: "Soldats",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Soldat", count: 2, stats: { agilite: 1, manoeuvre: 1, corps: 0, resistance: 0, skill: 2 } },
        ],
        action: { characteristic: "agilite", means: "manoeuvre" },
      },
    },
    { ownedByPlayer: false },
  );
  const combat = await createCombat([david, soldiers], { initiatives: [5, 3] });
  const sling = must(david.items.find((i) => i.name === "Lance-pierre"));
  return { david, soldiers, combat, sling };
}

type World = Awaited<ReturnType<typeof band>>;

/** The shot hits (5 − 6 at −4 with David's Ag + Pr: margin 0); the soldier's parry (+4) 2 − 9 fails; the soak's dice as given. */
async function shot(world: World, soakFaces: number[]): Promise<PostedMessage> {
  const { harmoniesAttackWith, harmoniesDefend, harmoniesSoak } = await import("./harmonies-attack");
  const { GROUP_SKILL_ID } = await import("./fighters/group");
  scriptFaces([5, 6]);
  await as("player", () =>
    harmoniesAttackWith(world.david, world.sling, world.soldiers, { dialog: false, values: { difficulty: -4 } }),
  );
  const message = must(postedMessages().at(-1));
  scriptFaces([2, 9]);
  await as("gm", () =>
    harmoniesDefend(message as never, { characteristic: "agilite", means: "manoeuvre", skillId: GROUP_SKILL_ID }),
  );
  scriptFaces(soakFaces);
  await as("gm", () => harmoniesSoak(message as never));
  return message;
}

const members = (group: Actor.Implementation) => (group.system as unknown as { members: GroupMemberData[] }).members;
const lines = async (message: PostedMessage) =>
  [
    ...(await asClient(seatUser("player"), () => message.renderHTML())).querySelectorAll(
      ".wh-attack__soak, .wh-attack__group, .wh-attack .wh-warning",
    ),
  ].map((el) => el.textContent);

describe("a Harmonies attack on a group", () => {
  it("is parried by one soldier at the same difficulty and wounds one soldier, out at the first grave wound", async () => {
    const world = await band();
    // Soak Cp 0 + Rs 0 − damage 0: 2 − 7 = −5, a light wound on one soldier.
    const first = await shot(world, [2, 7]);
    const parry = first.rolls[1] as unknown as { state: { actorName: string; difficulty: number }; total: number };
    expect(parry.state).toMatchObject({ actorName: "Soldats", difficulty: -4, skillName: "Group skill" });
    // Ag +1, Mn +1, the group's skill +2, difficulty −4, dice 2 − 9: −7.
    expect(parry.total).toBe(-7);
    expect(members(world.soldiers)[0]).toMatchObject({ out: 0, wounds: { light: 1, grave: 0 } });
    expect(await lines(first)).toEqual(["A light wound (soak −5)", "Soldat: one member hurt — 2 still fighting."]);

    // 1 − 9 = −8: a grave wound, and that soldier is out; the next one is unhurt.
    const second = await shot(world, [1, 9]);
    expect(members(world.soldiers)[0]).toMatchObject({ out: 1, wounds: { light: 0, grave: 0 } });
    expect(await lines(second)).toEqual([
      "A grave wound (soak −8)",
      "Soldat: one member out of the fight — 1 still fighting.",
    ]);

    await foundryWorldSetsOutAt("critical");
    const third = await shot(world, [1, 9]);
    expect(members(world.soldiers)[0]).toMatchObject({ out: 1, wounds: { grave: 1 } });
    expect(await lines(third)).toContain("Soldat: one member hurt — 1 still fighting.");
    await shot(world, [1, 10]);
    expect(members(world.soldiers)[0]).toMatchObject({ out: 1, wounds: { grave: 2 } });
    // A third grave wound finds the grave track full: it becomes critical, and the last soldier is out.
    const last = await shot(world, [1, 10]);
    expect(members(world.soldiers)[0]).toMatchObject({ out: 2 });
    expect(await lines(last)).toContain("Soldat: the last member is out — the group is defeated.");
    expect(world.combat.combatants.contents.find((c) => c.actorId === world.soldiers.id)?.defeated).toBe(true);
  });

  it("hurts no member when the soak absorbs the blow or only stuns, and says nothing of one", async () => {
    const world = await band();
    // 9 − 2 = +7: absorbed; then 5 − 8 = −3: stunned, which a member is not apart from its group.
    for (const faces of [
      [9, 2],
      [5, 8],
    ]) {
      const message = await shot(world, faces);
      expect((await lines(message)).filter((line) => line?.includes("still fighting"))).toEqual([]);
    }
    expect(members(world.soldiers)[0]).toMatchObject({ out: 0, wounds: { light: 0, grave: 0, critical: 0 } });
  });

  it("refuses a Wuxia group as the target of a Harmonies attack", async () => {
    const world = await band();
    const { harmoniesAttackWith } = await import("./harmonies-attack");
    const wuxiaBand = await createActor(
      { name: "Bande", type: "group", system: { ruleset: "wuxia", members: [{ label: "Brigand", count: 3 }] } },
      { ownedByPlayer: false },
    );
    await expect(
      as("player", () => harmoniesAttackWith(world.david, world.sling, wuxiaBand, { dialog: false })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotHarmonies" });
  });

  it("lets only the group's owner parry or soak for it", async () => {
    const world = await band();
    const { harmoniesAttackWith, harmoniesDefend } = await import("./harmonies-attack");
    scriptFaces([5, 6]);
    await as("player", () =>
      harmoniesAttackWith(world.david, world.sling, world.soldiers, { dialog: false, values: { difficulty: -4 } }),
    );
    const message = must(postedMessages().at(-1));
    for (const who of ["player", "stranger"] as const)
      await expect(as(who, () => harmoniesDefend(message as never, { take: true }))).rejects.toMatchObject({
        key: "WH.Roll.Error.NotOwner",
      });
    expect(message.rolls).toHaveLength(1);
  });
});

async function foundryWorldSetsOutAt(level: "grave" | "critical" | "fatal"): Promise<void> {
  const game = (
    globalThis as unknown as { game: { settings: { set(n: string, k: string, v: unknown): Promise<unknown> } } }
  ).game;
  await as("gm", () => game.settings.set("wuxia-harmonies", "groupMemberOutAt", level));
}
