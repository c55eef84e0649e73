// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openSheet, settle } from "../../test/support/dom";

/**
 * Every item a character owns is listed once with its controls (one partial for every list):
 * open it always, delete it only in edit mode.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

/** The item ids of the rows that offer a control, by control. */
function controls(element: HTMLElement, action: "editItem" | "deleteItem"): string[] {
  return [...element.querySelectorAll<HTMLElement>(`[data-action="${action}"]`)]
    .map((button) => button.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "")
    .sort();
}

describe.each([
  ["Wuxia", () => wuxiaHero("Lin Mei")],
  [
    "Harmonies",
    async () => {
      const hero = await harmoniesHero("Aubépine");
      await hero.createEmbeddedDocuments("Item", [
        { name: "Épée", type: "harmoniesWeapon" },
        { name: "Cuir", type: "harmoniesArmour" },
        { name: "Fantassin", type: "harmoniesMetier" },
        { name: "Barde", type: "harmoniesHobby" },
      ]);
      return hero;
    },
  ],
])("a %s character's item rows", (_ruleset, make) => {
  it("let its owner open every item in play mode, and delete each only in edit mode", async () => {
    const actor = await make();
    const owned = actor.items.contents.map((item) => item.id ?? "").sort();
    expect(owned.length).toBeGreaterThan(3);
    actAs("player");
    const sheet = await openSheet(foundry, actor);
    expect(controls(sheet.element, "editItem")).toEqual(owned);
    expect(controls(sheet.element, "deleteItem")).toEqual([]);
    sheet.element.querySelector<HTMLElement>('[data-action="toggleMode"]')?.click();
    await settle();
    expect(controls(sheet.element, "editItem")).toEqual(owned);
    expect(controls(sheet.element, "deleteItem")).toEqual(owned);
    for (const button of sheet.element.querySelectorAll<HTMLElement>('[data-action="deleteItem"]'))
      expect(button.getAttribute("aria-label")).toBe(foundry.game.i18n.localize("WH.Sheet.DeleteItem"));
  });
});
