// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, startWorld } from "../../test/support/world";
import { ScenarioWorld, until } from "./world";

/** The world a batch of scenarios plays in: what it makes is gone afterwards, whatever happened. */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

const actorNames = () => foundry.game.actors.contents.map((a) => a.name);
const folderNames = () =>
  (foundry.game as unknown as { folders: { contents: { name: string }[] } }).folders.contents.map((f) => f.name);

describe("a batch's world", () => {
  it("refuses a GM batch to a player, saying why, before it makes anything", async () => {
    actAs("player");
    const world = new ScenarioWorld("sheets");
    await expect(world.begin("gm")).rejects.toThrow("The test batch sheets runs for a GM only");
    await world.end();
    expect(folderNames()).toEqual([]);
  });

  it("lets a player begin a player's batch", async () => {
    actAs("player");
    const world = new ScenarioWorld("seat");
    await world.begin("player");
    await world.end();
  });

  it("makes its actors in a folder of its own, flagged with the run, and deletes them, the folder and its user's cards at the end", async () => {
    await createActor({ name: "Already there", type: "wuxiaCharacter" });
    const world = new ScenarioWorld("rolls");
    await world.begin("gm");
    const hero = await world.actor({ name: "Lin Mei", type: "wuxiaCharacter" });
    expect(hero.folder?.name).toBe("Wuxia & Harmonies tests: rolls");
    expect(hero.getFlag("wuxia-harmonies", "scenario")).toBe(world.runId);
    await (
      globalThis as unknown as { game: { system: { api: { roll(a: unknown, r: object): Promise<unknown> } } } }
    ).game.system.api.roll(hero, { dialog: false });
    expect(world.messages()).toHaveLength(1);
    await world.end();
    expect(actorNames()).toEqual(["Already there"]);
    expect(folderNames()).toEqual([]);
    expect(foundry.game.messages.size).toBe(0);
  });

  it("makes a scene of its own, flagged with the run, and deletes it at the end", async () => {
    const world = new ScenarioWorld("combat");
    await world.begin("gm");
    const scene = await world.scene();
    expect(scene.name).toBe("Wuxia & Harmonies tests: combat");
    expect(scene.getFlag("wuxia-harmonies", "scenario")).toBe(world.runId);
    const scenes = (foundry.game as unknown as { scenes: { size: number } }).scenes;
    expect(scenes.size).toBe(1);
    await world.end();
    expect(scenes.size).toBe(0);
  });

  it("keeps what another user made while it ran", async () => {
    const world = new ScenarioWorld("rolls");
    await world.begin("gm");
    actAs("player");
    const { Actor } = globalThis as unknown as { Actor: { create(data: object): Promise<unknown> } };
    (foundry.game as unknown as { permissions: Record<string, number[]> }).permissions.ACTOR_CREATE = [1, 2, 3, 4];
    await Actor.create({ name: "The player's own", type: "wuxiaCharacter" });
    actAs("gm");
    await world.end();
    expect(actorNames()).toEqual(["The player's own"]);
  });

  it("puts back the world settings it changed, the first value it found", async () => {
    const world = new ScenarioWorld("rolls");
    await world.begin("gm");
    const get = () => foundry.game.settings.get("wuxia-harmonies", "destinyMode");
    const before = get();
    const other = before === "reroll" ? "extraDie" : "reroll";
    await world.setSetting("destinyMode", other);
    await world.setSetting("destinyMode", before);
    await world.setSetting("destinyMode", other);
    expect(get()).toBe(other);
    await world.end();
    expect(get()).toBe(before);
  });

  it("records the console's errors while it runs, and stops when it ends", async () => {
    const world = new ScenarioWorld("sheets");
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await world.begin("gm");
    console.error(new Error("a template is missing"), "in the sheet");
    expect(world.takeErrors()).toEqual(["a template is missing in the sheet"]);
    expect(world.takeErrors()).toEqual([]);
    await world.end();
    console.error("after");
    expect(world.takeErrors()).toEqual([]);
    expect(quiet).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });

  it("records a promise's failure no one awaited, as a browser reports it", async () => {
    const world = new ScenarioWorld("sheets");
    await world.begin("gm");
    const event = Object.assign(new Event("unhandledrejection"), { reason: new Error("the actor does not exist") });
    globalThis.dispatchEvent(event);
    expect(world.takeErrors()).toEqual(["Unhandled rejection: the actor does not exist"]);
    await world.end();
    globalThis.dispatchEvent(event);
    expect(world.takeErrors()).toEqual([]);
  });

  it("scripts the faces the next dice show, then hands back to Foundry's PRNG, put back at the end", async () => {
    const own = foundry.CONFIG.Dice.randomUniform;
    const world = new ScenarioWorld("combat");
    await world.begin("gm");
    world.scriptFaces([10, 1, 7]);
    const roll = await new Roll("4d10").evaluate();
    expect((roll.terms[0] as unknown as { values: number[] }).values.slice(0, 3)).toEqual([10, 1, 7]);
    expect(world.facesLeft).toBe(0);
    world.scriptFaces([4]);
    expect(() => world.scriptFaces([11])).toThrow("A d10 has no face 11");
    // A Foundry that mapped its PRNG otherwise than core's Die: said, not rolled wrong.
    const die = (globalThis as unknown as { foundry: { dice: { terms: { Die: { prototype: unknown } } } } }).foundry
      .dice.terms.Die.prototype as { mapRandomFace(u: number): number };
    const core = die.mapRandomFace;
    die.mapRandomFace = (u: number) => Math.ceil(u * 10);
    expect(() => world.scriptFaces([3])).toThrow("No value of the PRNG shows a 3 on this d10");
    die.mapRandomFace = core;
    await world.end();
    expect(foundry.CONFIG.Dice.randomUniform).toBe(own);
  });

  it("deletes all it can and puts the settings back even when a deletion fails, then says what is left", async () => {
    const world = new ScenarioWorld("rolls");
    await world.begin("gm");
    const stuck = await world.actor({ name: "Stuck", type: "wuxiaCharacter" });
    await world.actor({ name: "Gone", type: "harmoniesCharacter" });
    const before = foundry.game.settings.get("wuxia-harmonies", "destinyMode");
    await world.setSetting("destinyMode", before === "reroll" ? "extraDie" : "reroll");
    vi.spyOn(stuck, "delete").mockRejectedValue(new Error("the server refused"));
    await expect(world.end()).rejects.toThrow(/could not remove everything it made: Actor .*: the server refused/);
    expect(actorNames()).toEqual(["Stuck"]);
    expect(foundry.game.settings.get("wuxia-harmonies", "destinyMode")).toBe(before);
  });
});

describe("until", () => {
  it("resolves with the first value that holds, and names what it waited for when time runs out", async () => {
    let calls = 0;
    await expect(until("three calls", () => (++calls >= 3 ? calls : null), 1000)).resolves.toBe(3);
    await expect(until("nothing", () => false, 50)).rejects.toThrow("Timed out waiting for nothing");
  });
});
