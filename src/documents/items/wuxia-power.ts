import { TALLY_LIMITS } from "../../rules/limits";
import { WUXIA_DEFAULTS } from "../../rules";
import {
  HERO_TYPE_LABEL_PREFIX,
  POWER_TYPES,
  WUXIA_ATTRIBUTES,
  ATTRIBUTE_LABEL_PREFIX,
  choiceLabels,
} from "../../rules/vocabulary";
import { choiceField, htmlField, integerField } from "../fields";
import { renameKey, type SourceData } from "../migrations";
import { adoptIdentifier, identifierField, keepIdentifier } from "./identifier";

/** Powers have a level like skills (RULES 1.1). */
export const WUXIA_POWER_LEVEL_RANGE = { min: 1, max: 10 } as const;

function defineWuxiaPowerSchema() {
  return {
    /** The hero type whose powers include it, or "general" (open to all). */
    heroType: choiceField(choiceLabels(POWER_TYPES, HERO_TYPE_LABEL_PREFIX), "general"),
    identifier: identifierField(),
    level: integerField({ ...WUXIA_POWER_LEVEL_RANGE, initial: 1 }),
    /** The Attribute rolled when the power is used. */
    attribute: choiceField(choiceLabels(WUXIA_ATTRIBUTES, ATTRIBUTE_LABEL_PREFIX), "feu"),
    /** Chi spent to activate it ([default] 1, RULES 1.1). */
    chiCost: integerField({ ...TALLY_LIMITS, initial: WUXIA_DEFAULTS.powerChiCost }),
    description: htmlField(),
  };
}

type WuxiaPowerSchema = ReturnType<typeof defineWuxiaPowerSchema>;

/** Item `wuxiaPower`. */
export class WuxiaPowerModel extends foundry.abstract.TypeDataModel<WuxiaPowerSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.WuxiaPower"];

  static override defineSchema(): WuxiaPowerSchema {
    return defineWuxiaPowerSchema();
  }

  /** Earlier shape: `cost` for the chi cost, a capitalised hero type. */
  static override migrateData(source: SourceData): SourceData {
    renameKey(source, "cost", "chiCost");
    if (typeof source.heroType === "string") source.heroType = source.heroType.toLowerCase();
    return super.migrateData(source);
  }

  /** A new power takes its name's slug as identifier unless given one; a rename keeps it (weapons name it by it). */
  override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<WuxiaPowerSchema, Item.Implementation>["_preCreate"]>
  ) {
    return adoptIdentifier(this, await super._preCreate(...args), args[0]);
  }

  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<WuxiaPowerSchema, Item.Implementation>["_preUpdate"]>
  ) {
    return keepIdentifier(this, await super._preUpdate(...args), args[0]);
  }
}
