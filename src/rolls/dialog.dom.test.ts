// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { harmoniesOdds, wuxiaOdds } from "../rules";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  facesRandom,
  guards,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import { choose, field, openRollDialog, settle, type, windowFrame } from "../../test/support/dom";

/** The roll dialogs as a player uses them: drawn, typed in, clicked. */

type AnyObject = Record<string, unknown>;
interface Dialog {
  id: string;
  element: HTMLFormElement;
  rendered: boolean;
  values: AnyObject;
  lastContext: AnyObject | null;
  result: Promise<{ values: AnyObject } | null>;
  render(options?: unknown): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

function open(actor: Actor.Implementation, start: AnyObject = {}): Promise<Dialog> {
  return openRollDialog<Dialog>(actor, start);
}

function shownSuccess(dialog: Dialog): string {
  return dialog.element.querySelector(".wh-odds-panel__figure--success dd")?.textContent ?? "";
}

/** The exact chance behind the figure shown. */
function successOf(dialog: Dialog): number {
  return (dialog.lastContext?.odds as { success: number }).success;
}

function percentOf(p: number): string {
  return new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(p);
}

describe("the Wuxia roll dialog, typed in", () => {
  it("redraws its odds as a number is typed, keeping the field being typed in", async () => {
    const dialog = await open(await wuxiaHero());
    const before = shownSuccess(dialog);
    expect(windowFrame(dialog.element)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-dice-d10",
      resizable: false,
      scoped: true,
    });
    // Core's form layout for the fields.
    expect(dialog.element.querySelector(".window-content")?.classList.contains("standard-form")).toBe(true);
    const extra = field(dialog, "extraDice");
    await type(dialog, "extraDice", "2");
    expect(shownSuccess(dialog)).not.toBe(before);
    expect(dialog.values.extraDice).toBe(2);
    // Feu 5 + 2 extra dice at SR 10 with no skill.
    expect(successOf(dialog)).toBeCloseTo(wuxiaOdds(7, 10).success, 12);
    expect(field(dialog, "extraDice")).toBe(extra);
  });

  it("rolls a specialisation chosen with its rerolls and its parent skill without them, with no box to say it twice", async () => {
    const actor = await wuxiaHero();
    const dialog = await open(actor);
    const bow = actor.items.find((i) => i.name === "Tir à l'arc");
    const option = dialog.element.querySelector<HTMLOptionElement>(`[name=skillId] option[value="${bow?.id}"]`);
    expect(option?.textContent).toBe("Tir à l'arc (spec. of Chasseur 3, 1 reroll)");
    await choose(dialog, "skillId", bow?.id ?? "");
    expect(successOf(dialog)).toBe(wuxiaOdds(5, 7, { rerolls: 1 }).success);
    await type(dialog, "extraDice", "1");
    expect(successOf(dialog)).toBe(wuxiaOdds(6, 7, { rerolls: 1 }).success);
    await choose(dialog, "skillId", actor.items.find((i) => i.name === "Chasseur")?.id ?? "");
    expect(successOf(dialog)).toBe(wuxiaOdds(6, 7).success);
    expect(dialog.element.querySelector("[name=specialisation], input[type=checkbox]")).toBeNull();
    // Each control sits in core's field wrapper beside its label, so a long label stays in its column.
    const loose = [...dialog.element.querySelectorAll(".form-group > select, .form-group > input")];
    expect(loose).toEqual([]);
  });

  it("says what is wrong in place of the odds, and refuses to roll until it is fixed", async () => {
    const dialog = await open(await wuxiaHero());
    await type(dialog, "extraDice", "-1");
    expect(dialog.element.querySelector(".wh-odds-panel__error")?.textContent).toBe(
      foundry.game.i18n.format("WH.Roll.Error.TooSmall", {
        field: foundry.game.i18n.localize("WH.Dialog.ExtraDice"),
        min: 0,
      }),
    );
    // The browser's own check stops a Roll below the field's minimum; the rules stop the rest.
    await type(dialog, "extraDice", "200");
    expect(dialog.element.querySelector(".wh-odds-panel__error")?.textContent).toBe(
      foundry.game.i18n.format("WH.Roll.Error.PoolTooLarge", { max: 100 }),
    );
    dialog.element.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    await settle();
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: foundry.game.i18n.format("WH.Roll.Error.PoolTooLarge", { max: 100 }),
    });
    expect(dialog.rendered).toBe(true);
    await type(dialog, "extraDice", "0");
    expect(dialog.element.querySelector(".wh-odds-panel__error")).toBeNull();
  });
});

