// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../test/foundry/applications";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  createActor,
  opposingRollJson,
  destinyOf,
  facesRandom,
  guards,
  harmoniesHero,
  postedMessage,
  setWorldSetting,
  startWorld,
  strangerId,
  wuxiaHero,
  type PostedMessage,
  rollAs,
  type Seat,
} from "../../test/support/world";
import type { HarmoniesRoll } from "../rolls/harmonies/roll";
import type { WuxiaRoll } from "../rolls/wuxia/roll";

/** Each refusal of the card actions and GM queries, with what is left unwritten. */

type Who = Seat;
let foundry: FoundryDouble;
type Query = (request: unknown) => Promise<unknown>;
const requestQuery = () => (foundry.CONFIG.queries as Record<string, Query>)["wuxia-harmonies.request"] as Query;

/** A Wuxia roll of Feu 2 for the actor named, rolled (10, 10) unless left for the poster to roll. */
async function wuxiaBuild(actorUuid: string | null, options: { evaluate?: boolean } = {}): Promise<WuxiaRoll> {
  const { WuxiaRoll } = await import("../rolls/wuxia/roll");
  foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10]);
  const roll = WuxiaRoll.build({
    attribute: "feu",
    attributeValue: 2,
    skillName: null,
    competence: 0,
    rerolls: 0,
    specialisation: null,
    sr: 10,
    srPenalty: 0,
    extraDice: 0,
    destinyDice: 0,
    actorUuid,
    actorName: "x",
    itemUuid: null,
  });
  return options.evaluate === false ? roll : roll.evaluate();
}

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

