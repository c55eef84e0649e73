/**
 * Every [default] of RULES.md §1 (Wuxia), in one place, so the Foundry layer can expose each
 * as a world setting. Functions take these as options and fall back to the values here.
 */

/** The hero types of RULES 1.1. */
export const WUXIA_HERO_TYPES = Object.freeze(["Guerrier", "Chevalier", "Moine", "Assassin", "Sorcier"] as const);
export type WuxiaHeroType = (typeof WUXIA_HERO_TYPES)[number];

/** Creation budgets by priority; every array is indexed by priority − 1 (priority 1..5). */
export interface WuxiaCreationTable {
  readonly attributePoints: readonly number[];
  readonly attributeMaximum: readonly number[];
  readonly skillPoints: readonly number[];
  readonly powerPoints: readonly number[];
  readonly heroType: readonly WuxiaHeroType[];
  readonly traits: readonly number[];
  readonly experience: readonly number[];
}

/** A band of skill levels granting `rerolls` when the skill has a specialisation. */
export interface RerollBand {
  readonly fromLevel: number;
  readonly rerolls: number;
}

export interface WuxiaDefaults {
  /** Standard SR (RULES 1.3); the initiative test uses it too. */
  readonly standardSr: number;
  /** Specialisation rerolls by Compétence level: 1 for 1–3, 2 for 4–6, 3 for 7–10. */
  readonly rerollBands: readonly RerollBand[];
  /** Wound-penalty thresholds as fractions of the death threshold (rounded down). */
  readonly woundFractions: readonly number[];
  /** SR penalty once each wound threshold is reached. */
  readonly woundPenalties: readonly number[];
  /** Panic thresholds as multiples of Eau; the last one means "must flee". */
  readonly panicMultipliers: readonly number[];
  /** SR penalty once each panic threshold but the last is reached. */
  readonly panicPenalties: readonly number[];
  /** Chi cost of activating a power (a field of the power item, this is its default). */
  readonly powerChiCost: number;
  /** "reroll": a Destiny die spent after the roll rerolls one chosen die; "extraDie": adds a d10 before rolling. */
  readonly destinyMode: "reroll" | "extraDie";
  /** Defense dice not spent are lost at the next round's start. */
  readonly defenseDiceCarryOver: boolean;
  /** The group reserve lasts the whole combat. */
  readonly groupReserveLasts: "combat" | "round";
  /** "Successes beyond" = attacker − defender − surplusOffset (the one success needed to win). */
  readonly surplusOffset: number;
  /** Successes each investment costs. */
  readonly investmentCost: number;
  /** Extra damage (ND) per success invested in Critique. */
  readonly critiqueDamagePerSuccess: number;
  /**
   * A side whose test is a critical failure opposes with 0 successes. RULES 1.3 says the test
   * "has failed, whatever else"; the book does not say how that plays in an opposed test.
   */
  readonly criticalFailureCountsZero: boolean;
  /** XP to raise an Attribute, or a skill or power, to level n: the factor × n (the source gives no costs). */
  readonly experienceFactors: { readonly attribute: number; readonly skill: number };
  readonly creation: WuxiaCreationTable;
}

export const WUXIA_DEFAULTS: WuxiaDefaults = Object.freeze({
  standardSr: 10,
  rerollBands: Object.freeze([
    Object.freeze({ fromLevel: 1, rerolls: 1 }),
    Object.freeze({ fromLevel: 4, rerolls: 2 }),
    Object.freeze({ fromLevel: 7, rerolls: 3 }),
  ]),
  woundFractions: Object.freeze([1 / 4, 1 / 2, 3 / 4]),
  woundPenalties: Object.freeze([1, 2, 3]),
  panicMultipliers: Object.freeze([2, 4, 6]),
  panicPenalties: Object.freeze([1, 2]),
  powerChiCost: 1,
  destinyMode: "reroll",
  defenseDiceCarryOver: false,
  groupReserveLasts: "combat",
  surplusOffset: 1,
  investmentCost: 1,
  critiqueDamagePerSuccess: 1,
  criticalFailureCountsZero: true,
  experienceFactors: Object.freeze({ attribute: 3, skill: 2 }),
  creation: Object.freeze({
    attributePoints: Object.freeze([18, 21, 24, 27, 30]),
    attributeMaximum: Object.freeze([5, 6, 6, 7, 8]),
    skillPoints: Object.freeze([20, 30, 40, 50, 60]),
    powerPoints: Object.freeze([20, 30, 40, 50, 60]),
    heroType: Object.freeze(["Guerrier", "Chevalier", "Moine", "Assassin", "Sorcier"] as const),
    traits: Object.freeze([1, 2, 3, 4, 5]),
    experience: Object.freeze([0, 5, 10, 15, 20]),
  }),
});
