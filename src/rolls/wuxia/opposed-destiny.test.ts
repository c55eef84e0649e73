// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import type { FoundryDouble } from "../../../test/foundry/install";
import { click } from "../../../test/support/cards";
import {
  actAs,
  carryOutAs,
  createActor,
  destinyOf,
  facesRandom,
  opposingRollJson,
  postedMessage,
  renderAs,
  rollAs,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

/**
 * Destiny dice on an opposed card: each side's dice are live only for that side's owners, a
 * reroll changes only the roll it was spent on, and the winner is read again from the new faces.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
const rollsOf = (message: PostedMessage) => postedMessage(message.id).rolls as WuxiaRoll[];
/** The live Destiny dice of each card of the message, as a reader sees them. */
const liveDice = (html: HTMLElement) =>
  [...html.querySelectorAll<HTMLElement>("[data-wh-card]")].map((card) =>
    [...card.querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')].filter((b) => !b.disabled),
  );

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

/** The GM's bandit (8, 9) opposed by the player's Zhao (1, 2, 3, 4, 9): a tie. */
async function banditOpposedByZhao(): Promise<{ zhao: Actor.Implementation; message: PostedMessage }> {
  const bandit = await createActor(
    {
      name: "Bandit",
      type: "wuxiaCharacter",
      system: { attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 }, destiny: 1 },
    },
    { ownedByPlayer: false },
  );
  const zhao = await wuxiaHero("Zhao", { destiny: 2 });
  const message = await rollAs("gm", bandit, [8, 9]);
  const roll = await opposingRollJson(zhao, [1, 2, 3, 4, 9]);
  await carryOutAs("player", "oppose", { messageId: message.id, roll });
  return { zhao, message };
}

describe("Destiny dice on an opposed card", () => {
  it("the player's dice are live on their own character's card only; the second player's on neither", async () => {
    const { message } = await banditOpposedByZhao();
    expect(liveDice(await renderAs("player", message)).map((d) => d.length)).toEqual([0, 5]);
    expect(liveDice(await renderAs("stranger", message)).map((d) => d.length)).toEqual([0, 0]);
    expect(liveDice(await renderAs("gm", message)).map((d) => d.length)).toEqual([2, 5]);
  });

  it("a reroll on the player's card changes that roll alone, and the winner is read from the new faces", async () => {
    const { zhao, message } = await banditOpposedByZhao();
    const before = JSON.stringify(rollsOf(message)[0]?.toJSON());
    const html = await renderAs("player", message);
    expect(html.querySelector(".wh-opposed")?.textContent).toContain(format("WH.Chat.Opposed.Tie"));
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([10]);
    await click(liveDice(html)[1]?.[0]);
    expect(errors()).toEqual([]);
    expect(rollsOf(message)[1]?.positions[0]).toEqual({ faces: [1, 10], by: ["destiny"] });
    expect(JSON.stringify(rollsOf(message)[0]?.toJSON())).toBe(before);
    expect(destinyOf(zhao)).toBe(1);
    expect((await renderAs("player", message)).querySelector(".wh-opposed")?.textContent).toContain(
      format("WH.Chat.Opposed.Wins", { name: "Zhao" }),
    );
  });

  it("the GM refuses the player's request for a die of the bandit's roll", async () => {
    const { message } = await banditOpposedByZhao();
    actAs("player");
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner", data: { name: "Bandit" } });
    expect(rollsOf(message).map((r) => r.state.rerolled)).toEqual([[], []]);
  });
});
