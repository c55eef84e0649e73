/**
 * Every [default] of RULES.md §2 (Harmonies), plus the book's adjustable constants, in one
 * place so the Foundry layer can expose each as a world setting.
 */

export interface WoundMaxima {
  readonly light: number;
  readonly grave: number;
  readonly critical: number;
}

export interface SkillFloors {
  readonly metier: number;
  readonly hobby: number;
  readonly technical: number;
  readonly hermetic: number;
}

export interface HarmoniesDefaults {
  /** Open rolls (exploding 10s) are a variant; closed is the rule. */
  readonly open: boolean;
  /** Missile weapons add no Cp + Pu to their damage. */
  readonly missileAddsStrength: boolean;
  /** Wounds a humanoid can hold per type (RULES 2.5). */
  readonly woundMaxima: WoundMaxima;
  /** Days of rest to lower a wound one stage; a critical wound takes a month = 30 days. */
  readonly healingDays: WoundMaxima;
  /** The critical wound's faint roll: at the start of each of the character's turns in combat. */
  readonly faintCheck: "turnStart";
  /** Floors of an unmastered skill (RULES 2.3). */
  readonly skillFloors: SkillFloors;
  /** Mastery levels of métier, hobby and talent skills; hobby −5 is a [default] (the Harmonies text also says −3 once). */
  readonly mastery: { readonly metier: number; readonly hobby: number; readonly talent: number };
  /** Skills a métier / a hobby needs at mastery. */
  readonly masteredSkills: { readonly metier: number; readonly hobby: number };
  /** A beginner: one métier of 4 skills, two hobbies of 2 skills, four talents (at mastery). */
  readonly beginner: { readonly metiers: number; readonly hobbies: number; readonly talents: number };
  /** XP cost of a level: Measure(level + offset); the book says these may be changed. */
  readonly skillCostOffset: number;
  readonly attributeCostOffset: number;
  /** Largest gap between the two attributes of a pair at creation. */
  readonly creationMaxGap: number;
}

export const HARMONIES_DEFAULTS: HarmoniesDefaults = Object.freeze({
  open: false,
  missileAddsStrength: false,
  woundMaxima: Object.freeze({ light: 4, grave: 2, critical: 1 }),
  healingDays: Object.freeze({ light: 3, grave: 7, critical: 30 }),
  faintCheck: "turnStart",
  skillFloors: Object.freeze({ metier: -3, hobby: -7, technical: -15, hermetic: -20 }),
  mastery: Object.freeze({ metier: 0, hobby: -5, talent: -10 }),
  masteredSkills: Object.freeze({ metier: 4, hobby: 2 }),
  beginner: Object.freeze({ metiers: 1, hobbies: 2, talents: 4 }),
  skillCostOffset: 20,
  attributeCostOffset: 30,
  creationMaxGap: 2,
});
