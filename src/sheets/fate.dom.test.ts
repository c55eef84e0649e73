// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openSheet, settle } from "../../test/support/dom";

/** Death, flight and a stun shown in the sheet's header, where the table looks first. */

let foundry: FoundryDouble;

async function fates(actor: Actor.Implementation): Promise<[string, string][]> {
  actAs("player");
  const sheet = await openSheet(foundry, actor);
  return [...sheet.element.querySelectorAll<HTMLElement>(".wh-header .wh-fate")].map((p) => [
    p.className,
    (p.textContent ?? "").trim(),
  ]);
}

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

describe("the sheet header", () => {
  it("says a Wuxia hero at the death threshold is dead, with the numbers", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const max = (hero.system as unknown as { wounds: { max: number } }).wounds.max;
    expect(await fates(hero)).toEqual([]);
    await hero.update({ system: { wounds: { value: max } } } as never);
    expect(await fates(hero)).toEqual([
      [
        "wh-fate wh-fate--dead",
        foundry.game.i18n.format("WH.Sheet.Fate.Dead", { value: String(max), max: String(max) }),
      ],
    ]);
  });

  it("says a panicked Wuxia hero must flee", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const flee = (hero.system as unknown as { panic: { max: number } }).panic.max;
    await hero.update({ system: { panic: { value: flee } } } as never);
    expect(await fates(hero)).toEqual([
      ["wh-fate wh-fate--flee", foundry.game.i18n.localize("WH.Sheet.Fate.MustFlee")],
    ]);
  });

  it("says a Harmonies character with a fatal wound dies, and a stunned one is stunned", async () => {
    const david = await harmoniesHero("David");
    await david.toggleStatusEffect("stun", { active: true });
    expect(await fates(david)).toEqual([
      ["wh-fate wh-fate--stunned", foundry.game.i18n.localize("WH.Sheet.Fate.Stunned")],
    ]);
    await david.update({ system: { wounds: { fatal: true } } } as never);
    expect(await fates(david)).toEqual([["wh-fate wh-fate--dead", foundry.game.i18n.localize("WH.Sheet.Fate.Fatal")]]);
  });

  it("draws a Wuxia hero's wound level as a bar with a tick at each threshold, and the SR penalty now", async () => {
    // Death threshold (2 × 3 + 2) × 3 = 24; thresholds 6, 12, 18; 13 wounds: two reached, SR +2.
    const hero = await wuxiaHero("Lin Mei", { attributes: { metal: 3, feu: 5, terre: 4, eau: 2, bois: 2 } });
    actAs("player");
    await hero.update({ system: { wounds: { value: 13 } } } as never);
    const sheet = await openSheet(foundry, hero);
    const bar = sheet.element.querySelector<HTMLElement>(".wh-header .wh-bar");
    expect(bar?.querySelector<HTMLElement>(".wh-bar__fill")?.style.inlineSize).toBe(`${(100 * 13) / 24}%`);
    expect(
      [...(bar?.querySelectorAll<HTMLElement>(".wh-bar__tick") ?? [])].map((tick) => [
        tick.style.insetInlineStart,
        tick.classList.contains("wh-bar__tick--reached"),
      ]),
    ).toEqual([
      ["25%", true],
      ["50%", true],
      ["75%", false],
    ]);
    expect(bar?.getAttribute("aria-label")).toBe(
      foundry.game.i18n.format("WH.Sheet.Wuxia.WoundBar", { value: "13", max: "24", penalty: "+2" }),
    );
    expect(sheet.element.querySelector(".wh-header .wh-bar__penalty")?.textContent).toBe("SR +2");
  });

  it("draws a Harmonies character's wounds as pips against the room of each type", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await david.update({ system: { wounds: { light: 2, grave: 1 } } } as never);
    const sheet = await openSheet(foundry, david);
    const tracks = [...sheet.element.querySelectorAll<HTMLElement>(".wh-header .wh-pips__track")];
    expect(
      tracks.map((track) => [...track.querySelectorAll(".wh-pip")].map((pip) => pip.classList.contains("wh-pip--on"))),
    ).toEqual([[true, true, false, false], [true, false], [false]]);
    expect(tracks.map((track) => track.getAttribute("aria-label"))).toEqual([
      "Light wounds: 2 of 4",
      "Grave wounds: 1 of 2",
      "Critical wounds: 0 of 1",
    ]);
  });

  it("stuns from the header's box as the token HUD does: core's stun status, shown in the Effects tab; unticked, it is gone", async () => {
    const david = await harmoniesHero("David", { wounds: { light: 2 } });
    actAs("player");
    const sheet = await openSheet(foundry, david);
    const box = () => sheet.element.querySelector<HTMLInputElement>('.wh-header [data-action="toggleStunned"]');
    expect(box()?.checked).toBe(false);
    box()?.click();
    await settle();
    expect(david.statuses.has("stun")).toBe(true);
    // Light wounds weigh on physical actions only: the stun's −1 is the whole of it on the others.
    expect((david.system as unknown as { actionPenalty: { all: number } }).actionPenalty.all).toBe(-1);
    expect(box()?.checked).toBe(true);
    expect(sheet.element.querySelector(".wh-header .wh-fate--stunned")).not.toBeNull();
    const effectsTab = sheet.element.querySelector('.tab[data-tab="effects"]')?.textContent ?? "";
    expect(effectsTab).toContain(foundry.game.i18n.localize("EFFECT.StatusStunned"));
    box()?.click();
    await settle();
    expect(david.statuses.has("stun")).toBe(false);
    expect((david.system as unknown as { wounds: Record<string, unknown> }).wounds).not.toHaveProperty("stunned");
  });

  it("shows the stun box checked and locked to a player who only observes the character", async () => {
    const david = await harmoniesHero("David");
    await david.toggleStatusEffect("stun", { active: true });
    actAs("gm");
    await david.update({ ownership: { default: 2 } } as never);
    actAs("stranger");
    const sheet = await openSheet(foundry, david);
    const box = sheet.element.querySelector<HTMLInputElement>('.wh-header [data-action="toggleStunned"]');
    expect([box?.checked, box?.disabled]).toEqual([true, true]);
  });
});
