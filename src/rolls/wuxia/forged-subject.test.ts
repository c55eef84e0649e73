// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import {
  actAs,
  carryOutAs,
  destinyOf,
  harmoniesHero,
  postedMessage,
  renderAs,
  rollAs,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

/**
 * A Wuxia card whose author rewrote the roll's actor into something that holds no Destiny dice:
 * one of their own items, or their Harmonies character. Its dice stay dead for everyone, and the
 * GM refuses a request for them as made for no actor, or for one with no die.
 */

type Json = { options: { wuxia: Record<string, unknown> } };
const dice = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')];

beforeEach(async () => {
  await startWorld();
});

/** Lin Mei's card, its roll's actor then rewritten by its author to the given UUID. */
async function rewrittenCard(actorUuid: string, linMei: Actor.Implementation): Promise<PostedMessage> {
  const message = await rollAs("player", linMei, [1, 3, 8, 1, 5]);
  const json = JSON.parse(JSON.stringify(postedMessage(message.id).rolls[0]?.toJSON())) as Json;
  json.options.wuxia.actorUuid = actorUuid;
  actAs("player");
  await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: [json] });
  expect((postedMessage(message.id).rolls[0] as WuxiaRoll).state.actorUuid).toBe(actorUuid);
  return message;
}

describe("a Wuxia card naming no Wuxia character", () => {
  it("one of the author's items: dead dice, and the GM finds no actor", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const item = linMei.items.find((i) => i.name === "Chasseur");
    const message = await rewrittenCard(item?.uuid ?? "", linMei);
    for (const seat of ["player", "gm"] as const) {
      const html = await renderAs(seat, message);
      expect(dice(html)).toHaveLength(5);
      expect(dice(html).filter((b) => !b.disabled)).toEqual([]);
    }
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Roll.Error.NoActor" });
    expect(destinyOf(linMei)).toBe(2);
  });

  it("the author's Harmonies character: dead dice, and the GM finds no Destiny die to spend", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const david = await harmoniesHero("David");
    const message = await rewrittenCard(david.uuid, linMei);
    const html = await renderAs("player", message);
    expect(dice(html)).toHaveLength(5);
    expect(dice(html).filter((b) => !b.disabled)).toEqual([]);
    expect(dice(html).map((b) => b.dataset.tooltip)).toEqual(Array(5).fill(undefined));
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NoDestiny", data: { name: "David" } });
    expect((postedMessage(message.id).rolls[0] as WuxiaRoll).state.rerolled).toEqual([]);
  });
});
