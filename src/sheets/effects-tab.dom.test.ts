// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, harmoniesHero, startWorld, strangerId, wuxiaHero } from "../../test/support/world";
import { openSheet, settle, type DrawnSheet } from "../../test/support/dom";

/** The Effects tab of both characters: the statuses and effects on them, turned on and off, added, deleted. */

interface WithEffects {
  effects: { contents: { id: string; name: string; disabled: boolean }[] };
  toggleStatusEffect(id: string, options?: Record<string, unknown>): Promise<unknown>;
}

let foundry: FoundryDouble;
const effectsOf = (actor: Actor.Implementation) => (actor as unknown as WithEffects).effects.contents;

async function open(actor: Actor.Implementation): Promise<DrawnSheet> {
  return openSheet(foundry, actor);
}

const rows = (sheet: DrawnSheet) =>
  [...sheet.element.querySelectorAll<HTMLElement>("[data-tab=effects] tr[data-effect-id]")].map((tr) =>
    [...tr.querySelectorAll("td")].slice(0, 2).map((td) => (td.textContent ?? "").trim()),
  );

async function click(sheet: DrawnSheet, selector: string): Promise<void> {
  const target = sheet.element.querySelector<HTMLElement>(selector);
  if (!target) throw new Error(`nothing to click at ${selector}`);
  target.click();
  await settle();
  await sheet.render();
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

describe("the Effects tab", () => {
  it("lists a status set on the hero's token, with the status named", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await (hero as unknown as WithEffects).toggleStatusEffect("stun", { active: true });
    actAs("player");
    const sheet = await open(hero);
    const stunned = foundry.game.i18n.localize("EFFECT.StatusStunned");
    expect(rows(sheet)).toEqual([[stunned, stunned]]);
    // Its row opens the effect's own sheet.
    const [effect] = effectsOf(hero) as unknown as { sheet: { rendered: boolean } }[];
    expect(effect?.sheet.rendered).toBe(false);
    await click(sheet, "[data-action=editEffect]");
    expect(effect?.sheet.rendered).toBe(true);
  });

  it("names every status of an effect, and a status core does not know by its id", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await hero.createEmbeddedDocuments("ActiveEffect", [
      { name: "Coup de boutoir", img: "icons/svg/daze.svg", statuses: ["stun", "prone", "bleeding"] },
    ] as never);
    actAs("player");
    const sheet = await open(hero);
    expect(rows(sheet)).toEqual([["Coup de boutoir", "Stunned, Prone, bleeding"]]);
    expect(sheet.element.querySelector<HTMLImageElement>("tr[data-effect-id] img")?.getAttribute("src")).toBe(
      "icons/svg/daze.svg",
    );
  });

  it("opens an effect's sheet from its row, and a new effect's sheet once added", async () => {
    const hero = await harmoniesHero("David");
    actAs("player");
    const sheet = await open(hero);
    await click(sheet, "[data-action=createEffect]");
    const [effect] = effectsOf(hero) as unknown as { sheet: { rendered: boolean; renders: number } }[];
    expect(effect?.sheet.rendered).toBe(true);
    await click(sheet, "[data-action=editEffect]");
    expect(effect?.sheet.renders).toBe(2);
  });

  it("says so when there is none", async () => {
    actAs("player");
    const sheet = await open(await harmoniesHero("David"));
    expect(sheet.element.querySelector("[data-tab=effects] .wh-empty")?.textContent).toBe(
      foundry.game.i18n.localize("WH.Sheet.Effects.None"),
    );
  });

  it("lets the owning player add an effect, turn it off and on, and delete it", async () => {
    const hero = await harmoniesHero("David");
    actAs("player");
    const sheet = await open(hero);
    await click(sheet, "[data-action=createEffect]");
    expect(effectsOf(hero).map((e) => [e.name, e.disabled])).toEqual([
      [foundry.game.i18n.localize("WH.Sheet.Effects.New"), false],
    ]);
    const toggle = () => sheet.element.querySelector<HTMLElement>("[data-action=toggleEffect]");
    expect(toggle()?.getAttribute("aria-pressed")).toBe("true");
    await click(sheet, "[data-action=toggleEffect]");
    expect(effectsOf(hero)[0]?.disabled).toBe(true);
    expect(toggle()?.getAttribute("aria-pressed")).toBe("false");
    expect(sheet.element.querySelector("tr[data-effect-id]")?.classList.contains("wh-effect--off")).toBe(true);
    await click(sheet, "[data-action=toggleEffect]");
    expect(effectsOf(hero)[0]?.disabled).toBe(false);
    await click(sheet, "[data-action=deleteEffect]");
    expect(effectsOf(hero)).toEqual([]);
  });

  it("shows a second player who may only look the effects, with nothing to change them", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await (hero as unknown as WithEffects).toggleStatusEffect("prone", { active: true });
    await hero.update({ ownership: { [strangerId()]: 2 } } as never);
    actAs("stranger");
    const sheet = await open(hero);
    expect(rows(sheet)).toHaveLength(1);
    for (const action of ["createEffect", "toggleEffect", "deleteEffect"])
      expect(sheet.element.querySelector(`[data-action=${action}]`)).toBeNull();
    expect(sheet.element.querySelector("tr[data-effect-id] td:nth-child(3)")?.textContent?.trim()).toBe(
      foundry.game.i18n.localize("WH.Sheet.Effects.On"),
    );
  });
});

describe("an effect gone before the click lands", () => {
  it("is neither turned off, opened nor deleted, and nothing fails; a cancelled creation opens no sheet", async () => {
    const tab = await import("./effects-tab");
    const hero = await wuxiaHero("Lin Mei");
    actAs("player");
    const row = document.createElement("tr");
    row.dataset.effectId = "gone000000000001";
    const button = document.createElement("button");
    row.append(button);
    await expect(tab.toggleEffect(hero, button)).resolves.toBeUndefined();
    await expect(tab.editEffect(hero, button)).resolves.toBeUndefined();
    await expect(tab.deleteEffect(hero, button)).resolves.toBeUndefined();
    (globalThis as unknown as { Hooks: { once(name: string, fn: () => boolean): void } }).Hooks.once(
      "preCreateActiveEffect",
      () => false,
    );
    await expect(tab.createEffect(hero)).resolves.toBeUndefined();
    expect(effectsOf(hero)).toEqual([]);
  });
});
