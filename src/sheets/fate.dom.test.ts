// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { defaultSheet } from "../../test/support/dom";

/** Death, flight and a stun shown in the sheet's header, where the table looks first. */

interface Sheet {
  element: HTMLFormElement;
  render(options?: unknown): Promise<unknown>;
}

let foundry: FoundryDouble;

async function fates(actor: Actor.Implementation): Promise<[string, string][]> {
  actAs("player");
  const sheet = defaultSheet<Sheet>(foundry, actor);
  await sheet.render({ force: true });
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
    await david.update({ system: { wounds: { stunned: true } } } as never);
    expect(await fates(david)).toEqual([
      ["wh-fate wh-fate--stunned", foundry.game.i18n.localize("WH.Sheet.Fate.Stunned")],
    ]);
    await david.update({ system: { wounds: { fatal: true } } } as never);
    expect(await fates(david)).toEqual([["wh-fate wh-fate--dead", foundry.game.i18n.localize("WH.Sheet.Fate.Fatal")]]);
  });
});
