// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../test/foundry/applications";
import type { FoundryDouble } from "../../test/foundry/install";
import { click, installDiceSoNice } from "../../test/support/cards";
import {
  actAs,
  carryOutAs,
  createActor,
  opposingRollJson,
  currentUser,
  destinyOf,
  facesRandom,
  harmoniesHero,
  playerId,
  postedMessage,
  startWorld,
  strangerId,
  wuxiaHero,
  type PostedMessage,
  rollAs,
  renderAs,
  type Seat,
} from "../../test/support/world";
import type { HarmoniesRoll } from "../rolls/harmonies/roll";
import type { WuxiaRoll } from "../rolls/wuxia/roll";

/**
 * The chat cards' buttons, clicked at the DOM as each reader's chat log draws them: the
 * author-player, the GM, and a second player who owns nothing.
 */

type Who = Seat;
let foundry: FoundryDouble;

const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
const wuxiaRoll = (message: PostedMessage, index = 0) => postedMessage(message.id).rolls[index] as WuxiaRoll;

const dice = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')];
const liveDice = (html: HTMLElement) => dice(html).filter((b) => !b.disabled);

/** A disabled button gets no click: a reader forcing it first takes the attribute off. */
async function forceClick(button: HTMLButtonElement | undefined): Promise<void> {
  button?.removeAttribute("disabled");
  await click(button);
}

beforeEach(async () => {
  vi.restoreAllMocks();
  foundry = await startWorld();
  DialogV2.answers = [];
});

