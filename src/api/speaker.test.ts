// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { placeSyntheticActor } from "../../test/foundry/world";
import {
  actAs,
  createActor,
  currentUser,
  destinyOf,
  facesRandom,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import type { SystemApi } from "./index";

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const g = globalThis as unknown as { canvas?: unknown };

interface Rolled {
  rolls: {
    state: {
      actorUuid: string;
      actorName: string;
      itemUuid: string | null;
      skillName: string | null;
      destinyDice: number;
    };
  }[];
}

/** The canvas a user sees, with the tokens they control (Foundry's `canvas.tokens.controlled`). */
function controlling(...actors: Actor.Implementation[]): void {
  g.canvas = { tokens: { controlled: actors.map((actor) => ({ actor })) } };
}

/**
 * The actor of an unlinked token: a synthetic actor built from the world actor's data, embedded
 * in its token (its UUID runs through the scene and the token), not in `game.actors`. Its
 * ownership is the world actor's, which the token reports (BaseToken#getUserLevel, v13 API).
 */
function unlinkedTokenActor(base: Actor.Implementation): Actor.Implementation {
  const token = {
    uuid: "Scene.scene0000000001.Token.token0000000001",
    actorLink: false,
    testUserPermission: (user: User.Implementation, level: "OWNER") => base.testUserPermission(user, level),
    // A TokenDocument is a client document: its actor's updates redraw what shows it.
    render: () => undefined,
  };
  const ActorClass = foundry.CONFIG.Actor.documentClass as unknown as new (
    data: object,
    options: { parent: unknown },
  ) => Actor.Implementation & { prepareData(): void };
  const synthetic = new ActorClass(base.toObject(), { parent: token });
  synthetic.prepareData();
  placeSyntheticActor(synthetic as never);
  return synthetic;
}

async function worldItem(data: Record<string, unknown>): Promise<Item.Implementation> {
  const ItemClass = foundry.CONFIG.Item.documentClass as unknown as {
    createDocuments(data: object[]): Promise<Item.Implementation[]>;
  };
  const [item] = await ItemClass.createDocuments([data]);
  if (!item) throw new Error("no world item");
  (foundry.game.items as unknown as { add(item: unknown): void }).add(item);
  return item;
}

beforeEach(async () => {
  foundry = await startWorld();
  await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
});

afterEach(() => {
  delete g.canvas;
});

describe("the hotbar macro of a world item", () => {
  it("rolls the same-named item of the player's controlled token, not the world item", async () => {
    const chasseur = await worldItem({
      name: "Chasseur",
      type: "wuxiaSkill",
      system: { category: "metier", level: 9 },
    });
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    controlling(actor);
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    const message = (await api().rollItem(chasseur.uuid)) as unknown as Rolled;
    const own = actor.items.find((i) => i.name === "Chasseur");
    expect(message.rolls[0]?.state).toMatchObject({
      actorUuid: actor.uuid,
      itemUuid: own?.uuid,
      skillName: "Chasseur",
    });
    expect((message.rolls[0]?.state as unknown as { competence: number }).competence).toBe(3);
  });

  it("rolls the item of the player's character when no token is controlled", async () => {
    const chasseur = await worldItem({ name: "Chasseur", type: "wuxiaSkill" });
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    currentUser().character = actor;
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    const message = (await api().rollItem(chasseur.uuid)) as unknown as Rolled;
    expect(message.rolls[0]?.state.actorUuid).toBe(actor.uuid);
  });

  it("prefers the controlled token to the character", async () => {
    const chasseur = await worldItem({ name: "Chasseur", type: "wuxiaSkill" });
    const character = await wuxiaHero("Lin Mei");
    const token = await wuxiaHero("Zhao");
    actAs("player");
    currentUser().character = character;
    controlling(token);
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    expect(((await api().rollItem(chasseur.uuid)) as unknown as Rolled).rolls[0]?.state.actorName).toBe("Zhao");
  });

  it("refuses, localised, when the speaker has no item of that name and kind", async () => {
    const bow = await worldItem({ name: "Arc long", type: "wuxiaSkill" });
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    controlling(actor);
    expect(await api().rollItem(bow.uuid)).toBeNull();
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: foundry.game.i18n.format("WH.Roll.Error.NoItemOnSpeaker", { item: "Arc long" }),
    });
    expect(postedMessages()).toHaveLength(0);
  });

  it("refuses the second player, whose token is someone else's character", async () => {
    const chasseur = await worldItem({ name: "Chasseur", type: "wuxiaSkill" });
    const actor = await wuxiaHero("Lin Mei");
    actAs("stranger");
    controlling(actor);
    expect(await api().rollItem(chasseur.uuid)).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(
      foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name: "Lin Mei" }),
    );
    expect(postedMessages()).toHaveLength(0);
  });

  it("of an item no macro can roll is refused", async () => {
    const trait = await worldItem({ name: "Tigre", type: "wuxiaTrait" });
    expect(await api().rollItem(trait.uuid)).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(
      foundry.game.i18n.format("WH.Roll.Error.NoItemFound", { uuid: trait.uuid }),
    );
  });
});

describe("an unlinked token's actor", () => {
  it("is the one a player's roll is for, under its token's UUID, not the world actor", async () => {
    const base = await wuxiaHero("Garde");
    const synthetic = unlinkedTokenActor(base);
    actAs("player");
    controlling(synthetic);
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    const message = (await api().roll()) as unknown as Rolled;
    expect(message.rolls[0]?.state.actorUuid).toBe("Scene.scene0000000001.Token.token0000000001.Actor." + base.id);
    expect(message.rolls[0]?.state.actorUuid).not.toBe(base.uuid);
  });

  it("spends its own Destiny dice added before a roll; the world actor keeps its dice", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const base = await wuxiaHero("Garde");
    const synthetic = unlinkedTokenActor(base);
    controlling(synthetic);
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7, 7]);
    const message = (await api().roll(undefined, {
      dialog: false,
      values: { destinyDice: 1, visibility: "public" },
    })) as unknown as Rolled;
    expect(message.rolls[0]?.state.destinyDice).toBe(1);
    expect(destinyOf(synthetic)).toBe(1);
    expect(destinyOf(base)).toBe(2);
  });

  it("is refused to the second player, who does not own the token's actor", async () => {
    const base = await createActor({ name: "Garde", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    const synthetic = unlinkedTokenActor(base);
    actAs("player");
    controlling(synthetic);
    expect(await api().roll()).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(
      foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name: "Garde" }),
    );
  });
});
