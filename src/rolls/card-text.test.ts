// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  facesRandom,
  opposingRollJson,
  postedMessage,
  startWorld,
  wuxiaHero,
  type PostedMessage,
} from "../../test/support/world";
import { harmoniesOdds, wuxiaOdds } from "../rules";
import type { SystemApi } from "../api/index";

/** Every line the three cards write, read at the DOM as the chat log draws them. */

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const t = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const texts = (html: Element, selector: string) =>
  [...html.querySelectorAll(selector)].map((el) => el.textContent?.trim() ?? "");
const pct = (p: number) => new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(p);

async function post(roll: Roll, faces: number[], visibility = "public"): Promise<HTMLElement> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  const message = (await api().post(roll, { visibility: visibility as never })) as unknown as PostedMessage | null;
  if (!message) throw new Error(`post: refused (${foundry.notifications.at(-1)?.message})`);
  return postedMessage(message.id).renderHTML();
}

beforeEach(async () => {
  foundry = await startWorld();
  actAs("gm");
});

describe("the Wuxia card", () => {
  const build = (config: Record<string, unknown> = {}) =>
    api().dice.WuxiaRoll.build({
      attribute: "feu",
      attributeValue: 3,
      skillName: "Chasseur",
      competence: 3,
      rerolls: 1,
      specialisation: "Tir à l'arc",
      sr: 10,
      srPenalty: 2,
      extraDice: 1,
      destinyDice: 1,
      actorUuid: null,
      actorName: "Lin Mei",
      itemUuid: null,
      ...config,
    });

  it("names the test, its terms, each die and every note", async () => {
    // Threshold 10 + 2 − 3 = 9; pool 3 + 1 + 1; the specialisation rerolls the 1 into a 2.
    const html = await post(build(), [1, 9, 10, 4, 9, 2]);
    expect(html.querySelector(".wh-card__title")?.textContent).toBe("Tir à l'arc");
    expect(html.querySelector(".wh-card__actor")?.textContent).toBe("Lin Mei");
    expect(texts(html, ".wh-card__details li")).toEqual([
      "Fire 3",
      "SR 10 + 2 (wounds, panic) − Chasseur 3: success on 9+",
    ]);
    // SR is explained where it is written, for a reader of either language.
    expect(html.querySelector(".wh-card__details li:last-child")?.getAttribute("title")).toBe(
      t("WH.Chat.Wuxia.SrTitle"),
    );
    expect(html.querySelector(".wh-card__details li:first-child")?.hasAttribute("title")).toBe(false);
    // The result comes first, in words, before the dice.
    expect(html.querySelector(".wh-card__header + .wh-banner")?.textContent).toBe("Success 3 successes (quality +2)");
    expect(
      [...html.querySelectorAll(".wh-die")].map((li) => [
        li.className,
        texts(li, ".wh-die__old"),
        li.querySelector(".wh-die__face")?.textContent,
        li.querySelector(".wh-die__by")?.textContent ?? null,
      ]),
    ).toEqual([
      ["wh-die wh-die--failure", ["1"], "2", t("WH.Chat.Wuxia.BySpecialisationShort")],
      ["wh-die wh-die--success", [], "9", null],
      ["wh-die wh-die--success", [], "10", null],
      ["wh-die wh-die--failure", [], "4", null],
      ["wh-die wh-die--success", [], "9", null],
    ]);
    const by = html.querySelector(".wh-die__by");
    expect([by?.getAttribute("data-tooltip"), by?.getAttribute("aria-label")]).toEqual([
      t("WH.Chat.Wuxia.BySpecialisation"),
      t("WH.Chat.Wuxia.BySpecialisation"),
    ]);
    expect(html.querySelector(".wh-outcome")?.className).toBe("wh-banner wh-outcome wh-outcome--success");
    expect(texts(html, ".wh-outcome strong")).toEqual([t("WH.Chat.Outcome.Success")]);
    expect(texts(html, ".wh-outcome span")).toEqual(["3 successes (quality +2)"]);
    expect(texts(html, ".wh-card__notes li")).toEqual([
      "Specialisation Tir à l'arc: 1 of up to 1 failed die rerolled",
      t("WH.Chat.Wuxia.DestinyAdded", { count: 1 }),
      t("WH.Chat.Wuxia.ExtraDice", { count: 1 }),
    ]);
    const odds = wuxiaOdds(5, 9, { rerolls: 1 });
    expect(html.querySelector(".wh-odds")?.textContent).toBe(
      t("WH.Chat.Wuxia.Odds", { success: pct(odds.success), critical: pct(odds.critical) }),
    );
    expect(html.querySelector(".dice-formula")?.textContent).toBe("5d10");
  });

  it("an Attribute alone: its name as the title, the SR with no penalty, a 1 marked, no notes", async () => {
    const html = await post(
      build({
        skillName: null,
        competence: 0,
        rerolls: 0,
        specialisation: null,
        srPenalty: 0,
        extraDice: 0,
        destinyDice: 0,
      }),
      [1, 10, 5],
    );
    expect(html.querySelector(".wh-card__title")?.textContent).toBe("Fire");
    expect(texts(html, ".wh-card__details li")).toEqual(["Fire 3", "SR 10: success on a 10 only"]);
    expect([...html.querySelectorAll(".wh-die")].map((li) => li.className)).toEqual([
      "wh-die wh-die--one",
      "wh-die wh-die--success",
      "wh-die wh-die--failure",
    ]);
    expect(html.querySelector(".wh-card__notes")).toBeNull();
    expect(html.querySelector(".wh-outcome")?.className).toBe("wh-banner wh-outcome wh-outcome--success");
    expect(texts(html, ".wh-outcome span")).toEqual(["1 success"]);
  });

  it("a skill without a specialisation is the title; one success has no quality; a plain failure and a critical one read apart", async () => {
    const skill = { specialisation: null, rerolls: 0, srPenalty: 0, extraDice: 0, destinyDice: 0 };
    const one = await post(build(skill), [7, 3, 2]);
    expect(one.querySelector(".wh-card__title")?.textContent).toBe("Chasseur");
    expect(one.querySelector(".wh-card__notes")).toBeNull();
    const failure = await post(build(skill), [3, 2, 6]);
    expect([failure.querySelector(".wh-outcome")?.className, texts(failure, ".wh-outcome strong")[0]]).toEqual([
      "wh-banner wh-outcome wh-outcome--failure",
      t("WH.Chat.Outcome.Failure"),
    ]);
    expect(texts(failure, ".wh-outcome span")).toEqual(["0 successes"]);
    const critical = await post(build(skill), [1, 2, 6]);
    expect([critical.querySelector(".wh-outcome")?.className, texts(critical, ".wh-outcome strong")[0]]).toEqual([
      "wh-banner wh-outcome wh-outcome--critical",
      t("WH.Chat.Outcome.Critical"),
    ]);
    expect(texts(critical, ".wh-outcome span")).toEqual(["0 successes against 1 die showing 1"]);
  });

  it("a die rerolled with a Destiny die is marked D and counted in the notes", async () => {
    const html0 = await post(
      build({ specialisation: null, rerolls: 0, srPenalty: 0, extraDice: 0, destinyDice: 0 }),
      [3, 2, 6],
    );
    const message = postedMessage(html0.dataset.messageId ?? "");
    // No actor on this roll: the Destiny die is spent on the roll itself.
    const roll = message.rolls[0] as unknown as { rerollWithDestiny(index: number): Promise<Roll> };
    foundry.CONFIG.Dice.randomUniform = facesRandom([9]);
    await roll.rerollWithDestiny(1);
    const html = await message.renderHTML();
    expect(html.querySelectorAll(".wh-die__by")[0]?.textContent).toBe(t("WH.Chat.Wuxia.ByDestinyShort"));
    expect(html.querySelector(".wh-die__by")?.getAttribute("data-tooltip")).toBe(t("WH.Chat.Wuxia.ByDestiny"));
    expect(texts(html, ".wh-card__notes li")).toEqual([t("WH.Chat.Wuxia.DestinyRerolled", { count: 1 })]);
  });
});