describe("Destiny dice refusals", () => {
  async function linMei(by: Who = "player"): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await wuxiaHero("Lin Mei");
    return {
      actor,
      message: await rollAs(by, actor, [1, 3, 8, 1, 5], { item: actor.items.find((i) => i.name === "Chasseur") }),
    };
  }

  it("the confirmation names the face and the dice left, in the reader's language", async () => {
    const { message } = await linMei();
    const confirm = vi.spyOn(DialogV2, "confirm");
    DialogV2.answers.push(false);
    const { requestDestinyReroll } = await import("../rolls/wuxia/destiny");
    await requestDestinyReroll(postedMessage(message.id) as never, 0, 2);
    expect(confirm).toHaveBeenCalledWith({
      window: { title: foundry.game.i18n.localize("WH.Chat.Destiny.Title") },
      content: `<p>${foundry.game.i18n.format("WH.Chat.Destiny.Confirm.other", { face: 8, count: 2, name: "Lin Mei" })}</p>`,
    });
  });

  it("a die the roll does not have, a roll that is not Wuxia, a world that adds the dice before rolling", async () => {
    const { actor, message } = await linMei();
    const { requestDestinyReroll } = await import("../rolls/wuxia/destiny");
    await expect(requestDestinyReroll(postedMessage(message.id) as never, 0, 5)).rejects.toMatchObject({
      key: "WH.Chat.Error.NoSuchDie",
      data: { index: "5" },
    });
    await expect(requestDestinyReroll(postedMessage(message.id) as never, 1, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotWuxiaRoll",
    });
    const request = { messageId: message.id, rollIndex: 0, dieIndex: 0 };
    await expect(carryOutAs("player", "spendDestiny", { ...request, rollIndex: 1 })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotWuxiaRoll",
    });
    await expect(carryOutAs("player", "spendDestiny", { ...request, dieIndex: 5 })).rejects.toMatchObject({
      key: "WH.Chat.Error.NoSuchDie",
    });
    await setWorldSetting("destinyMode", "extraDie");
    await expect(carryOutAs("player", "spendDestiny", request)).rejects.toMatchObject({
      key: "WH.Chat.Error.DestinyNotReroll",
    });
    expect((postedMessage(message.id).rolls[0] as WuxiaRoll).state.rerolled).toEqual([]);
    expect(destinyOf(actor)).toBe(2);
  });

  it("a message that is gone, a payload that is not one", async () => {
    await linMei();
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: "gone", rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NoMessage" });
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: 7, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Request.Error.BadField", data: { field: "messageId" } });
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: "x", rollIndex: -1, dieIndex: 0.5 }),
    ).rejects.toMatchObject({ key: "WH.Request.Error.BadField", data: { field: "rollIndex" } });
  });

  it("the GM refuses a requester nobody knows and a query that reached a player", async () => {
    await linMei("gm");
    actAs("gm");
    expect(await requestQuery()({ requestId: "r1", requesterId: "nobody" })).toEqual({
      ok: false,
      error: "WH.Chat.Error.UnknownUser",
      data: {},
    });
    actAs("player");
    expect(await requestQuery()({ requestId: "r2", requesterId: strangerId() })).toEqual({
      ok: false,
      error: "WH.Chat.Error.GmOnly",
      data: {},
    });
  });

  it("a roll naming no actor, or a document that is not an actor, has nobody to pay", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const { api } = await import("../api/index");
    const message = (await api.post(await wuxiaBuild(null, { evaluate: false }), {
      visibility: "public",
    })) as unknown as PostedMessage;
    const request = { messageId: message.id, rollIndex: 0, dieIndex: 0 };
    await expect(carryOutAs("player", "spendDestiny", request)).rejects.toMatchObject({ key: "WH.Roll.Error.NoActor" });
    // A card naming an item where its actor should be (the macro API refuses to post one).
    (postedMessage(message.id).rolls[0] as WuxiaRoll).state.actorUuid = david.items.contents[0]?.uuid ?? "";
    await expect(carryOutAs("player", "spendDestiny", request)).rejects.toMatchObject({ key: "WH.Roll.Error.NoActor" });
  });

  it("an actor that is not a Wuxia character has no Destiny die: its dice are dead", async () => {
    const band = await createActor({ name: "Brigands", type: "group", system: { ruleset: "wuxia" } });
    actAs("player");
    const { api } = await import("../api/index");
    foundry.CONFIG.Dice.randomUniform = facesRandom([3, 4]);
    const roll = (await import("../rolls/wuxia/roll")).WuxiaRoll.build({
      attribute: "feu",
      attributeValue: 2,
      skillName: null,
      competence: 0,
      rerolls: 0,
      specialisation: null,
      sr: 10,
      srPenalty: 0,
      extraDice: 0,
      destinyDice: 0,
      actorUuid: band.uuid,
      actorName: "Brigands",
      itemUuid: null,
    });
    const message = (await api.post(roll, { visibility: "public" })) as unknown as PostedMessage;
    const html = await postedMessage(message.id).renderHTML();
    expect([...html.querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')].map((b) => b.disabled)).toEqual([
      true,
      true,
    ]);
    await expect(
      carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NoDestiny", data: { name: "Brigands" } });
  });

  it("Destiny dice added before rolling come back when the roll cannot be posted", async () => {
    await setWorldSetting("destinyMode", "extraDie");
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    const ChatMessageClass = ChatMessage as unknown as { create: (data: unknown) => Promise<unknown> };
    const spy = vi.spyOn(ChatMessageClass, "create").mockRejectedValue(new Error("the server is down"));
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 5, 5, 5, 5]);
    const { rollActor } = await import("../rolls/pipeline");
    await expect(rollActor(actor, { dialog: false, values: { destinyDice: 1, visibility: "public" } })).rejects.toThrow(
      "the server is down",
    );
    expect(spy).toHaveBeenCalledOnce();
    expect(destinyOf(actor)).toBe(2);
  });
});

