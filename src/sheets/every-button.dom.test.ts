// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  bandits,
  guards,
  harmoniesHero,
  palaceGuards,
  postedMessages,
  setWorldSetting,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import { openSheet, settle } from "../../test/support/dom";

/**
 * No dead ends: every roll button a sheet draws for its owner, in play mode, rolls for the data
 * that drew it. Each is clicked in turn (the roll dialog skipped); a refusal, or a click that
 * posts nothing, names the button.
 */

let foundry: FoundryDouble;

const ROLL_BUTTONS = '[data-action="roll"], [data-action="rollCombined"], [data-action="rollSubgroups"]';

function describeButton(button: HTMLElement): string {
  const { action, rollKind, key } = button.dataset;
  const item = button.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  return `${action}/${rollKind ?? ""}/${key ?? ""}/${item} "${(button.textContent ?? "").trim()}"`;
}

/** Clicks every roll button of the actor's sheet as the player; what each click did, by button. */
async function clickEveryRoll(actor: Actor.Implementation): Promise<{ buttons: string[]; dead: string[] }> {
  actAs("player");
  const sheet = await openSheet(foundry, actor);
  const count = sheet.element.querySelectorAll(ROLL_BUTTONS).length;
  const buttons: string[] = [];
  const dead: string[] = [];
  for (let i = 0; i < count; i++) {
    // Each roll may re-render the sheet (a chi spent): the button is found again by its place.
    const button = sheet.element.querySelectorAll<HTMLElement>(ROLL_BUTTONS)[i];
    if (!button) throw new Error(`roll button ${i} of ${count} is gone`);
    const name = describeButton(button);
    buttons.push(name);
    const errorsBefore = foundry.notifications.filter((n) => n.level === "error").length;
    const postedBefore = postedMessages().length;
    button.click();
    await settle();
    const errors = foundry.notifications.filter((n) => n.level === "error").slice(errorsBefore);
    if (errors.length || postedMessages().length === postedBefore)
      dead.push(`${name}: ${errors.map((e) => e.message).join("; ") || "nothing posted"}`);
  }
  return { buttons, dead };
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  await setWorldSetting("skipRollDialog", true);
  foundry.CONFIG.Dice.randomUniform = () => 0.45;
});

describe("every roll button on a sheet", () => {
  it("of a Wuxia hero rolls: the Attributes, each skill and specialisation, the power, the weapon", async () => {
    const { buttons, dead } = await clickEveryRoll(await wuxiaHero("Lin Mei"));
    expect(dead).toEqual([]);
    expect(buttons.length).toBeGreaterThanOrEqual(5 + 3 + 1);
  });

  it("of a Wuxia NPC rolls", async () => {
    const { buttons, dead } = await clickEveryRoll(await wuxiaHero("Bandit", { npc: true }));
    expect(dead).toEqual([]);
    expect(buttons.length).toBeGreaterThan(0);
  });

  it("of a Harmonies hero rolls: the scores, the skill, the weapon", async () => {
    const { buttons, dead } = await clickEveryRoll(await harmoniesHero("David"));
    expect(dead).toEqual([]);
    expect(buttons.length).toBeGreaterThan(2);
  });

  it("of a Harmonies group too mixed for one roll rolls: the group's action, each sub-group, each combined Value", async () => {
    const group = await bandits();
    const { buttons, dead } = await clickEveryRoll(group);
    expect(dead).toEqual([]);
    expect(buttons.some((b) => b.startsWith("rollSubgroups"))).toBe(true);
    expect(buttons.filter((b) => b.startsWith("rollCombined")).length).toBeGreaterThanOrEqual(8);
  });

  it("of a homogeneous Harmonies band rolls", async () => {
    const { dead } = await clickEveryRoll(await guards(25));
    expect(dead).toEqual([]);
  });

  it("of a Wuxia group rolls: its one test per sub-group still fighting", async () => {
    const group = await palaceGuards();
    const { buttons, dead } = await clickEveryRoll(group);
    expect(dead).toEqual([]);
    expect(buttons.length).toBeGreaterThan(0);
  });
});
