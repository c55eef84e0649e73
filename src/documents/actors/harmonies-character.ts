import { HARMONIES_VALUE_LIMITS, TALLY_LIMITS, XP_LIMITS } from "../../rules/limits";
import { HARMONIES_DEFAULTS, attributeLevelCost, healingDays, woundTrackPenalty, type WoundTrack } from "../../rules";
import { harmoniesRuleOptions } from "../../settings/house-rules";
import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  type HarmoniesAttributeKey,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
} from "../../rules/vocabulary";
import { flagField, htmlField, integerField, textField } from "../fields";
import { isObject, migrateScore, type SourceData } from "../migrations";
import { equippedArmour } from "./armour";

/** A characteristic or means: the bought value, the race bonus kept apart, and its XP. */
function score() {
  return new foundry.data.fields.SchemaField({
    /** Bought at creation or with XP; no bound in the rules (RULES 2.1). */
    value: integerField({ ...HARMONIES_VALUE_LIMITS, initial: 0 }),
    /** The race's bonus, excluded from the XP cost (RULES 2.7). */
    race: integerField({ ...HARMONIES_VALUE_LIMITS, initial: 0 }),
    xp: integerField({ ...XP_LIMITS, initial: 0 }),
  });
}

/** A stunned character's −1 to all actions during the next round (RULES 2.5). */
const STUN_PENALTY = 1;

/**
 * Core's status for a stunned character (its `stun` status effect, on v13 and v14): the one source
 * of a Harmonies stun, whether the soak, the sheet's box or the token HUD set it (dnd5e derives its
 * conditions from statuses the same way).
 */
export const STUNNED_STATUS = "stun";

function woundCount() {
  return integerField({ ...TALLY_LIMITS, initial: 0 });
}

function defineHarmoniesCharacterSchema() {
  const fields = foundry.data.fields;
  return {
    /** An individual NPC: the sheet hides what only player characters use. */
    npc: flagField(),
    race: textField(),
    characteristics: new fields.SchemaField({
      corps: score(),
      agilite: score(),
      intuition: score(),
      intelligence: score(),
    }),
    means: new fields.SchemaField({
      puissance: score(),
      resistance: score(),
      manoeuvre: score(),
      precision: score(),
    }),
    /** The wound track (RULES 2.5); counts may exceed the maxima after healing. */
    wounds: new fields.SchemaField({
      light: woundCount(),
      grave: woundCount(),
      critical: woundCount(),
      fatal: flagField(),
    }),
    /** How many wounds of each type fit before aggravating: 4/2/1 for a humanoid. */
    woundMaxima: new fields.SchemaField({
      light: integerField({ ...TALLY_LIMITS, initial: HARMONIES_DEFAULTS.woundMaxima.light }),
      grave: integerField({ ...TALLY_LIMITS, initial: HARMONIES_DEFAULTS.woundMaxima.grave }),
      critical: integerField({ ...TALLY_LIMITS, initial: HARMONIES_DEFAULTS.woundMaxima.critical }),
    }),
    biography: htmlField(),
  };
}

type HarmoniesCharacterSchema = ReturnType<typeof defineHarmoniesCharacterSchema>;

/** A characteristic or means once prepared. */
export type HarmoniesScore = {
  value: number;
  race: number;
  xp: number;
  /** Value + race bonus: what rolls use. */
  total: number;
  /** XP to raise the bought value by one (RULES 2.7). */
  nextLevelCost: number;
};

export type HarmoniesCharacterDerived = {
  characteristics: Record<HarmoniesCharacteristicKey, HarmoniesScore>;
  means: Record<HarmoniesMeansKey, HarmoniesScore>;
  /** Cumulative wound penalties: `all` on every action, `physical` on physical ones (RULES 2.5). */
  woundPenalty: { all: number; physical: number };
  /**
   * What an action takes right now: the wound penalties, and −1 more while stunned (RULES 2.5).
   * The stun is no wound, so it stays out of `woundPenalty`, but a roll made now pays it.
   */
  actionPenalty: { all: number; physical: number };
  /** Whether the actor bears core's stun status: −1 more on every action (RULES 2.5). */
  stunned: boolean;
  /** The token bar: wounds carried against the room on the track. */
  woundSummary: { value: number; max: number };
  /** Days of rest to heal everything without special care; null once fatal (RULES 2.6). */
  healingDays: number | null;
  /** Armour worn (the sum over equipped armour items). */
  armour: number;
};

/** Actor `harmoniesCharacter`: a character or an individual NPC of Harmonies. */
export class HarmoniesCharacterModel extends foundry.abstract.TypeDataModel<
  HarmoniesCharacterSchema,
  Actor.Implementation,
  Record<string, never>,
  HarmoniesCharacterDerived
> {
  static override LOCALIZATION_PREFIXES = ["WH.Actor.Base", "WH.Actor.Harmonies"];

  static override defineSchema(): HarmoniesCharacterSchema {
    return defineHarmoniesCharacterSchema();
  }

  /**
   * Earlier and shorthand shapes: bare numbers for scores, a `wounds.critic` count; the stunned
   * box earlier versions kept beside the status is dropped (the status is the one source).
   */
  static override migrateData(source: SourceData): SourceData {
    for (const key of HARMONIES_CHARACTERISTICS) migrateScore(source.characteristics, key);
    for (const key of HARMONIES_MEANS) migrateScore(source.means, key);
    if (isObject(source.wounds) && "critic" in source.wounds) {
      source.wounds.critical ??= source.wounds.critic;
      delete source.wounds.critic;
    }
    if (isObject(source.wounds)) delete source.wounds.stunned;
    return super.migrateData(source);
  }

  /** Value + race bonus of a characteristic or means. */
  score(key: HarmoniesAttributeKey): number {
    const group: Record<string, HarmoniesScore> = (HARMONIES_CHARACTERISTICS as readonly string[]).includes(key)
      ? this.characteristics
      : this.means;
    return group[key]?.total ?? 0;
  }

  /** The wound track as the rules take it; the stun is no wound and stays out. */
  woundTrack(): WoundTrack {
    const { light, grave, critical, fatal } = this.wounds;
    return { light, grave, critical, fatal };
  }

  override prepareDerivedData(): void {
    for (const group of [this.characteristics, this.means] as Record<string, HarmoniesScore>[]) {
      for (const entry of Object.values(group)) {
        entry.total = entry.value + entry.race;
        entry.nextLevelCost = attributeLevelCost(entry.value + 1);
      }
    }
    const track = this.woundTrack();
    const maxima = this.woundMaxima;
    this.woundPenalty = woundTrackPenalty(track);
    this.stunned = this.parent.statuses.has(STUNNED_STATUS);
    const stun = this.stunned ? STUN_PENALTY : 0;
    this.actionPenalty = { all: this.woundPenalty.all - stun, physical: this.woundPenalty.physical - stun };
    this.woundSummary = {
      value: track.light + track.grave + track.critical,
      max: maxima.light + maxima.grave + maxima.critical,
    };
    this.healingDays = track.fatal ? null : healingDays(track, { healingDays: harmoniesRuleOptions().healingDays });
    this.armour = equippedArmour(this.parent, "harmoniesArmour");
  }
}
