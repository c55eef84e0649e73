// @vitest-environment happy-dom
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cwd } from "node:process";
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  facesRandom,
  opposingRollJson,
  guards,
  harmoniesHero,
  playerId,
  postedMessage,
  startWorld,
  wuxiaHero,
  type PostedMessage,
  rollAs,
  renderAs,
} from "../../test/support/world";
import type { HarmoniesGroupRoll } from "../rolls/groups/group-roll";
import type { Visibility } from "../rolls/visibility";

/** What each reader's chat log shows of a card: the author-player, the GM, a second player. */

const XSS = "<img src=x onerror=alert(1)>";
let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

/** Elements and attributes a reader could be made to run that are not the card's own. */
function liveMarkup(html: HTMLElement): string[] {
  return [...html.querySelectorAll("img, script, iframe, [onerror], [onload], [onclick]")].map((el) => el.outerHTML);
}

describe("a player's roll, as each reader sees it", () => {
  const gmId = () => foundry.game.users.find((u) => u.isGM)?.id ?? "";

  /** Who sees the dice and the outcome, for each visibility the player may choose (Foundry's isContentVisible). */
  it.each([
    ["public", { whisper: () => [], blind: false }, { player: true, gm: true, stranger: true }],
    ["gm", { whisper: () => [gmId(), playerId()], blind: false }, { player: true, gm: true, stranger: false }],
    ["blind", { whisper: () => [gmId()], blind: true }, { player: false, gm: true, stranger: false }],
    ["self", { whisper: () => [playerId()], blind: false }, { player: true, gm: false, stranger: false }],
  ] as const)("a %s roll", async (visibility: Visibility, sent, sees) => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", actor, [10, 9, 8, 2, 1], { values: { visibility } });
    expect([...message.whisper].sort()).toEqual(sent.whisper().sort());
    expect(message.blind).toBe(sent.blind);
    for (const who of ["player", "gm", "stranger"] as const) {
      const html = await renderAs(who, message);
      // The header names the actor to readers of the roll, only the author's user to the others
      // (Foundry's header of a private roll), and marks the message whispered or blind.
      expect({ who, sender: html.querySelector(".message-header .message-sender")?.textContent }).toEqual({
        who,
        sender: sees[who] ? "Lin Mei" : "Player",
      });
      expect({ who, whisper: html.classList.contains("whisper"), blind: html.classList.contains("blind") }).toEqual({
        who,
        whisper: sent.whisper().length > 0,
        blind: sent.blind,
      });
      const card = html.querySelector("[data-wh-card]");
      expect({ who, hidden: card?.querySelector(".wh-card__private")?.textContent }).toEqual({
        who,
        hidden: sees[who] ? undefined : foundry.game.i18n.localize("WH.Chat.Private"),
      });
      expect({
        who,
        dice: html.querySelectorAll(".wh-die").length,
        outcome: html.querySelector(".wh-outcome") !== null,
        actor: html.querySelector(".wh-card__actor")?.textContent ?? null,
      }).toEqual(
        // The header names Lin Mei: the card does not say it a second time.
        sees[who] ? { who, dice: 5, outcome: true, actor: null } : { who, dice: 0, outcome: false, actor: null },
      );
      // A hidden card leaves no button to press: Destiny dice and Oppose act on what it hides.
      if (!sees[who]) expect(html.querySelectorAll("button")).toHaveLength(0);
    }
  });

  it("a hidden opposed test says nothing about who won", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", linMei, [10, 9, 8, 2, 1], { values: { visibility: "self" } });
    const zhao = await wuxiaHero("Zhao");
    await carryOutAs("player", "oppose", {
      messageId: message.id,
      roll: await opposingRollJson(zhao, [2, 2, 2, 2, 2], { sr: 10 }),
    });
    expect((await renderAs("player", message)).querySelector(".wh-opposed")?.textContent).toContain(
      foundry.game.i18n.format("WH.Chat.Opposed.Wins", { name: "Lin Mei" }),
    );
    for (const who of ["gm", "stranger"] as const) {
      const html = await renderAs(who, message);
      expect({ who, opposed: html.querySelector(".wh-opposed"), text: html.textContent?.includes("Zhao") }).toEqual({
        who,
        opposed: null,
        text: false,
      });
    }
  });
});

