// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { DialogV2 } from "../../test/foundry/applications";
import type { FoundryDouble } from "../../test/foundry/install";
import { settle } from "../../test/support/cards";
import { harmoniesHero, renderAs, rollAs, startWorld, wuxiaHero } from "../../test/support/world";

/**
 * A click on a card's button is the card's own: its default is cancelled and it goes no further
 * up the chat log, whose own delegated click handlers (a message's controls, a roll's tooltip)
 * must not act on it as well.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

/** Clicks a button inside a drawn message; says whether the chat log around it saw the click. */
async function clickInLog(html: HTMLElement, selector: string): Promise<{ reachedLog: boolean; cancelled: boolean }> {
  const log = document.createElement("ol");
  log.append(html);
  document.body.append(log);
  let reachedLog = false;
  log.addEventListener("click", () => (reachedLog = true));
  const button = html.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`no ${selector} on the card`);
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  button.dispatchEvent(event);
  await settle();
  return { reachedLog, cancelled: event.defaultPrevented };
}

describe("a card's buttons keep their clicks", () => {
  it("a Destiny die of a Wuxia card, clicked by its owner", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", actor, [1, 3, 8, 1, 5]);
    DialogV2.answers.push(false);
    const seen = await clickInLog(await renderAs("player", message), '[data-wh-action="destiny"]');
    expect(DialogV2.answers).toEqual([]);
    expect(seen).toEqual({ reachedLog: false, cancelled: true });
  });

  it("Oppose on a Wuxia card, clicked by a player with no character", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const message = await rollAs("player", actor, [1, 3, 8, 1, 5]);
    const seen = await clickInLog(await renderAs("stranger", message), '[data-wh-action="oppose"]');
    expect(foundry.notifications.filter((n) => n.level === "error").map((n) => n.message)).toEqual([
      foundry.game.i18n.localize("WH.Chat.Error.NoOpponent"),
    ]);
    expect(seen).toEqual({ reachedLog: false, cancelled: true });
  });

  it("Award XP on a Harmonies card, clicked by the GM", async () => {
    const actor = await harmoniesHero();
    const message = await rollAs("player", actor, [10, 10, 3, 1], {
      item: actor.items.find((i) => i.name === "Fronde"),
      values: { open: true },
    });
    const seen = await clickInLog(await renderAs("gm", message), '[data-wh-action="award-xp"]');
    const system = actor.system as unknown as { characteristics: { agilite: { xp: number } } };
    expect(system.characteristics.agilite.xp).toBeGreaterThan(0);
    expect(seen).toEqual({ reachedLog: false, cancelled: true });
  });
});
