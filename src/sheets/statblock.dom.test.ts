// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openSheet, settle, type DrawnSheet } from "../../test/support/dom";

/** An NPC's sheet in play mode is one stat block; edit mode is the full sheet, and back. */

let foundry: FoundryDouble;

const parts = (sheet: DrawnSheet) =>
  [...sheet.element.querySelectorAll<HTMLElement>("[data-application-part]")].map((p) => p.dataset.applicationPart);
const texts = (sheet: DrawnSheet, selector: string) =>
  [...sheet.element.querySelectorAll(selector)].map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim());

async function toggle(sheet: DrawnSheet): Promise<void> {
  sheet.element.querySelector<HTMLElement>("[data-action=toggleMode]")?.click();
  await settle();
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

describe("an NPC's sheet", () => {
  it("of Wuxia is one stat block in play mode: Attributes, skills, power and weapon as rolls", async () => {
    const bandit = await wuxiaHero("Bandit", { npc: true });
    actAs("player");
    const sheet = await openSheet(foundry, bandit);
    expect(parts(sheet)).toEqual(["header", "statblock"]);
    expect(sheet.element.querySelector(".wh-tabs")).toBeNull();
    expect(texts(sheet, ".wh-statblock__attributes button")).toEqual(["3", "5", "4", "3", "2"]);
    expect(texts(sheet, "[data-wh-statblock] [data-roll-kind=skill]")).toEqual(["Chasseur 3", "Tir à l'arc 3"]);
    expect(texts(sheet, "[data-wh-statblock] [data-roll-kind=power]")).toEqual(["Bond du tigre 2"]);
    expect(texts(sheet, "[data-wh-statblock] [data-roll-kind=weapon]")).toEqual(["Arc long"]);
  });

  it("shows the full sheet in edit mode, and only the stat block again in play mode", async () => {
    const bandit = await wuxiaHero("Bandit", { npc: true });
    actAs("player");
    const sheet = await openSheet(foundry, bandit);
    await toggle(sheet);
    expect(parts(sheet)).toEqual(["header", "tabs", "main", "skills", "powers", "combat", "effects", "biography"]);
    await toggle(sheet);
    expect(parts(sheet)).toEqual(["header", "statblock"]);
  });

  it("of Harmonies is one stat block: the fields of action, skills, weapon and soak", async () => {
    const david = await harmoniesHero("Garde", { npc: true });
    actAs("player");
    const sheet = await openSheet(foundry, david);
    expect(parts(sheet)).toEqual(["header", "statblock"]);
    expect(sheet.element.querySelectorAll("[data-wh-statblock] .wh-field-grid button")).toHaveLength(16);
    expect(texts(sheet, "[data-wh-statblock] [data-roll-kind=skill]")).toEqual(["Fronde 0"]);
    expect(texts(sheet, "[data-wh-statblock] [data-roll-kind=weapon]")).toEqual(["Lance-pierre"]);
  });

  it("keeps every part when only one is drawn again", async () => {
    const bandit = await wuxiaHero("Bandit", { npc: true });
    actAs("player");
    const sheet = await openSheet(foundry, bandit);
    await sheet.render({ parts: ["header"] });
    expect(parts(sheet)).toEqual(["header", "statblock"]);
  });

  it("of a hero keeps its tabs", async () => {
    actAs("player");
    const hero = await createActor({ name: "Lin", type: "wuxiaCharacter" });
    const sheet = await openSheet(foundry, hero);
    expect(parts(sheet)).toContain("tabs");
    expect(parts(sheet)).not.toContain("statblock");
  });
});

describe("the stat block's help", () => {
  it("is a note on hover or focus, not a paragraph printed under every NPC", async () => {
    for (const type of ["wuxiaCharacter", "harmoniesCharacter"] as const) {
      const npc = await createActor({ name: "Bandit", type, system: { npc: true } }, { ownedByPlayer: false });
      const sheet = await openSheet(foundry, npc);
      const hint = foundry.game.i18n.localize("WH.Sheet.Statblock.Hint");
      const help = sheet.element.querySelector<HTMLElement>(".wh-statblock__help [role=note]");
      expect([help?.dataset.tooltip, help?.getAttribute("aria-label"), help?.tabIndex]).toEqual([hint, hint, 0]);
      expect(sheet.element.textContent).not.toContain(hint);
    }
  });
});
