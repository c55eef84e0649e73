import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, type FoundryDouble } from "./install";
import {
  controlTokens,
  sceneRequests,
  viewScene,
  type CanvasDouble,
  type SceneDouble,
  type SceneTokenDouble,
} from "./scenes";

/** Pins the double's scenes, tokens and canvas, which placing and gathering a group's tokens rely on. */

type AnyObject = Record<string, unknown>;
interface ActorLike {
  id: string;
  name: string;
  statuses: Set<string>;
  prototypeToken: AnyObject;
  getTokenDocument(data?: AnyObject): Promise<SceneTokenDouble>;
  toggleStatusEffect(id: string, options?: AnyObject): Promise<unknown>;
}

let foundry: FoundryDouble;
const g = globalThis as unknown as {
  Scene: { create(data: AnyObject): Promise<SceneDouble> };
  Actor: { create(data: AnyObject): Promise<ActorLike> };
  canvas: CanvasDouble;
  game: { scenes: Map<string, SceneDouble>; user: unknown; users: { contents: unknown[] } };
};

function actAs(index: 0 | 1 | 2): void {
  g.game.user = g.game.users.contents[index];
}

let scene: SceneDouble;
let ogre: ActorLike;

beforeEach(async () => {
  foundry = installFoundry();
  scene = await g.Scene.create({ name: "Gué", width: 2000, height: 1000, padding: 0.25, grid: { size: 100 } });
  ogre = await g.Actor.create({ name: "Ogre", type: "base", prototypeToken: { width: 2, height: 2 } });
});

/** The first two of a list, which the test made. */
function pair<T>(list: T[]): [T, T] {
  const [a, b] = list;
  if (a === undefined || b === undefined) throw new Error("fewer than two");
  return [a, b];
}

async function ogreData(data: AnyObject = {}): Promise<AnyObject> {
  return (await ogre.getTokenDocument(data)).toObject();
}

describe("scenes", () => {
  it("a GM creates a scene, held in game.scenes; its dimensions put the image inside whole grid spaces of padding", async () => {
    expect(g.game.scenes.get(scene.id)).toBe(scene);
    expect(scene.grid.size).toBe(100);
    expect(scene.dimensions).toEqual({
      size: 100,
      sceneX: 500,
      sceneY: 300,
      sceneWidth: 2000,
      sceneHeight: 1000,
      width: 3000,
      height: 1600,
    });
  });

  it("a player may not create a scene", async () => {
    actAs(1);
    await expect(g.Scene.create({ name: "Mine" })).rejects.toThrow(/lacks permission to create Scene/);
  });
});

describe("Actor#getTokenDocument", () => {
  it("builds an unsaved token from the prototype token and the data given", async () => {
    const token = await ogre.getTokenDocument({ name: "Ogre 1", x: 300, y: 400, flags: { sys: { member: 0 } } });
    expect(token.toObject()).toMatchObject({
      name: "Ogre 1",
      actorId: ogre.id,
      actorLink: false,
      x: 300,
      y: 400,
      width: 2,
      height: 2,
      flags: { sys: { member: 0 } },
    });
    expect(token.parent).toBeNull();
    expect(scene.tokens.size).toBe(0);
  });

  it("takes the actor's name when the data gives none", async () => {
    expect((await ogreData()).name).toBe("Ogre");
  });
});

