// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  createActor,
  destinyOf,
  harmoniesHero,
  opposingRollJson,
  postedMessage,
  rollAs,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../test/support/world";
import type { HarmoniesRoll } from "../rolls/harmonies/roll";
import type { WuxiaRoll } from "../rolls/wuxia/roll";

/**
 * What a player's client writes is theirs to write: an opposing roll sent to the GM, the roll on
 * their own card. The GM keeps and pays only what it can work out again itself.
 */

let foundry: FoundryDouble;
type Json = Record<string, unknown> & {
  terms: { results: { result: unknown }[] }[];
  options: { wuxia: Record<string, unknown> };
};

beforeEach(async () => {
  foundry = await startWorld();
});

describe("an opposing roll sent to the GM", () => {
  /** Lin Mei's card, and Zhao (Feu 5, Chasseur 3 with Tir à l'arc) opposing it as the player. */
  async function duel(): Promise<{ message: PostedMessage; zhao: Actor.Implementation }> {
    const linMei = await wuxiaHero("Lin Mei");
    const message = await rollAs("gm", linMei, [8, 9, 10, 2, 3]);
    return { message, zhao: await wuxiaHero("Zhao") };
  }
  const oppose = (message: PostedMessage, roll: unknown) =>
    carryOutAs("player", "oppose", { messageId: message.id, roll });
  const second = (message: PostedMessage) => postedMessage(message.id).rolls[1] as WuxiaRoll | undefined;

  it("is kept as the GM builds it from the actor: forged names, pool, threshold and odds give way", async () => {
    const { message, zhao } = await duel();
    const roll = (await opposingRollJson(zhao, [10, 10, 10, 2, 2], { sr: 10 })) as Json;
    Object.assign(roll.options.wuxia, {
      actorName: "The Emperor",
      skillName: "<img src=x onerror=alert(1)>",
      attributeValue: 5,
      threshold: 2,
      competence: 9,
      odds: { success: 1, critical: 0 },
    });
    await oppose(message, roll);
    expect(second(message)?.state).toMatchObject({
      actorName: "Zhao",
      skillName: null,
      attributeValue: 5,
      threshold: 10,
      competence: 0,
    });
    expect(second(message)?.outcome.successes).toBe(3);
    const html = await postedMessage(message.id).renderHTML();
    expect(html.textContent).not.toContain("Emperor");
    expect(html.querySelector("img[src=x]")).toBeNull();
  });

  it("takes its skill only among the actor's own items, its rerolls as the rules make them", async () => {
    const { message, zhao } = await duel();
    const tir = zhao.items.find((i) => i.name === "Tir à l'arc");
    const roll = (await opposingRollJson(zhao, [1, 3, 8, 1, 5, 9], { skillId: tir?.id, specialisation: true })) as Json;
    await oppose(message, roll);
    expect(second(message)?.state).toMatchObject({
      skillName: "Chasseur",
      specialisation: "Tir à l'arc",
      rerolls: 1,
      rerolled: [{ index: 0, by: "specialisation" }],
    });
    expect(second(message)?.faces).toEqual([9, 3, 8, 1, 5]);

    const another = await duel();
    const notTheirs = (await opposingRollJson(zhao, [1, 3, 8, 1, 5, 9], {
      skillId: tir?.id,
      specialisation: true,
    })) as Json;
    notTheirs.options.wuxia.itemUuid = another.zhao.items.find((i) => i.name === "Chasseur")?.uuid;
    await expect(oppose(another.message, notTheirs)).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "itemUuid" },
    });
  });

  it("rerolls only the pool's failures, not a reroll's own face: two rerolls, one failing die turned into a 1", async () => {
    const { message, zhao } = await duel();
    actAs("gm");
    await zhao.items.find((i) => i.name === "Chasseur")?.update({ system: { level: 4 } } as never);
    const tir = zhao.items.find((i) => i.name === "Tir à l'arc");
    // SR 10 − 4: threshold 6. Only the 3 fails; its reroll shows a 1, which is not rerolled again.
    const roll = (await opposingRollJson(zhao, [7, 3, 8, 9, 10, 1], {
      skillId: tir?.id,
      specialisation: true,
    })) as Json;
    await oppose(message, roll);
    expect(second(message)?.state).toMatchObject({ rerolls: 2, rerolled: [{ index: 1, by: "specialisation" }] });
    expect(second(message)?.faces).toEqual([7, 1, 8, 9, 10]);
  });

  it("keeps the specialisation's rerolled die struck through before its new face, and the roll's total", async () => {
    const { message, zhao } = await duel();
    const tir = zhao.items.find((i) => i.name === "Tir à l'arc");
    await oppose(message, await opposingRollJson(zhao, [1, 3, 8, 1, 5, 9], { skillId: tir?.id, specialisation: true }));
    const kept = second(message);
    expect(kept?.dice[0]?.results).toEqual([
      { result: 1, active: false, rerolled: true },
      { result: 3, active: true },
      { result: 8, active: true },
      { result: 1, active: true },
      { result: 5, active: true },
      { result: 9, active: true },
    ]);
    expect(kept?.total).toBe(kept?.outcome.successes);
    expect(kept?.total).toBe(2);
  });

  it("uses the specialisation only when the roll did: no rerolls claimed, none expected", async () => {
    const { message, zhao } = await duel();
    const tir = zhao.items.find((i) => i.name === "Tir à l'arc");
    const plain = (await opposingRollJson(zhao, [1, 3, 8, 1, 5], { skillId: tir?.id, specialisation: false })) as Json;
    await oppose(message, plain);
    expect(second(message)?.state).toMatchObject({ rerolls: 0, rerolled: [], specialisation: null });

    const other = await duel();
    const claimed = (await opposingRollJson(zhao, [1, 3, 8, 1, 5, 9], {
      skillId: tir?.id,
      specialisation: true,
    })) as Json;
    claimed.terms[0] = { ...claimed.terms[0], results: claimed.terms[0]?.results.slice(0, 5) ?? [] };
    await expect(oppose(other.message, claimed)).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
      data: { expected: 6, count: 5 },
    });
    claimed.options.wuxia.rerolls = "1";
    await expect(oppose(other.message, claimed)).resolves.toBeUndefined();
    expect(second(other.message)?.state.rerolls).toBe(0);
  });

  it("refuses a roll with no dice, dice that are not results, more results than any pool, a Harmonies actor", async () => {
    const { message, zhao } = await duel();
    const base = (await opposingRollJson(zhao, [10, 10, 2, 2, 2], { sr: 10 })) as Json;
    await expect(oppose(message, { ...base, terms: [] })).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
      data: { count: 0 },
    });
    await expect(oppose(message, { ...base, terms: [{ results: "10,10" }] })).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
    });
    await expect(oppose(message, { ...base, terms: [{ results: [null, 10, 2, 2, 2] }] })).rejects.toMatchObject({
      key: "WH.Request.Error.BadFace",
      data: { face: "undefined" },
    });
    const many = {
      ...base,
      terms: [{ ...base.terms[0], results: Array.from({ length: 201 }, () => ({ result: 10 })) }],
    };
    // Refused by the bound on any pool, before a face is read, not by this roll's own size.
    await expect(oppose(message, many)).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
      data: { expected: "1–200", count: 201 },
    });
    const david = await harmoniesHero();
    const asDavid = { ...base, options: { wuxia: { ...base.options.wuxia, actorUuid: david.uuid } } };
    await expect(oppose(message, asDavid)).rejects.toMatchObject({
      key: "WH.Chat.Error.OpponentNotWuxia",
      data: { name: "David" },
    });
    const noItem = { ...base, options: { wuxia: { ...base.options.wuxia, itemUuid: undefined } } };
    await expect(oppose(message, noItem)).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "itemUuid" },
    });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("refuses faces a d10 cannot show and a count of dice its test does not have; the card is untouched", async () => {
    const { message, zhao } = await duel();
    const base = (await opposingRollJson(zhao, [10, 10, 2, 2, 2], { sr: 10 })) as Json;
    const withFaces = (faces: unknown[]) => ({
      ...base,
      terms: [{ ...base.terms[0], results: faces.map((result) => ({ result, active: true })) }],
    });
    for (const face of [11, 0, 2.5, "10", "<img src=x>", null]) {
      await expect(oppose(message, withFaces([face, 10, 2, 2, 2]))).rejects.toMatchObject({
        key: "WH.Request.Error.BadFace",
        data: { face: String(face) },
      });
    }
    await expect(oppose(message, withFaces([10, 10, 10, 10, 10, 10]))).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
      data: { expected: 5, count: 6 },
    });
    await expect(oppose(message, withFaces([10, 10]))).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
      data: { expected: 5, count: 2 },
    });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("refuses ten thousand dice before reading them, and a pool past the limit", async () => {
    const { message, zhao } = await duel();
    const base = (await opposingRollJson(zhao, [10, 10, 2, 2, 2], { sr: 10 })) as Json;
    const huge = {
      ...base,
      terms: [{ ...base.terms[0], results: Array.from({ length: 10_000 }, () => ({ result: 10, active: true })) }],
    };
    await expect(oppose(message, huge)).rejects.toMatchObject({ key: "WH.Request.Error.TooLarge" });
    const wide = { ...base, options: { wuxia: { ...base.options.wuxia, extraDice: 1000 } } };
    await expect(oppose(message, wide)).rejects.toMatchObject({ key: "WH.Roll.Error.PoolTooLarge" });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });

  it("for an actor the second player does not own is refused, whoever the roll names", async () => {
    const { message, zhao } = await duel();
    const roll = await opposingRollJson(zhao, [10, 10, 2, 2, 2]);
    await expect(carryOutAs("stranger", "oppose", { messageId: message.id, roll })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
      data: { name: "Zhao" },
    });
    expect(postedMessage(message.id).rolls).toHaveLength(1);
  });
});

