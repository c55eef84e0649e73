// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  currentUser,
  opposingRollJson,
  facesRandom,
  guards,
  harmoniesHero,
  postedMessage,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../test/support/world";
import type { HarmoniesRoll } from "../rolls/harmonies/roll";

const XSS = "<img src=x onerror=alert(1)>";
let foundry: FoundryDouble;

async function roll(
  actor: Actor.Implementation,
  faces: number[],
  request: Record<string, unknown> = {},
): Promise<PostedMessage> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  const { rollActor } = await import("../rolls/pipeline");
  return (await rollActor(actor, {
    dialog: false,
    values: { visibility: "public" },
    ...request,
  })) as unknown as PostedMessage;
}

/** Everything a reader could be made to run: elements and attributes that are not the card's own. */
function liveMarkup(html: HTMLElement): string[] {
  return [...html.querySelectorAll("img, script, iframe, [onerror], [onload], [onclick]")].map((el) => el.outerHTML);
}

beforeEach(async () => {
  foundry = await startWorld();
});

describe("chat cards", () => {
  it.each([
    ["Wuxia", () => wuxiaHero(XSS), [3, 8, 1, 10, 5]],
    ["Harmonies", () => harmoniesHero(XSS), [8, 2]],
    ["group", () => guards(25, XSS), [5, 3]],
  ] as const)(
    "escape document text: a %s actor named <img src=x onerror=alert(1)> puts no live markup in the card",
    async (_kind, make, faces) => {
      const actor = await make();
      const html = await (await roll(actor, [...faces])).renderHTML();
      expect(liveMarkup(html)).toEqual([]);
      expect(html.textContent).toContain(XSS);
    },
  );

  it("escape item names too", async () => {
    const actor = await wuxiaHero();
    const skill = actor.items.find((i) => i.name === "Chasseur");
    await skill?.update({ name: XSS } as never);
    const html = await (await roll(actor, [3, 8, 1, 10, 5], { item: skill })).renderHTML();
    expect(liveMarkup(html)).toEqual([]);
    expect(html.querySelector(".wh-card__details")?.textContent).toContain(XSS);
  });

  it("read the same after a reload: the chat log rebuilds the card from the roll alone", async () => {
    const actor = await wuxiaHero();
    const message = await roll(actor, [3, 8, 1, 10, 5, 7], { item: actor.items.find((i) => i.name === "Tir à l'arc") });
    const before = (await message.renderHTML()).innerHTML;
    const ChatMessageClass = ChatMessage as unknown as new (data: unknown) => PostedMessage;
    const reloaded = new ChatMessageClass(JSON.parse(JSON.stringify(message.toObject())));
    expect((await reloaded.renderHTML()).innerHTML).toBe(before);
  });

  it("show the outcome in words in the reader's language", async () => {
    foundry = await startWorld({ lang: "fr" });
    const actor = await wuxiaHero();
    const html = await (await roll(actor, [1, 1, 1, 8, 4])).renderHTML();
    expect(html.querySelector(".wh-outcome")?.textContent).toContain("Échec critique");
    expect(html.innerHTML).not.toMatch(/WH\.[A-Z]/);
  });
});

