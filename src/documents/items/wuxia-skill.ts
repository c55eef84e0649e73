import { narrowSkillUse } from "../../rules";
import { wuxiaRuleOptions } from "../../settings/house-rules";
import {
  SKILL_CATEGORY_LABEL_PREFIX,
  WUXIA_SKILL_CATEGORIES,
  choiceLabels,
  type WuxiaSkillCategory,
} from "../../rules/vocabulary";
import { choiceField, htmlField, integerField, textField } from "../fields";
import { renameKey, type SourceData } from "../migrations";
import { adoptIdentifier, identifierField, keepIdentifier, normaliseName } from "./identifier";

/** Compétence levels run 1..10 (RULES 1.1). */
export const WUXIA_SKILL_LEVEL_RANGE = { min: 1, max: 10 } as const;

function defineWuxiaSkillSchema() {
  return {
    category: choiceField(choiceLabels(WUXIA_SKILL_CATEGORIES, SKILL_CATEGORY_LABEL_PREFIX), "metier"),
    identifier: identifierField(),
    /** For a narrow skill: the name of the Métier or Profession it specialises. */
    parentSkill: textField(),
    /** The skill's own level; a spécialisation has none (its parent's level is used). */
    level: integerField({ ...WUXIA_SKILL_LEVEL_RANGE, initial: 1 }),
    description: htmlField(),
  };
}

type WuxiaSkillSchema = ReturnType<typeof defineWuxiaSkillSchema>;

/** How the skill is used in a test, once the owner's other skills are known (RULES 1.1, 1.3). */
export interface WuxiaSkillUse {
  /** A Métier or Profession, or a narrow skill as a hobby (parent not owned) or a spécialisation. */
  kind: "metier" | "profession" | "hobby" | "specialisation";
  /** The level subtracted from SR. */
  competence: number;
  /** Specialisation rerolls (0 unless a spécialisation). */
  rerolls: number;
  /** The parent skill item's id when this is a spécialisation. */
  parentId: string | null;
}

export type WuxiaSkillDerived = {
  use: WuxiaSkillUse;
};

/** Item `wuxiaSkill`. */
export class WuxiaSkillModel extends foundry.abstract.TypeDataModel<
  WuxiaSkillSchema,
  Item.Implementation,
  Record<string, never>,
  WuxiaSkillDerived
> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.WuxiaSkill"];

  static override defineSchema(): WuxiaSkillSchema {
    return defineWuxiaSkillSchema();
  }

  /** Earlier shapes: `kind` holding "hobby"/"specialisation" (now derived), `specialisationOf`. */
  static override migrateData(source: SourceData): SourceData {
    if (source.kind === "hobby" || source.kind === "specialisation") source.kind = "narrow";
    renameKey(source, "kind", "category");
    renameKey(source, "specialisationOf", "parentSkill");
    return super.migrateData(source);
  }

  /** A new skill takes its name's slug as identifier unless given one; a rename keeps it (weapons name it by it). */
  override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<WuxiaSkillSchema, Item.Implementation>["_preCreate"]>
  ) {
    return adoptIdentifier(this, await super._preCreate(...args), args[0]);
  }

  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<WuxiaSkillSchema, Item.Implementation>["_preUpdate"]>
  ) {
    return keepIdentifier(this, await super._preUpdate(...args), args[0]);
  }

  override prepareDerivedData(): void {
    const parent = this.parentSkill === "" ? null : findParentSkill(this.parentSkill, this.parent);
    this.use = wuxiaSkillUse(this.category, this.level, parent);
  }
}

/** The owner's Métier or Profession named `name` (case and spacing ignored). */
function findParentSkill(
  name: string,
  item: Item.Implementation | null | undefined,
): { id: string; level: number } | null {
  const actor = item?.actor;
  if (!actor) return null;
  const wanted = normaliseName(name);
  for (const other of actor.items.contents) {
    if (other.type !== "wuxiaSkill" || other === item) continue;
    const system = (other as Item.OfType<"wuxiaSkill">).system;
    if (system.category !== "narrow" && normaliseName(other.name ?? "") === wanted)
      return { id: other.id ?? "", level: system.level };
  }
  return null;
}

function wuxiaSkillUse(
  category: WuxiaSkillCategory,
  level: number,
  parent: { id: string; level: number } | null,
): WuxiaSkillUse {
  if (category !== "narrow") return { kind: category, competence: level, rerolls: 0, parentId: null };
  const use = narrowSkillUse(parent?.level ?? null, level, wuxiaRuleOptions());
  return {
    kind: use.kind,
    competence: use.competence,
    rerolls: use.rerolls,
    parentId: use.kind === "specialisation" ? (parent?.id ?? null) : null,
  };
}
