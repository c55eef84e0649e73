import { SYSTEM_ID } from "../foundry/system";
import { GROUP_DEFAULTS, HARMONIES_DEFAULTS, WUXIA_DEFAULTS } from "../rules";

/** [default] RULES 1.3: a Destiny die rerolls one die after the roll, or adds a d10 before it. */
export const DESTINY_MODE_CHOICES = {
  reroll: "WH.Settings.DestinyMode.Reroll",
  extraDie: "WH.Settings.DestinyMode.ExtraDie",
} as const;
export type DestinyMode = keyof typeof DESTINY_MODE_CHOICES;

/** RULES 3.2–3.3: how one roll for a group is read; the card names the mode used. */
export const GROUP_ROLL_MODE_CHOICES = {
  book1: "WH.Settings.GroupRollMode.Book1",
  book2: "WH.Settings.GroupRollMode.Book2",
  exact: "WH.Settings.GroupRollMode.Exact",
  individual: "WH.Settings.GroupRollMode.Individual",
} as const;
export type GroupRollMode = keyof typeof GROUP_ROLL_MODE_CHOICES;

/** The rules' own default mode, named as the setting names it ("book" margins are method 2). */
const DEFAULT_GROUP_ROLL_MODE: GroupRollMode = GROUP_DEFAULTS.mode === "book" ? "book2" : GROUP_DEFAULTS.mode;

export function registerRollSettings(): void {
  game.settings.register(SYSTEM_ID, "harmoniesOpenRolls", {
    name: "WH.Settings.HarmoniesOpenRolls.Name",
    hint: "WH.Settings.HarmoniesOpenRolls.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: HARMONIES_DEFAULTS.open,
  });
  game.settings.register(SYSTEM_ID, "destinyMode", {
    name: "WH.Settings.DestinyMode.Name",
    hint: "WH.Settings.DestinyMode.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: DESTINY_MODE_CHOICES,
    default: WUXIA_DEFAULTS.destinyMode,
  });
  game.settings.register(SYSTEM_ID, "groupRollMode", {
    name: "WH.Settings.GroupRollMode.Name",
    hint: "WH.Settings.GroupRollMode.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: GROUP_ROLL_MODE_CHOICES,
    default: DEFAULT_GROUP_ROLL_MODE,
  });
  game.settings.register(SYSTEM_ID, "skipRollDialog", {
    name: "WH.Settings.SkipRollDialog.Name",
    hint: "WH.Settings.SkipRollDialog.Hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: false,
  });
}

/** The world's roll settings, read in one place. */
export function rollSettings(): {
  open: boolean;
  destinyMode: DestinyMode;
  groupMode: GroupRollMode;
  skipDialog: boolean;
} {
  return {
    open: game.settings.get(SYSTEM_ID, "harmoniesOpenRolls"),
    destinyMode: game.settings.get(SYSTEM_ID, "destinyMode"),
    groupMode: game.settings.get(SYSTEM_ID, "groupRollMode"),
    skipDialog: game.settings.get(SYSTEM_ID, "skipRollDialog"),
  };
}
