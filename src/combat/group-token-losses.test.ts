// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { viewScene, type SceneDouble, type SceneTokenDouble } from "../../test/foundry/scenes";
import { arrowAtGroup, as, must, scriptFaces } from "../../test/support/combat";
import { createActor, createCombat, startWorld, wuxiaHero } from "../../test/support/world";
import type { GroupMemberData } from "../documents/actors/group";

/**
 * A group's tokens show its losses ([default] RULES 3.4): the cards hurt one member of the leading
 * sub-group at a time; when one goes out, a token of its sub-group is marked defeated (the token
 * hit, when it stands for that sub-group), and counted, so a skull the GM then puts on it, and the
 * gathering, count that member once. A routed group has every token marked.
 */

type AnyObject = Record<string, unknown>;
const g = globalThis as unknown as {
  Scene: { create(data: AnyObject): Promise<SceneDouble> };
  game: { system: { api: { placeGroupTokens(group: unknown, o: AnyObject): Promise<SceneTokenDouble[] | null> } } };
};

let scene: SceneDouble;

beforeEach(async () => {
  await startWorld();
  scene = await g.Scene.create({ name: "Le gué", grid: { size: 100 } });
  viewScene(scene);
});

/** Lin Mei's Arc long against three guards (death threshold 9 NB) and their sergeant, on the scene one token each. */
async function ambush(mode: "members" | "subgroups" = "members") {
  const lin = await wuxiaHero("Lin Mei");
  const band = await createActor(
    {
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [
          { label: "Sergent", count: 1, stats: { metal: 1, eau: 1, terre: 1, skill: 0 } },
          { label: "Garde", count: 3, stats: { metal: 1, eau: 1, terre: 1, skill: 0 } },
        ],
      },
    },
    { ownedByPlayer: false },
  );
  const tokens = must(await as("gm", () => g.game.system.api.placeGroupTokens(band, { mode })));
  scriptFaces([2, 2, 2, 2]);
  const combat = await createCombat([lin, band]);
  const arc = must(lin.items.find((i) => i.name === "Arc long"));
  return { lin, band, combat, arc, tokens };
}

/** One arrow at this token: 5 NB (ND 3 + two Critique), applied. */
function shoot(world: Awaited<ReturnType<typeof ambush>>, token: SceneTokenDouble) {
  return arrowAtGroup(world, token.actor as never);
}

const defeated = (token: SceneTokenDouble) =>
  (token.actor as unknown as { statuses: Set<string> }).statuses.has("dead");
const members = (group: Actor.Implementation) => (group.system as unknown as { members: GroupMemberData[] }).members;

