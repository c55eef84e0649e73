// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { wuxiaOdds } from "../../rules";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";

/** The Wuxia group card as a reader sees it: one row per sub-group, each outcome in words. */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

async function drawn(faces: number[], isPrivate = false) {
  const { WuxiaGroupRoll } = await import("./wuxia-group-roll");
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  const roll = await WuxiaGroupRoll.build({
    attribute: "bois",
    sr: 10,
    subgroups: [
      { label: "Archers", members: 12, attribute: 2, competence: 2 },
      { label: "Lanciers", members: 5, attribute: 2, competence: 0 },
      { label: "Chef", members: 1, attribute: 3, competence: 4 },
    ],
    actorUuid: null,
    actorName: "Bandits",
  }).evaluate();
  const card = document.createElement("div");
  card.innerHTML = await roll.render({ isPrivate });
  return { roll, card };
}

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => el.textContent?.replace(/\s+/g, " ").trim() ?? "");

describe("the Wuxia group card", () => {
  it("says each sub-group's outcome in words, with its odds, under the members counted", async () => {
    const { percent } = await import("../../core/format");
    // Archers at 8: a 9 (success); Lanciers at 10: 4 and 6 (failure); Chef at 6: 1, 1, 7 (critical).
    const { card } = await drawn([9, 3, 4, 6, 1, 1, 7]);
    const i18n = foundry.game.i18n;
    expect(texts(card, ".wh-subgroup .wh-outcome strong")).toEqual([
      i18n.localize("WH.Chat.Outcome.Success"),
      i18n.localize("WH.Chat.Outcome.Failure"),
      i18n.localize("WH.Chat.Outcome.Critical"),
    ]);
    expect([...card.querySelectorAll(".wh-subgroup .wh-outcome")].map((el) => el.className)).toEqual([
      "wh-outcome wh-outcome--success",
      "wh-outcome wh-outcome--failure",
      "wh-outcome wh-outcome--critical",
    ]);
    const odds = (dice: number, threshold: number) =>
      i18n.format("WH.Chat.Wuxia.Odds", {
        success: percent(wuxiaOdds(dice, threshold).success),
        critical: percent(wuxiaOdds(dice, threshold).critical),
      });
    expect(texts(card, ".wh-subgroup .wh-odds")).toEqual([odds(2, 8), odds(2, 10), odds(3, 6)]);
    expect([...card.querySelectorAll(".wh-subgroup")].map((row) => texts(row, ".wh-die").join(" "))).toEqual([
      "9 3",
      "4 6",
      "1 1 7",
    ]);
    expect([...card.querySelectorAll(".wh-subgroup .wh-die")].map((d) => d.className.replace("wh-die ", ""))).toEqual([
      "wh-die--success",
      "wh-die--failure",
      "wh-die--failure",
      "wh-die--failure",
      "wh-die--one",
      "wh-die--one",
      "wh-die--success",
    ]);
    expect(texts(card, "[data-wh-total]")).toEqual(["12", "6", "1"]);
  });

  it("drawn privately, carries none of the roll: no rows, no totals, no dice", async () => {
    const { roll, card } = await drawn([9, 3, 4, 6, 1, 1, 7], true);
    expect(texts(card, ".wh-card__private")).toEqual([foundry.game.i18n.localize("WH.Chat.Private")]);
    const { wuxiaGroupCardContext } = await import("./wuxia-group-card");
    expect(wuxiaGroupCardContext(roll, { isPrivate: true, tooltip: "" })).toMatchObject({
      details: [],
      rows: [],
      succeeded: "",
      failed: "",
      critical: null,
    });
  });
});