describe("the Harmonies card", () => {
  const build = (config: Record<string, unknown> = {}) =>
    api().dice.HarmoniesRoll.build({
      characteristic: "agilite",
      characteristicValue: 2,
      means: "precision",
      meansValue: 3,
      skillName: "Fronde",
      skillLevel: 1,
      difficulty: -3,
      penalty: -1,
      open: false,
      actorUuid: null,
      actorName: "David",
      itemUuid: null,
      ...config,
    });

  it("names the action, its terms, both dice, the margin and the odds", async () => {
    // 2 + 3 + 1 − 3 − 1 = +2; dice +8 − 2 = +6; margin +8.
    const html = await post(build(), [8, 2]);
    expect(html.querySelector(".wh-card__title")?.textContent).toBe("Fronde");
    expect(html.querySelector(".wh-card__actor")?.textContent?.trim()).toBe(`David ${t("WH.Chat.Harmonies.Closed")}`);
    expect(texts(html, ".wh-card__details li")).toEqual([
      "Agility +2",
      "Precision +3",
      "Fronde +1",
      t("WH.Chat.Harmonies.Difficulty", { difficulty: "−3" }),
      t("WH.Chat.Harmonies.Penalty", { penalty: "−1" }),
      t("WH.Chat.Harmonies.Modifier", { modifier: "+2" }),
    ]);
    expect(texts(html, ".wh-difference__die--plus .wh-die__face")).toEqual(["+8"]);
    expect(texts(html, ".wh-difference__die--minus .wh-die__face")).toEqual(["\u22122"]);
    expect(html.querySelector(".wh-difference__sum")?.textContent).toBe(t("WH.Chat.Harmonies.Dice", { dice: "+6" }));
    expect(html.querySelector(".wh-outcome")?.className).toBe("wh-banner wh-outcome wh-outcome--success");
    // The result comes first, before the terms and the dice.
    expect(html.querySelector(".wh-card__header + .wh-banner")?.textContent).toBe("Success Margin +8");
    expect(texts(html, ".wh-outcome strong")).toEqual([t("WH.Chat.Outcome.Success")]);
    expect(html.querySelector(".wh-margin")?.textContent).toBe("+8");
    expect(html.querySelector(".wh-odds")?.textContent).toBe(
      t("WH.Chat.Harmonies.Odds", { success: pct(harmoniesOdds(2, { open: false })) }),
    );
    expect(html.querySelector(".wh-card__xp")).toBeNull();
  });

  it("without a skill: characteristic + means as the title, no skill or penalty line; an open roll says so; a failure reads as one", async () => {
    const html = await post(build({ skillName: null, skillLevel: 0, penalty: 0, difficulty: 0, open: true }), [2, 9]);
    expect(html.querySelector(".wh-card__title")?.textContent).toBe("Agility + Precision");
    expect(texts(html, ".wh-card__details li")).toEqual([
      "Agility +2",
      "Precision +3",
      t("WH.Chat.Harmonies.Difficulty", { difficulty: "0" }),
      t("WH.Chat.Harmonies.Modifier", { modifier: "+5" }),
    ]);
    expect(html.querySelector(".wh-card__actor")?.textContent).toContain(t("WH.Chat.Harmonies.Open"));
    expect(html.querySelector(".wh-outcome")?.className).toBe("wh-banner wh-outcome wh-outcome--failure");
    expect(texts(html, ".wh-outcome strong")).toEqual([t("WH.Chat.Outcome.Failure")]);
    expect(html.querySelector(".wh-margin")?.textContent).toBe("\u22122");
  });

  it("experience from the dice: the line, and no award button for a roll that names no actor", async () => {
    const html = await post(build({ open: true }), [10, 10, 3, 1]);
    expect(texts(html, ".wh-difference__die--plus .wh-die__face")).toEqual(["+10", "+10", "+3"]);
    expect(html.querySelector(".wh-card__xp p")?.textContent).toBe(
      "Experience: 2 points each for Fronde, Agility and Precision",
    );
    expect(html.querySelector('[data-wh-action="award-xp"]')).toBeNull();
    const noSkill = await post(build({ open: true, skillName: null }), [10, 10, 3, 1]);
    expect(noSkill.querySelector(".wh-card__xp p")?.textContent).toBe(
      "Experience: 2 points each for —, Agility and Precision",
    );
  });

  it("hidden from a reader it is not for: nothing but the notice", async () => {
    actAs("player");
    const html = await post(build({ open: true }), [10, 10, 3, 1], "self");
    actAs("stranger");
    const hidden = await postedMessage(html.dataset.messageId ?? "").renderHTML();
    expect(texts(hidden, "[data-wh-card] > *")).toEqual([t("WH.Chat.Private")]);
    expect(hidden.querySelector(".dice-formula")).toBeNull();
  });
});