describe("experience the GM pays", () => {
  async function davidRolls(faces: number[]): Promise<{ actor: Actor.Implementation; message: PostedMessage }> {
    const actor = await harmoniesHero();
    const message = await rollAs("player", actor, faces, {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true },
    });
    return { actor, message };
  }
  const agiliteXp = (actor: Actor.Implementation) =>
    (actor.system as unknown as { characteristics: { agilite: { xp: number } } }).characteristics.agilite.xp;
  const award = async (message: PostedMessage) => {
    actAs("gm");
    const { awardExperience } = await import("../rolls/harmonies/experience");
    return awardExperience(postedMessage(message.id) as never, 0);
  };
  /** The author rewrites the roll on their own card, as they may. */
  async function authorRewrites(
    message: PostedMessage,
    change: (state: Record<string, unknown>) => void,
  ): Promise<void> {
    actAs("player");
    const json = postedMessage(message.id).rolls.map(
      (r) => JSON.parse(JSON.stringify(r.toJSON())) as { options: { harmonies: Record<string, unknown> } },
    );
    change((json[0] as { options: { harmonies: Record<string, unknown> } }).options.harmonies);
    await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: json });
  }

  it("is paid once: the author re-arming the card's mark does not pay it again, and the button is gone for good", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1]);
    await award(message);
    const paid = agiliteXp(actor);
    expect(paid).toBeGreaterThan(0);
    await authorRewrites(message, (state) => (state.xpAwarded = false));
    expect((postedMessage(message.id).rolls[0] as HarmoniesRoll).state.xpAwarded).toBe(false);
    await expect(award(message)).rejects.toMatchObject({ key: "WH.Chat.Error.XpAlreadyAwarded" });
    expect(agiliteXp(actor)).toBe(paid);
    expect((await postedMessage(message.id).renderHTML()).querySelector('[data-wh-action="award-xp"]')).toBeNull();
  });

  it("goes only to attributes that exist: keys the author wrote in are refused, nothing written", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1]);
    await authorRewrites(message, (state) => (state.characteristic = "__proto__"));
    await expect(award(message)).rejects.toMatchObject({ key: "WH.Request.Error.BadField" });
    expect(agiliteXp(actor)).toBe(0);
  });

  it("goes only to an actor the card's author owns", async () => {
    const { message } = await davidRolls([10, 10, 3, 1]);
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    await authorRewrites(message, (state) => (state.actorUuid = goliath.uuid));
    await expect(award(message)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotAuthorsActor",
      data: { name: "Goliath" },
    });
    expect(agiliteXp(goliath)).toBe(0);
  });

  it("is worked out only from faces the rules allow: an open die rewritten to forty tens earns nothing", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1]);
    actAs("player");
    const json = postedMessage(message.id).rolls.map(
      (r) => JSON.parse(JSON.stringify(r.toJSON())) as { terms: { class?: string; results?: object[] }[] },
    );
    const plus = (json[0]?.terms ?? []).find((term) => term.class === "Die");
    if (!plus) throw new Error("no die");
    plus.results = [
      ...Array.from({ length: 40 }, () => ({ result: 10, active: true, exploded: true })),
      { result: 3, active: true },
    ];
    await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: json });
    await expect(award(message)).rejects.toMatchObject({ key: "WH.Chat.Error.XpUnreadable" });
    expect(agiliteXp(actor)).toBe(0);
  });

  it("is refused to a player, even through the GM", async () => {
    const { actor, message } = await davidRolls([10, 10, 3, 1]);
    await expect(carryOutAs("player", "awardXp", { messageId: message.id, rollIndex: 0 })).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    await expect(carryOutAs("stranger", "awardXp", { messageId: message.id, rollIndex: 0 })).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    expect(agiliteXp(actor)).toBe(0);
  });
});

