// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harmoniesOdds, wuxiaOdds } from "../rules";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, guards, harmoniesHero, postedMessages, startWorld, wuxiaHero } from "../../test/support/world";
import { choose, field, openRollDialog, settle, type } from "../../test/support/dom";

/** What each roll dialog offers and says, as a player reads it, and how it follows the fields. */

type AnyObject = Record<string, unknown>;
interface Dialog {
  id: string;
  title: string;
  element: HTMLFormElement;
  rendered: boolean;
  values: AnyObject;
  lastContext: AnyObject | null;
  result: Promise<{ values: AnyObject } | null>;
  render(options?: unknown): Promise<unknown>;
  updateValues(raw: AnyObject, options?: { redrawFields?: boolean }): Promise<void>;
  close(): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

function open(actor: Actor.Implementation, start: AnyObject = {}): Promise<Dialog> {
  return openRollDialog<Dialog>(actor, start);
}

function options(dialog: Dialog, name: string): string[] {
  return [...field<HTMLSelectElement>(dialog, name).options].map((o) => o.textContent ?? "");
}

function texts(dialog: Dialog, selector: string): string[] {
  return [...dialog.element.querySelectorAll(selector)].map((el) => el.textContent ?? "");
}

function facts(dialog: Dialog): string[] {
  return texts(dialog, ".wh-odds-panel__facts li");
}

function error(dialog: Dialog): string | null {
  return dialog.element.querySelector(".wh-odds-panel__error")?.textContent ?? null;
}

function successOf(dialog: Dialog): number {
  return (dialog.lastContext?.odds as { success: number }).success;
}

function itemId(actor: Actor.Implementation, name: string): string {
  return actor.items.find((i) => i.name === name)?.id ?? "";
}

function format(key: string, data: Record<string, unknown>): string {
  return foundry.game.i18n.format(key, data as never);
}

describe("the Wuxia roll dialog's fields", () => {
  it("offers each Attribute with its value, and each skill with its level, kind and rerolls", async () => {
    const actor = await wuxiaHero();
    await actor.createEmbeddedDocuments("Item", [
      { name: "Pêche", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Pêcheur", level: 2 } },
    ] as never);
    const dialog = await open(actor);
    expect(options(dialog, "attribute")).toEqual(["Metal (3)", "Fire (5)", "Earth (4)", "Water (3)", "Wood (2)"]);
    expect(options(dialog, "skillId")).toEqual([
      "— none —",
      "Chasseur (level 3)",
      "Tir à l'arc (spec. of Chasseur 3, 1 reroll)",
      "Pêche (hobby, level 2)",
      "Bond du tigre (level 2, 1 chi)",
    ]);
    // Powers are a group of their own, after the skills.
    expect(
      [...dialog.element.querySelectorAll(`[name="skillId"] optgroup`)].map((g) => [
        g.getAttribute("label"),
        g.querySelectorAll("option").length,
      ]),
    ).toEqual([
      ["Skills", 3],
      ["Powers", 1],
    ]);
  });

  it("says what a power costs in chi and how much is left, marked when it is short", async () => {
    const actor = await wuxiaHero("Lin Mei", { chi: { value: 2 } });
    const power = actor.items.find((i) => i.name === "Bond du tigre");
    const dialog = await open(actor, { skillId: power?.id });
    const hint = () => dialog.element.querySelector<HTMLElement>("[data-wh-chi]");
    expect(hint()?.textContent).toBe("This power costs 1 chi; chi left: 2.");
    expect(hint()?.classList.contains("wh-hint--warning")).toBe(false);
    expect(field<HTMLSelectElement>(dialog, "skillId").value).toBe(power?.id);
    await choose(dialog, "skillId", itemId(actor, "Chasseur"));
    expect(hint()).toBeNull();
    await dialog.close();
    actAs("gm");
    await power?.update({ system: { chiCost: 3 } } as never);
    const short = await open(actor, { skillId: power?.id });
    const shortHint = short.element.querySelector<HTMLElement>("[data-wh-chi]");
    expect(shortHint?.textContent).toBe("This power costs 3 chi; chi left: 2.");
    expect(shortHint?.classList.contains("wh-hint--warning")).toBe(true);
  });

  it("draws its chart with a y axis, the line where success starts and each bar's critical part", async () => {
    const dialog = await open(await wuxiaHero());
    const svg = dialog.element.querySelector(".wh-odds-chart svg");
    expect([...(svg?.querySelectorAll(".wh-odds-chart__tick--y") ?? [])].map((el) => el.textContent)).toEqual([
      expect.stringMatching(/%$/),
      "0%",
    ]);
    expect(svg?.querySelectorAll(".wh-odds-chart__success-line")).toHaveLength(1);
    expect(svg?.querySelectorAll(".wh-odds-chart__bar--critical").length).toBeGreaterThan(0);
    expect(svg?.querySelectorAll(".wh-odds-chart__bar--good").length).toBeGreaterThan(0);
  });

  it("offers the SRs from routine to extreme, naming the three the book names, standard chosen", async () => {
    const dialog = await open(await wuxiaHero());
    expect(options(dialog, "sr")).toEqual(["8 — routine", "9", "10 — standard (usual)", "11", "12", "13 — extreme"]);
    expect(field<HTMLSelectElement>(dialog, "sr").value).toBe("10");
  });

  it("says how many dice roll against which threshold, and how many rerolls a specialisation brings", async () => {
    const actor = await wuxiaHero();
    const dialog = await open(actor);
    expect(facts(dialog)).toEqual(["5 dice", "SR 10: success on a 10 only"]);
    await choose(dialog, "skillId", itemId(actor, "Tir à l'arc"));
    expect(facts(dialog)).toEqual(["5 dice", "SR 10 − Chasseur 3: success on 7+", "Up to 1 failed die rerolled"]);
  });

  it("goes back to the Attribute alone when the skill is taken away", async () => {
    const actor = await wuxiaHero();
    const dialog = await open(actor, { skillId: itemId(actor, "Tir à l'arc") });
    await choose(dialog, "skillId", "");
    expect(error(dialog)).toBeNull();
    expect(facts(dialog)).toEqual(["5 dice", "SR 10: success on a 10 only"]);
    expect(successOf(dialog)).toBe(wuxiaOdds(5, 10).success);
  });

  it("adds a wounded hero's penalty to the SR, says so, and counts it in the odds", async () => {
    const actor = await wuxiaHero("Lin Mei", { wounds: { value: 12 } });
    const penalty = (actor.system as unknown as { wounds: { penalty: number }; panic: { penalty: number } }).wounds
      .penalty;
    expect(penalty).toBeGreaterThan(0);
    const dialog = await open(actor, { skillId: itemId(actor, "Chasseur") });
    expect(texts(dialog, ".hint")).toContain(`Wounds and panic add +${penalty} to the SR.`);
    // SR 10 + the penalty − Chasseur 3.
    expect(facts(dialog)).toContain(`SR 10 + ${penalty} (wounds, panic) − Chasseur 3: success on ${10 + penalty - 3}+`);
    expect(successOf(dialog)).toBe(wuxiaOdds(5, 10 + penalty - 3).success);
  });

  it("says nothing of an SR penalty for a hero unhurt and calm", async () => {
    const dialog = await open(await wuxiaHero());
    expect(texts(dialog, ".hint").join(" ")).not.toContain("Wounds and panic");
  });

  it("offers Destiny dice to add only when the world adds them before the roll, no more than the hero has", async () => {
    const rerollMode = await open(await wuxiaHero());
    expect(rerollMode.element.querySelector("[name=destinyDice]")).toBeNull();
    await rerollMode.close();
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const dialog = await open(await wuxiaHero());
    expect(texts(dialog, ".hint")).toContain("Destiny dice left: 2");
    await type(dialog, "destinyDice", "1");
    expect(facts(dialog)[0]).toBe("6 dice");
    await type(dialog, "destinyDice", "3");
    expect(error(dialog)).toBe("Lin Mei has only 2 Destiny dice.");
  });

  it("keeps every field in place when a typed number is committed, so the focus moves on with Tab", async () => {
    const dialog = await open(await wuxiaHero());
    const attribute = field<HTMLSelectElement>(dialog, "attribute");
    await type(dialog, "extraDice", "3", true);
    expect(dialog.values.extraDice).toBe(3);
    expect(facts(dialog)[0]).toBe("8 dice");
    expect(field(dialog, "attribute")).toBe(attribute);
  });

  it("still redraws the fields for a choice made while the odds redraw, when a number is typed right after", async () => {
    const actor = await wuxiaHero();
    const dialog = await open(actor);
    const extra = field(dialog, "extraDice");
    extra.value = "1";
    extra.dispatchEvent(new Event("input", { bubbles: true }));
    const skill = field<HTMLSelectElement>(dialog, "skillId");
    skill.value = itemId(actor, "Bond du tigre");
    skill.dispatchEvent(new Event("change", { bubbles: true }));
    extra.value = "2";
    extra.dispatchEvent(new Event("input", { bubbles: true }));
    await settle();
    // The power's chi cost is a field drawn for it alone: the fields were drawn again.
    expect(dialog.element.querySelector("[data-wh-chi]")).not.toBeNull();
    expect(field<HTMLInputElement>(dialog, "extraDice").value).toBe("2");
  });

  it("redraws the odds once for the last of many quick keystrokes, not once for each", async () => {
    const dialog = await open(await wuxiaHero());
    const input = field(dialog, "extraDice");
    const seen: unknown[] = [];
    const update = dialog.updateValues.bind(dialog);
    dialog.updateValues = async (raw, opts) => {
      seen.push(raw.extraDice);
      await update(raw, opts);
    };
    for (const value of ["1", "12", "3"]) {
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    await settle();
    expect(seen).toEqual([1, 3]);
    expect(facts(dialog)[0]).toBe("8 dice");
  });
});

describe("the Harmonies roll dialog's fields", () => {
  it("offers each characteristic, means and skill with its Value", async () => {
    const dialog = await open(await harmoniesHero());
    expect(options(dialog, "characteristic")).toEqual([
      "Body (0)",
      "Agility (+2)",
      "Intuition (0)",
      "Intelligence (0)",
    ]);
    expect(options(dialog, "means")).toEqual(["Power (0)", "Resistance (0)", "Manoeuvre (0)", "Precision (+3)"]);
    expect(options(dialog, "skillId")).toEqual(["— none —", "Fronde (0)"]);
  });

  it("offers the book's difficulties, each with how it changes the chances (the Measure of the difficulty)", async () => {
    const dialog = await open(await harmoniesHero());
    expect(options(dialog, "difficultyPreset")).toEqual([
      "Book presets…",
      "+10 — failures divided by 10",
      "+5 — failures divided by 3",
      "+3 — failures divided by 2",
      "0 — about even chances",
      "−3 — chances divided by 2",
      "−5 — chances divided by 3",
      "−10 — chances divided by 10",
      "−15 — chances divided by 30",
      "−20 — chances divided by 100",
    ]);
  });

  it("keeps the difficulty typed when the presets go back to their prompt, and when another field changes", async () => {
    const dialog = await open(await harmoniesHero());
    await choose(dialog, "difficultyPreset", "-3");
    await choose(dialog, "difficultyPreset", "");
    expect(field(dialog, "difficulty").value).toBe("-3");
    expect(error(dialog)).toBeNull();
    expect(successOf(dialog)).toBe(harmoniesOdds(-1));
    await type(dialog, "penalty", "-2");
    expect(field(dialog, "difficulty").value).toBe("-3");
    expect(error(dialog)).toBeNull();
    // Agilité +2, Manœuvre 0, difficulty −3, penalty −2.
    expect(successOf(dialog)).toBe(harmoniesOdds(-3));
  });

  it("says the modifier as the sum its card will show and whether the roll is open, and follows the open box", async () => {
    const dialog = await open(await harmoniesHero());
    const sum = "Modifier +2: Agility +2, Manoeuvre 0, Difficulty 0";
    expect(facts(dialog)).toEqual([sum, "Closed roll"]);
    field(dialog, "open").click();
    await settle();
    expect(facts(dialog)).toEqual([sum, "Open roll"]);
    expect(successOf(dialog)).toBe(harmoniesOdds(2, { open: true }));
    await type(dialog, "difficulty", "-4");
    expect(facts(dialog)[0]).toBe("Modifier \u22122: Agility +2, Manoeuvre 0, Difficulty \u22124");
  });

  it("refuses an emptied or blank difficulty with a message naming the field, never reading it as 0", async () => {
    const dialog = await open(await harmoniesHero());
    const message = format("WH.Roll.Error.NotWholeNumber", { field: "Difficulty" });
    await type(dialog, "difficulty", "");
    expect(error(dialog)).toBe(message);
    await dialog.updateValues({ ...dialog.values, difficulty: "" });
    expect(error(dialog)).toBe(message);
    await dialog.updateValues({ ...dialog.values, difficulty: "  " });
    expect(error(dialog)).toBe(message);
    await dialog.updateValues({ ...dialog.values, difficulty: " -2 " });
    expect(error(dialog)).toBeNull();
    expect(dialog.values.difficulty).toBe(-2);
  });

  it("starts an Agilité action, like a Corps one, with the light wounds' physical penalty", async () => {
    const actor = await harmoniesHero();
    await actor.update({ system: { wounds: { light: 2 } } } as never);
    const agility = await open(actor, { characteristic: "agilite" });
    expect(agility.values.penalty).toBe(-2);
    expect(texts(agility, ".hint")).toContain(
      "Wounds: 0 on every action, −2 on a physical one (Body, Agility). Adjust it to the action.",
    );
  });

  it("gives no wound hint to an unhurt character", async () => {
    const dialog = await open(await harmoniesHero());
    expect(texts(dialog, ".hint").join(" ")).not.toContain("Wounds:");
  });

  it("starts open when the world rolls open", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
    const dialog = await open(await harmoniesHero());
    expect(field(dialog, "open").checked).toBe(true);
  });
});

describe("the group roll dialog's fields", () => {
  it("offers the group's characteristics and means, and starts closed as the book advises even where the world rolls open", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
    const dialog = await open(await guards());
    expect(options(dialog, "characteristic")).toEqual([
      "Body (0)",
      "Agility (+1)",
      "Intuition (0)",
      "Intelligence (0)",
    ]);
    expect(options(dialog, "means")).toEqual(["Power (0)", "Resistance (0)", "Manoeuvre (+1)", "Precision (0)"]);
    expect(field(dialog, "open").checked).toBe(false);
    expect(facts(dialog)).toEqual(["Modifier +2"]);
  });

  it("says how the world reads group rolls, and warns when one roll cannot stand for every member", async () => {
    const band = await open(await guards());
    expect(texts(band, ".hint")).toContain(
      "How groups roll in this world (the GM's choice): Book, method 2 (margins inside the group)",
    );
    expect(band.element.querySelector(".wh-roll-dialog__actor")?.textContent).toBe("Gardes — 25 members");
    expect(band.element.querySelector(".wh-roll-dialog__warning")).toBeNull();
    const { createActor } = await import("../../test/support/world");
    const mixed = await createActor({
      name: "Foule",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Badaud", count: 10, stats: { agilite: -2, manoeuvre: -2, skill: 0 } },
          { label: "Spadassin", count: 2, stats: { agilite: 4, manoeuvre: 3, skill: 3 } },
        ],
        action: { characteristic: "agilite", means: "manoeuvre" },
      },
    });
    const crowd = await open(mixed);
    expect(crowd.element.querySelector(".wh-roll-dialog__warning")?.textContent).toBe(
      "This group is not homogeneous: one roll may not stand for all its members.",
    );
    // The largest sub-group rolls: Agilité −2, Manœuvre −2.
    expect(facts(crowd)).toEqual(["Modifier \u22124"]);
  });

