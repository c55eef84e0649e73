// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import type { FoundryDouble } from "../../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  destinyOf,
  facesRandom,
  playerId,
  postedMessage,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

let foundry: FoundryDouble;

type Message = PostedMessage & { rolls: WuxiaRoll[] };
const asPlayer = () => actAs("player");
const asGm = () => actAs("gm");

/** Lin Mei rolls Feu 5 with Chasseur 3 (threshold 7): 1, 3, 8, 1, 5. */
async function rolled(
  options: { destiny?: number; byPlayer?: boolean } = {},
): Promise<{ actor: Actor.Implementation; message: Message }> {
  const actor = await wuxiaHero("Lin Mei", { destiny: options.destiny ?? 2 });
  if (options.byPlayer !== false) asPlayer();
  foundry.CONFIG.Dice.randomUniform = facesRandom([1, 3, 8, 1, 5]);
  const { rollActor } = await import("../pipeline");
  const chasseur = actor.items.find((i) => i.name === "Chasseur");
  const message = (await rollActor(actor, {
    item: chasseur,
    dialog: false,
    values: { visibility: "public" },
  })) as unknown as Message;
  return { actor, message };
}

const destiny = destinyOf;

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

describe("Destiny dice spent from the chat card", () => {
  it("rerolls the chosen die in the same message and takes one Destiny die from the actor", async () => {
    const { actor, message } = await rolled();
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await requestDestinyReroll(message as never, 0, 0);
    const roll = postedMessage(message.id).rolls[0] as WuxiaRoll;
    expect(roll.positions[0]).toEqual({ faces: [1, 9], by: ["destiny"] });
    expect(roll.total).toBe(2);
    expect(destiny(actor)).toBe(1);
    const html = await message.renderHTML();
    expect(html.querySelector(".wh-die__old")?.textContent).toBe("1");
  });

  it("does nothing when the player does not confirm", async () => {
    const { actor, message } = await rolled();
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(false);
    await requestDestinyReroll(message as never, 0, 0);
    expect(message.rolls[0]?.state.rerolled).toEqual([]);
    expect(destiny(actor)).toBe(2);
  });

  it("refuses when no Destiny die is left, and writes nothing", async () => {
    const { actor, message } = await rolled({ destiny: 0 });
    const { requestDestinyReroll } = await import("./destiny");
    await expect(requestDestinyReroll(message as never, 0, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.NoDestiny",
    });
    expect(message.rolls[0]?.state.rerolled).toEqual([]);
    expect(destiny(actor)).toBe(0);
  });

  it("asks the GM when the player may not update the message (the GM rolled it), and the GM checks again", async () => {
    const { actor, message } = await rolled({ byPlayer: false });
    asPlayer();
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([10]);
    await requestDestinyReroll(message as never, 0, 3);
    expect((postedMessage(message.id).rolls[0] as WuxiaRoll).positions[3]).toEqual({ faces: [1, 10], by: ["destiny"] });
    expect(destiny(actor)).toBe(1);
  });

  it("the GM refuses a requester who does not own the actor, and nothing changes", async () => {
    const { actor, message } = await rolled({ byPlayer: false });
    asGm();
    // Foundry merges an ownership change into the map: the player's own entry must be lowered.
    await actor.update({ ownership: { [playerId()]: 0 } } as never);
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner", data: { name: "Lin Mei" } });
    expect(message.rolls[0]?.state.rerolled).toEqual([]);
    expect(destiny(actor)).toBe(2);
  });

  it("says so when the GM's help is needed and no GM is connected", async () => {
    const { message } = await rolled({ byPlayer: false });
    for (const user of foundry.game.users.values()) if (user.isGM) user.active = false;
    asPlayer();
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(true);
    await expect(requestDestinyReroll(message as never, 0, 0)).rejects.toMatchObject({ key: "WH.Chat.Error.NoGm" });
  });

  it("shows the dice as buttons only to the actor's owners with a Destiny die left", async () => {
    const { message } = await rolled();
    const enabled = async () =>
      [...(await message.renderHTML()).querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')].filter(
        (b) => !b.disabled,
      ).length;
    expect(await enabled()).toBe(5);
    actAs("stranger");
    expect(await enabled()).toBe(0);
  });
});

describe("Destiny dice under concurrent clicks", () => {
  it("the GM answers two requests for one message one after the other: two dice rerolled, two Destiny dice spent", async () => {
    const { actor, message } = await rolled({ byPlayer: false });
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 10]);
    const results = await Promise.all(
      [0, 3].map((dieIndex) => carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex })),
    );
    expect(results).toEqual([undefined, undefined]);
    const roll = postedMessage(message.id).rolls[0] as WuxiaRoll;
    expect([roll.positions[0], roll.positions[3]]).toEqual([
      { faces: [1, 9], by: ["destiny"] },
      { faces: [1, 10], by: ["destiny"] },
    ]);
    expect(destiny(actor)).toBe(0);
  });

  it("a double click asks once and spends one Destiny die", async () => {
    const { actor, message } = await rolled();
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(true, true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 10]);
    await Promise.all([requestDestinyReroll(message as never, 0, 0), requestDestinyReroll(message as never, 0, 0)]);
    expect(DialogV2.answers).toEqual([true]);
    expect((postedMessage(message.id).rolls[0] as WuxiaRoll).state.rerolled).toHaveLength(1);
    expect(destiny(actor)).toBe(1);
  });

  it("leaves the message's roll untouched when the update is refused, even if toJSON shares the roll's options", async () => {
    const { actor, message } = await rolled();
    const live = message.rolls[0] as WuxiaRoll;
    const json = live.toJSON.bind(live);
    // Foundry's Roll#toJSON may hand out its live options object rather than a copy.
    Object.assign(live, { toJSON: () => ({ ...json(), options: live.options }) });
    Object.assign(message, { update: () => Promise.reject(new Error("refused by the server")) });
    const { requestDestinyReroll } = await import("./destiny");
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await expect(requestDestinyReroll(message as never, 0, 0)).rejects.toThrow();
    expect(live.state.rerolled).toEqual([]);
    expect(live.positions[0]).toEqual({ faces: [1], by: [] });
    expect(destiny(actor)).toBe(2);
  });
});
