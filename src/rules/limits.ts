/**
 * The bounds the data models put on numbers, with no Foundry global so that the import core
 * (src/import) checks a spreadsheet against the very limits the models enforce.
 */

/**
 * The rules set no bound on Harmonies Values, but the Value/Measure scale leaves the range of
 * floating-point numbers near ±3000; no character comes anywhere near this technical limit.
 */
export const HARMONIES_VALUE_LIMITS = { min: -999, max: 999 } as const;

/**
 * Bounds of the counters. The rules refuse counts above 10^9 (floats stop being exact there), so
 * an unbounded counter would let one write break every client's preparation of the actor; these
 * bounds sit far below that and far above what a game needs.
 */
/** Wounds, panic, chi, Destiny dice, damage, armour, a chi cost, the room on a wound track. */
export const TALLY_LIMITS = { min: 0, max: 999 } as const;
/** Experience points: raising a Harmonies attribute to +30 costs Measure(+60) = 10^6 (RULES 2.7). */
export const XP_LIMITS = { min: 0, max: 1_000_000 } as const;

/** Wuxia Attributes run 1..10 (RULES 1.1). */
export const WUXIA_ATTRIBUTE_RANGE = { min: 1, max: 10 } as const;

/** Individuals in one sub-group of an NPC group: enough for an army. */
export const MEMBER_COUNT_RANGE = { min: 1, max: 10000 } as const;

/**
 * Sub-groups in one NPC group: every client prepares each of them at every update of the group,
 * and the sheet, the cards and the import preview draw them; an army is a few dozen.
 */
export const SUBGROUPS_PER_GROUP = 1000;
