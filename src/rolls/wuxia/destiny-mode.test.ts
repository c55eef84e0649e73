// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import type { FoundryDouble } from "../../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  destinyOf,
  facesRandom,
  postedMessage,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

/** In a world whose Destiny dice are added before rolling, none can be spent on a reroll after it. */

let foundry: FoundryDouble;
type Message = PostedMessage & { rolls: WuxiaRoll[] };

/** Lin Mei's roll, posted while the world still spent Destiny dice on rerolls. */
async function rolledBeforeTheSwitch(by: "player" | "gm"): Promise<{ actor: Actor.Implementation; message: Message }> {
  const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
  actAs(by);
  foundry.CONFIG.Dice.randomUniform = facesRandom([1, 3, 8, 1, 5]);
  const { rollActor } = await import("../pipeline");
  const message = (await rollActor(actor, {
    item: "Chasseur",
    dialog: false,
    values: { visibility: "public" },
  })) as unknown as Message;
  actAs("gm");
  await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
  return { actor, message };
}

const untouched = (message: Message, actor: Actor.Implementation) => {
  expect((postedMessage(message.id).rolls[0] as WuxiaRoll).state.rerolled).toEqual([]);
  expect(destinyOf(actor)).toBe(2);
};

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

describe("a Destiny reroll in a world that adds Destiny dice before rolling", () => {
  it("is refused to the player on their own card, in their language, and nothing is written", async () => {
    const { actor, message } = await rolledBeforeTheSwitch("player");
    actAs("player");
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(true);
    await expect(requestDestinyReroll(message as never, 0, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.DestinyNotReroll",
    });
    untouched(message, actor);
  });

  it("is refused by the GM to a player asking for a die of the GM's card", async () => {
    const { actor, message } = await rolledBeforeTheSwitch("gm");
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.DestinyNotReroll" });
    untouched(message, actor);
  });

  it("is refused to the GM on their own client too", async () => {
    const { actor, message } = await rolledBeforeTheSwitch("gm");
    await expect(
      carryOutAs("gm", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.DestinyNotReroll" });
    untouched(message, actor);
  });

  it("reads as a sentence, not a key, in English and French", async () => {
    for (const lang of ["en", "fr"] as const) {
      foundry = await startWorld({ lang });
      const { describeError, UserError } = await import("../../core/errors");
      const text = describeError(new UserError("WH.Chat.Error.DestinyNotReroll"));
      expect(text).toBe(foundry.game.i18n.localize("WH.Chat.Error.DestinyNotReroll"));
      expect(text).not.toContain("WH.");
    }
  });
});
