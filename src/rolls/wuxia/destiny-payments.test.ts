// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import { server } from "../../../test/foundry/clients";
import type { FoundryDouble } from "../../../test/foundry/install";
import { click } from "../../../test/support/cards";
import {
  actAs,
  carryOutAs,
  destinyOf,
  facesRandom,
  postedMessage,
  postedMessages,
  renderAs,
  rollAs,
  startWorld,
  wuxiaHero,
  type PostedMessage,
  disconnectGms,
} from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

/**
 * Destiny dice paid and given back: dice added before a roll (mode "extra die") leave the actor
 * through the authority and come back when the roll cannot be posted, each payment refunded once
 * and only to its payer; a reroll on a card with no GM connected, on another card at the same
 * time, and on any face the die can show.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
const wuxiaRoll = (message: PostedMessage) => postedMessage(message.id).rolls[0] as WuxiaRoll;
const dice = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')];

/** The chat message class as the system posts through it. */
const messages = () => ChatMessage as unknown as { create(data: unknown): Promise<unknown> };

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Destiny dice added before rolling", () => {
  beforeEach(async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
  });

  const withDestiny = (count: number) => ({ values: { destinyDice: count } });

  it("come back to the actor when the roll cannot be posted, and the player is told why", async () => {
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    vi.spyOn(messages(), "create").mockRejectedValueOnce(new Error("the server refused the message"));
    await expect(rollAs("player", actor, [5, 5, 5, 5, 5, 5], withDestiny(1))).rejects.toThrow(
      "the server refused the message",
    );
    expect(destinyOf(actor)).toBe(2);
    expect(postedMessages()).toHaveLength(0);
  });

  it("come back too when no GM is connected: the player's own client pays and refunds", async () => {
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    disconnectGms();
    vi.spyOn(messages(), "create").mockRejectedValueOnce(new Error("the server refused the message"));
    await expect(rollAs("player", actor, [5, 5, 5, 5, 5, 5, 5], withDestiny(2))).rejects.toThrow(
      "the server refused the message",
    );
    expect(destinyOf(actor)).toBe(2);
  });

  it("with no GM connected, the player's roll takes its Destiny dice and is posted", async () => {
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    disconnectGms();
    const message = await rollAs("player", actor, [5, 5, 5, 5, 5, 5, 5], withDestiny(2));
    expect(destinyOf(actor)).toBe(0);
    expect(wuxiaRoll(message).state.destinyDice).toBe(2);
    expect(wuxiaRoll(message).faces).toHaveLength(7);
  });

  it("all the dice left may be added; one more is refused, naming the actor and what it has", async () => {
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    const pay = (count: number) => carryOutAs("player", "payDestiny", { actorUuid: actor.uuid, count });
    await expect(pay(3)).rejects.toMatchObject({
      key: "WH.Roll.Error.NotEnoughDestiny",
      data: { name: "Lin Mei", count: 2 },
    });
    expect(destinyOf(actor)).toBe(2);
    await expect(pay(2)).resolves.toEqual(expect.any(String));
    expect(destinyOf(actor)).toBe(0);
  });

  it("are refused to the second player, who does not own the actor", async () => {
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    await expect(carryOutAs("stranger", "payDestiny", { actorUuid: actor.uuid, count: 1 })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "Lin Mei" },
    });
    expect(destinyOf(actor)).toBe(2);
  });
});

describe("a Destiny payment's receipt", () => {
  async function paid(count: number): Promise<{ actor: Actor.Implementation; receipt: string }> {
    const actor = await wuxiaHero("Lin Mei", { destiny: 3 });
    const receipt = await carryOutAs("player", "payDestiny", { actorUuid: actor.uuid, count });
    if (typeof receipt !== "string") throw new Error("no receipt");
    return { actor, receipt };
  }
  const refund = (who: "player" | "stranger" | "gm", receipt: string) => carryOutAs(who, "refundDestiny", { receipt });

  it("gives the dice back to the payer once; a second refund is refused", async () => {
    const { actor, receipt } = await paid(2);
    expect(destinyOf(actor)).toBe(1);
    await refund("player", receipt);
    expect(destinyOf(actor)).toBe(3);
    await expect(refund("player", receipt)).rejects.toMatchObject({ key: "WH.Request.Error.NoReceipt" });
    expect(destinyOf(actor)).toBe(3);
  });

  it("is refused to anyone but its payer, and the payer may still use it", async () => {
    const { actor, receipt } = await paid(1);
    await expect(refund("stranger", receipt)).rejects.toMatchObject({ key: "WH.Request.Error.NoReceipt" });
    await expect(refund("gm", receipt)).rejects.toMatchObject({ key: "WH.Request.Error.NoReceipt" });
    expect(destinyOf(actor)).toBe(2);
    await refund("player", receipt);
    expect(destinyOf(actor)).toBe(3);
  });

  it("a refund and a payment for one actor at the same instant both count, over a slow server", async () => {
    const { actor, receipt } = await paid(2);
    server.latencyMs = 5;
    await Promise.all([
      refund("player", receipt),
      carryOutAs("player", "payDestiny", { actorUuid: actor.uuid, count: 1 }),
    ]);
    expect(destinyOf(actor)).toBe(2);
  });

  it("a receipt nobody was given, or none at all, is refused", async () => {
    const { actor } = await paid(1);
    await expect(refund("player", "notAReceipt00000")).rejects.toMatchObject({ key: "WH.Request.Error.NoReceipt" });
    await expect(carryOutAs("player", "refundDestiny", {})).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "receipt" },
    });
    expect(destinyOf(actor)).toBe(2);
  });
});