describe("a group's tokens in a fight", () => {
  it("mark the token hit when its guard goes out, and the gathering counts that guard once, skull or not", async () => {
    const world = await ambush();
    const [, guard1, guard2] = world.tokens as [SceneTokenDouble, SceneTokenDouble, SceneTokenDouble];
    await shoot(world, guard2);
    expect(world.tokens.map(defeated)).toEqual([false, false, false, false]);
    await shoot(world, guard2);
    expect(members(world.band)[1]?.out).toBe(1);
    expect(world.tokens.map(defeated)).toEqual([false, false, true, false]);
    // The GM puts the skull on the token the card already counted: nothing more is lost.
    await as("gm", () =>
      (
        guard2.actor as unknown as { toggleStatusEffect(id: string, o: AnyObject): Promise<unknown> }
      ).toggleStatusEffect("dead", { active: true, overlay: true }),
    );
    const { gatherGroupTokens } = await import("../scene/group-tokens");
    const gathered = await as("gm", () => gatherGroupTokens(world.tokens));
    expect(gathered).toEqual([{ name: "Gardes", tokens: 4, out: 0 }]);
    expect(members(world.band).map((m) => m.out)).toEqual([0, 1]);
    expect(guard1).toBeDefined();
  });

  it("mark a token of the hurt member's sub-group when the token hit stands for another one", async () => {
    const world = await ambush();
    const [sergeant] = world.tokens as [SceneTokenDouble];
    // The guards are the leading sub-group: the arrows at the sergeant's token hurt a guard.
    await shoot(world, sergeant);
    await shoot(world, sergeant);
    expect(members(world.band).map((m) => m.out)).toEqual([0, 1]);
    expect(world.tokens.map(defeated)).toEqual([false, true, false, false]);
  });

  it("mark every token of a routed group, whose combatant is defeated", async () => {
    const world = await ambush();
    for (let i = 0; i < 8; i += 1) await shoot(world, must(world.tokens[1]));
    expect(members(world.band).map((m) => m.out)).toEqual([1, 3]);
    expect(world.tokens.map(defeated)).toEqual([true, true, true, true]);
    expect(world.combat.combatants.contents.find((c) => c.actorId === world.band.id)?.defeated).toBe(true);
    const { gatherGroupTokens } = await import("../scene/group-tokens");
    expect(await as("gm", () => gatherGroupTokens(world.tokens))).toEqual([{ name: "Gardes", tokens: 4, out: 0 }]);
  });

  it("count a member out on its sub-group's token without marking it while others it stands for fight on", async () => {
    const world = await ambush("subgroups");
    const [, guards] = world.tokens as [SceneTokenDouble, SceneTokenDouble];
    await shoot(world, guards);
    await shoot(world, guards);
    expect(world.tokens.map(defeated)).toEqual([false, false]);
    expect(guards.flags["wuxia-harmonies"]).toMatchObject({ member: 1, count: 3, countedOut: 1 });
    // The GM puts the skull on it: its two guards still standing go out, not three.
    await as("gm", () =>
      (
        guards.actor as unknown as { toggleStatusEffect(id: string, o: AnyObject): Promise<unknown> }
      ).toggleStatusEffect("dead", { active: true, overlay: true }),
    );
    const { gatherGroupTokens } = await import("../scene/group-tokens");
    expect(await as("gm", () => gatherGroupTokens(world.tokens))).toEqual([{ name: "Gardes", tokens: 2, out: 2 }]);
    expect(members(world.band).map((m) => m.out)).toEqual([0, 3]);
  });

  it("mark, when the group is routed, every token still standing, those of members the GM put out by hand too", async () => {
    const world = await ambush();
    // The GM counts the sergeant and two guards out on the sheet: their tokens are not marked.
    await as("gm", () =>
      world.band.update({
        system: {
          members: [
            { label: "Sergent", count: 1, out: 1, stats: { metal: 1, eau: 1, terre: 1, skill: 0 } },
            { label: "Garde", count: 3, out: 2, stats: { metal: 1, eau: 1, terre: 1, skill: 0 } },
          ],
        },
      } as never),
    );
    expect(world.tokens.map(defeated)).toEqual([false, false, false, false]);
    await shoot(world, must(world.tokens[3]));
    await shoot(world, must(world.tokens[3]));
    expect(world.tokens.map(defeated)).toEqual([true, true, true, true]);
    const skull = (token: SceneTokenDouble) =>
      (
        token.actor as unknown as { effects: { contents: { statuses: Set<string>; flags: AnyObject }[] } }
      ).effects.contents.find((e) => e.statuses.has("dead"));
    // The big skull over the token, as core's defeated toggle draws it.
    expect((skull(must(world.tokens[0]))?.flags.core as AnyObject | undefined)?.overlay).toBe(true);
  });

  it("mark the tokens on the scene of the group's combatant when the card names the group itself, and leave another group's alone", async () => {
    const world = await ambush();
    const others = await createActor(
      {
        name: "Brigands",
        type: "group",
        system: { ruleset: "wuxia", members: [{ label: "Brigand", count: 2, stats: { metal: 1, eau: 1 } }] },
      },
      { ownedByPlayer: false },
    );
    const theirs = must(await as("gm", () => g.game.system.api.placeGroupTokens(others, { mode: "members" })));
    const combatant = must(world.combat.combatants.contents.find((c) => c.actorId === world.band.id));
    await as("gm", () => combatant.update({ tokenId: world.tokens[0]?.id, sceneId: scene.id } as never));
    await arrowAtGroup(world, world.band);
    await arrowAtGroup(world, world.band);
    expect(members(world.band).map((m) => m.out)).toEqual([0, 1]);
    expect(world.tokens.map(defeated)).toEqual([false, true, false, false]);
    expect(theirs.map(defeated)).toEqual([false, false]);
  });
});
