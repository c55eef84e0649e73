import { SYSTEM_ID } from "../foundry/system";
import {
  HARMONIES_DEFAULTS,
  WUXIA_DEFAULTS,
  type RerollBand,
  type WoundMaxima,
  type WuxiaCreationTable,
  type WuxiaHeroType,
} from "../rules";

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
  /** Whole numbers only (penalties, levels, points). */
  integer?: boolean;
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
    integer: true,
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
    integer: true,
  },
  wuxiaRerollLevels: {
    name: "WH.Settings.WuxiaRerollLevels.Name",
    hint: "WH.Settings.WuxiaRerollLevels.Hint",
    defaults: WUXIA_DEFAULTS.rerollBands.map((b) => b.fromLevel),
    integer: true,
  },
  wuxiaCreationAttributePoints: {
    name: "WH.Settings.Creation.AttributePoints",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.attributePoints,
    length: 5,
    integer: true,
  },
  wuxiaCreationAttributeMaximum: {
    name: "WH.Settings.Creation.AttributeMaximum",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.attributeMaximum,
    length: 5,
    integer: true,
  },
  wuxiaCreationSkillPoints: {
    name: "WH.Settings.Creation.SkillPoints",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.skillPoints,
    length: 5,
    integer: true,
  },
  wuxiaCreationPowerPoints: {
    name: "WH.Settings.Creation.PowerPoints",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.powerPoints,
    length: 5,
    integer: true,
  },
  wuxiaCreationTraits: {
    name: "WH.Settings.Creation.Traits",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.traits,
    length: 5,
    integer: true,
  },
  wuxiaCreationExperience: {
    name: "WH.Settings.Creation.Experience",
    hint: CREATION_HINT,
    defaults: WUXIA_DEFAULTS.creation.experience,
    length: 5,
    integer: true,
  },
  wuxiaExperienceFactors: {
    name: "WH.Settings.WuxiaExperienceFactors.Name",
    hint: "WH.Settings.WuxiaExperienceFactors.Hint",
    defaults: [WUXIA_DEFAULTS.experienceFactors.attribute, WUXIA_DEFAULTS.experienceFactors.skill],
    length: 2,
    integer: true,
  },
  harmoniesHealingDays: {
    name: "WH.Settings.HarmoniesHealingDays.Name",
    hint: "WH.Settings.HarmoniesHealingDays.Hint",
    defaults: [
      HARMONIES_DEFAULTS.healingDays.light,
      HARMONIES_DEFAULTS.healingDays.grave,
      HARMONIES_DEFAULTS.healingDays.critical,
    ],
    length: 3,
    integer: true,
  },
} as const satisfies Record<string, NumberListSetting>;

export type NumberListSettingKey = keyof typeof NUMBER_LIST_SETTINGS;

/** "25, 50, 75" → [25, 50, 75]; null unless it is a list of numbers ≥ 0 as the setting wants. */
export function parseNumberList(text: string, rules: { length?: number; integer?: boolean } = {}): number[] | null {
  const parts = String(text)
    .split(/[,;\s]+/)
    .filter(Boolean);
  if (!parts.length || (rules.length !== undefined && parts.length !== rules.length)) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => Number.isFinite(n) && n >= 0 && (!rules.integer || Number.isInteger(n))) ? numbers : null;
}

export function formatNumberList(numbers: readonly number[]): string {
  return numbers.join(", ");
}

/** The numbers a list setting holds, or its defaults when the stored text does not parse. */
export function numberListSetting(key: NumberListSettingKey): number[] {
  const config: NumberListSetting = NUMBER_LIST_SETTINGS[key];
  const stored = game.settings.get(SYSTEM_ID, key);
  return parseNumberList(stored, config) ?? [...config.defaults];
}

/**
 * Derived data depends on these settings: prepare every world actor again and redraw the sheets
 * already open on it. `actor.sheet` would build a sheet for every actor; `render(false)` redraws
 * only the applications in `actor.apps`, which a sheet joins when it is first rendered and leaves
 * when it closes, and never opens one (ClientDocumentMixin#render and #apps, v13 API).
 */