describe("Destiny dice on a Wuxia card", () => {
  /** Lin Mei (the player's) rolls Chasseur, threshold 7: 1, 3, 8, 1, 5. */
  async function linMeiRolls(by: Who, destiny = 2): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await wuxiaHero("Lin Mei", { destiny });
    const message = await rollAs(by, actor, [1, 3, 8, 1, 5], { item: actor.items.find((i) => i.name === "Chasseur") });
    return { actor, message };
  }

  it("the author-player clicks a die, confirms, and the card's roll gets the new face while the actor spends a die", async () => {
    const { actor, message } = await linMeiRolls("player");
    const html = await renderAs("player", message);
    expect(liveDice(html)).toHaveLength(5);
    expect(dice(html)[0]?.dataset.tooltip).toBe(format("WH.Chat.Wuxia.DestinyTooltipLeft", { count: 2 }));
    // Each die's accessible name starts with the face it shows (what a voice user says to click it).
    expect(dice(html).map((d) => d.getAttribute("aria-label")?.split(" — ")[0])).toEqual(
      dice(html).map((d) => d.textContent),
    );
    expect(html.querySelector(".wh-card__hint")).not.toBeNull();
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await click(dice(html)[0]);
    expect(DialogV2.answers).toEqual([]);
    expect(wuxiaRoll(message).positions[0]).toEqual({ faces: [1, 9], by: ["destiny"] });
    expect(destinyOf(actor)).toBe(1);
    expect(errors()).toEqual([]);
    const again = await renderAs("player", message);
    expect(again.querySelector(".wh-die__old")?.textContent).toBe("1");
    expect(dice(again)[1]?.dataset.tooltip).toBe(format("WH.Chat.Wuxia.DestinyTooltipLeft", { count: 1 }));
  });

  it("the GM clicks a die of the player's card and spends the actor's die on their own client", async () => {
    const { actor, message } = await linMeiRolls("player");
    const html = await renderAs("gm", message);
    expect(liveDice(html)).toHaveLength(5);
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([10]);
    await click(dice(html)[3]);
    expect(wuxiaRoll(message).positions[3]).toEqual({ faces: [1, 10], by: ["destiny"] });
    expect(destinyOf(actor)).toBe(1);
  });

  it("the player clicks a die of a card the GM rolled for their character, and the GM carries it out", async () => {
    const { actor, message } = await linMeiRolls("gm");
    const html = await renderAs("player", message);
    expect(liveDice(html)).toHaveLength(5);
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([8]);
    await click(dice(html)[0]);
    expect(wuxiaRoll(message).positions[0]).toEqual({ faces: [1, 8], by: ["destiny"] });
    expect(destinyOf(actor)).toBe(1);
    expect(errors()).toEqual([]);
  });

  it("the second player, owning nothing, sees dead dice and no hint; a forced click asks nothing and writes nothing", async () => {
    const { actor, message } = await linMeiRolls("player");
    const html = await renderAs("stranger", message);
    expect(dice(html)).toHaveLength(5);
    expect(liveDice(html)).toEqual([]);
    expect(dice(html).map((b) => b.dataset.tooltip)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(html.querySelector(".wh-card__hint")).toBeNull();
    DialogV2.answers.push(true);
    await forceClick(dice(html)[0]);
    expect(DialogV2.answers).toEqual([true]);
    expect(errors()).toEqual([]);
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(2);
  });

  /** The author rewrites the roll's state on their own card, as they may. */
  async function authorRewrites(message: PostedMessage, change: (state: Record<string, unknown>) => void) {
    actAs("player");
    const json = JSON.parse(JSON.stringify(wuxiaRoll(message).toJSON())) as {
      options: { wuxia: Record<string, unknown> };
    };
    change(json.options.wuxia);
    await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: [json] });
  }

  it("a card its author rewrote to name the GM's hero has dead dice for the GM, who is refused before any dialog", async () => {
    const { message } = await linMeiRolls("player");
    const goliath = await createActor(
      { name: "Goliath", type: "wuxiaCharacter", system: { destiny: 2 } },
      { ownedByPlayer: false },
    );
    await authorRewrites(message, (state) => (state.actorUuid = goliath.uuid));
    const html = await renderAs("gm", message);
    expect(dice(html)).toHaveLength(5);
    expect(liveDice(html)).toEqual([]);
    expect(html.querySelector(".wh-card__hint")).toBeNull();
    DialogV2.answers.push(true);
    await forceClick(dice(html)[0]);
    expect(DialogV2.answers).toEqual([true]);

    const confirm = vi.spyOn(DialogV2, "confirm");
    const { requestDestinyReroll } = await import("../rolls/wuxia/destiny");
    actAs("gm");
    await expect(requestDestinyReroll(postedMessage(message.id) as never, 0, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotAuthorsActor",
      data: { name: "Goliath" },
    });
    expect(confirm).not.toHaveBeenCalled();
    expect(destinyOf(goliath)).toBe(2);
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
  });

  it("the confirmation names the actor whose die is spent from the actor, not from the name the card shows", async () => {
    const { actor, message } = await linMeiRolls("player");
    await authorRewrites(message, (state) => (state.actorName = "Goliath"));
    const confirm = vi.spyOn(DialogV2, "confirm");
    const html = await renderAs("player", message);
    DialogV2.answers.push(false);
    await click(dice(html)[0]);
    expect(confirm).toHaveBeenCalledTimes(1);
    const content = String((confirm.mock.calls[0]?.[0] as { content?: unknown }).content);
    expect(content).toBe(
      "<p>Reroll the die showing 1 with a Destiny die of Lin Mei? 2 Destiny dice left before this one.</p>",
    );
    expect(content).not.toContain("Goliath");
    expect(destinyOf(actor)).toBe(2);
  });

  it("the confirmation shows a name with markup as text", async () => {
    const { actor, message } = await linMeiRolls("player");
    await actor.update({ name: "<img src=x onerror=alert(1)>" } as never);
    const confirm = vi.spyOn(DialogV2, "confirm");
    const html = await renderAs("player", message);
    DialogV2.answers.push(false);
    await click(dice(html)[0]);
    const content = String((confirm.mock.calls[0]?.[0] as { content?: unknown }).content);
    const shown = document.createElement("div");
    shown.innerHTML = content;
    expect(shown.querySelector("img")).toBeNull();
    expect(shown.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("a card drawn while the reader owned the actor refuses the click once they no longer do, in their language", async () => {
    const { actor, message } = await linMeiRolls("player");
    actAs("gm");
    await actor.update({ ownership: { default: 0, [playerId()]: 3, [strangerId()]: 3 } } as never);
    const html = await renderAs("stranger", message);
    expect(liveDice(html)).toHaveLength(5);
    actAs("gm");
    await actor.update({ ownership: { default: 0, [playerId()]: 3, [strangerId()]: 0 } } as never);
    actAs("stranger");
    DialogV2.answers.push(true);
    await click(dice(html)[2]);
    expect(errors()).toEqual([format("WH.Chat.Error.NotOwner", { name: "Lin Mei" })]);
    expect(DialogV2.answers).toEqual([true]);
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(2);
  });

  it("an owner with no Destiny die left sees dead dice and no hint; a forced click asks nothing and writes nothing", async () => {
    const { actor, message } = await linMeiRolls("player", 0);
    const html = await renderAs("player", message);
    expect(dice(html)).toHaveLength(5);
    expect(liveDice(html)).toEqual([]);
    expect(html.querySelector(".wh-card__hint")).toBeNull();
    expect(dice(html).every((b) => b.dataset.tooltip === undefined)).toBe(true);
    DialogV2.answers.push(true);
    await forceClick(dice(html)[0]);
    expect(DialogV2.answers).toEqual([true]);
    expect(errors()).toEqual([]);
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(0);
  });

  it("the GM reading an NPC's card (no Destiny die unless given one) sees dead dice and no hint", async () => {
    const bandit = await createActor(
      {
        name: "Bandit",
        type: "wuxiaCharacter",
        system: { npc: true, attributes: { metal: 2, feu: 3, terre: 2, eau: 2, bois: 2 } },
      },
      { ownedByPlayer: false },
    );
    const html = await renderAs("gm", await rollAs("gm", bandit, [1, 1, 4]));
    expect(dice(html)).toHaveLength(3);
    expect(liveDice(html)).toEqual([]);
    expect(html.querySelector(".wh-card__hint")).toBeNull();
  });

  it("spending the last die kills the dice on the next drawing, and a card still showing them refuses the click", async () => {
    const { actor, message } = await linMeiRolls("player", 1);
    const html = await renderAs("player", message);
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await click(dice(html)[0]);
    expect(destinyOf(actor)).toBe(0);
    const redrawn = await renderAs("player", message);
    expect(liveDice(redrawn)).toEqual([]);
    expect(redrawn.querySelector(".wh-card__hint")).toBeNull();
    DialogV2.answers.push(true);
    await click(dice(html)[3]);
    expect(errors()).toEqual([format("WH.Chat.Error.NoDestiny", { name: "Lin Mei" })]);
    expect(DialogV2.answers).toEqual([true]);
    expect(wuxiaRoll(message).state.rerolled).toEqual([{ index: 0, by: "destiny" }]);
  });

  it("the GM refuses the second player's request for a die of an actor they do not own", async () => {
    const { actor, message } = await linMeiRolls("gm");
    await expect(
      carryOutAs("stranger", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner", data: { name: "Lin Mei" } });
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(2);
  });

  it("the second player asking in their own name is refused where they stand, and nothing is written", async () => {
    const { actor, message } = await linMeiRolls("player");
    actAs("stranger");
    await expect(
      carryOutAs("stranger", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }, { withoutGm: true }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    expect(wuxiaRoll(message).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(2);
  });

  it("are plain faces, no buttons, when the world adds Destiny dice before rolling", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const { message } = await linMeiRolls("player");
    const html = await renderAs("player", message);
    expect(dice(html)).toEqual([]);
    expect(html.querySelectorAll(".wh-die__face")).toHaveLength(5);
    expect(html.querySelector(".wh-card__hint")).toBeNull();
  });
});

describe("Oppose on a Wuxia card", () => {
  const oppose = (html: HTMLElement) => html.querySelector<HTMLButtonElement>('[data-wh-action="oppose"]');

  /** The GM's bandit (owned by the GM alone) attacks: Feu 2 → 8, 9. */
  async function banditAttacks(): Promise<PostedMessage> {
    const bandit = await createActor(
      {
        name: "Bandit",
        type: "wuxiaCharacter",
        system: { attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 } },
      },
      { ownedByPlayer: false },
    );
    return rollAs("gm", bandit, [8, 9]);
  }

  beforeEach(async () => {
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
  });

  it("the player clicks Oppose for their character on the GM's card: the GM adds the roll and the card says who wins", async () => {
    const message = await banditAttacks();
    const zhao = await wuxiaHero("Zhao");
    actAs("player");
    currentUser().character = zhao;
    const html = await renderAs("player", message);
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 9, 8, 2, 2]);
    await click(oppose(html));
    expect(errors()).toEqual([]);
    const rolls = postedMessage(message.id).rolls as WuxiaRoll[];
    expect(rolls.map((r) => r.state.actorName)).toEqual(["Bandit", "Zhao"]);
    expect(rolls[1]?.state.actorUuid).toBe(zhao.uuid);
    const again = await renderAs("player", message);
    expect(oppose(again)).toBeNull();
    expect(again.querySelector(".wh-opposed")?.textContent).toContain(format("WH.Chat.Opposed.Wins", { name: "Zhao" }));
  });

  it("the GM clicks Oppose for an NPC on the player's card and adds the roll on their own client", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const bandit = await createActor(
      {
        name: "Bandit",
        type: "wuxiaCharacter",
        system: { attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 } },
      },
      { ownedByPlayer: false },
    );
    const message = await rollAs("player", linMei, [10, 10, 2, 2, 2]);
    actAs("gm");
    currentUser().character = bandit;
    const html = await renderAs("gm", message);
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 3]);
    await click(oppose(html));
    expect((postedMessage(message.id).rolls as WuxiaRoll[]).map((r) => r.state.actorName)).toEqual([
      "Lin Mei",
      "Bandit",
    ]);
    expect((await renderAs("gm", message)).querySelector(".wh-opposed")?.textContent).toContain(
      format("WH.Chat.Opposed.Wins", { name: "Lin Mei" }),
    );
  });

  it("the second player speaking for a character they do not own is refused before any die is rolled", async () => {
    const message = await banditAttacks();
    const zhao = await wuxiaHero("Zhao");
    actAs("stranger");
    currentUser().character = zhao;
    const html = await renderAs("stranger", message);
    // No face scripted: a die rolled would fail the action with another message.
    foundry.CONFIG.Dice.randomUniform = facesRandom([]);
    await click(oppose(html));
    expect(errors()).toEqual([format("WH.Chat.Error.NotOwner", { name: "Zhao" })]);
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("the second player with no character is asked to pick one, and nothing is written", async () => {
    const message = await banditAttacks();
    const html = await renderAs("stranger", message);
    await click(oppose(html));
    expect(errors()).toEqual([format("WH.Chat.Error.NoOpponent")]);
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("a Harmonies character cannot oppose a Wuxia roll", async () => {
    const david = await harmoniesHero("David");
    const message = await banditAttacks();
    actAs("player");
    currentUser().character = david;
    await click(oppose(await renderAs("player", message)));
    expect(errors()).toEqual([format("WH.Chat.Error.OpponentNotWuxia", { name: "David" })]);
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("the GM refuses an opposing roll the second player made for an actor they do not own", async () => {
    const message = await banditAttacks();
    const zhao = await wuxiaHero("Zhao");
    const roll = await opposingRollJson(zhao, [10, 10, 2, 2, 2]);
    await expect(carryOutAs("stranger", "oppose", { messageId: message.id, roll })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "Zhao" },
    });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("Dice So Nice plays the opposing roll once: the update that adds it to the message plays it", async () => {
    const animations = installDiceSoNice();
    const zhao = await wuxiaHero("Zhao");
    const message = await banditAttacks();
    actAs("player");
    currentUser().character = zhao;
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 9, 8, 2, 2]);
    await click(oppose(await renderAs("player", message)));
    expect(postedMessage(message.id).rolls).toHaveLength(2);
    expect(animations).toEqual([
      { formula: "2d10", via: "create", messageId: message.id },
      { formula: "5d10", via: "update", messageId: message.id },
    ]);
  });

  it("Dice So Nice plays a Destiny reroll once: the message's roll changes in place, so the system shows the die", async () => {
    const animations = installDiceSoNice();
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", actor, [1, 3, 8, 1, 5], {
      item: actor.items.find((i) => i.name === "Chasseur"),
    });
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await click(dice(await renderAs("player", message))[0]);
    expect(wuxiaRoll(message).state.rerolled).toHaveLength(1);
    expect(animations).toEqual([
      { formula: "5d10", via: "create", messageId: message.id },
      { formula: "1d10", via: "showForRoll", messageId: message.id },
    ]);
  });
});

