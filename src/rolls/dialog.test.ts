// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { harmoniesOdds, wuxiaOdds } from "../rules";
import type { FoundryDouble } from "../../test/foundry/install";
import { facesRandom, guards, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openRollDialog } from "../../test/support/dom";

let foundry: FoundryDouble;

type AnyObject = Record<string, unknown>;
interface DialogLike {
  lastContext: AnyObject | null;
  partContexts: Record<string, AnyObject>;
  values: AnyObject;
  result: Promise<{ values: AnyObject } | null>;
  render(options?: unknown): Promise<unknown>;
  updateValues(raw: AnyObject, options?: { redrawFields?: boolean }): Promise<void>;
  submitValues(raw: AnyObject): Promise<boolean>;
  close(): Promise<unknown>;
}

function dialogFor(actor: Actor.Implementation, start: AnyObject = {}): Promise<DialogLike> {
  return openRollDialog<DialogLike>(actor, start);
}

/** The dialog as Foundry would draw it: every part's template with its context. */
async function drawn(dialog: DialogLike): Promise<string> {
  const parts = (dialog.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
  const render =
    foundry.CONFIG &&
    (
      globalThis as unknown as {
        foundry: { applications: { handlebars: { renderTemplate(p: string, c: AnyObject): Promise<string> } } };
      }
    ).foundry.applications.handlebars.renderTemplate;
  const html = await Promise.all(
    Object.entries(parts).map(([id, part]) => render(part.template, dialog.partContexts[id] ?? {})),
  );
  return html.join("\n");
}

beforeEach(async () => {
  foundry = await startWorld();
});

describe("the Wuxia roll dialog", () => {
  it("starts from the item clicked: a specialisation brings its parent's level and its rerolls", async () => {
    const actor = await wuxiaHero();
    const bow = actor.items.find((i) => i.name === "Tir à l'arc");
    const dialog = await dialogFor(actor, { skillId: bow?.id });
    expect(dialog.values).toMatchObject({ attribute: "feu", skillId: bow?.id, specialisation: true, sr: 10 });
    const odds = dialog.lastContext?.odds as { success: number; critical: number };
    const exact = wuxiaOdds(5, 7, { rerolls: 1 });
    expect([odds.success, odds.critical]).toEqual([exact.success, exact.critical]);
  });

  it("uses a specialisation's rerolls whenever it is the skill chosen, and none for another skill", async () => {
    const actor = await wuxiaHero();
    const bow = actor.items.find((i) => i.name === "Tir à l'arc");
    const dialog = await dialogFor(actor);
    await dialog.updateValues({ ...dialog.values, skillId: bow?.id }, { redrawFields: true });
    expect(dialog.values.specialisation).toBe(true);
    expect((dialog.lastContext?.odds as { success: number }).success).toBe(wuxiaOdds(5, 7, { rerolls: 1 }).success);
    await dialog.updateValues({ ...dialog.values, sr: "11" });
    expect(dialog.values.specialisation).toBe(true);
    await dialog.updateValues({ ...dialog.values, skillId: "" }, { redrawFields: true });
    expect(dialog.values.specialisation).toBe(false);
  });

  it("updates its odds as the fields change, exactly as the rules give them", async () => {
    const actor = await wuxiaHero();
    const dialog = await dialogFor(actor);
    await dialog.updateValues({ ...dialog.values, attribute: "terre", sr: "13", extraDice: "2" });
    expect((dialog.lastContext?.odds as { success: number }).success).toBe(wuxiaOdds(6, 13).success);
  });

  it("says what is wrong instead of odds while a field makes no roll, then rolls nothing", async () => {
    const actor = await wuxiaHero();
    const dialog = await dialogFor(actor);
    await dialog.updateValues({ ...dialog.values, extraDice: "-1" });
    expect(dialog.lastContext?.error).toBe(
      foundry.game.i18n.format("WH.Roll.Error.TooSmall", {
        field: foundry.game.i18n.localize("WH.Dialog.ExtraDice"),
        min: 0,
      }),
    );
    expect(await dialog.submitValues({ ...dialog.values, extraDice: "1.5" })).toBe(false);
    expect(foundry.notifications.at(-1)?.level).toBe("error");
  });

  it("resolves with the values on Roll, and with null when closed", async () => {
    const actor = await wuxiaHero();
    const rolled = await dialogFor(actor);
    expect(await rolled.submitValues({ ...rolled.values, sr: "12" })).toBe(true);
    expect((await rolled.result)?.values.sr).toBe(12);
    const closed = await dialogFor(actor);
    await closed.close();
    expect(await closed.result).toBeNull();
  });

  it.each(["en", "fr"] as const)("draws its fields, odds and chart in %s with no raw key", async (lang) => {
    foundry = await startWorld({ lang });
    const actor = await wuxiaHero("<b>Lin</b>");
    const html = await drawn(await dialogFor(actor));
    expect(html).not.toMatch(/WH\.[A-Z]/);
    expect(html).toContain("&lt;b&gt;Lin&lt;/b&gt;");
    const doc = new DOMParser().parseFromString(`<form>${html}</form>`, "text/html");
    expect(doc.querySelectorAll("svg rect.wh-odds-chart__bar").length).toBeGreaterThan(3);
    expect([...doc.querySelectorAll("[name]")].map((el) => el.getAttribute("name"))).toEqual(
      expect.arrayContaining(["attribute", "skillId", "sr", "extraDice", "visibility"]),
    );
  });
});

describe("the Harmonies and group roll dialogs", () => {
  it("show the chance of success for the modifier, closed or open", async () => {
    const actor = await harmoniesHero();
    const dialog = await dialogFor(actor, { skillId: actor.items.find((i) => i.name === "Fronde")?.id });
    expect((dialog.lastContext?.odds as { success: number }).success).toBe(harmoniesOdds(5));
    await dialog.updateValues({ ...dialog.values, difficulty: "-4", open: true });
    expect((dialog.lastContext?.odds as { success: number }).success).toBe(harmoniesOdds(1, { open: true }));
  });

  it("starts a Corps or Agilité action with the light wounds' physical penalty, any other without it", async () => {
    const actor = await harmoniesHero();
    await actor.update({ system: { wounds: { light: 2 } } } as never);
    await actor.toggleStatusEffect("stun", { active: true });
    const physical = await dialogFor(actor, { characteristic: "corps" });
    expect(physical.values.penalty).toBe(-3);
    expect(await drawn(physical)).toContain("−1 on every action, −3 on a physical one");
    const mental = await dialogFor(actor, { characteristic: "intelligence" });
    expect(mental.values.penalty).toBe(-1);
  });

  it("draws the Harmonies and the group dialogs with no raw key", async () => {
    for (const actor of [await harmoniesHero(), await guards()])
      expect(await drawn(await dialogFor(actor))).not.toMatch(/WH\.[A-Z]/);
  });

  it("is what a click opens unless skipped, and its Roll posts the card", async () => {
    const actor = await harmoniesHero();
    const { HarmoniesRollDialog } = await import("./harmonies/dialog");
    const opened: DialogLike[] = [];
    const render = HarmoniesRollDialog.prototype.render;
    HarmoniesRollDialog.prototype.render = async function (this: DialogLike, ...args: unknown[]) {
      opened.push(this);
      return render.apply(this as never, args as never);
    } as never;
    const { rollActor } = await import("./pipeline");
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const posting = rollActor(actor, {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened).toHaveLength(1);
    await opened[0]?.submitValues({ ...opened[0].values, difficulty: "-1", visibility: "public" });
    const message = (await posting) as unknown as { rolls: Roll[] };
    // Agilité +2, Manœuvre 0 (no item chosen), difficulty −1, dice 8 − 2.
    expect(message.rolls[0]?.total).toBe(2 + 0 - 1 + 8 - 2);
    HarmoniesRollDialog.prototype.render = render;
  });
});

describe("a roll dialog popped out into another window (v14)", () => {
  it("still tells a choice from a typed number, with elements that are not this window's classes", async () => {
    const { isChoiceField } = await import("./dialog");
    // Elements of another window: the same tags and properties, other classes (no instanceof).
    const fields = [
      { tagName: "SELECT" },
      { tagName: "select" },
      { tagName: "INPUT", type: "checkbox" },
      { tagName: "INPUT", type: "number" },
      { tagName: "INPUT", type: "text" },
    ];
    expect(fields.map((el) => isChoiceField(el))).toEqual([true, true, true, false, false]);
  });
});
