// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import type { FoundryDouble } from "../../../test/foundry/install";
import { click } from "../../../test/support/cards";
import {
  actAs,
  carryOutAs,
  createActor,
  currentUser,
  destinyOf,
  facesRandom,
  opposingRollJson,
  postedMessage,
  renderAs,
  rollAs,
  startWorld,
  wuxiaHero,
  type PostedMessage,
  disconnectGms,
} from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

/**
 * Opposed tests on a Wuxia card: the result below both cards only for readers who may see the
 * rolls, a card already opposed refused before any dialog, what happens with no GM connected, and
 * Destiny dice added to an opposing roll given back when the card cannot take it.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
const oppose = (html: HTMLElement) => html.querySelector<HTMLButtonElement>('[data-wh-action="oppose"]');
const rollsOf = (message: PostedMessage) => postedMessage(message.id).rolls as WuxiaRoll[];

/** The GM's bandit (owned by the GM alone): Feu 2. */
function bandit(): Promise<Actor.Implementation> {
  return createActor(
    { name: "Bandit", type: "wuxiaCharacter", system: { attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 } } },
    { ownedByPlayer: false },
  );
}

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
  await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the result of an opposed test", () => {
  it("is shown to the readers of a whispered card, and to nobody else: no names, no successes, no winner", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", linMei, [10, 10, 2, 2, 2], { values: { visibility: "gm" } });
    actAs("gm");
    currentUser().character = await bandit();
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 3]);
    await click(oppose(await renderAs("gm", message)));
    expect(rollsOf(message).map((r) => r.state.actorName)).toEqual(["Lin Mei", "Bandit"]);

    const wins = format("WH.Chat.Opposed.Wins", { name: "Lin Mei" });
    for (const seat of ["gm", "player"] as const)
      expect((await renderAs(seat, message)).querySelector(".wh-opposed")?.textContent).toContain(wins);
    const stranger = await renderAs("stranger", message);
    expect(stranger.querySelector(".wh-opposed")).toBeNull();
    expect(stranger.textContent).not.toContain("Bandit");
    expect(stranger.textContent).not.toContain(wins);
  });
});

describe("Oppose", () => {
  it("on a card opposed since it was drawn is refused before any dialog, and nothing is rolled", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", false);
    const linMei = await wuxiaHero("Lin Mei");
    const message = await rollAs("gm", await bandit(), [8, 9]);
    actAs("player");
    currentUser().character = linMei;
    const drawn = await renderAs("player", message);
    // Someone else's opposing roll reaches the message before this card is drawn again.
    const zhao = await wuxiaHero("Zhao");
    actAs("gm");
    currentUser().character = zhao;
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 5, 5, 5]);
    await click(oppose(await renderAs("gm", message)));
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", false);
    const opening = await import("../ask");
    const prompt = vi.spyOn(opening, "promptRoll");
    actAs("player");
    await click(oppose(drawn));
    expect(errors()).toEqual([format("WH.Chat.Error.AlreadyOpposed")]);
    expect(prompt).not.toHaveBeenCalled();
    expect(rollsOf(message).map((r) => r.state.actorName)).toEqual(["Bandit", "Zhao"]);
  });

  it("with no GM connected, on a card the player may not change, says a GM is needed and writes nothing", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const message = await rollAs("gm", await bandit(), [8, 9]);
    disconnectGms();
    actAs("player");
    currentUser().character = linMei;
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 5, 5, 5]);
    await click(oppose(await renderAs("player", message)));
    expect(errors()).toEqual([format("WH.Chat.Error.NoGm")]);
    expect(rollsOf(message)).toHaveLength(1);
  });

  it("with no GM connected, on the player's own card, the player's client adds the roll", async () => {
    const [linMei, zhao] = [await wuxiaHero("Lin Mei"), await wuxiaHero("Zhao")];
    const message = await rollAs("player", linMei, [10, 2, 2, 2, 2]);
    disconnectGms();
    currentUser().character = zhao;
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 2, 2, 2]);
    await click(oppose(await renderAs("player", message)));
    expect(errors()).toEqual([]);
    expect(rollsOf(message).map((r) => r.state.actorName)).toEqual(["Lin Mei", "Zhao"]);
    expect((await renderAs("player", message)).querySelector(".wh-opposed")?.textContent).toContain(
      format("WH.Chat.Opposed.Wins", { name: "Zhao" }),
    );
  });

  it("gives back the Destiny dice added to the opposing roll when the card cannot take it", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const zhao = await wuxiaHero("Zhao", { destiny: 2 });
    const message = await rollAs("gm", await bandit(), [8, 9]);
    const live = postedMessage(message.id) as unknown as { update(changes: object): Promise<unknown> };
    vi.spyOn(live, "update").mockRejectedValueOnce(new Error("refused by the server"));
    const roll = await opposingRollJson(zhao, [5, 5, 5, 5, 5, 5], { destinyDice: 1 });
    await expect(carryOutAs("player", "oppose", { messageId: message.id, roll })).rejects.toMatchObject({
      data: { message: "refused by the server" },
    });
    expect(destinyOf(zhao)).toBe(2);
    expect(rollsOf(message)).toHaveLength(1);
    const again = await opposingRollJson(zhao, [5, 5, 5, 5, 5, 5], { destinyDice: 1 });
    await carryOutAs("player", "oppose", { messageId: message.id, roll: again });
    expect(destinyOf(zhao)).toBe(1);
    expect(rollsOf(message).map((r) => r.state.destinyDice)).toEqual([0, 1]);
  });
});