describe("a Destiny reroll on a card", () => {
  /** Lin Mei (the player's) rolls Chasseur, threshold 7. */
  async function linMeiRolls(
    faces: number[],
    options: { by?: "player" | "gm"; destiny?: number } = {},
  ): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await wuxiaHero("Lin Mei", { destiny: options.destiny ?? 2 });
    const message = await rollAs(options.by ?? "player", actor, faces, {
      item: actor.items.find((i) => i.name === "Chasseur"),
    });
    return { actor, message };
  }

  it("with no GM connected, the player rerolls a die of their own card from their client", async () => {
    const { actor, message } = await linMeiRolls([1, 3, 8, 1, 5]);
    disconnectGms();
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await click(dice(await renderAs("player", message))[1]);
    expect(errors()).toEqual([]);
    expect(wuxiaRoll(message).positions[1]).toEqual({ faces: [3, 9], by: ["destiny"] });
    expect(destinyOf(actor)).toBe(1);
  });

  it("on a card drawn before the world switched to adding Destiny dice, is refused before any confirmation", async () => {
    const { actor, message } = await linMeiRolls([1, 3, 8, 1, 5]);
    const html = await renderAs("player", message);
    actAs("gm");
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    actAs("player");
    DialogV2.answers.push(true);
    await click(dice(html)[0]);
    expect(errors()).toEqual([format("WH.Chat.Error.DestinyNotReroll")]);
    expect(DialogV2.answers).toEqual([true]);
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(2);
  });

  it("the GM's own check names the actor with no die left", async () => {
    const { actor, message } = await linMeiRolls([1, 3, 8, 1, 5], { by: "gm", destiny: 0 });
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NoDestiny", data: { name: "Lin Mei" } });
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(0);
  });

  it("a die showing 10 may be chosen too: the confirmation names it", async () => {
    const { actor, message } = await linMeiRolls([10, 3, 8, 1, 5]);
    const confirm = vi.spyOn(DialogV2, "confirm");
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([2]);
    await click(dice(await renderAs("player", message))[0]);
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        content: `<p>${format("WH.Chat.Destiny.Confirm.other", { face: 10, count: 2, name: "Lin Mei" })}</p>`,
      }),
    );
    expect(wuxiaRoll(message).positions[0]).toEqual({ faces: [10, 2], by: ["destiny"] });
    expect(destinyOf(actor)).toBe(1);
  });

  it("a die being rerolled on one card does not hold back a click on another card", async () => {
    const first = await linMeiRolls([1, 3, 8, 1, 5], { destiny: 3 });
    actAs("player");
    const second = await rollAs("player", first.actor, [2, 2, 2, 2, 2], {
      item: first.actor.items.find((i) => i.name === "Chasseur"),
    });
    DialogV2.answers.push(true, true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 10]);
    const { requestDestinyReroll } = await import("./destiny");
    await Promise.all([
      requestDestinyReroll(postedMessage(first.message.id) as never, 0, 0),
      requestDestinyReroll(postedMessage(second.id) as never, 0, 0),
    ]);
    expect(wuxiaRoll(first.message).positions[0]).toEqual({ faces: [1, 9], by: ["destiny"] });
    expect(wuxiaRoll(second).positions[0]).toEqual({ faces: [2, 10], by: ["destiny"] });
    expect(destinyOf(first.actor)).toBe(1);
  });

  it("a face the author rewrote outside 1..10 or into a fraction is no die: refused before any dialog", async () => {
    const { actor, message } = await linMeiRolls([1, 3, 8, 1, 5]);
    const json = JSON.parse(JSON.stringify(wuxiaRoll(message).toJSON())) as {
      terms: { results: { result: unknown }[] }[];
    };
    const results = json.terms[0]?.results ?? [];
    Object.assign(results[0] ?? {}, { result: 0 });
    Object.assign(results[1] ?? {}, { result: 11 });
    Object.assign(results[2] ?? {}, { result: 8.5 });
    actAs("player");
    await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: [json] });
    const confirm = vi.spyOn(DialogV2, "confirm");
    const { requestDestinyReroll } = await import("./destiny");
    for (const dieIndex of [0, 1, 2])
      await expect(requestDestinyReroll(postedMessage(message.id) as never, 0, dieIndex)).rejects.toMatchObject({
        key: "WH.Chat.Error.NoSuchDie",
        data: { index: String(dieIndex) },
      });
    expect(confirm).not.toHaveBeenCalled();
    expect(destinyOf(actor)).toBe(2);
  });
});
