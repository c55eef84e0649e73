// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  currentUser,
  facesRandom,
  harmoniesHero,
  playerId,
  postedMessages,
  startWorld,
  strangerId,
  wuxiaHero,
} from "../../test/support/world";
import type { SystemApi } from "./index";

/** What a macro author relies on: finding the actor and item, the dialog, defaults, hotbar macros. */

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
type State = Record<string, unknown>;
const stateOf = (message: unknown) => (message as { rolls: { state: State }[] }).rolls[0]?.state as State;

interface MacroLike {
  id: string;
  name: string;
  type: string;
  img: string;
  command: string;
  flags: Record<string, Record<string, unknown>>;
  ownership: Record<string, number>;
}
const macros = () => (foundry.game as unknown as { macros: { contents: MacroLike[] } }).macros.contents;
const drop = (uuid: string | undefined, slot: number, type = "Item") =>
  foundry.Hooks.call("hotbarDrop", {}, { type, uuid }, slot);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  foundry = await startWorld();
});

describe("api.roll finds what the macro names", () => {
  it("an item by id, UUID or name; one the actor lacks is refused, naming both", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const skill = actor.items.find((i) => i.name === "Chasseur");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom(Array(15).fill(6));
    for (const item of [skill?.id ?? "", skill?.uuid ?? "", "Chasseur"]) {
      expect(stateOf(await api().roll(actor, { item, dialog: false, values: { visibility: "public" } }))).toMatchObject(
        { skillName: "Chasseur", competence: 3 },
      );
    }
    expect(await api().roll(actor, { item: "Nope", dialog: false })).toBeNull();
    expect(errors()).toEqual([foundry.game.i18n.format("WH.Roll.Error.NoItem", { item: "Nope", actor: "Lin Mei" })]);
  });

  it("an actor whose name has a dot in it is found by name", async () => {
    await wuxiaHero("Mme. Li");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom(Array(5).fill(6));
    expect(stateOf(await api().roll("Mme. Li", { dialog: false, values: { visibility: "public" } }))).toMatchObject({
      actorName: "Mme. Li",
    });
  });

  it("a start overrides where the item would start: another Attribute", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom(Array(4).fill(6));
    const message = await api().roll(actor, {
      item: "Chasseur",
      start: { attribute: "terre" },
      dialog: false,
      values: { visibility: "public" },
    });
    expect(stateOf(message)).toMatchObject({ attribute: "terre", attributeValue: 4, skillName: "Chasseur" });
  });
});

describe("api.roll with the dialog", () => {
  it("refuses values that make no roll before the dialog opens", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    const opening = await import("../rolls/ask");
    const prompt = vi.spyOn(opening, "promptRoll").mockResolvedValue(null);
    expect(await api().roll(actor, { dialog: true, values: { extraDice: 96 } })).toBeNull();
    expect(prompt).not.toHaveBeenCalled();
    expect(errors()).toEqual([foundry.game.i18n.format("WH.Roll.Error.PoolTooLarge", { max: 100 })]);
  });

  it("posts the values chosen in the dialog, and nothing when it is closed", async () => {
    const actor = await harmoniesHero("David");
    actAs("player");
    const opening = await import("../rolls/ask");
    const prompt = vi.spyOn(opening, "promptRoll");
    prompt.mockResolvedValueOnce(null);
    expect(await api().roll(actor, { dialog: true })).toBeNull();
    expect(postedMessages()).toEqual([]);
    // As the dialog does: the values chosen, checked into the state the roll is made of.
    const { ROLL_KINDS } = await import("../rolls/kinds");
    prompt.mockImplementationOnce(async (subject, values) => {
      const chosen = { ...(values as object), difficulty: -5, visibility: "self" } as never;
      return { values: chosen, state: ROLL_KINDS.harmonies.check(subject as never, chosen) } as never;
    });
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5]);
    const message = await api().roll(actor, { dialog: true, values: { difficulty: 2 } });
    expect(prompt.mock.calls[1]?.[1]).toMatchObject({ difficulty: 2 });
    expect(stateOf(message)).toMatchObject({ difficulty: -5 });
    expect((message as unknown as { whisper: string[] }).whisper).toEqual([playerId()]);
    expect(errors()).toEqual([]);
  });
});

