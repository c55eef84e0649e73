// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  currentUser,
  destinyOf,
  facesRandom,
  harmoniesHero,
  playerId,
  postedMessages,
  startWorld,
  strangerId,
  wuxiaHero,
} from "../../test/support/world";
import type { SystemApi } from "./index";

/**
 * `game.system.api` from a macro run by the player who owns the actors, and by a second player
 * who owns nothing: every actor the user does not own is refused, in their language, and nothing
 * is posted or spent.
 */

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
const authors = () => postedMessages().map((m) => (m as unknown as { author: { id: string } }).author.id);
const refusal = (name: string) => foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name });

type RollState = { state: { actorName: string; actorUuid: string | null; skillName?: string | null } };
const stateOf = (message: unknown) => ((message as { rolls: RollState[] }).rolls[0] as RollState).state;

function wuxiaBuild(actorUuid: string | null, actorName = "Lin Mei") {
  return api().dice.WuxiaRoll.build({
    attribute: "feu",
    attributeValue: 2,
    skillName: null,
    competence: 0,
    rerolls: 0,
    specialisation: null,
    sr: 10,
    srPenalty: 0,
    extraDice: 0,
    destinyDice: 0,
    actorUuid,
    actorName,
    itemUuid: null,
  });
}

/** An item of the world (the Items sidebar), not of an actor, created by the GM. */
async function worldItem(data: Record<string, unknown>): Promise<Item.Implementation> {
  actAs("gm");
  const ItemClass = Item as unknown as { create(data: Record<string, unknown>): Promise<Item.Implementation> };
  const item = await ItemClass.create(data);
  (foundry.game as unknown as { items: { add(doc: unknown): unknown } }).items.add(item);
  return item;
}

beforeEach(async () => {
  foundry = await startWorld();
});

describe("api.roll", () => {
  it("the player rolls their actor given as the actor, its UUID, its id or its name", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom(Array(20).fill(6));
    for (const target of [actor, actor.uuid, actor.id ?? "", "Lin Mei"])
      expect(await api().roll(target, { dialog: false, values: { visibility: "public" } })).not.toBeNull();
    expect(errors()).toEqual([]);
    expect(authors()).toEqual([playerId(), playerId(), playerId(), playerId()]);
    expect(postedMessages().map((m) => stateOf(m).actorUuid)).toEqual(Array(4).fill(actor.uuid));
  });

  it("the player's macro with no actor rolls their character", async () => {
    const actor = await harmoniesHero("David");
    actAs("player");
    currentUser().character = actor;
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5]);
    const message = await api().roll(undefined, { dialog: false, values: { visibility: "public" } });
    expect(stateOf(message).actorName).toBe("David");
  });

  it("the second player rolling the player's actor, however named, is refused and nothing is posted", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("stranger");
    for (const target of [actor, actor.uuid, actor.id ?? "", "Lin Mei"])
      expect(await api().roll(target, { dialog: false })).toBeNull();
    expect(errors()).toEqual(Array(4).fill(refusal("Lin Mei")));
    expect(postedMessages()).toEqual([]);
  });

  it("the second player speaking for a character they do not own is refused", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("stranger");
    currentUser().character = actor;
    expect(await api().roll(null, { dialog: false })).toBeNull();
    expect(errors()).toEqual([refusal("Lin Mei")]);
    expect(postedMessages()).toEqual([]);
  });

  it("the second player with no character is told to pick a token", async () => {
    await wuxiaHero("Lin Mei");
    actAs("stranger");
    expect(await api().roll(undefined, { dialog: false })).toBeNull();
    expect(errors()).toEqual([foundry.game.i18n.localize("WH.Roll.Error.NoActor")]);
  });

  it("the second player cannot spend the player's Destiny dice by rolling with them", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const actor = await wuxiaHero("Lin Mei");
    actAs("stranger");
    expect(await api().roll(actor, { dialog: false, values: { destinyDice: 1 } })).toBeNull();
    expect(destinyOf(actor)).toBe(2);
    expect(postedMessages()).toEqual([]);
  });

  it("refuses in the reader's language", async () => {
    foundry = await startWorld({ lang: "fr" });
    await wuxiaHero("Lin Mei");
    actAs("stranger");
    expect(await api().roll("Lin Mei", { dialog: false })).toBeNull();
    expect(errors()).toEqual(["Vous ne possédez pas Lin Mei : vous ne pouvez pas lancer les dés pour lui."]);
  });
});

