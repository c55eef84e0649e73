// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../../test/foundry/install";
import { click } from "../../../test/support/cards";
import {
  actAs,
  harmoniesHero,
  postedMessage,
  renderAs,
  rollAs,
  startWorld,
  type PostedMessage,
  wuxiaHero,
} from "../../../test/support/world";

/**
 * Experience awarded from Harmonies cards (RULES 2.7): each card's award is its own, a refused
 * marking leaves the card to be awarded again, the record is the GMs' alone, and a player
 * forcing the button is told it is the GM's, with or without a GM connected.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const errors = () => foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
const award = (html: HTMLElement) => html.querySelector<HTMLButtonElement>('[data-wh-action="award-xp"]');

/** David's agilite XP, precision XP and Fronde XP. */
function xp(actor: Actor.Implementation): number[] {
  const system = actor.system as unknown as {
    characteristics: { agilite: { xp: number } };
    means: { precision: { xp: number } };
  };
  const skill = actor.items.find((i) => i.name === "Fronde")?.system as unknown as { xp: number };
  return [system.characteristics.agilite.xp, system.means.precision.xp, skill.xp];
}

/** David's open Fronde roll +10 +10 +3 − 1: 2 XP (RULES 2.7). */
function extremeRoll(actor: Actor.Implementation): Promise<PostedMessage> {
  return rollAs("player", actor, [10, 10, 3, 1], {
    item: actor.items.find((i) => i.name === "Fronde"),
    values: { open: true },
  });
}

beforeEach(async () => {
  foundry = await startWorld();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The author rewrites the Harmonies roll on their own card, as they may. */
async function authorRewrites(message: PostedMessage, change: (state: Record<string, unknown>) => void): Promise<void> {
  actAs("player");
  const json = postedMessage(message.id).rolls.map(
    (r) => JSON.parse(JSON.stringify(r.toJSON())) as { options: { harmonies: Record<string, unknown> } },
  );
  change((json[0] as { options: { harmonies: Record<string, unknown> } }).options.harmonies);
  await (postedMessage(message.id) as unknown as { update(c: object): Promise<unknown> }).update({ rolls: json });
}

describe("Award XP", () => {
  it("on one card leaves the other cards' awards to the GM: each pays once", async () => {
    const david = await harmoniesHero();
    const [first, second] = [await extremeRoll(david), await extremeRoll(david)];
    await click(award(await renderAs("gm", first)));
    expect(xp(david)).toEqual([2, 2, 2]);
    expect(award(await renderAs("gm", first))).toBeNull();
    await click(award(await renderAs("gm", second)));
    expect(errors()).toEqual([]);
    expect(xp(david)).toEqual([4, 4, 4]);
    expect(award(await renderAs("gm", second))).toBeNull();
  });

  it("whose marking the server refuses pays nothing, keeps its button, and can be clicked again", async () => {
    const david = await harmoniesHero();
    const message = await extremeRoll(david);
    const live = postedMessage(message.id) as unknown as { update(changes: object): Promise<unknown> };
    vi.spyOn(live, "update").mockRejectedValueOnce(new Error("refused by the server"));
    await click(award(await renderAs("gm", message)));
    expect(errors()).toHaveLength(1);
    expect(xp(david)).toEqual([0, 0, 0]);
    await click(award(await renderAs("gm", message)));
    expect(xp(david)).toEqual([2, 2, 2]);
    expect(award(await renderAs("gm", message))).toBeNull();
  });

  it("is recorded where only a GM writes: a world setting, not offered in the settings", () => {
    const setting = (
      foundry.game.settings as unknown as { settings: Map<string, { scope?: string; config?: boolean }> }
    ).settings.get("wuxia-harmonies.xpAwards");
    expect(setting).toMatchObject({ scope: "world", config: false });
  });

  it("forced by a player is the GM's, even with no GM connected, and pays nothing", async () => {
    const david = await harmoniesHero();
    const message = await extremeRoll(david);
    const button = award(await renderAs("gm", message));
    actAs("player");
    await click(button);
    for (const user of foundry.game.users.values()) if (user.isGM) user.active = false;
    await click(button);
    expect(errors()).toEqual([format("WH.Chat.Error.GmOnly"), format("WH.Chat.Error.GmOnly")]);
    expect(xp(david)).toEqual([0, 0, 0]);
  });

  it("on a card whose author swapped the means for a characteristic pays nothing: refused as a bad field", async () => {
    const david = await harmoniesHero();
    const message = await extremeRoll(david);
    await authorRewrites(message, (state) => (state.means = "agilite"));
    // The card draws such a roll as unreadable, with no button: the GM's own check is what stands.
    expect(award(await renderAs("gm", message))).toBeNull();
    const { awardExperience } = await import("./experience");
    await expect(awardExperience(postedMessage(message.id) as never, 0)).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "characteristic/means" },
    });
    expect(xp(david)).toEqual([0, 0, 0]);
  });

  it("on a card whose author named their Wuxia character pays nothing: no Harmonies character to pay", async () => {
    const david = await harmoniesHero();
    const linMei = await wuxiaHero("Lin Mei");
    const message = await extremeRoll(david);
    await authorRewrites(message, (state) => (state.actorUuid = linMei.uuid));
    await click(award(await renderAs("gm", message)));
    expect(errors()).toEqual([format("WH.Roll.Error.NoActor")]);
    expect(xp(david)).toEqual([0, 0, 0]);
  });
});
