import { HARMONIES_VALUE_LIMITS } from "../../rules/limits";
import { WEAPON_RANGES, WEAPON_RANGE_LABEL_PREFIX, choiceLabels } from "../../rules/vocabulary";
import { choiceField, flagField, htmlField, integerField, textField } from "../fields";
import { renameKey, type SourceData } from "../migrations";

function defineHarmoniesWeaponSchema() {
  return {
    /** Added to Cp + Pu for a melee weapon; alone for a missile weapon (RULES 2.5). */
    damage: integerField({ ...HARMONIES_VALUE_LIMITS, initial: 0 }),
    range: choiceField(choiceLabels(WEAPON_RANGES, WEAPON_RANGE_LABEL_PREFIX), "melee"),
    /** The skill used with it (a skill name). */
    skill: textField(),
    description: htmlField(),
  };
}

type HarmoniesWeaponSchema = ReturnType<typeof defineHarmoniesWeaponSchema>;

/** Item `harmoniesWeapon`. */
export class HarmoniesWeaponModel extends foundry.abstract.TypeDataModel<HarmoniesWeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.HarmoniesWeapon"];

  static override defineSchema(): HarmoniesWeaponSchema {
    return defineHarmoniesWeaponSchema();
  }

  /** Earlier shape: a `missile` flag instead of `range`. */
  static override migrateData(source: SourceData): SourceData {
    if (typeof source.missile === "boolean") {
      source.range ??= source.missile ? "missile" : "melee";
      delete source.missile;
    }
    return super.migrateData(source);
  }
}

function defineHarmoniesArmourSchema() {
  return {
    /** Added to Cp + Rs when soaking damage (RULES 2.5). */
    armour: integerField({ min: 0, max: HARMONIES_VALUE_LIMITS.max, initial: 1 }),
    equipped: flagField(true),
    description: htmlField(),
  };
}

type HarmoniesArmourSchema = ReturnType<typeof defineHarmoniesArmourSchema>;

/** Item `harmoniesArmour`. */
export class HarmoniesArmourModel extends foundry.abstract.TypeDataModel<HarmoniesArmourSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.HarmoniesArmour"];

  static override defineSchema(): HarmoniesArmourSchema {
    return defineHarmoniesArmourSchema();
  }

  /** Earlier shape: `value` for the armour. */
  static override migrateData(source: SourceData): SourceData {
    renameKey(source, "value", "armour");
    return super.migrateData(source);
  }
}