describe("document text on the cards is escaped", () => {
  it("a Harmonies skill named <img src=x onerror=alert(1)> is the card's title and its experience line, as text", async () => {
    const actor = await harmoniesHero();
    actAs("gm");
    const skill = actor.items.find((i) => i.name === "Fronde");
    await skill?.update({ name: XSS } as never);
    // Open roll: +10 +10 +3 − 1 on the dice earns experience, so the skill's name is written twice.
    const message = await rollAs("player", actor, [10, 10, 3, 1], { item: skill, values: { open: true } });
    for (const who of ["player", "gm"] as const) {
      const html = await renderAs(who, message);
      expect(liveMarkup(html)).toEqual([]);
      expect(html.querySelector(".wh-card__title")?.textContent).toBe(XSS);
      expect(html.querySelector(".wh-card__xp")?.textContent).toContain(XSS);
    }
  });

  it("a group roll a macro titled with markup shows the title as text", async () => {
    actAs("gm");
    const { api } = await import("../api/index");
    const roll = api.dice.HarmoniesGroupRoll.build({
      size: 4,
      characteristic: "agilite",
      characteristicValue: 1,
      means: "manoeuvre",
      meansValue: 1,
      skillName: XSS,
      skillLevel: 0,
      difficulty: 0,
      modifier: 0,
      open: false,
      mode: "book2",
      actorUuid: null,
      actorName: XSS,
    } as never);
    foundry.CONFIG.Dice.randomUniform = facesRandom([6, 4]);
    const message = (await api.post(roll, { visibility: "public" })) as unknown as PostedMessage;
    const html = await renderAs("stranger", message);
    expect(liveMarkup(html)).toEqual([]);
    expect(html.querySelector(".wh-card__title")?.textContent).toBe(XSS);
  });

  it("the card templates write nothing unescaped but the dice tooltip Foundry builds", () => {
    const dir = join(cwd(), "templates/chat");
    const raw = readdirSync(dir)
      .sort()
      .flatMap((file) =>
        [...readFileSync(join(dir, file), "utf8").matchAll(/\{\{\{\s*([^}]+?)\s*\}\}\}/g)].map(
          (m) => `${file}: ${m[1]}`,
        ),
      );
    expect(raw).toEqual([
      "combined-card.hbs: tooltip",
      "creation-card.hbs: tooltip",
      "group-card.hbs: tooltip",
      "harmonies-card.hbs: tooltip",
      "wuxia-card.hbs: tooltip",
      "wuxia-group-card.hbs: tooltip",
    ]);
  });
});

describe("a group rolled member by member", () => {
  it("takes every member's dice from Foundry's random source (CONFIG.Dice.randomUniform)", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "groupRollMode", "individual");
    const band = await guards(3);
    // Closed rolls, two dice a member: 8 − 2, 3 − 7, 5 − 5; modifier Ag 1 + Ma 1 + skill 0 = 2.
    const message = await rollAs("player", band, [8, 2, 3, 7, 5, 5], { values: { open: false } });
    expect(() => foundry.CONFIG.Dice.randomUniform()).toThrow(/only 6 faces/);
    expect((postedMessage(message.id).rolls[0] as HarmoniesGroupRoll).state.individual).toEqual([
      { margin: -2, count: 1 },
      { margin: 2, count: 1 },
      { margin: 8, count: 1 },
    ]);
    const rows = [...(await renderAs("stranger", message)).querySelectorAll(".wh-group__margins tbody tr")].map(
      (tr) => [tr.querySelector("th")?.textContent, tr.querySelector("td")?.textContent],
    );
    expect(rows).toEqual([
      ["\u22122", "1"],
      ["+2", "1"],
      ["+8", "1"],
    ]);
  });
});
