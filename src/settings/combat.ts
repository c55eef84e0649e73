import { SYSTEM_ID } from "../foundry/system";
import { OUT_AT, WUXIA_DEFAULTS, type OutAt } from "../rules";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  choiceLabels,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
} from "../rules/vocabulary";

/** What a Wuxia initiative success buys (RULES 1.4). */
export const INITIATIVE_SPEND_CHOICES = {
  initiative: "WH.Combat.Spend.Initiative",
  actions: "WH.Combat.Spend.Actions",
  defense: "WH.Combat.Spend.Defense",
} as const;
export type InitiativeSpend = keyof typeof INITIATIVE_SPEND_CHOICES;

export function registerCombatSettings(): void {
  game.settings.register(SYSTEM_ID, "initiativeSpend", {
    name: "WH.Settings.InitiativeSpend.Name",
    hint: "WH.Settings.InitiativeSpend.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: INITIATIVE_SPEND_CHOICES,
    default: "initiative",
  });
  game.settings.register(SYSTEM_ID, "defenseDiceCarryOver", {
    name: "WH.Settings.DefenseDiceCarryOver.Name",
    hint: "WH.Settings.DefenseDiceCarryOver.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: WUXIA_DEFAULTS.defenseDiceCarryOver,
  });
  // [default] RULES 2.5: the source gives Harmonies no initiative; Ag + Mn and a closed roll, once per combat.
  game.settings.register(SYSTEM_ID, "harmoniesInitiativeCharacteristic", {
    name: "WH.Settings.HarmoniesInitiativeCharacteristic.Name",
    hint: "WH.Settings.HarmoniesInitiativeCharacteristic.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: choiceLabels(HARMONIES_CHARACTERISTICS, ATTRIBUTE_LABEL_PREFIX),
    default: "agilite",
  });
  game.settings.register(SYSTEM_ID, "harmoniesInitiativeMeans", {
    name: "WH.Settings.HarmoniesInitiativeMeans.Name",
    hint: "WH.Settings.HarmoniesInitiativeMeans.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: choiceLabels(HARMONIES_MEANS, ATTRIBUTE_LABEL_PREFIX),
    default: "manoeuvre",
  });
  game.settings.register(SYSTEM_ID, "groupMemberOutAt", {
    name: "WH.Settings.GroupMemberOutAt.Name",
    hint: "WH.Settings.GroupMemberOutAt.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: OUT_AT_CHOICES,
    default: "grave",
  });
}

/** The wound at which a Harmonies group member leaves the fight ([default] RULES 3.4: grave). */
export const OUT_AT_CHOICES = Object.fromEntries(
  OUT_AT.map((level) => [level, `WH.Settings.GroupMemberOutAt.${level[0]?.toUpperCase()}${level.slice(1)}`]),
) as Record<OutAt, string>;

/** The world's combat settings, read in one place. */
export function combatSettings(): {
  initiativeSpend: InitiativeSpend;
  defenseDiceCarryOver: boolean;
  harmoniesInitiative: { characteristic: HarmoniesCharacteristicKey; means: HarmoniesMeansKey };
  groupMemberOutAt: OutAt;
} {
  return {
    initiativeSpend: game.settings.get(SYSTEM_ID, "initiativeSpend"),
    defenseDiceCarryOver: game.settings.get(SYSTEM_ID, "defenseDiceCarryOver"),
    harmoniesInitiative: {
      characteristic: game.settings.get(SYSTEM_ID, "harmoniesInitiativeCharacteristic"),
      means: game.settings.get(SYSTEM_ID, "harmoniesInitiativeMeans"),
    },
    groupMemberOutAt: game.settings.get(SYSTEM_ID, "groupMemberOutAt"),
  };
}
