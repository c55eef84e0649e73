import { ZODIAC_LABEL_PREFIX, ZODIAC_SIGNS, choiceLabels } from "../../rules/vocabulary";
import { htmlField, optionalChoiceField } from "../fields";
import { type SourceData } from "../migrations";

function defineZodiacSchema() {
  return {
    /** The zodiac sign the trait or drame belongs to ("" for none). */
    zodiac: optionalChoiceField(choiceLabels(ZODIAC_SIGNS, ZODIAC_LABEL_PREFIX)),
    description: htmlField(),
  };
}

type ZodiacSchema = ReturnType<typeof defineZodiacSchema>;

/** Zodiac signs were once stored capitalised ("Dragon"). */
function migrateZodiac(source: SourceData): void {
  if (typeof source.zodiac === "string") {
    source.zodiac = source.zodiac
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  }
}

/** An item tied to a zodiac sign; traits and drames differ only in what they mean at the table. */
class ZodiacItemModel extends foundry.abstract.TypeDataModel<ZodiacSchema, Item.Implementation> {
  static override defineSchema(): ZodiacSchema {
    return defineZodiacSchema();
  }

  static override migrateData(source: SourceData): SourceData {
    migrateZodiac(source);
    return super.migrateData(source);
  }
}

/** Item `wuxiaTrait`: an advantage opened by the zodiac sign (RULES 1.1). */
export class WuxiaTraitModel extends ZodiacItemModel {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.WuxiaTrait"];
}

/** Item `wuxiaDrame`: a flaw whose playing earns Destiny dice (RULES 1.1). */
export class WuxiaDrameModel extends ZodiacItemModel {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.WuxiaDrame"];
}
