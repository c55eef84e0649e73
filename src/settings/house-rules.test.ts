// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { createActor, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import {
  formatNumberList,
  houseRulesAgree,
  NUMBER_LIST_SETTINGS,
  numberListSetting,
  parseNumberList,
  wuxiaRuleOptions,
  harmoniesRuleOptions,
} from "./house-rules";

let foundry: FoundryDouble;

interface OpenSheet {
  id: string;
  rendered: boolean;
  lastContext: Record<string, unknown> | null;
  partContexts: Record<string, Record<string, unknown>>;
  render(options?: unknown): Promise<unknown>;
  close(): Promise<unknown>;
}

interface Shown {
  /** The `force` of each `render` call the document received. */
  renders: boolean[];
  /** How many times `actor.sheet` was read (each read may build a sheet in Foundry). */
  sheetReads: number;
  open(): Promise<OpenSheet>;
}

/**
 * An actor whose sheet a user may open. The double keeps Foundry v13's `apps` (a drawn sheet
 * joins them, a closed one leaves) and `render(force)` (ClientDocumentMixin#render redraws the
 * apps); what it leaves out is `sheet`, a getter that builds the actor's sheet the first time it
 * is read (ClientDocumentMixin#sheet), counted here.
 */
function shown(actor: Actor.Implementation): Shown {
  const document = actor as unknown as { render(force?: boolean): void };
  const render = document.render.bind(document);
  const state: Shown = {
    renders: [],
    sheetReads: 0,
    async open() {
      const registration = foundry.sheets.registrations.find((r) => r.types.includes(actor.type) && r.makeDefault);
      const Sheet = registration?.sheetClass as new (options: Record<string, unknown>) => OpenSheet;
      const sheet = new Sheet({ document: actor });
      await sheet.render({ force: true });
      return sheet;
    },
  };
  Object.defineProperty(actor, "render", {
    configurable: true,
    value: (force = false) => {
      state.renders.push(force);
      render(force);
    },
  });
  Object.defineProperty(actor, "sheet", {
    configurable: true,
    get: () => {
      state.sheetReads += 1;
      return null;
    },
  });
  return state;
}

