/**
 * The keys the data models store for attributes and enumerations, with the i18n keys that name
 * them. Every choice list a sheet or a field offers comes from here.
 */

/** Wuxia's five elemental Attributes (RULES 1.1). */
export const WUXIA_ATTRIBUTES = ["metal", "feu", "terre", "eau", "bois"] as const;
export type WuxiaAttributeKey = (typeof WUXIA_ATTRIBUTES)[number];

/** Harmonies' four characteristics and four means (RULES 2.1). */
export const HARMONIES_CHARACTERISTICS = ["corps", "agilite", "intuition", "intelligence"] as const;
export type HarmoniesCharacteristicKey = (typeof HARMONIES_CHARACTERISTICS)[number];
export const HARMONIES_MEANS = ["puissance", "resistance", "manoeuvre", "precision"] as const;
export type HarmoniesMeansKey = (typeof HARMONIES_MEANS)[number];
export const HARMONIES_ATTRIBUTES = [...HARMONIES_CHARACTERISTICS, ...HARMONIES_MEANS] as const;
export type HarmoniesAttributeKey = HarmoniesCharacteristicKey | HarmoniesMeansKey;

/** The Chinese zodiac, whose sign opens a character's Traits (RULES 1.1). */
export const ZODIAC_SIGNS = [
  "rat",
  "buffle",
  "tigre",
  "lievre",
  "dragon",
  "serpent",
  "cheval",
  "chevre",
  "singe",
  "coq",
  "chien",
  "cochon",
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

/** The five hero types; a power may also be a general one, open to all. */
export const HERO_TYPES = ["guerrier", "moine", "chevalier", "assassin", "sorcier"] as const;
export type HeroType = (typeof HERO_TYPES)[number];
export const POWER_TYPES = ["general", ...HERO_TYPES] as const;
export type PowerType = (typeof POWER_TYPES)[number];

/** The hero type as the rules engine names it (creation budgets). */
export const RULES_HERO_TYPE = {
  guerrier: "Guerrier",
  moine: "Moine",
  chevalier: "Chevalier",
  assassin: "Assassin",
  sorcier: "Sorcier",
} as const satisfies Record<HeroType, string>;

/** Wuxia skills: a Métier, a Profession, or a narrow field (hobby or spécialisation, RULES 1.1). */
export const WUXIA_SKILL_CATEGORIES = ["metier", "profession", "narrow"] as const;
export type WuxiaSkillCategory = (typeof WUXIA_SKILL_CATEGORIES)[number];

/** The five Caractéristiques ranked at creation (RULES 1.2), as the rules engine names them. */
export const WUXIA_PRIORITY_KEYS = ["attributes", "skills", "powers", "traits", "experience"] as const;

export const WEAPON_RANGES = ["melee", "missile"] as const;
export type WeaponRange = (typeof WEAPON_RANGES)[number];

export const RULESETS = ["wuxia", "harmonies"] as const;
export type Ruleset = (typeof RULESETS)[number];

/** `{ key: i18n key }` for a list of keys under a label prefix, as `choices` and `selectOptions` take. */
export function choiceLabels<K extends string>(keys: readonly K[], prefix: string): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, `${prefix}.${k}`])) as Record<K, string>;
}

export const ATTRIBUTE_LABEL_PREFIX = "WH.Attribute";
export const ZODIAC_LABEL_PREFIX = "WH.Zodiac";
export const HERO_TYPE_LABEL_PREFIX = "WH.HeroType";
export const SKILL_CATEGORY_LABEL_PREFIX = "WH.Item.WuxiaSkill.Category";
export const WEAPON_RANGE_LABEL_PREFIX = "WH.Item.HarmoniesWeapon.Range";
export const RULESET_LABEL_PREFIX = "WH.Ruleset";
