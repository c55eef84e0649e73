import { TALLY_LIMITS, WUXIA_ATTRIBUTE_RANGE, XP_LIMITS } from "../../rules/limits";
import { chiReserve, panicStatus, woundStatus } from "../../rules";
import { wuxiaRuleOptions } from "../../settings/house-rules";
import {
  HERO_TYPES,
  HERO_TYPE_LABEL_PREFIX,
  ZODIAC_LABEL_PREFIX,
  ZODIAC_SIGNS,
  choiceLabels,
} from "../../rules/vocabulary";
import { flagField, optionalChoiceField, htmlField, integerField, textField } from "../fields";
import { migrateCounter, type SourceData } from "../migrations";
import { equippedArmour } from "./armour";
import { INITIATIVE_SPEND_CHOICES } from "../../settings/combat";

function attribute() {
  return integerField({ ...WUXIA_ATTRIBUTE_RANGE, initial: 2 });
}

function priority(initial: number) {
  return integerField({ min: 1, max: 5, initial });
}

function counter() {
  return new foundry.data.fields.SchemaField({ value: integerField({ ...TALLY_LIMITS, initial: 0 }) });
}

function defineWuxiaCharacterSchema() {
  const fields = foundry.data.fields;
  return {
    /** An individual NPC: the sheet hides what only player characters use. */
    npc: flagField(),
    concept: new fields.SchemaField({
      origin: textField(),
      impression: textField(),
      motivations: textField(),
      qualities: textField(),
      flaws: textField(),
      likes: textField(),
      dislikes: textField(),
    }),
    zodiac: optionalChoiceField(choiceLabels(ZODIAC_SIGNS, ZODIAC_LABEL_PREFIX)),
    heroType: optionalChoiceField(choiceLabels(HERO_TYPES, HERO_TYPE_LABEL_PREFIX)),
    attributes: new fields.SchemaField({
      metal: attribute(),
      feu: attribute(),
      terre: attribute(),
      eau: attribute(),
      bois: attribute(),
    }),
    experience: integerField({ ...XP_LIMITS, initial: 0 }),
    destiny: integerField({ ...TALLY_LIMITS, initial: 0 }),
    /** Wound level NB, counting up toward the death threshold. */
    wounds: counter(),
    /** Panic level, counting up toward the flee threshold. */
    panic: counter(),
    /** Chi left; its maximum is derived from the Attributes. */
    chi: counter(),
    /** Creation priorities 5 (highest) to 1, each used once (checked on the sheet, not here). */
    priorities: new fields.SchemaField({
      attributes: priority(5),
      skills: priority(4),
      powers: priority(3),
      traits: priority(2),
      experience: priority(1),
    }),
    /** How the character fights (RULES 1.4): the combat skill of its Initiative tests, and where its successes go unless chosen. */
    combat: new fields.SchemaField({
      skill: textField(),
      spend: optionalChoiceField(INITIATIVE_SPEND_CHOICES),
    }),
    biography: htmlField(),
  };
}

type WuxiaCharacterSchema = ReturnType<typeof defineWuxiaCharacterSchema>;

/** What prepareDerivedData adds; sheets and rolls read it, nothing stores it. */
export type WuxiaCharacterDerived = {
  wounds: { value: number; max: number; thresholds: number[]; penalty: number; dead: boolean };
  panic: { value: number; max: number; thresholds: number[]; penalty: number; mustFlee: boolean };
  chi: { value: number; max: number };
  /** AR of the armour worn (the sum over equipped armour items). */
  armour: number;
};

/** Actor `wuxiaCharacter`: a hero or an individual NPC of Wuxia. */
export class WuxiaCharacterModel extends foundry.abstract.TypeDataModel<
  WuxiaCharacterSchema,
  Actor.Implementation,
  Record<string, never>,
  WuxiaCharacterDerived
> {
  static override LOCALIZATION_PREFIXES = ["WH.Actor.Base", "WH.Actor.Wuxia"];

  static override defineSchema(): WuxiaCharacterSchema {
    return defineWuxiaCharacterSchema();
  }

  /** Earlier and shorthand shapes: bare numbers for the counters, a flat concept string. */
  static override migrateData(source: SourceData): SourceData {
    for (const key of ["wounds", "panic", "chi"]) migrateCounter(source, key);
    if (typeof source.concept === "string") source.concept = { origin: source.concept };
    return super.migrateData(source);
  }

  /** A new hero starts with a full chi reserve unless the creation data says otherwise. */
  override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<WuxiaCharacterSchema, Actor.Implementation>["_preCreate"]>
  ) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // The creation request's data as sent, not migrated (API v13 preCreateDocument): an older
    // hero's chi may be a bare number.
    const chi = (args[0] as { system?: { chi?: unknown } }).system?.chi;
    const given = typeof chi === "object" && chi !== null ? (chi as { value?: unknown }).value : chi;
    if (given === undefined) this.updateSource({ chi: { value: chiReserve(this.attributes) } });
    return allowed;
  }

  override prepareDerivedData(): void {
    const options = wuxiaRuleOptions();
    const { metal, eau } = this.attributes;
    const wounds = woundStatus(this.wounds.value, metal, eau, options);
    Object.assign(this.wounds, {
      max: wounds.deathThreshold,
      thresholds: wounds.thresholds,
      penalty: wounds.penalty,
      dead: wounds.dead,
    });
    const panic = panicStatus(this.panic.value, eau, options);
    Object.assign(this.panic, {
      max: panic.thresholds.at(-1) ?? 0,
      thresholds: panic.thresholds,
      penalty: panic.penalty,
      mustFlee: panic.mustFlee,
    });
    Object.assign(this.chi, { max: chiReserve(this.attributes) });
    this.armour = equippedArmour(this.parent, "wuxiaArmour");
  }
}
