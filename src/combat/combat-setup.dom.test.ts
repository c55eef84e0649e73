// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { choose, defaultSheet, settle } from "../../test/support/dom";
import { actAs, startWorld, wuxiaHero } from "../../test/support/world";

/** How a Wuxia character fights, set on its sheet: the combat skill of its Initiative tests and its default split. */

interface Sheet {
  element: HTMLFormElement;
  render(options?: unknown): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

async function openAs(who: "player" | "stranger", actor: Actor.Implementation): Promise<Sheet> {
  actAs(who);
  const sheet = defaultSheet<Sheet>(foundry, actor as never);
  await sheet.render({ force: true });
  return sheet;
}

const combatPanel = (sheet: Sheet) => sheet.element.querySelector<HTMLElement>(".wh-combat-setup");

describe("the combat setup on a Wuxia sheet", () => {
  it("lets the owner pick the combat skill among the character's skills, and the default split", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const chasseur = actor.items.find((i) => i.name === "Chasseur");
    const sheet = await openAs("player", actor);
    sheet.element.querySelector<HTMLElement>("[data-action=toggleMode]")?.click();
    await settle();
    const options = [...sheet.element.querySelectorAll<HTMLOptionElement>("[name='system.combat.skill'] option")];
    expect(options.map((o) => o.textContent?.trim())).toEqual(["none", "Chasseur", "Tir à l'arc"]);
    await choose(sheet, "system.combat.skill", chasseur?.id ?? "");
    await choose(sheet, "system.combat.spend", "defense");
    const combat = (actor.system as unknown as { combat: { skill: string; spend: string } }).combat;
    expect(combat).toEqual({ skill: chasseur?.id, spend: "defense" });
  });

  it("shows the choice in play mode, the world's setting when none is chosen, and no field to an observer", async () => {
    const actor = await wuxiaHero("Lin Mei");
    actAs("gm");
    await actor.update({ ownership: { default: 2 } } as never);
    const sheet = await openAs("player", actor);
    expect(combatPanel(sheet)?.textContent?.replace(/\s+/g, " ").trim()).toBe(
      "Combat Combat skill (Initiative tests) none Initiative successes by default The world's setting",
    );
    const stranger = await openAs("stranger", actor);
    stranger.element.querySelector<HTMLElement>("[data-action=toggleMode]")?.click();
    await settle();
    expect(stranger.element.querySelector("[name='system.combat.skill']")).toBeNull();
    expect(combatPanel(stranger)?.textContent).toContain("The world's setting");
  });
});
