import { SYSTEM_ID } from "../foundry/system";
import type { Ruleset } from "../rules/vocabulary";

/** The Actor sub-types of each rule set; a group of NPCs serves either. */
export const ACTOR_TYPES = {
  wuxia: ["wuxiaCharacter", "group"],
  harmonies: ["harmoniesCharacter", "group"],
} as const satisfies Record<Ruleset, readonly string[]>;

/** The Item sub-types of each rule set. */
export const ITEM_TYPES = {
  wuxia: ["wuxiaSkill", "wuxiaPower", "wuxiaTrait", "wuxiaDrame", "wuxiaWeapon", "wuxiaArmour"],
  harmonies: ["harmoniesSkill", "harmoniesMetier", "harmoniesHobby", "harmoniesWeapon", "harmoniesArmour"],
} as const satisfies Record<Ruleset, readonly string[]>;

export type WuxiaItemType = (typeof ITEM_TYPES.wuxia)[number];
export type HarmoniesItemType = (typeof ITEM_TYPES.harmonies)[number];
export type SystemItemType = WuxiaItemType | HarmoniesItemType;
export type SystemActorType = (typeof ACTOR_TYPES)[Ruleset][number];

/** The rule sets the world plays (setting "Rule sets played"). */
export function playedRulesets(): Ruleset[] {
  const setting = game.settings.get(SYSTEM_ID, "rulesets");
  return setting === "both" ? ["wuxia", "harmonies"] : [setting];
}

/** The sub-types a creation dialog may offer in this world, in a stable order. */
export function creatableTypes(documentName: "Actor" | "Item"): string[] {
  const table: Record<Ruleset, readonly string[]> = documentName === "Actor" ? ACTOR_TYPES : ITEM_TYPES;
  return [...new Set(playedRulesets().flatMap((r) => table[r]))];
}

/** The rule set an Item sub-type belongs to, or null for a type of no rule set. */
export function itemRuleset(type: string): Ruleset | null {
  if ((ITEM_TYPES.wuxia as readonly string[]).includes(type)) return "wuxia";
  if ((ITEM_TYPES.harmonies as readonly string[]).includes(type)) return "harmonies";
  return null;
}

/** The rule set an Actor plays, or null for a type of no rule set. */
export function actorRuleset(actor: { type: string; system?: unknown }): Ruleset | null {
  if (actor.type === "wuxiaCharacter") return "wuxia";
  if (actor.type === "harmoniesCharacter") return "harmonies";
  if (actor.type === "group") return (actor.system as { ruleset?: Ruleset } | undefined)?.ruleset ?? null;
  return null;
}

/**
 * The types a creation dialog offers: those asked for (all when none are) that the world plays.
 * When the caller asked only for types the world does not play, its request stands.
 */
export function restrictTypes(documentName: "Actor" | "Item", requested: readonly string[] | undefined): string[] {
  const allowed = creatableTypes(documentName);
  if (!requested) return allowed;
  const kept = requested.filter((t) => allowed.includes(t));
  return kept.length ? kept : [...requested];
}
