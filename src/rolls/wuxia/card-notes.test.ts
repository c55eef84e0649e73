// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import type { FoundryDouble } from "../../../test/foundry/install";
import { click } from "../../../test/support/cards";
import { facesRandom, postedMessage, renderAs, rollAs, startWorld, wuxiaHero } from "../../../test/support/world";
import type { WuxiaRoll } from "./roll";

/**
 * A Wuxia card's notes count each kind of reroll apart: the specialisation's rerolls against its
 * allowance, the Destiny dice spent since as their own line.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);
const notes = (html: HTMLElement) => [...html.querySelectorAll(".wh-card__notes li")].map((li) => li.textContent);

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

describe("a specialised Wuxia card's notes", () => {
  it("a Destiny die spent after the specialisation's reroll is not counted as the specialisation's", async () => {
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    // Failures enough for Tir à l'arc to reroll; its rerolls show 2s.
    const message = await rollAs("player", actor, [2, 3, 4, 5, 6, 2, 2, 2, 2, 2], {
      item: actor.items.find((i) => i.name === "Tir à l'arc"),
    });
    const roll = () => postedMessage(message.id).rolls[0] as WuxiaRoll;
    const { specialisation, rerolls, rerolled } = roll().state;
    const bySpecialisation = rerolled.length;
    expect(specialisation).toBe("Tir à l'arc");
    expect(bySpecialisation).toBeGreaterThan(0);
    const note = (count: number) =>
      format(`WH.Chat.Wuxia.SpecialisationNote.${rerolls === 1 ? "one" : "other"}`, {
        name: "Tir à l'arc",
        rerolled: count,
        count: rerolls,
      });
    expect(notes(await renderAs("player", message))).toContain(note(bySpecialisation));

    DialogV2.answers.push(true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([3]);
    const html = await renderAs("player", message);
    await click(html.querySelector('[data-wh-action="destiny"]'));
    expect(roll().state.rerolled).toHaveLength(bySpecialisation + 1);
    const after = notes(await renderAs("player", message));
    expect(after).toContain(note(bySpecialisation));
    expect(after).toContain(format("WH.Chat.Wuxia.DestinyRerolled", { count: 1 }));
  });
});