describe("opposing roll refusals", () => {
  it("a roll that is not a WuxiaRoll, or not rolled, is refused; a message already opposed or not Wuxia too", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", linMei, [8, 9, 10, 2, 3]);
    const attach = (roll: Record<string, unknown>, messageId = message.id) =>
      carryOutAs("player", "oppose", { messageId, roll });
    const evaluated = await opposingRollJson(linMei, [10, 10, 2, 2, 2]);
    await expect(attach({ ...evaluated, class: "HarmoniesRoll" })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotWuxiaRoll",
    });
    await expect(attach({ ...evaluated, evaluated: false })).rejects.toMatchObject({
      key: "WH.Request.Error.NotEvaluated",
    });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
    await attach(evaluated);
    await expect(attach(evaluated)).rejects.toMatchObject({ key: "WH.Chat.Error.AlreadyOpposed" });

    const david = await (async () => {
      actAs("gm");
      return harmoniesHero("David");
    })();
    const harmonies = await rollAs("player", david, [5, 5]);
    await expect(attach(evaluated, harmonies.id)).rejects.toMatchObject({ key: "WH.Chat.Error.AlreadyOpposed" });
    const { opposeFromCard } = await import("../rolls/wuxia/opposed");
    await expect(opposeFromCard(postedMessage(harmonies.id) as never)).rejects.toMatchObject({
      key: "WH.Chat.Error.AlreadyOpposed",
    });
    expect(postedMessage(harmonies.id).rolls).toHaveLength(1);
  });

  it("an opposing roll with the dialog: closed, nothing is added; rolled, the values chosen are used", async () => {
    const [linMei, zhao] = [await wuxiaHero("Lin Mei"), await wuxiaHero("Zhao")];
    const message = await rollAs("player", linMei, [8, 9, 10, 2, 3]);
    const opening = await import("../rolls/ask");
    const prompt = vi.spyOn(opening, "promptRoll");
    prompt.mockResolvedValueOnce(null);
    actAs("player");
    (foundry.game.user as unknown as { character: unknown }).character = zhao;
    const { opposeFromCard } = await import("../rolls/wuxia/opposed");
    await opposeFromCard(postedMessage(message.id) as never);
    expect(prompt).toHaveBeenCalledOnce();
    expect(prompt.mock.calls[0]?.[0]).toMatchObject({ kind: "wuxia", name: "Zhao" });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("Destiny dice added to an opposing roll leave the actor; more than it has are refused and nothing is added", async () => {
    await setWorldSetting("destinyMode", "extraDie");
    const [linMei, zhao] = [await wuxiaHero("Lin Mei"), await wuxiaHero("Zhao", { destiny: 2 })];
    const message = await rollAs("gm", linMei, [8, 9, 10, 2, 3]);
    actAs("player");
    (foundry.game.user as unknown as { character: unknown }).character = zhao;
    const opening = await import("../rolls/ask");
    // As the dialog does: the values chosen, checked into the state the roll is made of.
    const { ROLL_KINDS } = await import("../rolls/kinds");
    const withDestiny = (count: number) => async (subject: unknown, values: unknown) => {
      const chosen = { ...(values as object), destinyDice: count } as never;
      return { values: chosen, state: ROLL_KINDS.wuxia.check(subject as never, chosen) } as never;
    };
    vi.spyOn(opening, "promptRoll").mockImplementationOnce(withDestiny(3)).mockImplementationOnce(withDestiny(1));
    const { opposeFromCard } = await import("../rolls/wuxia/opposed");
    await expect(opposeFromCard(postedMessage(message.id) as never)).rejects.toMatchObject({
      key: "WH.Roll.Error.NotEnoughDestiny",
      data: { name: "Zhao", count: 2 },
    });
    expect([destinyOf(zhao), postedMessage(message.id).rolls.length]).toEqual([2, 1]);
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 2, 2, 2, 2, 2]);
    await opposeFromCard(postedMessage(message.id) as never);
    expect(destinyOf(zhao)).toBe(1);
    expect((postedMessage(message.id).rolls[1] as WuxiaRoll).state).toMatchObject({
      actorName: "Zhao",
      destinyDice: 1,
    });
  });
});

describe("XP award refusals", () => {
  async function davidRolls(
    faces: number[],
    request: Record<string, unknown> = {},
  ): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await harmoniesHero();
    const message = await rollAs("player", actor, faces, {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true },
      ...request,
    });
    actAs("gm");
    return { actor, message };
  }

  const xp = (actor: Actor.Implementation) => {
    const system = actor.system as unknown as {
      characteristics: { agilite: { xp: number } };
      means: { precision: { xp: number } };
    };
    const skill = actor.items.find((i) => i.type === "harmoniesSkill")?.system as unknown as { xp: number } | undefined;
    return [system.characteristics.agilite.xp, system.means.precision.xp, skill?.xp ?? null];
  };

  it("a roll that earned nothing, a roll that is not Harmonies", async () => {
    const { actor, message } = await davidRolls([5, 4]);
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.NoXp",
    });
    await expect(awardExperience(postedMessage(message.id) as never, 1)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotHarmoniesRoll",
    });
    expect(xp(actor)).toEqual([0, 0, 0]);
  });

  it("a skill deleted since the roll, an actor deleted since", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1]);
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await actor.items.find((i) => i.name === "Fronde")?.delete();
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.NoSkill",
      data: { name: "Fronde" },
    });
    expect(xp(actor)).toEqual([0, 0, null]);
    await actor.delete();
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Roll.Error.NoActor",
    });
  });

  it("a roll without a skill gives the XP to both attributes only", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1], {
      item: null,
      start: { characteristic: "agilite", means: "precision" },
    });
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await awardExperience(postedMessage(message.id) as never, 0);
    expect(xp(actor)).toEqual([2, 2, 0]);
  });

  it("a group's roll is not a character's: refused", async () => {
    const band = await guards(3);
    actAs("gm");
    const { api } = await import("../api/index");
    const roll = api.dice.HarmoniesRoll.build({
      characteristic: "agilite",
      characteristicValue: 1,
      means: "precision",
      meansValue: 1,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      penalty: 0,
      open: true,
      actorUuid: band.uuid,
      actorName: "Gardes",
      itemUuid: null,
    });
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 3, 1]);
    const message = (await api.post(roll, { visibility: "public" })) as unknown as PostedMessage;
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Roll.Error.NoActor",
    });
  });

  it("what was written is undone when the card cannot be marked awarded", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1]);
    const live = postedMessage(message.id);
    vi.spyOn(live as unknown as { update: () => Promise<unknown> }, "update").mockRejectedValue(
      new Error("refused by the server"),
    );
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await expect(awardExperience(live as never, 0)).rejects.toMatchObject({
      key: "WH.Roll.Error.Unexpected",
      data: { message: "refused by the server" },
    });
    expect(xp(actor)).toEqual([0, 0, 0]);
    expect((live.rolls[0] as HarmoniesRoll).state.xpAwarded).toBe(false);
  });
});