describe("the Destiny confirmation", () => {
  it("shows only a die's face: a face the author rewrote into markup is refused before any dialog", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", actor, [1, 3, 8, 1, 5]);
    const json = JSON.parse(JSON.stringify(postedMessage(message.id).rolls[0]?.toJSON())) as Json;
    (json.terms[0] as { results: { result: unknown }[] }).results[2] = { result: "<img src=x onerror=alert(1)>" };
    await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: [json] });
    const { DialogV2 } = await import("../../test/foundry/applications");
    const confirm = vi.spyOn(DialogV2, "confirm");
    const { requestDestinyReroll } = await import("../rolls/wuxia/destiny");
    await expect(requestDestinyReroll(postedMessage(message.id) as never, 0, 2)).rejects.toMatchObject({
      key: "WH.Chat.Error.NoSuchDie",
    });
    expect(confirm).not.toHaveBeenCalled();
    expect(document.body.innerHTML).not.toContain("onerror");
  });
});

describe("a Destiny die spent on a card", () => {
  it("comes only from an actor the card's author owns: a card rewritten to name the GM's hero spends none of its dice", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const goliath = await createActor(
      { name: "Goliath", type: "wuxiaCharacter", system: { attributes: { feu: 4 }, destiny: 2 } },
      { ownedByPlayer: false },
    );
    const message = await rollAs("player", linMei, [1, 3, 8, 1, 5]);
    const json = JSON.parse(JSON.stringify(postedMessage(message.id).rolls[0]?.toJSON())) as Json;
    json.options.wuxia.actorUuid = goliath.uuid;
    await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: [json] });
    const before = JSON.stringify(postedMessage(message.id).rolls[0]?.toJSON());

    await expect(
      carryOutAs("gm", "spendDestiny", { messageId: message.id, rollIndex: 0, dieIndex: 0 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotAuthorsActor", data: { name: "Goliath" } });
    expect(destinyOf(goliath)).toBe(2);
    expect(destinyOf(linMei)).toBe(2);
    expect(JSON.stringify(postedMessage(message.id).rolls[0]?.toJSON())).toBe(before);
  });
});