  it("follows the skill level typed and the preset chosen, and refuses a skill level that is no whole number", async () => {
    const dialog = await open(await guards());
    await type(dialog, "skillLevel", "3");
    await choose(dialog, "difficultyPreset", "-5");
    expect(field(dialog, "difficulty").value).toBe("-5");
    // Agilité +1, Manœuvre +1, skill 3, difficulty −5.
    expect(facts(dialog)).toEqual(["Modifier 0"]);
    expect(successOf(dialog)).toBe(harmoniesOdds(0));
    await type(dialog, "skillLevel", "1.5");
    expect(error(dialog)).toBe(format("WH.Roll.Error.NotWholeNumber", { field: "Skill level" }));
  });
});

describe("each roll dialog's window", () => {
  it("is a form in the system's style, titled with its rule set in the reader's language", async () => {
    for (const [actor, title] of [
      [await wuxiaHero(), "Wuxia test"],
      [await harmoniesHero(), "Harmonies roll"],
      [await guards(), "Group roll"],
    ] as const) {
      const dialog = await open(actor);
      expect(foundry.game.i18n.localize(dialog.title)).toBe(title);
      expect(dialog.element.tagName).toBe("FORM");
      // The system's styles are scoped to .wuxia-harmonies.
      expect([...dialog.element.classList]).toEqual(expect.arrayContaining(["wuxia-harmonies", "wh-roll-dialog"]));
    }
  });
});

