// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";

/** The combined Values card as a reader sees it: the dice, their sum, the outcome in words, closed or open. */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

async function drawn(faces: number[], options: { open?: boolean; difficulty?: number; isPrivate?: boolean } = {}) {
  const { HarmoniesCombinedRoll } = await import("./combined-roll");
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  const roll = await HarmoniesCombinedRoll.build({
    size: 10,
    characteristic: "corps",
    characteristicValue: 11,
    means: "puissance",
    meansValue: 12,
    skillName: null,
    skillLevel: 3,
    difficulty: options.difficulty ?? -20,
    open: options.open ?? false,
    actorUuid: null,
    actorName: "Bandits",
  }).evaluate();
  const card = document.createElement("div");
  card.innerHTML = await roll.render({ isPrivate: options.isPrivate ?? false });
  return { roll, card };
}

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => el.textContent?.replace(/\s+/g, " ").trim() ?? "");

describe("the combined Values card", () => {
  it("shows the added and subtracted dice, their sum and the outcome in words", async () => {
    const i18n = foundry.game.i18n;
    const { card } = await drawn([4, 7]);
    expect(texts(card, ".wh-card__badge")).toEqual([i18n.localize("WH.Chat.Harmonies.Closed")]);
    expect(texts(card, ".wh-difference__die--plus .wh-die__face")).toEqual(["+4"]);
    expect(texts(card, ".wh-difference__die--minus .wh-die__face")).toEqual(["\u22127"]);
    expect(texts(card, ".wh-difference__sum")).toEqual([i18n.format("WH.Chat.Harmonies.Dice", { dice: "−3" })]);
    expect(texts(card, ".wh-outcome strong")).toEqual([i18n.localize("WH.Chat.Outcome.Success")]);
    expect(texts(card, ".wh-card__actor")[0]).toContain("Bandits");

    const failed = (await drawn([2, 9], { open: true, difficulty: -22 })).card;
    expect(texts(failed, ".wh-card__badge")).toEqual([i18n.localize("WH.Chat.Harmonies.Open")]);
    expect(texts(failed, ".wh-outcome strong")).toEqual([i18n.localize("WH.Chat.Outcome.Failure")]);
    expect(failed.querySelector(".wh-outcome--failure")).not.toBeNull();
    expect(texts(failed, ".wh-margin")).toEqual(["−3"]);
  });

  it("drawn privately, carries none of the roll", async () => {
    const { roll, card } = await drawn([4, 7], { isPrivate: true });
    expect(texts(card, ".wh-card__private")).toEqual([foundry.game.i18n.localize("WH.Chat.Private")]);
    const { combinedCardContext } = await import("./combined-card");
    expect(combinedCardContext(roll, { isPrivate: true, tooltip: "" })).toMatchObject({
      details: [],
      plus: [],
      minus: [],
      dice: "",
      margin: "",
      outcome: { key: "failure", label: "" },
      odds: "",
    });
  });
});