describe("what a refusal carries back to the requester", () => {
  it("a refusal of the rules carries its own key and values; an unexpected failure reads as 'the roll failed'", async () => {
    const { refused, settle } = await import("../requests/results");
    const { RulesError } = await import("../rules");
    const { UserError, describeError } = await import("../core/errors");
    expect(refused(new UserError("WH.Chat.Error.NoGm"))).toEqual({ ok: false, error: "WH.Chat.Error.NoGm", data: {} });
    expect(
      refused(
        new RulesError(
          "WH.Rules.Error.NotInteger" as never,
          { argument: "sr", value: 1.5 } as never,
          "sr must be an integer",
        ),
      ),
    ).toEqual({
      ok: false,
      error: "WH.Rules.Error.NotInteger",
      data: { argument: "sr", value: "1.5", min: "", max: "" },
    });
    const unexpected = await settle(async () => {
      throw new Error("the socket closed");
    });
    expect(unexpected).toEqual({
      ok: false,
      error: "WH.Roll.Error.Unexpected",
      data: { message: "the socket closed" },
    });
    expect(refused("down")).toEqual({ ok: false, error: "WH.Roll.Error.Unexpected", data: { message: "down" } });
    if (unexpected.ok) throw new Error("settle: expected a refusal");
    expect(describeError(new UserError(unexpected.error, unexpected.data))).toBe(
      foundry.game.i18n.format("WH.Roll.Error.Unexpected", { message: "the socket closed" }),
    );
  });

  it("the author-player spends a die on their own card with no GM connected", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", actor, [1, 3, 8, 1, 5], {
      item: actor.items.find((i) => i.name === "Chasseur"),
    });
    for (const user of foundry.game.users.values()) if (user.isGM) user.active = false;
    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    const { requestDestinyReroll } = await import("../rolls/wuxia/destiny");
    await requestDestinyReroll(postedMessage(message.id) as never, 0, 0);
    expect(destinyOf(actor)).toBe(1);
  });

  it("a Destiny reroll made for another user never asks for dice to be typed in", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("gm", actor, [1, 3, 8, 1, 5], {
      item: actor.items.find((i) => i.name === "Chasseur"),
    });
    const { WuxiaRoll } = await import("../rolls/wuxia/roll");
    const reroll = vi.spyOn(WuxiaRoll.prototype, "rerollWithDestiny");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    expect(
      await carryOutAs("player", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).toBeUndefined();
    expect(reroll.mock.calls).toEqual([[0, { allowInteractive: false }]]);
  });

  it("an opposing roll on a blind card is not typed in by hand; on an open card it may be", async () => {
    await setWorldSetting("skipRollDialog", true);
    const [linMei, zhao] = [await wuxiaHero("Lin Mei"), await wuxiaHero("Zhao")];
    const { WuxiaRoll } = await import("../rolls/wuxia/roll");
    const { opposeFromCard } = await import("../rolls/wuxia/opposed");
    const seen: unknown[] = [];
    for (const visibility of ["blind", "public"]) {
      const message = await rollAs("gm", linMei, [8, 9, 10, 2, 3], { values: { visibility } });
      currentUserIs(zhao);
      const evaluate = vi.spyOn(WuxiaRoll.prototype, "evaluate");
      foundry.CONFIG.Dice.randomUniform = facesRandom([2, 2, 2, 2, 2]);
      await opposeFromCard(postedMessage(message.id) as never);
      seen.push(evaluate.mock.calls[0]?.[0]);
      evaluate.mockRestore();
    }
    expect(seen).toEqual([{ allowInteractive: false }, { allowInteractive: true }]);
  });

  it("unlessBusy says whether the action ran", async () => {
    const { unlessBusy } = await import("../core/locks");
    let release: () => void = () => undefined;
    const first = unlessBusy("m", () => new Promise<void>((resolve) => (release = resolve)));
    expect(await unlessBusy("m", async () => undefined)).toBe(false);
    release();
    expect(await first).toBe(true);
  });
});