describe("visibility for macros", () => {
  it("lists the four visibilities and reads the user's chat choice, which api.post uses by default", async () => {
    expect(api().visibilities).toEqual(["public", "gm", "blind", "self"]);
    expect(api().currentVisibility()).toBe("public");
    await foundry.game.settings.set("core", "rollMode", "selfroll");
    expect(api().currentVisibility()).toBe("self");
    actAs("stranger");
    foundry.CONFIG.Dice.randomUniform = facesRandom([3, 4]);
    const roll = api().dice.HarmoniesRoll.build({
      characteristic: "corps",
      characteristicValue: 0,
      means: "puissance",
      meansValue: 0,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      penalty: 0,
      open: false,
      actorUuid: null,
      actorName: "x",
      itemUuid: null,
    });
    const message = await api().post(roll);
    expect((message as unknown as { whisper: string[] }).whisper).toEqual([strangerId()]);
  });

  it("a blind roll never asks its author to type in the dice it hides from them", async () => {
    actAs("player");
    const roll = api().dice.HarmoniesRoll.build({
      characteristic: "corps",
      characteristicValue: 0,
      means: "puissance",
      meansValue: 0,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      penalty: 0,
      open: false,
      actorUuid: null,
      actorName: "x",
      itemUuid: null,
    });
    const evaluate = vi.spyOn(roll, "evaluate");
    foundry.CONFIG.Dice.randomUniform = facesRandom([3, 4, 5, 6]);
    await api().post(roll, { visibility: "blind" });
    const other = api().dice.HarmoniesRoll.build({ ...roll.state });
    const evaluateOther = vi.spyOn(other, "evaluate");
    await api().post(other, { visibility: "gm" });
    expect([evaluate.mock.calls[0]?.[0], evaluateOther.mock.calls[0]?.[0]]).toEqual([
      { allowInteractive: false },
      { allowInteractive: true },
    ]);
  });

  it("a posted roll speaks as the actor and plays the dice sound", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    const create = vi.spyOn(ChatMessage as unknown as { create: (data: unknown) => Promise<unknown> }, "create");
    foundry.CONFIG.Dice.randomUniform = facesRandom(Array(5).fill(6));
    const message = (await api().roll(actor, { dialog: false, values: { visibility: "public" } })) as unknown as {
      speaker: Record<string, unknown>;
    };
    expect(message.speaker).toMatchObject({ actor: actor.id, alias: "Lin Mei" });
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      sound: (foundry.CONFIG as unknown as { sounds: { dice: string } }).sounds.dice,
    });
  });
});

describe("hotbar macros", () => {
  it("a rollable item dropped twice makes one script macro, with the item's name and image, in both slots", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const power = actor.items.find((i) => i.name === "Bond du tigre");
    actAs("player");
    expect(drop(power?.uuid, 2)).toBe(false);
    await settle();
    expect(drop(power?.uuid, 7)).toBe(false);
    await settle();
    expect(macros()).toHaveLength(1);
    const macro = macros()[0] as MacroLike;
    expect(macro).toMatchObject({
      name: "Bond du tigre",
      type: "script",
      img: power?.img,
      command: `game.system.api.rollItem(${JSON.stringify(power?.uuid)});`,
      flags: { "wuxia-harmonies": { itemMacro: true } },
    });
    expect(currentUser().hotbar).toEqual({ 2: macro.id, 7: macro.id });
  });

  it("a user does not reuse a macro they do not own: the second player gets their own", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const skill = actor.items.find((i) => i.name === "Chasseur");
    actAs("player");
    drop(skill?.uuid, 1);
    await settle();
    actAs("stranger");
    drop(skill?.uuid, 1);
    await settle();
    expect(macros()).toHaveLength(2);
    expect(currentUser().hotbar[1]).toBe(macros()[1]?.id);
    // The second player's macro rolls nothing of an actor they do not own.
    expect(await api().rollItem(skill?.uuid ?? "")).toBeNull();
    expect(errors()).toEqual([foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name: "Lin Mei" })]);
  });

  it("leaves a drop without a UUID, of an unknown item or of another document to Foundry", async () => {
    expect(drop(undefined, 1)).toBe(true);
    expect(drop("Item.gone000000000", 1)).toBe(true);
    const actor = await wuxiaHero("Lin Mei");
    expect(drop(actor.uuid, 1, "Actor")).toBe(true);
    await settle();
    expect(macros()).toEqual([]);
  });

  it("says so when the macro cannot be made", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const MacroClass = (globalThis as unknown as { Macro: { create: (data: unknown) => Promise<unknown> } }).Macro;
    vi.spyOn(MacroClass, "create").mockRejectedValue(new Error("no room"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    drop(actor.items.find((i) => i.name === "Chasseur")?.uuid, 3);
    await settle();
    expect(errors()).toEqual([foundry.game.i18n.format("WH.Roll.Error.Unexpected", { message: "no room" })]);
  });
});

describe("api.post of a core Roll", () => {
  it("posts a roll that names no actor of the system", async () => {
    actAs("stranger");
    foundry.CONFIG.Dice.randomUniform = facesRandom([7]);
    const message = await api().post(new Roll("1d10"), { visibility: "public" });
    expect(errors()).toEqual([]);
    expect((message as unknown as { rolls: Roll[] }).rolls[0]?.total).toBe(7);
  });
});
