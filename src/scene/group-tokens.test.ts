import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  controlTokens,
  sceneRequests,
  viewScene,
  type SceneDouble,
  type SceneTokenDouble,
} from "../../test/foundry/scenes";
import { actAs, createActor, guards, startWorld, wuxiaHero, type Seat } from "../../test/support/world";
import type * as GroupTokensModule from "./group-tokens";

/** A group's tokens on the scene, as the GM places and gathers them, and as the players cannot. */

type AnyObject = Record<string, unknown>;
interface GroupLike {
  id: string;
  name: string;
  system: { size: number; members: { label: string; count: number; out: number }[] };
}
interface ActorWithStatus {
  toggleStatusEffect(id: string, options?: AnyObject): Promise<unknown>;
}

const g = globalThis as unknown as {
  Scene: { create(data: AnyObject): Promise<SceneDouble> };
  game: {
    user: { id: string };
    actors: { get(id: string): GroupLike | undefined };
    system: {
      api: {
        placeGroupTokens(group: unknown, options: AnyObject): Promise<SceneTokenDouble[] | null>;
        gatherGroupTokens(tokens?: unknown[]): Promise<AnyObject[] | null>;
      };
    };
  };
};

let foundry: FoundryDouble;
let tokens: typeof GroupTokensModule;
let scene: SceneDouble;

beforeEach(async () => {
  foundry = await startWorld();
  tokens = await import("./group-tokens");
  scene = await g.Scene.create({ name: "Le gué", width: 2000, height: 1000, padding: 0.25, grid: { size: 100 } });
  viewScene(scene, { x: 1000, y: 800 });
});

/** Gardes: 4 sergeants (1 out), 25 guards. */
function band(name = "Gardes"): Promise<GroupLike> {
  return createActor(
    {
      name,
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Sergent", count: 4, out: 1, stats: { agilite: 2 } },
          { label: "Garde", count: 25, stats: { agilite: 1 } },
        ],
      },
    },
    { ownedByPlayer: false },
  ) as unknown as Promise<GroupLike>;
}

function flagOf(token: SceneTokenDouble): unknown {
  return token.flags["wuxia-harmonies"];
}

function warnings(): string[] {
  return foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message);
}

async function place(group: GroupLike, options: AnyObject): Promise<SceneTokenDouble[]> {
  const placed = (await tokens.placeGroupTokens(group, options as never)) as SceneTokenDouble[] | null;
  if (!placed) throw new Error(`nothing placed: ${warnings().join(" / ")}`);
  return placed;
}

async function defeat(token: SceneTokenDouble): Promise<void> {
  await (token.actor as unknown as ActorWithStatus).toggleStatusEffect("dead", { active: true, overlay: true });
}