describe("Destiny dice added before rolling, to the last one", () => {
  it("all of them may be spent; none spent writes nothing to the actor", async () => {
    await setWorldSetting("destinyMode", "extraDie");
    const actor = await wuxiaHero("Lin Mei");
    const { withDestinyDiceSpent } = await import("../rolls/wuxia/destiny");
    const update = vi.spyOn(actor, "update");
    await withDestinyDiceSpent(actor, 0, async () => undefined);
    expect(update).not.toHaveBeenCalled();
    await withDestinyDiceSpent(actor, 2, async () => undefined);
    expect(destinyOf(actor)).toBe(0);
  });
});

describe("XP award to the skill rolled", () => {
  it("goes to the skill the roll names, not to the actor's first skill", async () => {
    const actor = await createActor({
      name: "David",
      type: "harmoniesCharacter",
      system: { characteristics: { agilite: { value: 2 } }, means: { precision: { value: 3 } } },
      items: [
        {
          name: "Athlétisme",
          type: "harmoniesSkill",
          system: { level: 0, characteristic: "agilite", means: "manoeuvre" },
        },
        { name: "Fronde", type: "harmoniesSkill", system: { level: 0, characteristic: "agilite", means: "precision" } },
      ],
    });
    const message = await rollAs("player", actor, [10, 10, 3, 1], {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true },
    });
    actAs("gm");
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await awardExperience(postedMessage(message.id) as never, 0);
    expect(actor.items.contents.map((i) => [i.name, (i.system as unknown as { xp: number }).xp])).toEqual([
      ["Athlétisme", 0],
      ["Fronde", 2],
    ]);
  });

  it("a roll naming an item that is not a skill is refused", async () => {
    const actor = await harmoniesHero("David");
    const weapon = actor.items.find((i) => i.type === "harmoniesWeapon");
    actAs("gm");
    const { api } = await import("../api/index");
    const roll = api.dice.HarmoniesRoll.build({
      characteristic: "agilite",
      characteristicValue: 2,
      means: "precision",
      meansValue: 3,
      skillName: "Lance-pierre",
      skillLevel: 0,
      difficulty: 0,
      penalty: 0,
      open: true,
      actorUuid: actor.uuid,
      actorName: "David",
      itemUuid: weapon?.uuid ?? null,
    });
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 3, 1]);
    const message = (await api.post(roll, { visibility: "public" })) as unknown as PostedMessage;
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Chat.Error.NoSkill",
      data: { name: "Lance-pierre" },
    });
  });

  it("without a skill, a failed marking gives back the attributes' XP and the server's refusal", async () => {
    const actor = await harmoniesHero("David");
    const message = await rollAs("player", actor, [10, 10, 3, 1], {
      start: { characteristic: "agilite", means: "precision" },
      values: { open: true },
    });
    actAs("gm");
    const live = postedMessage(message.id);
    vi.spyOn(live as unknown as { update: () => Promise<unknown> }, "update").mockRejectedValue(
      new Error("refused by the server"),
    );
    const { awardExperience } = await import("../rolls/harmonies/experience");
    await expect(awardExperience(live as never, 0)).rejects.toMatchObject({
      key: "WH.Roll.Error.Unexpected",
      data: { message: "refused by the server" },
    });
    const system = actor.system as unknown as {
      characteristics: { agilite: { xp: number } };
      means: { precision: { xp: number } };
    };
    expect([system.characteristics.agilite.xp, system.means.precision.xp]).toEqual([0, 0]);
  });
});

/** The current user speaks for this character from now on (and is the player). */
function currentUserIs(character: Actor.Implementation): void {
  actAs("player");
  (foundry.game.user as unknown as { character: unknown }).character = character;
}