describe("tokens on a scene", () => {
  it("a GM creates tokens in one request; each takes a new id, its scene as parent, and fires createToken", async () => {
    const created: unknown[] = [];
    foundry.Hooks.on("createToken", (doc: unknown) => void created.push(doc));
    const data = [await ogreData({ x: 0 }), await ogreData({ x: 200 })];
    const tokens = await scene.createEmbeddedDocuments("Token", data);
    expect(tokens.map((t) => t.x)).toEqual([0, 200]);
    expect(tokens.map((t) => t.id)).not.toContain(data[0]?._id);
    expect(new Set(tokens.map((t) => t.id)).size).toBe(2);
    expect(tokens.every((t) => t.parent === scene && scene.tokens.get(t.id) === t)).toBe(true);
    expect(created).toEqual(tokens);
    expect(sceneRequests).toEqual([{ sceneId: scene.id, action: "create", count: 2, userId: "gmUser000000001" }]);
    expect(tokens[0]?.uuid).toBe(`Scene.${scene.id}.Token.${tokens[0]?.id}`);
  });

  it("keepId keeps the id the data gives", async () => {
    const data = await ogreData();
    const [token] = await scene.createEmbeddedDocuments("Token", [data], { keepId: true });
    expect(token?.id).toBe(data._id);
  });

  it.each([
    [1, "Player"],
    [2, "Second player"],
  ] as const)("a player (%s) may not create tokens by default: refused, nothing created", async (seat, name) => {
    const data = await ogreData();
    actAs(seat);
    await expect(scene.createEmbeddedDocuments("Token", [data])).rejects.toThrow(
      `User ${name} lacks permission to create Token`,
    );
    expect(scene.tokens.size).toBe(0);
  });

  it("a player granted Create New Tokens may create them", async () => {
    foundry.game.permissions["TOKEN_CREATE" as keyof typeof foundry.game.permissions]?.push(1);
    const data = await ogreData();
    actAs(1);
    await scene.createEmbeddedDocuments("Token", [data]);
    expect(scene.tokens.size).toBe(1);
  });

  it("a GM deletes tokens in one request; a player may not", async () => {
    const [a, b] = pair(await scene.createEmbeddedDocuments("Token", [await ogreData(), await ogreData()]));
    actAs(1);
    await expect(scene.deleteEmbeddedDocuments("Token", [a.id])).rejects.toThrow(/lacks permission to delete Token/);
    actAs(2);
    await expect(scene.deleteEmbeddedDocuments("Token", [a.id])).rejects.toThrow(/lacks permission to delete Token/);
    expect(scene.tokens.size).toBe(2);
    actAs(0);
    sceneRequests.length = 0;
    expect(await scene.deleteEmbeddedDocuments("Token", [a.id, b.id, "gone000000000000"])).toEqual([a.id, b.id]);
    expect(scene.tokens.size).toBe(0);
    expect(sceneRequests).toEqual([{ sceneId: scene.id, action: "delete", count: 3, userId: "gmUser000000001" }]);
  });

  it("only Tokens are embedded in a scene", async () => {
    await expect(scene.createEmbeddedDocuments("Tile", [{}])).rejects.toThrow(/only Tokens/);
  });

  it("an unlinked token has its own synthetic actor: a status on it is the token's, not the world actor's", async () => {
    const [token] = await scene.createEmbeddedDocuments("Token", [await ogreData()]);
    const synthetic = token?.actor as unknown as ActorLike;
    expect(synthetic).not.toBe(ogre);
    await synthetic.toggleStatusEffect("dead", { active: true, overlay: true });
    expect(synthetic.statuses.has("dead")).toBe(true);
    expect(ogre.statuses.has("dead")).toBe(false);
  });
});

describe("the canvas", () => {
  it("views no scene until one is viewed, then centres on the scene or a chosen point", () => {
    expect(g.canvas.scene).toBeNull();
    expect(g.canvas.ready).toBe(false);
    viewScene(scene);
    expect(g.canvas.scene).toBe(scene);
    expect(g.canvas.grid?.size).toBe(100);
    expect(g.canvas.stage.pivot).toEqual({ x: 1500, y: 800 });
    viewScene(scene, { x: 10, y: 20 });
    expect(g.canvas.stage.pivot).toEqual({ x: 10, y: 20 });
  });

  it("controlled tokens are placeables with their document; a deleted token is released", async () => {
    viewScene(scene);
    const [a, b] = pair(await scene.createEmbeddedDocuments("Token", [await ogreData(), await ogreData()]));
    controlTokens([a, b]);
    expect(g.canvas.tokens.controlled.map((t) => t.document)).toEqual([a, b]);
    expect(g.canvas.tokens.controlled[0]).toBe(a.object);
    expect(g.canvas.tokens.placeables).toHaveLength(2);
    await a.delete();
    expect(g.canvas.tokens.controlled.map((t) => t.document)).toEqual([b]);
  });
});
