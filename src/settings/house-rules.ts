import { SYSTEM_ID } from "../constants";
import { WUXIA_DEFAULTS, type RerollBand, type WuxiaCreationTable, type WuxiaHeroType } from "../rules";

/**
 * The [default]s of RULES.md that the sheets show (numbers the books do not give): each is a
 * world setting holding a list of numbers, so a GM can change it. Sheets mark every number
 * derived from one of them as a house rule.
 */

interface NumberListSetting {
  name: string;
  hint: string;
  defaults: readonly number[];
  /** How many numbers the list must hold; any length ≥ 1 when absent. */
  length?: number;
}

const CREATION_HINT = "WH.Settings.Creation.Hint";

export const NUMBER_LIST_SETTINGS = {
  wuxiaWoundThresholds: {
    name: "WH.Settings.WuxiaWoundThresholds.Name",
    hint: "WH.Settings.WuxiaWoundThresholds.Hint",
    defaults: WUXIA_DEFAULTS.woundFractions.map((f) => Math.round(f * 100)),
  },
  wuxiaWoundPenalties: {
    name: "WH.Settings.WuxiaWoundPenalties.Name",
    hint: "WH.Settings.WuxiaWoundPenalties.Hint",
    defaults: WUXIA_DEFAULTS.woundPenalties,
  },
  wuxiaPanicThresholds: {
    name: "WH.Settings.WuxiaPanicThresholds.Name",
    hint: "WH.Settings.WuxiaPanicThresholds.Hint",
    defaults: WUXIA_DEFAULTS.panicMultipliers,
  },
  wuxiaPanicPenalties: {
    name: "WH.Settings.WuxiaPanicPenalties.Name",
    hint: "WH.Settings.WuxiaPanicPenalties.Hint",
    defaults: WUXIA_DEFAULTS.panicPenalties,
  },
  wuxiaRerollLevels: {
    name: "WH.Settings.WuxiaRerollLevels.Name",
    hint: "WH.Settings.WuxiaRerollLevels.Hint",
    defaults: WUXIA_DEFAULTS.rerollBands.map((b) => b.fromLevel),
  },
  wuxiaCreationAttributePoints: {
    name: "WH.Settings.Creation.AttributePoints",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.attributePoints,
    length: 5,
  },
  wuxiaCreationAttributeMaximum: {
    name: "WH.Settings.Creation.AttributeMaximum",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.attributeMaximum,
    length: 5,
  },
  wuxiaCreationSkillPoints: {
    name: "WH.Settings.Creation.SkillPoints",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.skillPoints,
    length: 5,
  },
  wuxiaCreationPowerPoints: {
    name: "WH.Settings.Creation.PowerPoints",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.powerPoints,
    length: 5,
  },
  wuxiaCreationTraits: {
    name: "WH.Settings.Creation.Traits",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.traits,
    length: 5,
  },
  wuxiaCreationExperience: {
    name: "WH.Settings.Creation.Experience",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.experience,
    length: 5,
  },
} as const satisfies Record<string, NumberListSetting>;

export type NumberListSettingKey = keyof typeof NUMBER_LIST_SETTINGS;

/** "25, 50, 75" → [25, 50, 75]; null when the text is not such a list of the right length. */
export function parseNumberList(text: string, length?: number): number[] | null {
  const parts = String(text).split(/[,;\s]+/).filter(Boolean);
  if (!parts.length || (length !== undefined && parts.length !== length)) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => Number.isFinite(n) && n >= 0) ? numbers : null;
}

export function formatNumberList(numbers: readonly number[]): string {
  return numbers.join(", ");
}

/** The numbers a list setting holds, or its defaults when the stored text does not parse. */
export function numberListSetting(key: NumberListSettingKey): number[] {
  const config: NumberListSetting = NUMBER_LIST_SETTINGS[key];
  const stored = game.settings.get(SYSTEM_ID, key);
  return parseNumberList(stored, config.length) ?? [...config.defaults];
}

/** Whether a list setting still holds the system's defaults. */
export function isDefaultList(key: NumberListSettingKey): boolean {
  const defaults: readonly number[] = NUMBER_LIST_SETTINGS[key].defaults;
  return formatNumberList(numberListSetting(key)) === formatNumberList(defaults);
}

/** Derived data depends on these settings: prepare every world actor again and redraw its sheet. */
function refreshActors(): void {
  for (const actor of game.actors?.contents ?? []) {
    actor.reset();
    if (actor.sheet?.rendered) void actor.sheet.render();
  }
}

export function registerHouseRuleSettings(): void {
  for (const [key, config] of Object.entries(NUMBER_LIST_SETTINGS) as [NumberListSettingKey, NumberListSetting][]) {
    game.settings.register(SYSTEM_ID, key, {
      name: config.name,
      hint: config.hint,
      scope: "world",
      config: true,
      type: String,
      default: formatNumberList(config.defaults),
      requiresReload: false,
      onChange: (value: string) => {
        if (!parseNumberList(value, config.length)) {
          ui.notifications?.warn(game.i18n.format("WH.Settings.BadList", { value, defaults: formatNumberList(config.defaults) }));
        }
        refreshActors();
      },
    });
  }
}

/** The Wuxia options the rules engine takes, from the world's settings. */
export function wuxiaRuleOptions(): {
  woundFractions: number[];
  woundPenalties: number[];
  panicMultipliers: number[];
  panicPenalties: number[];
  rerollBands: RerollBand[];
  creation: WuxiaCreationTable;
} {
  const levels = numberListSetting("wuxiaRerollLevels");
  return {
    woundFractions: numberListSetting("wuxiaWoundThresholds").map((p) => p / 100),
    woundPenalties: numberListSetting("wuxiaWoundPenalties"),
    panicMultipliers: numberListSetting("wuxiaPanicThresholds"),
    panicPenalties: numberListSetting("wuxiaPanicPenalties"),
    rerollBands: levels.map((fromLevel, i) => ({ fromLevel, rerolls: i + 1 })),
    creation: {
      attributePoints: numberListSetting("wuxiaCreationAttributePoints"),
      attributeMaximum: numberListSetting("wuxiaCreationAttributeMaximum"),
      skillPoints: numberListSetting("wuxiaCreationSkillPoints"),
      powerPoints: numberListSetting("wuxiaCreationPowerPoints"),
      heroType: WUXIA_DEFAULTS.creation.heroType as readonly WuxiaHeroType[],
      traits: numberListSetting("wuxiaCreationTraits"),
      experience: numberListSetting("wuxiaCreationExperience"),
    },
  };
}
