// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openSheet, type DrawnSheet } from "../../test/support/dom";

/** What a sheet shows where there is nothing, or nothing to set: no empty box, no dead field. */

let foundry: FoundryDouble;

async function open(document: { type: string }): Promise<DrawnSheet> {
  return openSheet(foundry, document);
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

describe("an empty biography", () => {
  it("says so in play mode on both characters, and shows the text once there is one", async () => {
    for (const make of [() => wuxiaHero("Lin Mei"), () => harmoniesHero("David")]) {
      const actor = await make();
      actAs("player");
      const sheet = await open(actor);
      expect(sheet.element.querySelector("[data-tab=biography] .wh-empty")?.textContent).toBe(
        foundry.game.i18n.localize("WH.Sheet.NoBiography"),
      );
      await actor.update({ system: { biography: "<p>Archère.</p>" } } as never);
      const written = await open(actor);
      expect(written.element.querySelector("[data-tab=biography] .wh-empty")).toBeNull();
      expect(written.element.querySelector("[data-tab=biography] .wh-rich-text")?.textContent).toBe("Archère.");
    }
  });
});

describe("a specialisation's sheet", () => {
  it("has no level field: its Compétence is its parent's; a skill and a hobby have one", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("player");
    const level = async (name: string) =>
      (await open(hero.items.find((i) => i.name === name) as { type: string })).element.querySelector(
        '[name="system.level"]',
      );
    expect(await level("Tir à l'arc")).toBeNull();
    expect(await level("Chasseur")).not.toBeNull();
    await hero.createEmbeddedDocuments("Item", [
      { name: "Pêche", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Pêcheur", level: 2 } },
    ] as never);
    expect(await level("Pêche")).not.toBeNull();
  });
});