describe("the group card", () => {
  const build = (config: Record<string, unknown> = {}) =>
    api().dice.HarmoniesGroupRoll.build({
      size: 25,
      characteristic: "agilite",
      characteristicValue: 1,
      means: "manoeuvre",
      meansValue: 1,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      open: false,
      mode: "book2",
      actorUuid: null,
      actorName: "Gardes",
      ...config,
    } as never);

  it("names the group, its size, whose figures, the mode, the outcome, who succeeded and the count at each margin", async () => {
    // Modifier +2, dice +5 − 5: margin +2 (RULES 3.3's example at +2).
    const html = await post(build(), [5, 5]);
    expect(html.querySelector(".wh-card__title")?.textContent).toBe("Agility + Manoeuvre");
    expect(html.querySelector(".wh-card__actor")?.textContent?.trim()).toBe(
      `Gardes ${t("WH.Settings.GroupRollMode.Book2")}`,
    );
    expect(texts(html, ".wh-card__details li")).toEqual([
      "25 members",
      "Agility +1",
      "Manoeuvre +1",
      t("WH.Chat.Harmonies.Difficulty", { difficulty: "0" }),
      t("WH.Chat.Harmonies.Modifier", { modifier: "+2" }),
    ]);
    expect(html.querySelector(".wh-margin")?.textContent).toBe("+2");
    const roll = postedMessage(html.dataset.messageId ?? "").rolls[0] as unknown as {
      outcome: { succeeded: number; failed: number; margins: { margin: number; count: number }[] };
    };
    const { succeeded, failed, margins } = roll.outcome;
    // The outcome in words first, as on every card: the group's margin decides (RULES 3.3).
    expect(html.querySelector(".wh-banner")?.className).toContain("wh-outcome--success");
    expect(html.querySelector(".wh-banner")?.textContent?.replace(/\s+/g, " ").trim()).toBe(
      `${t("WH.Chat.Outcome.Success")} ${t("WH.Chat.Group.GroupMargin")} +2 · ${succeeded} succeeded`,
    );
    expect(succeeded + failed).toBe(25);
    expect(texts(html, ".wh-group__totals b")).toEqual([String(succeeded), String(failed)]);
    const largest = Math.max(...margins.map((m) => m.count));
    const rows = [...html.querySelectorAll(".wh-group__margins tbody tr")].map((tr) => [
      tr.className,
      tr.querySelector("th")?.textContent,
      tr.querySelector("td")?.textContent,
      tr.querySelector<HTMLElement>(".wh-group__bar span")?.getAttribute("style"),
    ]);
    expect(rows).toEqual(
      margins.map((m) => [
        m.margin >= 0 ? "wh-outcome--success" : "wh-outcome--failure",
        m.margin > 0 ? `+${m.margin}` : m.margin < 0 ? `\u2212${-m.margin}` : "0",
        String(m.count),
        `inline-size: ${Math.round((100 * m.count) / largest)}%`,
      ]),
    );
    expect(rows.some((r) => r[0] === "wh-outcome--failure") && rows.some((r) => r[3] === "inline-size: 100%")).toBe(
      true,
    );
    expect(html.querySelector(".wh-odds")?.textContent).toBe(
      t("WH.Chat.Group.Odds", { success: pct(harmoniesOdds(2, { open: false })) }),
    );
  });

  it("method 1 gives a margin and totals but no table; counts use the reader's digit grouping", async () => {
    const html = await post(build({ mode: "book1", size: 1200 }), [5, 5]);
    expect(html.querySelector(".wh-group__margins")).toBeNull();
    expect(texts(html, ".wh-card__details li")[0]).toBe("1,200 members");
    expect(html.querySelector(".wh-margin")?.textContent).toBe("+2");
  });

  it("member by member: no group margin; a success when at least half succeeded", async () => {
    const html = await post(build({ mode: "individual", size: 2 }), [5, 5, 6, 6]);
    expect(html.querySelector(".wh-margin")).toBeNull();
    expect(html.querySelector(".wh-banner")?.className).toContain("wh-outcome--success");
    expect(html.querySelector(".wh-banner .wh-banner__detail")?.textContent).toBe("2 succeeded");
    expect(texts(html, ".wh-group__margins tbody th")).toEqual(["+2"]);
    expect(texts(html, ".wh-group__margins tbody td")[0]).toBe("2");
  });

  it("opens with a success at a group margin of 0, a failure below", async () => {
    // Modifier +2 at difficulty −2: dice 5 − 5 make 0, 5 − 6 make −1.
    for (const [faces, key] of [
      [[5, 5], "success"],
      [[5, 6], "failure"],
    ] as const) {
      const html = await post(build({ difficulty: -2 }), [...faces]);
      expect(html.querySelector(".wh-banner")?.className).toContain(`wh-outcome--${key}`);
    }
  });

  it("member by member, opens with a success when at least half succeeded, a failure when fewer did", async () => {
    // Modifier +2: 5 − 5 succeeds (+2), 1 − 9 fails (−6).
    for (const [faces, key, shown] of [
      [[5, 5, 1, 9], "success", "1 succeeded"],
      [[1, 9, 1, 9], "failure", "0 succeeded"],
    ] as const) {
      const html = await post(build({ mode: "individual", size: 2 }), [...faces]);
      expect(html.querySelector(".wh-banner")?.className).toContain(`wh-outcome--${key}`);
      expect(html.querySelector(".wh-banner__detail")?.textContent).toBe(shown);
    }
  });

  it("hidden from a reader it is not for: nothing but the notice", async () => {
    actAs("player");
    const html = await post(build(), [5, 5], "self");
    actAs("stranger");
    const hidden = await postedMessage(html.dataset.messageId ?? "").renderHTML();
    expect(texts(hidden, "[data-wh-card] > *")).toEqual([t("WH.Chat.Private")]);
  });
});

