// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  facesRandom,
  harmoniesHero,
  postedMessages,
  setWorldSetting,
  startWorld,
} from "../../test/support/world";
import { openSheet, settle } from "../../test/support/dom";
import type { HarmoniesRoll } from "../rolls/harmonies/roll";

/** A Harmonies character's 16 fields of action (characteristic + means, RULES 2.1), each rolled in one click. */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  await setWorldSetting("skipRollDialog", true);
});

describe("the fields of action", () => {
  it("are a 4 × 4 grid of sums, and a click rolls that pair", async () => {
    // David: Ag +2, Pr +3, the others 0.
    const david = await harmoniesHero("David");
    actAs("player");
    const sheet = await openSheet(foundry, david);
    const rows = [...sheet.element.querySelectorAll<HTMLElement>(".wh-field-grid tbody tr")];
    expect(rows.map((row) => [...row.querySelectorAll("button")].map((b) => b.textContent))).toEqual([
      ["0", "0", "0", "+3"],
      ["+2", "+2", "+2", "+5"],
      ["0", "0", "0", "+3"],
      ["0", "0", "0", "+3"],
    ]);
    const agilityPrecision = rows[1]?.querySelectorAll<HTMLButtonElement>("button")[3];
    expect(agilityPrecision?.getAttribute("aria-label")).toBe("Agility + Precision = +5: roll");
    foundry.CONFIG.Dice.randomUniform = facesRandom([6, 2]);
    agilityPrecision?.click();
    await settle();
    const roll = postedMessages().at(-1)?.rolls[0] as HarmoniesRoll | undefined;
    expect([
      roll?.state.characteristic,
      roll?.state.means,
      roll?.state.characteristicValue,
      roll?.state.meansValue,
    ]).toEqual(["agilite", "precision", 2, 3]);
  });

  it("show the next level's experience cost beside each score, not only on hover", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const sheet = await openSheet(foundry, david);
    const costs = [...sheet.element.querySelectorAll(".wh-scores .wh-next-cost")].map((el) => el.textContent);
    expect(costs).toHaveLength(8);
    expect(costs.every((c) => /^next \d+$/.test(c ?? ""))).toBe(true);
  });
});