describe("placing a group's tokens", () => {
  it.each([13, 14] as const)(
    "one token per member still fighting, named after its sub-group, unlinked, in one request (v%s)",
    async (generation) => {
      foundry = await startWorld({ generation });
      tokens = await import("./group-tokens");
      scene = await g.Scene.create({ name: "Le gué", grid: { size: 100 } });
      viewScene(scene);
      const group = await band();
      sceneRequests.length = 0;
      const placed = await place(group, { mode: "members" });
      expect(placed.map((t) => t.name)).toEqual([
        "Sergent 1",
        "Sergent 2",
        "Sergent 3",
        ...Array.from({ length: 25 }, (_, i) => `Garde ${i + 1}`),
      ]);
      expect(scene.tokens.size).toBe(28);
      expect(sceneRequests).toEqual([{ sceneId: scene.id, action: "create", count: 28, userId: g.game.user.id }]);
      expect(placed.every((t) => t.actorId === group.id && !t.actorLink)).toBe(true);
      expect(flagOf(placed[0] as SceneTokenDouble)).toEqual({ member: 0, count: 1, countedOut: 0 });
      expect(flagOf(placed[27] as SceneTokenDouble)).toEqual({ member: 1, count: 1, countedOut: 0 });
    },
  );

  it("one token per sub-group with someone still fighting, named with how many it stands for", async () => {
    const group = await band();
    const placed = await place(group, { mode: "subgroups" });
    expect(placed.map((t) => t.name)).toEqual(["Sergent ×3", "Garde ×25"]);
    expect(placed.map(flagOf)).toEqual([
      { member: 0, count: 3, countedOut: 0 },
      { member: 1, count: 25, countedOut: 0 },
    ]);
  });

  it("leaves out a sub-group with nobody fighting, and names an unlabelled one after the group", async () => {
    const group = (await createActor(
      {
        name: "Pillards",
        type: "group",
        system: {
          members: [
            { label: "Chef", count: 1, out: 1 },
            { label: " ", count: 2 },
          ],
        },
      },
      { ownedByPlayer: false },
    )) as unknown as GroupLike;
    expect((await place(group, { mode: "members" })).map((t) => t.name)).toEqual(["Pillards 1", "Pillards 2"]);
    expect((await place(group, { mode: "subgroups" })).map((t) => t.name)).toEqual(["Pillards ×2"]);
  });

  it("lays the tokens out in a compact block on the grid, centred on the view", async () => {
    const group = await guards(5);
    const placed = await place(group as unknown as GroupLike, { mode: "members" });
    // 5 tokens: 3 columns, 2 rows of 100 px around (1000, 800): the block starts at (850 → 900, 700).
    expect(placed.map((t) => [t.x, t.y])).toEqual([
      [900, 700],
      [1000, 700],
      [1100, 700],
      [900, 800],
      [1000, 800],
    ]);
  });

  it("lays them around a given point, token size taken from the prototype token", async () => {
    const group = (await createActor(
      {
        name: "Ogres",
        type: "group",
        prototypeToken: { width: 2, height: 2 },
        system: { members: [{ label: "Ogre", count: 4 }] },
      },
      { ownedByPlayer: false },
    )) as unknown as GroupLike;
    const placed = await place(group, { mode: "members", x: 2000, y: 2000 });
    expect(placed.map((t) => [t.x, t.y])).toEqual([
      [1800, 1800],
      [2000, 1800],
      [1800, 2000],
      [2000, 2000],
    ]);
  });

  it("places on another scene, around its centre, when one is given", async () => {
    const other = await g.Scene.create({ name: "Forêt", width: 1000, height: 1000, padding: 0, grid: { size: 50 } });
    const group = await guards(1);
    const [token] = await place(group as unknown as GroupLike, { mode: "members", scene: other });
    expect(token?.parent).toBe(other);
    // Centred on (500, 500): the corner (475, 475) snaps, half up, to the grid.
    expect([token?.x, token?.y]).toEqual([500, 500]);
    expect(scene.tokens.size).toBe(0);
  });

  it("places around the scene's centre when the view shows another scene", async () => {
    const other = await g.Scene.create({ name: "Forêt", width: 1000, height: 600, padding: 0, grid: { size: 100 } });
    const group = await guards(1);
    const [token] = await place(group as unknown as GroupLike, { mode: "members", scene: other });
    expect([token?.x, token?.y]).toEqual([500, 300]);
  });

  it("refuses one token per member above 100 members, suggesting one per sub-group; nothing is placed", async () => {
    const group = await guards(101);
    expect(await tokens.placeGroupTokens(group, { mode: "members" })).toBeNull();
    expect(warnings()).toEqual([
      "101 members are too many for one token each (at most 100): place one token per sub-group.",
    ]);
    expect(scene.tokens.size).toBe(0);
    expect((await place(group as unknown as GroupLike, { mode: "subgroups" })).map((t) => t.name)).toEqual([
      "Garde ×101",
    ]);
  });

  it("places one token per sub-group up to 100, and refuses more as it refuses 101 members", async () => {
    const band = (n: number) =>
      createActor(
        {
          name: "Brigands",
          type: "group",
          system: { members: Array.from({ length: n }, (_, i) => ({ label: `Bandit ${i + 1}`, count: 1 })) },
        },
        { ownedByPlayer: false },
      );
    expect(await place((await band(100)) as unknown as GroupLike, { mode: "subgroups" })).toHaveLength(100);
    expect(await tokens.placeGroupTokens(await band(101), { mode: "subgroups" })).toBeNull();
    expect(warnings()).toEqual(["101 sub-groups are too many for one token each (at most 100)."]);
    expect(scene.tokens.size).toBe(100);
  });

  it("places 100 members one token each", async () => {
    expect(await place((await guards(100)) as unknown as GroupLike, { mode: "members" })).toHaveLength(100);
  });

  it("refuses with the reason: no scene viewed, nobody fighting, not a group, an unknown mode", async () => {
    const hero = await wuxiaHero();
    const routed = await guards(2);
    await routed.update({ "system.members": [{ label: "Garde", count: 2, out: 2 }] } as never);
    expect(await tokens.placeGroupTokens(hero, { mode: "members" })).toBeNull();
    expect(await tokens.placeGroupTokens(routed, { mode: "subgroups" })).toBeNull();
    expect(await tokens.placeGroupTokens(await guards(2), { mode: "all" as never })).toBeNull();
    viewScene(null);
    expect(await tokens.placeGroupTokens(await guards(2), { mode: "members" })).toBeNull();
    expect(warnings()).toEqual([
      "This is not a group of NPCs.",
      "Nobody in Gardes is still fighting: no token to place.",
      "Choose one token per member or one per sub-group.",
      "No scene is viewed: open a scene to place the tokens on.",
    ]);
    expect(scene.tokens.size).toBe(0);
  });

  it.each(["player", "stranger"] as const)("refuses the %s: told only a GM places them, nothing sent", async (seat) => {
    const group = await guards(3);
    sceneRequests.length = 0;
    actAs(seat as Seat);
    expect(await tokens.placeGroupTokens(group, { mode: "members" })).toBeNull();
    expect(await g.game.system.api.placeGroupTokens(group, { mode: "subgroups" })).toBeNull();
    expect(warnings()).toEqual([
      "Only a GM places and gathers a group's tokens.",
      "Only a GM places and gathers a group's tokens.",
    ]);
    expect(sceneRequests).toEqual([]);
    expect(scene.tokens.size).toBe(0);
  });

  it("game.system.api.placeGroupTokens finds the group by name or id", async () => {
    const group = await band();
    expect(await g.game.system.api.placeGroupTokens("Gardes", { mode: "subgroups" })).toHaveLength(2);
    expect(await g.game.system.api.placeGroupTokens(group.id, { mode: "subgroups" })).toHaveLength(2);
    expect(scene.tokens.size).toBe(4);
  });

  it("names a sub-group's token the French way in a French world", async () => {
    foundry = await startWorld({ lang: "fr" });
    tokens = await import("./group-tokens");
    scene = await g.Scene.create({ name: "Le gué" });
    viewScene(scene);
    expect((await place((await guards(7)) as unknown as GroupLike, { mode: "subgroups" })).map((t) => t.name)).toEqual([
      "Garde ×7",
    ]);
    expect(await tokens.placeGroupTokens(await guards(200), { mode: "members" })).toBeNull();
    expect(warnings()).toEqual([
      "200 membres, c'est trop pour un jeton chacun (au plus 100) : placez un jeton par sous-groupe.",
    ]);
  });
});