describe("the Harmonies roll dialog's presets", () => {
  it("fills the difficulty from a preset and redraws the odds; the field stays free", async () => {
    const dialog = await open(await harmoniesHero());
    await choose(dialog, "difficultyPreset", "-5");
    expect(field(dialog, "difficulty").value).toBe("-5");
    // Agilité +2, Manœuvre 0, no skill, difficulty −5.
    expect(shownSuccess(dialog)).toBe(percentOf(harmoniesOdds(-3)));
    await type(dialog, "difficulty", "-4");
    expect(shownSuccess(dialog)).toBe(percentOf(harmoniesOdds(-2)));
  });
  it("leaves the difficulty alone when the blank preset is chosen or another field is typed in", async () => {
    const dialog = await open(await harmoniesHero());
    await type(dialog, "difficulty", "-4");
    await choose(dialog, "difficultyPreset", "");
    expect(field(dialog, "difficulty").value).toBe("-4");
    await type(dialog, "penalty", "-1");
    await choose(dialog, "characteristic", "corps");
    expect(field(dialog, "difficulty").value).toBe("-4");
    expect(dialog.values.difficulty).toBe(-4);
  });
});

describe("Roll and Cancel", () => {
  it("Roll posts the card with the values shown and closes the dialog", async () => {
    const actor = await harmoniesHero();
    actAs("player");
    const { rollActor } = await import("./pipeline");
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const posting = rollActor(actor, { dialog: true });
    await settle();
    const element = document.querySelector<HTMLFormElement>("form.wh-roll-dialog");
    if (!element) throw new Error("no dialog drawn");
    const difficulty = element.querySelector<HTMLInputElement>("[name=difficulty]");
    if (difficulty) difficulty.value = "-1";
    element.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    const message = (await posting) as unknown as { rolls: Roll[] } | null;
    // Agilité +2, Manœuvre 0, difficulty −1, dice 8 − 2.
    expect(message?.rolls[0]?.total).toBe(2 + 0 - 1 + 8 - 2);
    expect(document.querySelector("form.wh-roll-dialog")).toBeNull();
  });

  it("Cancel closes the dialog and rolls nothing", async () => {
    const actor = await wuxiaHero();
    actAs("player");
    const { rollActor } = await import("./pipeline");
    const posting = rollActor(actor, { dialog: true });
    await settle();
    document.querySelector<HTMLButtonElement>("form.wh-roll-dialog [data-action=cancel]")?.click();
    expect(await posting).toBeNull();
    expect(document.querySelector("form.wh-roll-dialog")).toBeNull();
    expect(postedMessages()).toHaveLength(0);
  });
});

describe("two roll dialogs open at once", () => {
  it("share no element id, and each label names a field of its own dialog", async () => {
    const first = await open(await wuxiaHero());
    const second = await open(await guards());
    const third = await open(await harmoniesHero());
    const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const dialog of [first, second, third]) {
      const labels = [...dialog.element.querySelectorAll("label[for]")];
      expect(labels.length).toBeGreaterThan(3);
      for (const label of labels)
        expect(dialog.element.querySelector(`#${CSS.escape(label.getAttribute("for") ?? "")}`)).not.toBeNull();
    }
  });
});