const wuxiaSystem = (actor: Actor.Implementation) =>
  actor.system as unknown as { wounds: { thresholds: number[]; penalty: number }; panic: { penalty: number } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const set = (key: string, value: unknown) => foundry.game.settings.set("wuxia-harmonies", key, value);

beforeEach(async () => {
  foundry = await startWorld();
});

describe("a house-rule change", () => {
  it("prepares every existing actor again: an actor nobody touches follows the new thresholds", async () => {
    const actor = await wuxiaHero("Lin Mei", { wounds: { value: 13 } });
    shown(actor);
    expect(wuxiaSystem(actor).wounds).toMatchObject({ thresholds: [6, 13, 20], penalty: 2 });
    await set("wuxiaWoundThresholds", "50");
    await set("wuxiaWoundPenalties", "3");
    expect(wuxiaSystem(actor).wounds).toMatchObject({ thresholds: [13], penalty: 3 });
  });

  it("puts the defaults back on every actor when the list no longer parses, and warns", async () => {
    const actor = await wuxiaHero("Lin Mei", { wounds: { value: 13 } });
    shown(actor);
    await set("wuxiaWoundThresholds", "50");
    await set("wuxiaWoundPenalties", "3");
    await set("wuxiaWoundThresholds", "lots");
    expect(foundry.notifications.at(-1)).toEqual({
      level: "warn",
      message: foundry.game.i18n.format("WH.Settings.BadList", { value: "lots", defaults: "25, 50, 75" }),
    });
    expect(wuxiaSystem(actor).wounds.thresholds).toEqual([6, 13, 20]);
  });

  it("warns when a list parses but no longer fits its pair, and the actors take the pair's defaults", async () => {
    const actor = await wuxiaHero("Lin Mei", { panic: { value: 8 } });
    shown(actor);
    await set("wuxiaPanicThresholds", "1, 2, 3, 4");
    expect(foundry.notifications.at(-1)).toEqual({
      level: "warn",
      message: foundry.game.i18n.localize("WH.Settings.ListsDisagree"),
    });
    expect(houseRulesAgree()).toBe(false);
    expect(wuxiaSystem(actor).panic.penalty).toBe(1);
    await set("wuxiaPanicPenalties", "4, 5, 6");
    expect(houseRulesAgree()).toBe(true);
    expect(wuxiaSystem(actor).panic.penalty).toBe(5);
  });

  it("warns nothing when the new list parses and fits its pair", async () => {
    const actor = await wuxiaHero("Lin Mei");
    shown(actor);
    await set("wuxiaWoundThresholds", "10, 20");
    expect(houseRulesAgree()).toBe(true);
    expect(foundry.notifications).toEqual([]);
  });

  it("redraws the sheets already open, and builds no sheet for the other actors", async () => {
    const open = await wuxiaHero("Lin Mei", { wounds: { value: 13 } });
    const closed = await wuxiaHero("Zhao");
    const [onOpen, onClosed] = [shown(open), shown(closed)];
    const sheet = await onOpen.open();
    await set("wuxiaWoundThresholds", "50");
    await set("wuxiaWoundPenalties", "2");
    await settle();
    expect(sheet.partContexts.main?.woundThresholds).toEqual([{ level: 13, penalty: 2, reached: true }]);
    expect(onOpen.renders).toEqual([false, false]);
    expect(onClosed.renders).toEqual([false, false]);
    expect(onOpen.sheetReads + onClosed.sheetReads).toBe(0);
  });

  it("leaves a sheet alone once it is closed", async () => {
    const actor = await wuxiaHero("Lin Mei");
    const view = shown(actor);
    const sheet = await view.open();
    await sheet.close();
    const before = sheet.lastContext;
    await set("wuxiaWoundThresholds", "50");
    await settle();
    expect(sheet.lastContext).toBe(before);
  });

  it("reaches the creation check of an open sheet: the table's Attribute points by priority", async () => {
    const actor = await createActor({
      name: "Lin Mei",
      type: "wuxiaCharacter",
      system: { heroType: "moine", attributes: { metal: 3, feu: 4, terre: 2, eau: 2, bois: 1 } },
    });
    const sheet = await shown(actor).open();
    const creation = () =>
      sheet.partContexts.main?.creation as {
        valid: boolean;
        problems: string[];
        rows: { key: string; buys: string }[];
      };
    expect(creation()).toMatchObject({ valid: true, problems: [] });
    expect(creation().rows[0]?.buys).toBe(
      foundry.game.i18n.format("WH.Sheet.Creation.AttributeBudget.other", { count: "30", maximum: "8" }),
    );
    await set("wuxiaCreationAttributePoints", "6, 7, 8, 9, 10");
    await set("wuxiaCreationAttributeMaximum", "2, 2, 3, 3, 3");
    await settle();
    expect(creation().valid).toBe(false);
    expect(creation().rows[0]?.buys).toBe("10 points, maximum 3");
    expect(creation().problems).toContain(
      foundry.game.i18n.format("WH.Creation.OverBudget", {
        field: foundry.game.i18n.localize("WH.Actor.Wuxia.FIELDS.priorities.attributes.label"),
        spent: "12",
        limit: "10",
      }),
    );
  });

  it("of the missile weapons' strength redraws the open Harmonies sheets", async () => {
    const actor = await harmoniesHero("Goliath", {
      characteristics: { corps: { value: 3 } },
      means: { puissance: { value: 2 } },
    });
    const view = shown(actor);
    const sheet = await view.open();
    const damage = () =>
      (sheet.partContexts.combat?.weapons as { name: string; totalDamage: string }[]).map((w) => w.totalDamage);
    expect(damage()).toEqual(["0"]);
    await set("harmoniesMissileStrength", true);
    await settle();
    expect(view.renders).toEqual([false]);
    expect(damage()).toEqual(["+5"]);
    expect(harmoniesRuleOptions().missileAddsStrength).toBe(true);
  });

  it("of the healing days reaches an existing Harmonies actor", async () => {
    const actor = await harmoniesHero("David", { wounds: { light: 1 } });
    shown(actor);
    const days = () => (actor.system as unknown as { healingDays: number | null }).healingDays;
    expect(days()).toBe(3);
    await set("harmoniesHealingDays", "2, 5, 20");
    expect(days()).toBe(2);
  });
});

describe("house-rule lists", () => {
  it("parse numbers separated by commas, semicolons or spaces, and refuse what is not a list of numbers ≥ 0", () => {
    expect(parseNumberList("25, 50;75  90")).toEqual([25, 50, 75, 90]);
    expect(parseNumberList("")).toBeNull();
    expect(parseNumberList("1, -2")).toBeNull();
    expect(parseNumberList("1, x")).toBeNull();
    expect(parseNumberList("1.5", { integer: true })).toBeNull();
    expect(parseNumberList("1.5")).toEqual([1.5]);
    expect(parseNumberList("0")).toEqual([0]);
    expect(parseNumberList("1, 2", { length: 3 })).toBeNull();
    expect(parseNumberList("1, 2, 3", { length: 3 })).toEqual([1, 2, 3]);
    expect(formatNumberList([1, 2, 3])).toBe("1, 2, 3");
  });

  it("register each list as a world setting shown in the configuration, holding its defaults", () => {
    for (const [key, config] of Object.entries(NUMBER_LIST_SETTINGS)) {
      const setting = foundry.game.settings.settings.get(`wuxia-harmonies.${key}`);
      expect(setting, key).toMatchObject({
        scope: "world",
        config: true,
        type: String,
        requiresReload: false,
        name: config.name,
        hint: config.hint,
        default: formatNumberList(config.defaults),
      });
    }
    expect(foundry.game.settings.settings.get("wuxia-harmonies.harmoniesMissileStrength")).toMatchObject({
      name: "WH.Settings.HarmoniesMissileStrength.Name",
      hint: "WH.Settings.HarmoniesMissileStrength.Hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
      requiresReload: false,
    });
  });

  it("hand the rules engine the defaults until the world changes them", () => {
    expect(wuxiaRuleOptions()).toEqual({
      woundFractions: [0.25, 0.5, 0.75],
      woundPenalties: [1, 2, 3],
      panicMultipliers: [2, 4, 6],
      panicPenalties: [1, 2],
      rerollBands: [
        { fromLevel: 1, rerolls: 1 },
        { fromLevel: 4, rerolls: 2 },
        { fromLevel: 7, rerolls: 3 },
      ],
      experience: { attributeFactor: 3, skillFactor: 2 },
      creation: {
        attributePoints: [18, 21, 24, 27, 30],
        attributeMaximum: [5, 6, 6, 7, 8],
        skillPoints: [20, 30, 40, 50, 60],
        powerPoints: [20, 30, 40, 50, 60],
        heroType: ["Guerrier", "Chevalier", "Moine", "Assassin", "Sorcier"],
        traits: [1, 2, 3, 4, 5],
        experience: [0, 5, 10, 15, 20],
      },
    });
    expect(harmoniesRuleOptions()).toEqual({
      healingDays: { light: 3, grave: 7, critical: 30 },
      missileAddsStrength: false,
    });
  });

  it("hand over every creation list the world sets, and the reroll bands from its levels", async () => {
    await set("wuxiaRerollLevels", "1, 3, 6, 9");
    await set("wuxiaCreationSkillPoints", "1, 2, 3, 4, 5");
    await set("wuxiaCreationPowerPoints", "6, 7, 8, 9, 10");
    await set("wuxiaCreationTraits", "0, 0, 1, 1, 2");
    await set("wuxiaCreationExperience", "1, 1, 1, 1, 1");
    const options = wuxiaRuleOptions();
    expect(options.rerollBands).toEqual([
      { fromLevel: 1, rerolls: 1 },
      { fromLevel: 3, rerolls: 2 },
      { fromLevel: 6, rerolls: 3 },
      { fromLevel: 9, rerolls: 4 },
    ]);
    expect(options.creation).toMatchObject({
      skillPoints: [1, 2, 3, 4, 5],
      powerPoints: [6, 7, 8, 9, 10],
      traits: [0, 0, 1, 1, 2],
      experience: [1, 1, 1, 1, 1],
    });
  });

  it("keep the reroll bands' defaults unless they start at level 1 and rise", async () => {
    const defaults = wuxiaRuleOptions().rerollBands;
    for (const bad of ["2, 4, 7", "1, 4, 4", "1, 5, 3"]) {
      await set("wuxiaRerollLevels", bad);
      expect(houseRulesAgree(), bad).toBe(false);
      expect(wuxiaRuleOptions().rerollBands, bad).toEqual(defaults);
    }
    await set("wuxiaRerollLevels", "1");
    expect(wuxiaRuleOptions().rerollBands).toEqual([{ fromLevel: 1, rerolls: 1 }]);
  });

  it("keep a wound pair's defaults when a threshold has no penalty, and take more penalties than needed", async () => {
    await set("wuxiaWoundThresholds", "10, 20, 30, 40");
    expect(houseRulesAgree()).toBe(false);
    expect(wuxiaRuleOptions().woundFractions).toEqual([0.25, 0.5, 0.75]);
    await set("wuxiaWoundPenalties", "1, 1, 2, 2, 3");
    expect(houseRulesAgree()).toBe(true);
    expect(wuxiaRuleOptions()).toMatchObject({ woundFractions: [0.1, 0.2, 0.3, 0.4], woundPenalties: [1, 1, 2, 2, 3] });
  });

  it("read a list back, or its defaults when what is stored does not parse", async () => {
    await set("harmoniesHealingDays", "1, 2");
    expect(numberListSetting("harmoniesHealingDays")).toEqual([3, 7, 30]);
    await set("harmoniesHealingDays", "1, 2, 4");
    expect(numberListSetting("harmoniesHealingDays")).toEqual([1, 2, 4]);
  });
});