describe("the counts the dialog shows", () => {
  it("members still fighting and sub-groups with one", async () => {
    expect(tokens.placeCounts((await band()) as never)).toEqual({ members: 28, subgroups: 2 });
  });

  it("leaves out a sub-group whose members are all out", async () => {
    const group = await createActor(
      {
        name: "Restes",
        type: "group",
        system: {
          ruleset: "harmonies",
          members: [
            { label: "Morts", count: 3, out: 3 },
            { label: "Vivants", count: 2, out: 0 },
          ],
        },
      },
      { ownedByPlayer: false },
    );
    expect(tokens.placeCounts(group as never)).toEqual({ members: 2, subgroups: 1 });
  });
});

describe("the block layout", () => {
  it("is as square as the count allows, row by row, its corner on the grid", () => {
    const cell = { width: 100, height: 100 };
    expect(tokens.blockLayout(1, { x: 540, y: 560 }, cell, 100)).toEqual([{ x: 500, y: 500 }]);
    expect(tokens.blockLayout(4, { x: 0, y: 0 }, cell, 100)).toEqual([
      { x: -100, y: -100 },
      { x: 0, y: -100 },
      { x: -100, y: 0 },
      { x: 0, y: 0 },
    ]);
    const ten = tokens.blockLayout(10, { x: 0, y: 0 }, cell, 100);
    expect(new Set(ten.map((p) => p.x)).size).toBe(4);
    expect(new Set(ten.map((p) => p.y)).size).toBe(3);
  });
});

