import type { RulesetSetting } from "../settings/register";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }
  interface SettingConfig {
    "wuxia-harmonies.rulesets": RulesetSetting;
  }
}
