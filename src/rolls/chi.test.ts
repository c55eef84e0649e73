// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../test/foundry/applications";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  harmoniesHero,
  postedMessages,
  renderAs,
  rollAs,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import type { WuxiaRoll } from "../dice/wuxia-roll";

/**
 * A Wuxia power's chi (RULES 1.1): using the power spends it, the card says so, a player short of
 * chi is refused, the GM may use it anyway, and a roll that cannot be posted gives it back.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);

const chiOf = (actor: Actor.Implementation) => (actor.system as unknown as { chi: { value: number } }).chi.value;
const power = (actor: Actor.Implementation) => actor.items.find((i) => i.name === "Bond du tigre");
const notes = (html: HTMLElement) => [...html.querySelectorAll(".wh-card__notes li")].map((li) => li.textContent);
const messages = () => ChatMessage as unknown as { create(data: unknown): Promise<unknown> };

/** Lin Mei (the player's) with her power Bond du tigre costing `cost`, and `chi` left. */
async function linMei(chi: number, cost = 3): Promise<Actor.Implementation> {
  const actor = await wuxiaHero("Lin Mei", { chi: { value: chi } });
  actAs("gm");
  await power(actor)?.update({ system: { chiCost: cost } } as never);
  return actor;
}

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("using a Wuxia power", () => {
  it("spends its chi when the player rolls it, and the card says how much", async () => {
    const actor = await linMei(8);
    const message = await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(5);
    expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBe(3);
    expect(notes(await renderAs("player", message))).toContain(format("WH.Chat.Wuxia.ChiSpent", { count: 3 }));
  });

  it("spends the last chi exactly", async () => {
    const actor = await linMei(3);
    await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(0);
  });

  it("spends nothing for a skill or the Attribute alone, writes nothing to the hero, and the card has no chi line", async () => {
    const actor = await linMei(8);
    const writes: unknown[] = [];
    Hooks.on("updateActor", (_actor: unknown, changed: unknown) => writes.push(changed));
    const skill = await rollAs("player", actor, [9, 9, 9, 9, 9], {
      item: actor.items.find((i) => i.name === "Chasseur")?.id,
    });
    const attribute = await rollAs("player", actor, [9, 9, 9, 9, 9]);
    expect(chiOf(actor)).toBe(8);
    expect(writes).toEqual([]);
    for (const message of [skill, attribute]) {
      expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBeUndefined();
      expect(notes(await renderAs("player", message)).join()).not.toContain("Chi");
    }
  });

  it("spends nothing for a power that costs none", async () => {
    const actor = await linMei(2, 0);
    const message = await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(2);
    expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBeUndefined();
  });

  it("is refused to a player short of chi, in their language, and nothing is rolled or written", async () => {
    const actor = await linMei(2);
    await expect(rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotEnoughChi",
      data: { name: "Lin Mei", cost: 3, left: 2 },
    });
    expect(format("WH.Roll.Error.NotEnoughChi", { name: "Lin Mei", cost: 3, left: 2 })).toBe(
      "Lin Mei has 2 chi left: this power costs 3.",
    );
    expect(chiOf(actor)).toBe(2);
    expect(postedMessages()).toHaveLength(0);
    expect(DialogV2.answers).toEqual([]);
  });

  it("lets the GM use it anyway once confirmed: the chi falls to 0, not below, and the card says what was paid", async () => {
    const actor = await linMei(2);
    DialogV2.answers.push(true);
    const confirm = vi.spyOn(DialogV2, "confirm");
    const message = await rollAs("gm", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(DialogV2.answers).toEqual([]);
    expect(confirm.mock.calls).toEqual([
      [
        {
          window: { title: "Not enough chi" },
          content: "<p>Lin Mei has 2 chi left and this power costs 3. Use it anyway? Their chi falls to 0.</p>",
        },
      ],
    ]);
    expect(chiOf(actor)).toBe(0);
    expect(notes(await renderAs("gm", message))).toContain(format("WH.Chat.Wuxia.ChiSpent", { count: 2 }));
  });

  it("rolls nothing when the GM declines", async () => {
    const actor = await linMei(2);
    DialogV2.answers.push(false);
    actAs("gm");
    const { rollActor } = await import("./pipeline");
    expect(await rollActor(actor, { item: power(actor)?.id, dialog: false })).toBeNull();
    expect(chiOf(actor)).toBe(2);
    expect(postedMessages()).toHaveLength(0);
  });

  it("gives the chi back when the roll cannot be posted", async () => {
    const actor = await linMei(8);
    vi.spyOn(messages(), "create").mockRejectedValueOnce(new Error("the server refused the message"));
    await expect(rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id })).rejects.toThrow(
      "the server refused the message",
    );
    expect(chiOf(actor)).toBe(8);
    expect(postedMessages()).toHaveLength(0);
  });

  it("pays for two uses at once one after the other: the second, short, is refused", async () => {
    const actor = await linMei(4);
    const { rollActor } = await import("./pipeline");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = () => 0.85;
    const request = { item: power(actor)?.id, dialog: false, values: { visibility: "public" } };
    const results = await Promise.allSettled([rollActor(actor, request), rollActor(actor, request)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { key: "WH.Roll.Error.NotEnoughChi", data: { left: 1, cost: 3 } },
    });
    expect(chiOf(actor)).toBe(1);
    expect(postedMessages()).toHaveLength(1);
  });

  it("cannot be used by the second player on a hero they do not own: refused before any chi is spent", async () => {
    const actor = await linMei(8);
    await expect(rollAs("stranger", actor, [9, 9, 9, 9], { item: power(actor)?.id })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
    });
    expect(chiOf(actor)).toBe(8);
  });

  it("is nothing for an actor that has no chi: a Harmonies character has 0", async () => {
    const { chiLeft } = await import("./chi");
    const david = await harmoniesHero("David");
    expect(chiLeft(david)).toBe(0);
    expect(chiLeft(await linMei(6))).toBe(6);
  });
});