describe("XP award on a Harmonies card", () => {
  async function extremeRoll(): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await harmoniesHero();
    // Open roll: +10 +10 +3 − 1 = +22 on the dice alone → 2 XP (RULES 2.7).
    const message = await roll(actor, [10, 10, 3, 1], {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true, visibility: "public" },
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

  it("gives the GM one click that awards the skill and both attributes, once", async () => {
    const { actor, message } = await extremeRoll();
    const html = await message.renderHTML();
    const button = html.querySelector<HTMLButtonElement>('[data-wh-action="award-xp"]');
    expect(button).not.toBeNull();
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await awardExperience(postedMessage(message.id) as never, 0);
    expect(xp(actor)).toEqual([2, 2, 2]);
    const again = await postedMessage(message.id).renderHTML();
    expect(again.querySelector('[data-wh-action="award-xp"]')).toBeNull();
    expect(again.textContent).toContain(foundry.game.i18n.localize("WH.Chat.Harmonies.XpAwarded"));
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.XpAlreadyAwarded",
    });
    expect(xp(actor)).toEqual([2, 2, 2]);
  });

  it("awards once when the GM double-clicks: the second click finds it awarded", async () => {
    const { actor, message } = await extremeRoll();
    const { awardExperience } = await import("../rolls/harmonies/experience");
    const results = await Promise.allSettled([
      awardExperience(postedMessage(message.id) as never, 0),
      awardExperience(postedMessage(message.id) as never, 0),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(results[1]).toMatchObject({ reason: { key: "WH.Chat.Error.XpAlreadyAwarded" } });
    expect(xp(actor)).toEqual([2, 2, 2]);
  });

  it("shows players no award button and refuses them", async () => {
    const { actor, message } = await extremeRoll();
    actAs("player");
    expect((await message.renderHTML()).querySelector('[data-wh-action="award-xp"]')).toBeNull();
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await expect(awardExperience(message as never, 0)).rejects.toMatchObject({ key: "WH.Chat.Error.GmOnly" });
    expect(xp(actor)).toEqual([0, 0, 0]);
    expect((message.rolls[0] as HarmoniesRoll).state.xpAwarded).toBe(false);
  });
});

describe("opposed tests", () => {
  it("put the opposing roll on the same card and say who wins", async () => {
    const first = await wuxiaHero("Lin Mei");
    const message = await roll(first, [8, 9, 10, 2, 3]);
    const second = await wuxiaHero("Zhao");
    currentUser().character = second;
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2, 2, 2, 3]);
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    const { opposeFromCard } = await import("../rolls/wuxia/opposed");
    await opposeFromCard(postedMessage(message.id) as never);
    const updated = postedMessage(message.id);
    expect(updated.rolls).toHaveLength(2);
    const html = await updated.renderHTML();
    expect(html.querySelectorAll("[data-wh-card]")).toHaveLength(2);
    expect(html.querySelector(".wh-opposed")?.textContent).toContain(
      foundry.game.i18n.format("WH.Chat.Opposed.Wins", { name: "Lin Mei" }),
    );
    expect(html.querySelector('[data-wh-action="oppose"]')).toBeNull();
    await expect(opposeFromCard(updated as never)).rejects.toMatchObject({ key: "WH.Chat.Error.AlreadyOpposed" });
  });

  it("take one opposing roll when two arrive at once, and refuse a roll that was not rolled", async () => {
    const message = await roll(await wuxiaHero("Lin Mei"), [8, 9, 10, 2, 3]);
    const zhao = await wuxiaHero("Zhao", { attributes: { metal: 3, feu: 2, terre: 4, eau: 3, bois: 2 } });
    const attach = (roll: Record<string, unknown>) => carryOutAs("player", "oppose", { messageId: message.id, roll });
    const a = await opposingRollJson(zhao, [8, 2]);
    await expect(attach({ ...a, evaluated: false })).rejects.toMatchObject({ key: "WH.Request.Error.NotEvaluated" });
    const b = await opposingRollJson(zhao, [5, 5]);
    const results = await Promise.allSettled([attach(a), attach(b)]);
    expect(results[1]).toMatchObject({ status: "rejected", reason: { key: "WH.Chat.Error.AlreadyOpposed" } });
    expect(postedMessage(message.id).rolls).toHaveLength(2);
  });

  it("count a critical failure as no success (the rules' reading)", async () => {
    const { opposedOutcome } = await import("../rolls/wuxia/opposed");
    const { WuxiaRoll } = await import("../rolls/wuxia/roll");
    const make = async (faces: number[]) => {
      foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
      return WuxiaRoll.build({
        attribute: "feu",
        attributeValue: faces.length,
        skillName: null,
        competence: 0,
        rerolls: 0,
        specialisation: null,
        sr: 10,
        srPenalty: 0,
        extraDice: 0,
        destinyDice: 0,
        actorUuid: null,
        actorName: "x",
        itemUuid: null,
      }).evaluate();
    };
    expect(opposedOutcome(await make([10, 1, 1]), await make([10, 2, 2]))).toBe("second");
    expect(opposedOutcome(await make([10, 2]), await make([10, 3]))).toBe("tie");
  });
});