describe("a card whose roll the system did not make", () => {
  it("is drawn with nothing to click and no winner announced, whoever reads it", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const real = JSON.parse(
      JSON.stringify(postedMessage((await rollAs("player", linMei, [10, 10, 10, 2, 2])).id).rolls[0]?.toJSON()),
    ) as Json;
    const stateless = JSON.parse(JSON.stringify(real)) as Json;
    delete (stateless.options as Partial<Json["options"]>).wuxia;
    const forged = JSON.parse(JSON.stringify(real)) as Json;
    forged.options.wuxia.actorName = 7;
    actAs("player");
    const ChatMessageClass = ChatMessage as unknown as { create(data: unknown): Promise<PostedMessage> };
    const alone = await ChatMessageClass.create({ rolls: [stateless] });
    const duel = await ChatMessageClass.create({ rolls: [forged, real] });
    for (const seat of ["gm", "player", "stranger"] as const) {
      actAs(seat);
      const lone = await postedMessage(alone.id).renderHTML();
      expect(lone.querySelectorAll("[data-wh-action]")).toHaveLength(0);
      const html = await postedMessage(duel.id).renderHTML();
      expect(html.querySelector(".wh-opposed")).toBeNull();
      expect(html.querySelector('[data-wh-card="unreadable"]')).not.toBeNull();
    }
  });
});

describe("the macro API", () => {
  it("refuses a plain object posing as an actor the player owns, for rolling and posting", async () => {
    await wuxiaHero("Lin Mei");
    actAs("stranger");
    const { api } = await import("../api/index");
    const fake = {
      type: "wuxiaCharacter",
      name: "Lin Mei",
      isOwner: true,
      testUserPermission: () => true,
      system: { attributes: { feu: 5 } },
      items: [],
    };
    expect(await api.roll(fake as never, { dialog: false })).toBeNull();
    const message = await api.post(
      api.dice.WuxiaRoll.build({
        attribute: "feu",
        attributeValue: 1,
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
      }),
      { actor: fake as never },
    );
    expect(message).toBeNull();
    const refusal = foundry.game.i18n.localize("WH.Roll.Error.NotAnActor");
    expect(foundry.notifications.filter((n) => n.level === "error").map((n) => n.message)).toEqual([refusal, refusal]);
    expect(foundry.game.messages.contents).toHaveLength(0);
  });
});