describe("api.post", () => {
  it("the player posts a roll built for their actor, under their name", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 3]);
    const message = await api().post(wuxiaBuild(actor.uuid), { visibility: "public", actor });
    expect(stateOf(message).actorUuid).toBe(actor.uuid);
    expect((message as unknown as { speaker: { alias: string } }).speaker.alias).toBe("Lin Mei");
    expect(authors()).toEqual([playerId()]);
  });

  it("the second player's roll naming the player's actor, or speaking as it, is refused and nothing is posted", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("stranger");
    expect(await api().post(wuxiaBuild(actor.uuid), { visibility: "public" })).toBeNull();
    expect(await api().post(wuxiaBuild(null), { visibility: "public", actor })).toBeNull();
    expect(errors()).toEqual([refusal("Lin Mei"), refusal("Lin Mei")]);
    expect(postedMessages()).toEqual([]);
  });

  it("the second player's roll for nobody posts, and a self roll is theirs alone", async () => {
    actAs("stranger");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 3]);
    const message = await api().post(wuxiaBuild(null, "Anyone"), { visibility: "self" });
    expect(message).not.toBeNull();
    expect((message as unknown as { whisper: string[] }).whisper).toEqual([strangerId()]);
    expect(authors()).toEqual([strangerId()]);
  });

  it("a roll naming an actor that does not exist is refused", async () => {
    actAs("player");
    expect(await api().post(wuxiaBuild("Actor.doesNotExist00"), { visibility: "public" })).toBeNull();
    expect(errors()).toEqual([foundry.game.i18n.localize("WH.Roll.Error.NoActor")]);
    expect(postedMessages()).toEqual([]);
  });

  it("a Harmonies or group roll naming the player's actor is refused to the second player too", async () => {
    const david = await harmoniesHero("David");
    actAs("stranger");
    const harmonies = api().dice.HarmoniesRoll.build({
      characteristic: "agilite",
      characteristicValue: 2,
      means: "precision",
      meansValue: 3,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      penalty: 0,
      open: false,
      actorUuid: david.uuid,
      actorName: "David",
      itemUuid: null,
    });
    const group = api().dice.HarmoniesGroupRoll.build({
      size: 2,
      characteristic: "agilite",
      characteristicValue: 1,
      means: "manoeuvre",
      meansValue: 1,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      open: false,
      mode: "book2",
      actorUuid: david.uuid,
      actorName: "David",
    } as never);
    expect(await api().post(harmonies)).toBeNull();
    expect(await api().post(group)).toBeNull();
    expect(errors()).toEqual([refusal("David"), refusal("David")]);
    expect(postedMessages()).toEqual([]);
  });
});

describe("api.rollItem (what a hotbar macro runs)", () => {
  beforeEach(async () => {
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
  });

  it("the player rolls an item of their actor", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const skill = actor.items.find((i) => i.name === "Chasseur");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    const message = await api().rollItem(skill?.uuid ?? "");
    expect(stateOf(message)).toMatchObject({ actorName: "Lin Mei", skillName: "Chasseur" });
    expect(authors()).toEqual([playerId()]);
  });

  it("the second player running a macro of the player's item is refused and nothing is posted", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const skill = actor.items.find((i) => i.name === "Chasseur");
    actAs("stranger");
    expect(await api().rollItem(skill?.uuid ?? "")).toBeNull();
    expect(errors()).toEqual([refusal("Lin Mei")]);
    expect(postedMessages()).toEqual([]);
  });

  it("a world item rolls the same-named item of the user's character", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const item = await worldItem({ name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 5 } });
    actAs("player");
    currentUser().character = actor;
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    const message = await api().rollItem(item.uuid);
    expect(stateOf(message)).toMatchObject({ actorName: "Lin Mei", skillName: "Chasseur" });
    // The character's own level (3), not the world item's (5).
    expect((stateOf(message) as unknown as { competence: number }).competence).toBe(3);
  });

  it("a world item with no character to roll it, or a character without it, asks for a token that has it", async () => {
    const item = await worldItem({ name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 5 } });
    const david = await harmoniesHero("David");
    const expected = foundry.game.i18n.format("WH.Roll.Error.NoItemOnSpeaker", { item: "Chasseur" });
    actAs("stranger");
    expect(await api().rollItem(item.uuid)).toBeNull();
    actAs("player");
    currentUser().character = david;
    expect(await api().rollItem(item.uuid)).toBeNull();
    expect(errors()).toEqual([expected, expected]);
    expect(postedMessages()).toEqual([]);
  });

  it("the second player whose character is the player's actor cannot roll it through a world item", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const item = await worldItem({ name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 5 } });
    actAs("stranger");
    currentUser().character = actor;
    expect(await api().rollItem(item.uuid)).toBeNull();
    expect(errors()).toEqual([refusal("Lin Mei")]);
    expect(postedMessages()).toEqual([]);
  });

  it("an item that is gone, or that rolls nothing, is refused with the macro's UUID", async () => {
    const trait = await worldItem({ name: "Tigre", type: "wuxiaTrait" });
    actAs("player");
    for (const uuid of ["Item.gone000000000", trait.uuid]) expect(await api().rollItem(uuid)).toBeNull();
    expect(errors()).toEqual([
      foundry.game.i18n.format("WH.Roll.Error.NoItemFound", { uuid: "Item.gone000000000" }),
      foundry.game.i18n.format("WH.Roll.Error.NoItemFound", { uuid: trait.uuid }),
    ]);
  });
});
