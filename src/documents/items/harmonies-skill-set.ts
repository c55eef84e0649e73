import { htmlField } from "../fields";
import { nameList, type SourceData } from "../migrations";

function defineSkillSetSchema() {
  const fields = foundry.data.fields;
  return {
    /** The names of the skills it covers; the GM decides what belongs (RULES 2.3). */
    skills: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
    description: htmlField(),
  };
}

type SkillSetSchema = ReturnType<typeof defineSkillSetSchema>;

/** Skill lists were once one comma-separated string; blanks, repeats and junk entries are dropped. */
function migrateSkillList(source: SourceData): void {
  const skills = source.skills;
  const list = typeof skills === "string" ? skills.split(/[,;\n]/) : Array.isArray(skills) ? skills : null;
  if (list) source.skills = nameList(list, "skill list");
}

/** A named set of skills; the métier and the hobby differ only in their floors (RULES 2.3). */
class HarmoniesSkillSetModel extends foundry.abstract.TypeDataModel<SkillSetSchema, Item.Implementation> {
  static override defineSchema(): SkillSetSchema {
    return defineSkillSetSchema();
  }

  static override migrateData(source: SourceData): SourceData {
    migrateSkillList(source);
    return super.migrateData(source);
  }
}

/** Item `harmoniesMetier`: a trade, a set of at least four skills mastered at ≥ 0 (RULES 2.3). */
export class HarmoniesMetierModel extends HarmoniesSkillSetModel {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.HarmoniesSkillSet"];
}

/** Item `harmoniesHobby`: a pastime, two skills mastered at −5 (RULES 2.3). */
export class HarmoniesHobbyModel extends HarmoniesSkillSetModel {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.HarmoniesSkillSet"];
}

/** The item types that are a set of skills: a Métier and a hobby (loisir). */
export const SKILL_SET_TYPES = ["harmoniesMetier", "harmoniesHobby"] as const;
export type SkillSetType = (typeof SKILL_SET_TYPES)[number];