describe("gathering tokens into their group", () => {
  it("removes the selected tokens in one request, leaves one token where the first stood, counts the defeated out", async () => {
    const group = await band();
    const placed = await place(group, { mode: "members" });
    const [sergeant, , , firstGuard, secondGuard] = placed as SceneTokenDouble[];
    await defeat(sergeant as SceneTokenDouble);
    await defeat(firstGuard as SceneTokenDouble);
    await defeat(secondGuard as SceneTokenDouble);
    controlTokens(placed);
    sceneRequests.length = 0;
    const gathered = await tokens.gatherGroupTokens();
    expect(gathered).toEqual([{ name: "Gardes", tokens: 28, out: 3 }]);
    expect(warnings()).toEqual([]);
    expect(g.game.actors.get(group.id)?.system.members.map((m) => m.out)).toEqual([2, 2]);
    expect(sceneRequests.map((r) => [r.action, r.count])).toEqual([
      ["delete", 28],
      ["create", 1],
    ]);
    const [left] = scene.tokens.contents;
    expect(scene.tokens.size).toBe(1);
    expect(left).toMatchObject({ name: "Gardes", actorId: group.id, x: sergeant?.x, y: sergeant?.y, actorLink: false });
    expect(left?.flags["wuxia-harmonies"]).toBeUndefined();
    expect(foundry.notifications.at(-1)).toEqual({
      level: "info",
      message: "Gardes: 28 tokens gathered into the group, 3 members out of the fight.",
    });
  });

  it("writes the group once, and not at all when no token is defeated", async () => {
    const group = await band();
    const placed = await place(group, { mode: "members" });
    await defeat(placed[0] as SceneTokenDouble);
    await defeat(placed[5] as SceneTokenDouble);
    const updates: unknown[] = [];
    foundry.Hooks.on("updateActor", (actor: unknown) => void updates.push(actor));
    await tokens.gatherGroupTokens(placed);
    expect(updates).toHaveLength(1);
    const again = await place(g.game.actors.get(group.id) as GroupLike, { mode: "subgroups" });
    await tokens.gatherGroupTokens(again);
    expect(updates).toHaveLength(1);
  });

  it("removes the tokens before it writes the losses: a removal refused writes none, and gathering again counts each dead once", async () => {
    const group = await band();
    const placed = await place(group, { mode: "members" });
    await defeat(placed[0] as SceneTokenDouble);
    await defeat(placed[5] as SceneTokenDouble);
    const refusal = vi
      .spyOn(scene as unknown as { deleteEmbeddedDocuments(): Promise<unknown> }, "deleteEmbeddedDocuments")
      .mockRejectedValueOnce(new Error("the server refused"));
    await expect(tokens.gatherGroupTokens(placed)).rejects.toThrow("the server refused");
    // The sergeant already out before the fight stays the only one.
    expect(g.game.actors.get(group.id)?.system.members.map((m) => m.out)).toEqual([1, 0]);
    expect(scene.tokens.size).toBe(placed.length);
    refusal.mockRestore();
    expect(await tokens.gatherGroupTokens(placed)).toEqual([{ name: "Gardes", tokens: 28, out: 2 }]);
    expect(g.game.actors.get(group.id)?.system.members.map((m) => m.out)).toEqual([2, 1]);
  });

  it("a defeated sub-group token puts its whole sub-group out, never more than it has", async () => {
    const group = await band();
    const [sergeants, guardsToken] = await place(group, { mode: "subgroups" });
    await defeat(guardsToken as SceneTokenDouble);
    expect(await tokens.gatherGroupTokens([sergeants, guardsToken])).toEqual([{ name: "Gardes", tokens: 2, out: 25 }]);
    expect(g.game.actors.get(group.id)?.system.members.map((m) => m.out)).toEqual([1, 25]);
    expect(g.game.actors.get(group.id)?.system.size).toBe(3);
  });

  it("reports only the members newly put out when some were already out", async () => {
    const group = await band();
    const [, guardsToken] = await place(group, { mode: "subgroups" });
    await (group as unknown as Actor.Implementation).update({
      "system.members": [
        { label: "Sergent", count: 4, out: 1 },
        { label: "Garde", count: 25, out: 3 },
      ],
    } as never);
    await defeat(guardsToken as SceneTokenDouble);
    expect(await tokens.gatherGroupTokens([guardsToken])).toEqual([{ name: "Gardes", tokens: 1, out: 22 }]);
    expect(g.game.actors.get(group.id)?.system.members.map((m) => m.out)).toEqual([1, 25]);
  });

  it("takes Token placeables or their documents", async () => {
    const placed = await place(await band(), { mode: "subgroups" });
    await tokens.gatherGroupTokens(placed.map((t) => t.object));
    expect(scene.tokens.contents.map((t) => t.name)).toEqual(["Gardes"]);
  });

  it("gathers two groups group by group, and leaves a token of no group alone with a warning", async () => {
    const gardes = await band();
    const archers = (await guards(3, "Archers")) as unknown as GroupLike;
    const hero = await wuxiaHero();
    const a = await place(gardes, { mode: "subgroups", x: 500, y: 500 });
    const b = await place(archers, { mode: "members", x: 1500, y: 500 });
    const tokenOf = async (actor: unknown) =>
      (
        (await (actor as { getTokenDocument(d: AnyObject): Promise<SceneTokenDouble> }).getTokenDocument({
          x: 0,
        })) as SceneTokenDouble
      ).toObject();
    const zhao = await wuxiaHero("Zhao");
    const [heroToken, zhaoToken] = await scene.createEmbeddedDocuments("Token", [
      await tokenOf(hero),
      await tokenOf(zhao),
    ]);
    await defeat(b[1] as SceneTokenDouble);
    controlTokens([...b, heroToken as SceneTokenDouble, ...a, zhaoToken as SceneTokenDouble]);
    sceneRequests.length = 0;
    expect(await tokens.gatherGroupTokens()).toEqual([
      { name: "Archers", tokens: 3, out: 1 },
      { name: "Gardes", tokens: 2, out: 0 },
    ]);
    expect(sceneRequests.map((r) => [r.action, r.count])).toEqual([
      ["delete", 5],
      ["create", 2],
    ]);
    expect(scene.tokens.contents.map((t) => [t.name, t.x, t.y])).toEqual([
      [hero.name, 0, heroToken?.y],
      ["Zhao", 0, zhaoToken?.y],
      ["Archers", b[0]?.x, b[0]?.y],
      ["Gardes", a[0]?.x, a[0]?.y],
    ]);
    expect(warnings()).toEqual([`Not from a group, left on the scene: ${hero.name}, Zhao.`]);
    expect(g.game.actors.get(archers.id)?.system.members.map((m) => m.out)).toEqual([1]);
  });

  it("removes tokens from each scene in one request per scene", async () => {
    const other = await g.Scene.create({ name: "Forêt" });
    const group = await band();
    const here = await place(group, { mode: "subgroups" });
    const there = await place(group, { mode: "subgroups", scene: other });
    sceneRequests.length = 0;
    await tokens.gatherGroupTokens([...here, ...there]);
    // Every removal first, then the losses, then the token left.
    expect(sceneRequests.map((r) => [r.sceneId, r.action, r.count])).toEqual([
      [scene.id, "delete", 2],
      [other.id, "delete", 2],
      [scene.id, "create", 1],
    ]);
    expect(other.tokens.size).toBe(0);
    expect(scene.tokens.size).toBe(1);
  });

  it("keeps the left token hidden when the first one was", async () => {
    const placed = await place(await band(), { mode: "subgroups" });
    await placed[0]?.update({ hidden: true });
    await tokens.gatherGroupTokens(placed);
    expect(scene.tokens.contents[0]?.hidden).toBe(true);
  });

  it("says so when nothing is selected, or nothing selected is a group's", async () => {
    expect(await tokens.gatherGroupTokens()).toBeNull();
    const hero = await wuxiaHero();
    const [heroToken] = await scene.createEmbeddedDocuments("Token", [
      (
        (await (hero as unknown as { getTokenDocument(d: AnyObject): Promise<SceneTokenDouble> }).getTokenDocument(
          {},
        )) as SceneTokenDouble
      ).toObject(),
    ]);
    controlTokens([heroToken as SceneTokenDouble]);
    sceneRequests.length = 0;
    expect(await tokens.gatherGroupTokens()).toBeNull();
    expect(warnings()).toEqual([
      "Select the tokens to gather first.",
      `Not from a group, left on the scene: ${hero.name}.`,
    ]);
    expect(sceneRequests).toEqual([]);
    expect(scene.tokens.size).toBe(1);
  });

  it.each(["player", "stranger"] as const)("refuses the %s: nothing removed, the group unchanged", async (seat) => {
    const group = await band();
    const placed = await place(group, { mode: "members" });
    await defeat(placed[0] as SceneTokenDouble);
    controlTokens(placed);
    sceneRequests.length = 0;
    actAs(seat);
    expect(await tokens.gatherGroupTokens()).toBeNull();
    expect(await g.game.system.api.gatherGroupTokens(placed)).toBeNull();
    expect(warnings()).toEqual([
      "Only a GM places and gathers a group's tokens.",
      "Only a GM places and gathers a group's tokens.",
    ]);
    expect(sceneRequests).toEqual([]);
    expect(scene.tokens.size).toBe(28);
    expect(g.game.actors.get(group.id)?.system.members.map((m) => m.out)).toEqual([1, 0]);
  });

  it("game.system.api.gatherGroupTokens gathers the selection", async () => {
    const placed = await place(await band(), { mode: "subgroups" });
    controlTokens(placed);
    expect(await g.game.system.api.gatherGroupTokens()).toEqual([{ name: "Gardes", tokens: 2, out: 0 }]);
  });
});