describe("Award XP on a Harmonies card", () => {
  const award = (html: HTMLElement) => html.querySelector<HTMLButtonElement>('[data-wh-action="award-xp"]');

  /** David (the player's) rolls Fronde open: +10 +10 +3 − 1 = +22 on the dice → 2 XP (RULES 2.7). */
  async function davidRolls(): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await harmoniesHero();
    const message = await rollAs("player", actor, [10, 10, 3, 1], {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true },
    });
    return { actor, message };
  }

  const xp = (actor: Actor.Implementation) => {
    const system = actor.system as unknown as {
      characteristics: { agilite: { xp: number } };
      means: { precision: { xp: number } };
    };
    const skill = actor.items.find((i) => i.name === "Fronde")?.system as unknown as { xp: number };
    return [system.characteristics.agilite.xp, system.means.precision.xp, skill.xp];
  };

  it("the GM clicks it: the skill and both attributes get the XP, and the card then says it was awarded", async () => {
    const { actor, message } = await davidRolls();
    const html = await renderAs("gm", message);
    await click(award(html));
    expect(errors()).toEqual([]);
    expect(xp(actor)).toEqual([2, 2, 2]);
    expect((postedMessage(message.id).rolls[0] as HarmoniesRoll).state.xpAwarded).toBe(true);
    const again = await renderAs("gm", message);
    expect(award(again)).toBeNull();
    expect(again.querySelector(".wh-card__done")?.textContent).toContain(format("WH.Chat.Harmonies.XpAwarded"));
  });

  it.each(["player", "stranger"] as const)("the %s sees the experience but no button", async (who) => {
    const { message } = await davidRolls();
    const html = await renderAs(who, message);
    expect(html.querySelector(".wh-card__xp")?.textContent).toContain(
      format("WH.Chat.Harmonies.Experience.other", {
        count: 2,
        skill: "Fronde",
        characteristic: format("WH.Attribute.agilite"),
        means: format("WH.Attribute.precision"),
      }),
    );
    expect(award(html)).toBeNull();
  });

  it.each(["player", "stranger"] as const)(
    "a button drawn for the GM, clicked by the %s, is refused in their language and awards nothing",
    async (who) => {
      const { actor, message } = await davidRolls();
      const html = await renderAs("gm", message);
      actAs(who);
      await click(award(html));
      expect(errors()).toEqual([format("WH.Chat.Error.GmOnly")]);
      expect(xp(actor)).toEqual([0, 0, 0]);
      expect((postedMessage(message.id).rolls[0] as HarmoniesRoll).state.xpAwarded).toBe(false);
    },
  );
});
