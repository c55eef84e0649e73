import type { OutAt } from "../rules";
import type { GroupModel } from "../documents/actors/group";
import type { HarmoniesCharacterModel } from "../documents/actors/harmonies-character";
import type { WuxiaCharacterModel } from "../documents/actors/wuxia-character";
import type { WuxiaHarmoniesActor } from "../documents/actor";
import type { WuxiaHarmoniesItem } from "../documents/item";
import type { HarmoniesArmourModel, HarmoniesWeaponModel } from "../documents/items/harmonies-equipment";
import type { HarmoniesSkillModel } from "../documents/items/harmonies-skill";
import type { HarmoniesHobbyModel, HarmoniesMetierModel } from "../documents/items/harmonies-skill-set";
import type { WuxiaArmourModel, WuxiaWeaponModel } from "../documents/items/wuxia-equipment";
import type { WuxiaPowerModel } from "../documents/items/wuxia-power";
import type { WuxiaSkillModel } from "../documents/items/wuxia-skill";
import type { WuxiaDrameModel, WuxiaTraitModel } from "../documents/items/wuxia-trait";
import type { NumberListSettingKey } from "../settings/house-rules";
import type { RulesetSetting } from "../settings/register";
import type { DestinyMode, GroupRollMode } from "../settings/rolls";
import type { InitiativeSpend } from "../settings/combat";
import type { HarmoniesCharacteristicKey, HarmoniesMeansKey } from "../rules/vocabulary";
import type { CombatModel, CombatantModel } from "../combat/models";
import type { AttackCardModel, HarmoniesAttackCardModel, WoundCheckCardModel } from "../combat/card-models";
import type { WuxiaHarmoniesCombat } from "../combat/combat";
import type { WuxiaHarmoniesCombatant } from "../combat/combatant";
import type { RequestResult } from "../requests/results";
import type { RequestTicket } from "../requests/signed";
import type { SystemFlags } from "../foundry/flags";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }
  interface DocumentClassConfig {
    Actor: typeof WuxiaHarmoniesActor;
    Item: typeof WuxiaHarmoniesItem;
    Combat: typeof WuxiaHarmoniesCombat;
    Combatant: typeof WuxiaHarmoniesCombatant;
  }
  interface DataModelConfig {
    Combatant: { base: typeof CombatantModel };
    Combat: { base: typeof CombatModel };
    ChatMessage: {
      attack: typeof AttackCardModel;
      harmoniesAttack: typeof HarmoniesAttackCardModel;
      woundCheck: typeof WoundCheckCardModel;
    };
    Actor: {
      wuxiaCharacter: typeof WuxiaCharacterModel;
      harmoniesCharacter: typeof HarmoniesCharacterModel;
      group: typeof GroupModel;
    };
    Item: {
      wuxiaSkill: typeof WuxiaSkillModel;
      wuxiaPower: typeof WuxiaPowerModel;
      wuxiaTrait: typeof WuxiaTraitModel;
      wuxiaDrame: typeof WuxiaDrameModel;
      wuxiaWeapon: typeof WuxiaWeaponModel;
      wuxiaArmour: typeof WuxiaArmourModel;
      harmoniesSkill: typeof HarmoniesSkillModel;
      harmoniesMetier: typeof HarmoniesMetierModel;
      harmoniesHobby: typeof HarmoniesHobbyModel;
      harmoniesWeapon: typeof HarmoniesWeaponModel;
      harmoniesArmour: typeof HarmoniesArmourModel;
    };
  }
  interface SettingConfig extends Record<`wuxia-harmonies.${NumberListSettingKey}`, string> {
    "wuxia-harmonies.rulesets": RulesetSetting;
    "wuxia-harmonies.harmoniesOpenRolls": boolean;
    "wuxia-harmonies.destinyMode": DestinyMode;
    "wuxia-harmonies.groupRollMode": GroupRollMode;
    "wuxia-harmonies.skipRollDialog": boolean;
    "wuxia-harmonies.harmoniesMissileStrength": boolean;
    "wuxia-harmonies.harmoniesCreationRerolls": number;
    "wuxia-harmonies.xpAwards": Record<string, number>;
    "wuxia-harmonies.creationRecords": Record<string, Partial<Record<"attributeRoll" | "beginnerPackage", unknown>>>;
    "wuxia-harmonies.creationRecordsAdopted": boolean;
    "wuxia-harmonies.combatRoundsAdopted": boolean;
    "wuxia-harmonies.initiativeSpend": InitiativeSpend;
    "wuxia-harmonies.defenseDiceCarryOver": boolean;
    "wuxia-harmonies.harmoniesInitiativeCharacteristic": HarmoniesCharacteristicKey;
    "wuxia-harmonies.harmoniesInitiativeMeans": HarmoniesMeansKey;
    "wuxia-harmonies.groupMemberOutAt": OutAt;
  }
}

declare global {
  namespace CONFIG {
    // The one query the GM answers: where a signed request is (src/requests/signed.ts).
    interface Queries {
      "wuxia-harmonies.request": (ticket: RequestTicket) => Promise<RequestResult>;
    }
  }
}

declare global {
  // The system's flags, one scope per document (src/foundry/flags.ts names them).
  interface FlagConfig {
    Actor: { "wuxia-harmonies": SystemFlags["Actor"] };
    Item: { "wuxia-harmonies": SystemFlags["Item"] };
    Folder: { "wuxia-harmonies": SystemFlags["Folder"] };
    Scene: { "wuxia-harmonies": SystemFlags["Scene"] };
    Token: { "wuxia-harmonies": SystemFlags["Token"] };
    Macro: { "wuxia-harmonies": SystemFlags["Macro"] };
    User: { "wuxia-harmonies": SystemFlags["User"] };
    ActiveEffect: { "wuxia-harmonies": SystemFlags["ActiveEffect"] };
    ChatMessage: { "wuxia-harmonies": SystemFlags["ChatMessage"] };
  }
}