describe("edge cases of placing and gathering", () => {
  it("places unlinked tokens even when the group's prototype token is linked", async () => {
    const group = (await createActor(
      {
        name: "Liés",
        type: "group",
        prototypeToken: { actorLink: true },
        system: { members: [{ label: "Lié", count: 2 }] },
      },
      { ownedByPlayer: false },
    )) as unknown as GroupLike;
    const placed = await place(group, { mode: "members" });
    expect(placed.map((t) => t.actorLink)).toEqual([false, false]);
  });

  it("treats a token not on a scene as no group's", async () => {
    const group = (await band()) as unknown as { getTokenDocument(d: AnyObject): Promise<SceneTokenDouble> };
    const unsaved = await group.getTokenDocument({
      name: "Garde 1",
      flags: { "wuxia-harmonies": { member: 1, count: 1 } },
    });
    expect(await tokens.gatherGroupTokens([unsaved])).toBeNull();
    expect(warnings()).toEqual(["Not from a group, left on the scene: Garde 1."]);
  });

  it("never lowers the members a GM already counted out", async () => {
    const group = await guards(3);
    const placed = await place(group as unknown as GroupLike, { mode: "members" });
    await group.update({ "system.members": [{ label: "Garde", count: 3, out: 5 }] } as never);
    await defeat(placed[0] as SceneTokenDouble);
    expect(await tokens.gatherGroupTokens(placed)).toEqual([{ name: "Gardes", tokens: 3, out: 0 }]);
    expect(g.game.actors.get(group.id ?? "")?.system.members.map((m) => m.out)).toEqual([5]);
  });
});
