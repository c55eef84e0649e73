import { WuxiaHarmoniesActor } from "./actor";
import { GroupModel } from "./actors/group";
import { HarmoniesCharacterModel } from "./actors/harmonies-character";
import { WuxiaCharacterModel } from "./actors/wuxia-character";
import { WuxiaHarmoniesItem } from "./item";
import { HarmoniesArmourModel, HarmoniesWeaponModel } from "./items/harmonies-equipment";
import { HarmoniesSkillModel } from "./items/harmonies-skill";
import { HarmoniesHobbyModel, HarmoniesMetierModel } from "./items/harmonies-skill-set";
import { WuxiaArmourModel, WuxiaWeaponModel } from "./items/wuxia-equipment";
import { WuxiaPowerModel } from "./items/wuxia-power";
import { WuxiaSkillModel } from "./items/wuxia-skill";
import { WuxiaDrameModel, WuxiaTraitModel } from "./items/wuxia-trait";
import { registerPrototypeTokenDefaults } from "./tokens";
import { registerDeathStatus } from "./death-status";

export const ACTOR_MODELS = {
  wuxiaCharacter: WuxiaCharacterModel,
  harmoniesCharacter: HarmoniesCharacterModel,
  group: GroupModel,
};

export const ITEM_MODELS = {
  wuxiaSkill: WuxiaSkillModel,
  wuxiaPower: WuxiaPowerModel,
  wuxiaTrait: WuxiaTraitModel,
  wuxiaDrame: WuxiaDrameModel,
  wuxiaWeapon: WuxiaWeaponModel,
  wuxiaArmour: WuxiaArmourModel,
  harmoniesSkill: HarmoniesSkillModel,
  harmoniesMetier: HarmoniesMetierModel,
  harmoniesHobby: HarmoniesHobbyModel,
  harmoniesWeapon: HarmoniesWeaponModel,
  harmoniesArmour: HarmoniesArmourModel,
};

/** Document classes, sub-type data models, type labels and token bars. */
export function registerDocuments(): void {
  CONFIG.Actor.documentClass = WuxiaHarmoniesActor;
  CONFIG.Item.documentClass = WuxiaHarmoniesItem;
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  for (const type of Object.keys(ACTOR_MODELS))
    Object.assign(CONFIG.Actor.typeLabels, { [type]: `TYPES.Actor.${type}` });
  for (const type of Object.keys(ITEM_MODELS)) Object.assign(CONFIG.Item.typeLabels, { [type]: `TYPES.Item.${type}` });
  // Bars point at { value, max } under `system`, values at numbers: stored ones only, since the
  // token HUD writes what it edits there (wounds count up toward death in Wuxia). A Harmonies
  // character's wound track and armour, and a group's size, are derived: no bar offers them.
  CONFIG.Actor.trackableAttributes = {
    wuxiaCharacter: { bar: ["wounds", "chi", "panic"], value: ["destiny", "experience"] },
    harmoniesCharacter: { bar: [], value: [] },
    group: { bar: [], value: [] },
  };
  registerPrototypeTokenDefaults();
  registerDeathStatus();
}
