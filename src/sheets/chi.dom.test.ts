// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  facesRandom,
  postedMessages,
  setWorldSetting,
  startWorld,
  strangerId,
  wuxiaHero,
} from "../../test/support/world";
import { openSheet, settle, type DrawnSheet } from "../../test/support/dom";
import { DialogV2 } from "../../test/foundry/applications";

/** A Wuxia hero's chi on the sheet: a power used from it spends chi, a button restores it. */

let foundry: FoundryDouble;

const chiOf = (actor: Actor.Implementation) => (actor.system as unknown as { chi: { value: number } }).chi.value;
const restore = (sheet: DrawnSheet) => sheet.element.querySelector<HTMLButtonElement>('[data-action="restoreChi"]');

async function open(actor: Actor.Implementation): Promise<DrawnSheet> {
  return openSheet(foundry, actor);
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

describe("chi on the Wuxia sheet", () => {
  it("is spent when the player uses a power from the sheet, and the card says how much", async () => {
    await setWorldSetting("skipRollDialog", true);
    const hero = await wuxiaHero("Lin Mei", { chi: { value: 5 } });
    actAs("player");
    const sheet = await open(hero);
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9]);
    sheet.element.querySelector<HTMLElement>('[data-roll-kind="power"]')?.click();
    await settle();
    expect(chiOf(hero)).toBe(4);
    expect(postedMessages()).toHaveLength(1);
    const html = await postedMessages()[0]?.renderHTML();
    expect(html?.querySelector(".wh-card__notes")?.textContent).toContain(
      foundry.game.i18n.format("WH.Chat.Wuxia.ChiSpent", { count: "1" }),
    );
  });

  it("is refused with a message, from the sheet, when the player has none left", async () => {
    await setWorldSetting("skipRollDialog", true);
    const hero = await wuxiaHero("Lin Mei", { chi: { value: 0 } });
    actAs("player");
    const sheet = await open(hero);
    sheet.element.querySelector<HTMLElement>('[data-roll-kind="power"]')?.click();
    await settle();
    expect(foundry.notifications.filter((n) => n.level === "error").map((n) => n.message)).toEqual([
      foundry.game.i18n.format("WH.Roll.Error.NotEnoughChi", { name: "Lin Mei", cost: "1", left: "0" }),
    ]);
    expect(postedMessages()).toHaveLength(0);
  });

  it("comes back to the full reserve when the player clicks restore; the button rests while chi is full", async () => {
    const hero = await wuxiaHero("Lin Mei", { chi: { value: 2 } });
    actAs("player");
    const sheet = await open(hero);
    const max = (hero.system as unknown as { chi: { max: number } }).chi.max;
    expect(max).toBe(8);
    expect(restore(sheet)?.disabled).toBe(false);
    expect(restore(sheet)?.getAttribute("aria-label")).toBe(foundry.game.i18n.localize("WH.Sheet.Wuxia.RestoreChi"));
    // Asked first: closing the question (or answering no) leaves the chi as it was.
    DialogV2.asked = [];
    restore(sheet)?.click();
    await settle();
    expect(chiOf(hero)).toBe(2);
    expect(String(DialogV2.asked[0]?.content)).toContain(
      "Bring Lin Mei's chi back from 2 to its full reserve of 8 (rest, meditation)?",
    );
    DialogV2.answers.push(true);
    restore(sheet)?.click();
    await settle();
    expect(chiOf(hero)).toBe(8);
    await sheet.render();
    expect(restore(sheet)?.disabled).toBe(true);
  });

  it("has no restore button for a second player who may only look at the hero", async () => {
    const hero = await wuxiaHero("Lin Mei", { chi: { value: 2 } });
    actAs("gm");
    await hero.update({ ownership: { [strangerId()]: 2 } } as never);
    actAs("stranger");
    const sheet = await open(hero);
    expect(sheet.element.querySelector(".wh-resources")).not.toBeNull();
    expect(restore(sheet)).toBeNull();
    expect(chiOf(hero)).toBe(2);
  });
});
