import { SKILL_SET_TYPES, type SkillSetType } from "../documents/items/harmonies-skill-set";
import { isItemOfType } from "../foundry/documents";
import { UserError } from "../core/errors";
import { qualifiesAs } from "../rules";
import { itemCopy } from "../documents/items/copy";
import { normaliseName } from "../documents/items/identifier";

/**
 * The métiers and hobbies of the world a character qualifies for without having them (RULES
 * 2.3): two skills of a hobby at −5 or better ([example] Chants and Mandoline at −5: the hobby
 * Barde), four of a métier at 0 or better. The sheet offers them; taking one copies it on.
 */

type Character = Actor.OfType<"harmoniesCharacter">;
type SetType = SkillSetType;

export interface SkillSetOffer {
  id: string;
  name: string;
  kind: "metier" | "hobby";
  /** The character's skills the set lists, with their levels. */
  skills: { name: string; level: number }[];
}

const KIND: Record<SetType, "metier" | "hobby"> = { harmoniesMetier: "metier", harmoniesHobby: "hobby" };

function learntLevels(actor: Character): Map<string, { name: string; level: number }> {
  const levels = new Map<string, { name: string; level: number }>();
  for (const item of actor.items.contents) {
    if (item.type !== "harmoniesSkill") continue;
    const level = (item as Item.OfType<"harmoniesSkill">).system.level;
    if (typeof level === "number") levels.set(normaliseName(item.name ?? ""), { name: item.name ?? "", level });
  }
  return levels;
}

/** The world's sets the character qualifies for and does not hold (by name), métiers first. */
export function skillSetOffers(actor: Character): SkillSetOffer[] {
  const held = new Set(
    actor.items.contents.filter((i) => i.type in KIND).map((i) => `${i.type}:${normaliseName(i.name ?? "")}`),
  );
  const levels = learntLevels(actor);
  const offers: SkillSetOffer[] = [];
  for (const item of game.items?.contents ?? []) {
    if (!isItemOfType(item, SKILL_SET_TYPES)) continue;
    const type = item.type as SetType;
    if (held.has(`${type}:${normaliseName(item.name ?? "")}`)) continue;
    const listed = item.system.skills;
    const skills = listed.flatMap((name) => levels.get(normaliseName(name)) ?? []);
    if (
      qualifiesAs(
        KIND[type],
        skills.map((s) => s.level),
      )
    ) {
      offers.push({ id: item.id ?? "", name: item.name ?? "", kind: KIND[type], skills });
    }
  }
  return offers.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "metier" ? -1 : 1));
}

/** Copies an offered set onto the character; refused (localised) to a non-owner or for a set not on offer. */
export async function takeSkillSet(actor: Character, id: string): Promise<void> {
  if (!actor.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: actor.name ?? "" });
  const offered = skillSetOffers(actor).some((o) => o.id === id);
  const item = offered ? game.items?.get(id) : undefined;
  if (!item) throw new UserError("WH.Sheet.Harmonies.Offer.NotOffered", { name: actor.name ?? "" });
  await actor.createEmbeddedDocuments("Item", [itemCopy(item as Item.Implementation)]);
}