describe("the opposed test below two Wuxia cards", () => {
  async function opposed(first: number[], second: number[]): Promise<HTMLElement> {
    const zhao = await wuxiaHero("Zhao", { attributes: { metal: 3, feu: second.length, terre: 4, eau: 3, bois: 2 } });
    const build = (name: string, faces: number[], actorUuid: string | null = null) =>
      api().dice.WuxiaRoll.build({
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
        actorUuid,
        actorName: name,
        itemUuid: null,
      });
    const html = await post(build("Lin Mei", first), first);
    const message = postedMessage(html.dataset.messageId ?? "");
    await carryOutAs("player", "oppose", {
      messageId: message.id,
      roll: await opposingRollJson(zhao, second, { sr: 10 }),
    });
    return message.renderHTML();
  }

  it("sits in the message's content, titled, with both scores and the winner", async () => {
    const html = await opposed([10, 10], [10, 2]);
    const section = html.querySelector(".message-content > section.wh-opposed");
    expect(section?.className).toBe("wuxia-harmonies wh-card wh-opposed");
    expect(texts(section as Element, "h4")).toEqual([t("WH.Chat.Opposed.Title")]);
    expect(texts(section as Element, "p")).toEqual([
      t("WH.Chat.Opposed.Score", { first: "Lin Mei", firstSuccesses: 2, second: "Zhao", secondSuccesses: 1 }),
      t("WH.Chat.Opposed.Wins", { name: "Lin Mei" }),
    ]);
    expect(section?.querySelector("p:last-child")?.className).toBe("wh-outcome wh-outcome--success");
  });

  it("names the second as winner, and a tie as no one's", async () => {
    const second = await opposed([10, 2], [10, 10]);
    expect(second.querySelector(".wh-opposed p:last-child")?.textContent).toBe(
      t("WH.Chat.Opposed.Wins", { name: "Zhao" }),
    );
    const tie = await opposed([10, 2], [2, 10]);
    const result = tie.querySelector(".wh-opposed p:last-child");
    expect([result?.className, result?.textContent]).toEqual([
      "wh-outcome wh-outcome--failure",
      t("WH.Chat.Opposed.Tie"),
    ]);
  });

  it("is not added to a message that shows content of its own rather than the cards", async () => {
    const { WuxiaRoll } = await import("./wuxia/roll");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 2, 2]);
    const build = () =>
      WuxiaRoll.build({
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
        actorUuid: null,
        actorName: "x",
        itemUuid: null,
      }).evaluate();
    const rolls = [await build(), await build()];
    const ChatMessageClass = ChatMessage as unknown as { create(data: unknown): Promise<PostedMessage> };
    const message = await ChatMessageClass.create({ content: "<p>A note</p>", rolls });
    const html = await postedMessage(message.id).renderHTML();
    expect(html.querySelector(".wh-opposed")).toBeNull();
    expect(html.querySelector(".message-content")?.textContent).toBe("A note");
  });
});

