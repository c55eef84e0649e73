import { TALLY_LIMITS } from "../../rules/limits";
import { flagField, htmlField, integerField, textField } from "../fields";
import { renameKey, type SourceData } from "../migrations";

function defineWuxiaWeaponSchema() {
  const fields = foundry.data.fields;
  return {
    /** Damage level ND, added to the target's NB once its armour is taken off (RULES 1.4). */
    damage: integerField({ ...TALLY_LIMITS, initial: 1 }),
    /** The martial skill used with it (a skill name). */
    skill: textField(),
    /** The weapon's âme: an effect that successes may be invested in. */
    ame: new fields.SchemaField({ name: textField(), effect: textField() }),
    description: htmlField(),
  };
}

type WuxiaWeaponSchema = ReturnType<typeof defineWuxiaWeaponSchema>;

/** Item `wuxiaWeapon`. */
export class WuxiaWeaponModel extends foundry.abstract.TypeDataModel<WuxiaWeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.WuxiaWeapon"];

  static override defineSchema(): WuxiaWeaponSchema {
    return defineWuxiaWeaponSchema();
  }

  /** Earlier shapes: `nd` for the damage, the âme as one string or number (its name). */
  static override migrateData(source: SourceData): SourceData {
    renameKey(source, "nd", "damage");
    if (typeof source.ame === "string" || typeof source.ame === "number")
      source.ame = { name: String(source.ame), effect: "" };
    return super.migrateData(source);
  }
}

function defineWuxiaArmourSchema() {
  return {
    /** Armour value AR, taken off a weapon's ND (RULES 1.4). */
    armour: integerField({ ...TALLY_LIMITS, initial: 1 }),
    equipped: flagField(true),
    description: htmlField(),
  };
}

type WuxiaArmourSchema = ReturnType<typeof defineWuxiaArmourSchema>;

/** Item `wuxiaArmour`. */
export class WuxiaArmourModel extends foundry.abstract.TypeDataModel<WuxiaArmourSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.WuxiaArmour"];

  static override defineSchema(): WuxiaArmourSchema {
    return defineWuxiaArmourSchema();
  }

  /** Earlier shape: `ar` for the armour value. */
  static override migrateData(source: SourceData): SourceData {
    renameKey(source, "ar", "armour");
    return super.migrateData(source);
  }
}