function refreshActors(): void {
  for (const actor of game.actors) {
    actor.reset();
    actor.render(false);
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
        if (!parseNumberList(value, config)) {
          ui.notifications.warn(
            game.i18n.format("WH.Settings.BadList", { value, defaults: formatNumberList(config.defaults) }),
          );
        } else if (!houseRulesAgree()) {
          ui.notifications.warn(game.i18n.localize("WH.Settings.ListsDisagree"));
        }
        refreshActors();
      },
    });
  }
  game.settings.register(SYSTEM_ID, "harmoniesMissileStrength", {
    name: "WH.Settings.HarmoniesMissileStrength.Name",
    hint: "WH.Settings.HarmoniesMissileStrength.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: HARMONIES_DEFAULTS.missileAddsStrength,
    requiresReload: false,
    onChange: refreshActors,
  });
}

/** The XP factors of the setting; a factor of 0 (nothing would cost anything) is the default's. */
function experienceFactors(): { attributeFactor: number; skillFactor: number } {
  const [attribute = 0, skill = 0] = numberListSetting("wuxiaExperienceFactors");
  return {
    attributeFactor: attribute || WUXIA_DEFAULTS.experienceFactors.attribute,
    skillFactor: skill || WUXIA_DEFAULTS.experienceFactors.skill,
  };
}

/** Pairs of lists that must agree: a penalty for each threshold, reroll bands from level 1 up. */
function agreeingLists() {
  const wounds = {
    fractions: numberListSetting("wuxiaWoundThresholds"),
    penalties: numberListSetting("wuxiaWoundPenalties"),
  };
  const panic = {
    multipliers: numberListSetting("wuxiaPanicThresholds"),
    penalties: numberListSetting("wuxiaPanicPenalties"),
  };
  const levels = numberListSetting("wuxiaRerollLevels");
  return {
    wounds: wounds.penalties.length >= wounds.fractions.length ? wounds : null,
    panic: panic.penalties.length >= panic.multipliers.length - 1 ? panic : null,
    levels: levels[0] === 1 && levels.every((l, i) => i === 0 || l > (levels[i - 1] ?? 0)) ? levels : null,
  };
}

/** Whether the house-rule lists fit together (otherwise the defaults of a pair apply). */
export function houseRulesAgree(): boolean {
  const lists = agreeingLists();
  return Boolean(lists.wounds && lists.panic && lists.levels);
}

/** The Wuxia options the rules engine takes, from the world's settings. */
export function wuxiaRuleOptions(): {
  woundFractions: number[];
  woundPenalties: number[];
  panicMultipliers: number[];
  panicPenalties: number[];
  rerollBands: RerollBand[];
  creation: WuxiaCreationTable;
  experience: { attributeFactor: number; skillFactor: number };
} {
  const lists = agreeingLists();
  const wounds = lists.wounds ?? {
    fractions: NUMBER_LIST_SETTINGS.wuxiaWoundThresholds.defaults,
    penalties: WUXIA_DEFAULTS.woundPenalties,
  };
  const panic = lists.panic ?? {
    multipliers: WUXIA_DEFAULTS.panicMultipliers,
    penalties: WUXIA_DEFAULTS.panicPenalties,
  };
  const levels = lists.levels ?? NUMBER_LIST_SETTINGS.wuxiaRerollLevels.defaults;
  return {
    woundFractions: wounds.fractions.map((p) => p / 100),
    woundPenalties: [...wounds.penalties],
    panicMultipliers: [...panic.multipliers],
    panicPenalties: [...panic.penalties],
    rerollBands: levels.map((fromLevel, i) => ({ fromLevel, rerolls: i + 1 })),
    experience: experienceFactors(),
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

/** The Harmonies options the rules engine takes, from the world's settings. */
export function harmoniesRuleOptions(): { healingDays: WoundMaxima; missileAddsStrength: boolean } {
  const [light, grave, critical] = numberListSetting("harmoniesHealingDays") as [number, number, number];
  return {
    healingDays: { light, grave, critical },
    missileAddsStrength: game.settings.get(SYSTEM_ID, "harmoniesMissileStrength"),
  };
}
