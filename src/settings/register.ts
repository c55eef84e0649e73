import { SYSTEM_ID } from "../foundry/system";

/** Which rule sets a world plays; creation dialogs offer only the matching types. */
export const RULESET_CHOICES = {
  both: "WH.Settings.Rulesets.Both",
  wuxia: "WH.Settings.Rulesets.Wuxia",
  harmonies: "WH.Settings.Rulesets.Harmonies",
} as const;
export type RulesetSetting = keyof typeof RULESET_CHOICES;

export function registerSettings(): void {
  game.settings.register(SYSTEM_ID, "rulesets", {
    name: "WH.Settings.Rulesets.Name",
    hint: "WH.Settings.Rulesets.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: RULESET_CHOICES,
    default: "both",
    requiresReload: false,
  });
}
