import { HARMONIES_VALUE_LIMITS, XP_LIMITS } from "../../rules/limits";
import { effectiveSkillLevel, skillLevelCost, type SkillLevelSource } from "../../rules";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  choiceLabels,
} from "../../rules/vocabulary";
import { choiceField, flagField, htmlField, integerField, optionalIntegerField } from "../fields";
import { type SourceData } from "../migrations";
import { normaliseName } from "./identifier";
import { adoptIdentifier, identifierField, keepIdentifier } from "./identifier";

function defineHarmoniesSkillSchema() {
  return {
    /** The level learnt; empty when the skill was never learnt (only its floors apply). */
    level: optionalIntegerField(HARMONIES_VALUE_LIMITS),
    identifier: identifierField(),
    /** One of the character's talents (RULES 2.3). */
    talent: flagField(),
    /** Hermetic knowledge (floor −20) rather than technical (floor −15). */
    hermetic: flagField(),
    /** Experience points earned in this skill (RULES 2.7). */
    xp: integerField({ ...XP_LIMITS, initial: 0 }),
    /** The characteristic and means a roll with this skill starts from (changeable per roll). */
    characteristic: choiceField(choiceLabels(HARMONIES_CHARACTERISTICS, ATTRIBUTE_LABEL_PREFIX), "agilite"),
    means: choiceField(choiceLabels(HARMONIES_MEANS, ATTRIBUTE_LABEL_PREFIX), "manoeuvre"),
    description: htmlField(),
  };
}

type HarmoniesSkillSchema = ReturnType<typeof defineHarmoniesSkillSchema>;

export type HarmoniesSkillDerived = {
  /** The métiers and hobbies of the owner that list this skill. */
  metiers: string[];
  hobbies: string[];
  /** The best of the skill's own level and its floors (RULES 2.3). */
  effective: { level: number; source: SkillLevelSource };
  /** XP needed for the next level (RULES 2.7), from a floor above the learnt level; null while never learnt. */
  nextLevelCost: number | null;
};

/** Item `harmoniesSkill`. */
export class HarmoniesSkillModel extends foundry.abstract.TypeDataModel<
  HarmoniesSkillSchema,
  Item.Implementation,
  Record<string, never>,
  HarmoniesSkillDerived
> {
  static override LOCALIZATION_PREFIXES = ["WH.Item.Base", "WH.Item.HarmoniesSkill"];

  static override defineSchema(): HarmoniesSkillSchema {
    return defineHarmoniesSkillSchema();
  }

  /** Earlier shape: `nature: "technique" | "hermetique"` instead of the `hermetic` flag. */
  static override migrateData(source: SourceData): SourceData {
    if (typeof source.nature === "string") {
      source.hermetic ??= source.nature.toLowerCase().startsWith("herm");
      delete source.nature;
    }
    return super.migrateData(source);
  }

  /** A new skill takes its name's slug as identifier unless given one; a rename keeps it (weapons name it by it). */
  override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<HarmoniesSkillSchema, Item.Implementation>["_preCreate"]>
  ) {
    return adoptIdentifier(this, await super._preCreate(...args), args[0]);
  }

  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<HarmoniesSkillSchema, Item.Implementation>["_preUpdate"]>
  ) {
    return keepIdentifier(this, await super._preUpdate(...args), args[0]);
  }

  override prepareDerivedData(): void {
    const sets = skillSetsListing(this.parent);
    this.metiers = sets.metier;
    this.hobbies = sets.hobby;
    const coverage = {
      metier: sets.metier.length > 0,
      hobby: sets.hobby.length > 0,
      talent: this.talent,
      hermetic: this.hermetic,
    };
    this.effective = effectiveSkillLevel(this.level, coverage);
    // [default] RULES 2.7: a level learnt below a floor the skill already has is raised from that floor.
    this.nextLevelCost = this.level === null ? null : skillLevelCost(raisedFrom(this.level, this.effective.level) + 1);
  }
}

/** The level a raise starts from: the learnt one, or the floor above it that the skill is used at. */
export function raisedFrom(level: number, effective: number): number {
  return Math.max(level, effective);
}

/** The names of the owner's métiers and hobbies whose skill lists name this skill. */
function skillSetsListing(item: Item.Implementation | null | undefined): { metier: string[]; hobby: string[] } {
  const found = { metier: [] as string[], hobby: [] as string[] };
  const actor = item?.actor;
  if (!actor || !item) return found;
  const name = normaliseName(item.name ?? "");
  for (const other of actor.items.contents) {
    if (other.type !== "harmoniesMetier" && other.type !== "harmoniesHobby") continue;
    const skills = (other as Item.OfType<"harmoniesMetier" | "harmoniesHobby">).system.skills;
    if (skills.some((s) => normaliseName(s) === name))
      found[other.type === "harmoniesMetier" ? "metier" : "hobby"].push(other.name ?? "");
  }
  return found;
}