describe("a card hidden from its reader", () => {
  it("is built from nothing of the roll but who rolled it and how", async () => {
    const { wuxiaCardContext } = await import("./wuxia/card");
    const { harmoniesCardContext } = await import("./harmonies/card");
    const { groupCardContext } = await import("./groups/group-card");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 3, 1, 10, 10, 3, 1, 8, 2]);
    const wuxia = await api()
      .dice.WuxiaRoll.build({
        attribute: "feu",
        attributeValue: 2,
        skillName: "Chasseur",
        competence: 1,
        rerolls: 0,
        specialisation: null,
        sr: 10,
        srPenalty: 0,
        extraDice: 0,
        destinyDice: 0,
        actorUuid: null,
        actorName: "Lin Mei",
        itemUuid: null,
      })
      .evaluate();
    const harmonies = await api()
      .dice.HarmoniesRoll.build({
        characteristic: "agilite",
        characteristicValue: 2,
        means: "precision",
        meansValue: 3,
        skillName: "Fronde",
        skillLevel: 0,
        difficulty: 0,
        penalty: 0,
        open: true,
        actorUuid: null,
        actorName: "David",
        itemUuid: null,
      })
      .evaluate();
    const group = await api()
      .dice.HarmoniesGroupRoll.build({
        size: 25,
        characteristic: "agilite",
        characteristicValue: 1,
        means: "manoeuvre",
        meansValue: 1,
        skillName: null,
        skillLevel: 0,
        difficulty: 0,
        open: false,
        mode: "book2",
        actorUuid: null,
        actorName: "Gardes",
      } as never)
      .evaluate();
    const hidden = { isPrivate: true, tooltip: "" };
    expect(wuxiaCardContext(wuxia, { ...hidden, destinyReroll: true })).toMatchObject({
      details: [],
      dice: [],
      outcome: { key: "failure", label: "", detail: "" },
      odds: "",
      notes: [],
      destinyReroll: false,
    });
    expect(harmoniesCardContext(harmonies, hidden)).toMatchObject({
      details: [],
      plus: [],
      minus: [],
      dice: "",
      margin: "",
      outcome: { key: "failure", label: "" },
      odds: "",
      experience: null,
    });
    expect(groupCardContext(group, hidden)).toMatchObject({
      details: [],
      banner: null,
      succeeded: "",
      failed: "",
      rows: [],
      odds: "",
    });
  });
});