describe("whether a click asks with the dialog", () => {
  const g = globalThis as unknown as { game: { keyboard?: unknown } };
  let shift = false;

  beforeEach(() => {
    shift = false;
    // Foundry's KeyboardManager#isModifierActive(modifier), modifiers named as in KeyboardManager.MODIFIER_KEYS.
    g.game.keyboard = { isModifierActive: (modifier: string) => shift && modifier === "Shift" };
  });

  afterEach(() => {
    delete g.game.keyboard;
  });

  it("asks unless the player skips the dialog, and Shift held reverses either choice", async () => {
    const { shouldAsk } = await import("./ask");
    expect(shouldAsk({})).toBe(true);
    shift = true;
    expect(shouldAsk({})).toBe(false);
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    expect(shouldAsk({})).toBe(true);
    shift = false;
    expect(shouldAsk({})).toBe(false);
    // A macro's explicit choice wins over both.
    expect(shouldAsk({ dialog: true })).toBe(true);
  });
});

describe("a number the rules refuse", () => {
  it("shows the rules' reason in place of the odds, and Roll refuses it and keeps the dialog open", async () => {
    const actor = await harmoniesHero();
    actAs("player");
    const { rollActor } = await import("./pipeline");
    const posting = rollActor(actor, { dialog: true });
    await settle();
    const element = document.querySelector<HTMLFormElement>("form.wh-roll-dialog");
    if (!element) throw new Error("no dialog drawn");
    // The fields' helpers read the dialog's element only.
    const dialog = { element } as Dialog;
    await type(dialog, "difficulty", "2000000000");
    const reason = error(dialog);
    expect(reason).toContain("1000000000");
    dialog.element.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    await settle();
    expect(foundry.notifications.at(-1)).toEqual({ level: "error", message: reason });
    expect(element.isConnected).toBe(true);
    await type(dialog, "difficulty", "-1");
    dialog.element.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    expect(((await posting) as unknown as { rolls: Roll[] } | null)?.rolls).toHaveLength(1);
    expect(postedMessages()).toHaveLength(1);
  });
});
