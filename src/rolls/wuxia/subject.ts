import { WUXIA_ATTRIBUTES, type WuxiaAttributeKey } from "../../rules/vocabulary";
import { identifierOf } from "../../documents/items/identifier";

/** What a Wuxia test needs to know about a hero and the item rolled. */

/** A skill, power or weapon skill a Wuxia test can use. */
export interface WuxiaSkillChoice {
  id: string;
  uuid: string;
  /** The name shown on the card: the Métier/Profession for a specialisation, else the item. */
  skillName: string;
  /** The specialisation's own name, when it is one. */
  specialisation: string | null;
  competence: number;
  rerolls: number;
  kind: "metier" | "profession" | "hobby" | "specialisation" | "power";
  /** The Attribute the item names (a power's), if any. */
  attribute: WuxiaAttributeKey | null;
  /** The chi a use of it costs: a power's cost, 0 for a skill (RULES 1.1). */
  chiCost: number;
  /** The item's stable identifier, by which a weapon names its skill. */
  identifier: string;
}

export interface WuxiaSubject {
  kind: "wuxia";
  actor: Actor.Implementation;
  name: string;
  attributes: Record<WuxiaAttributeKey, number>;
  destiny: number;
  /** Wound and panic penalties, added to every SR (RULES 1.1). */
  srPenalty: number;
  skills: WuxiaSkillChoice[];
  /** The group reserve dice an attack may add to its pool (RULES 1.4); absent for any other roll. */
  reserve?: number;
}

export function wuxiaSubject(actor: Actor.OfType<"wuxiaCharacter">): WuxiaSubject {
  const system = actor.system;
  const skills: WuxiaSkillChoice[] = [];
  for (const item of actor.items) {
    if (item.type === "wuxiaSkill") {
      const use = (item as Item.OfType<"wuxiaSkill">).system.use;
      const parent = use.parentId ? actor.items.get(use.parentId) : null;
      skills.push({
        id: item.id ?? "",
        uuid: item.uuid,
        skillName: parent?.name ?? item.name ?? "",
        specialisation: use.kind === "specialisation" ? (item.name ?? "") : null,
        competence: use.competence,
        rerolls: use.rerolls,
        kind: use.kind,
        attribute: null,
        chiCost: 0,
        identifier: identifierOf(item),
      });
    } else if (item.type === "wuxiaPower") {
      const power = (item as Item.OfType<"wuxiaPower">).system;
      skills.push({
        id: item.id ?? "",
        uuid: item.uuid,
        skillName: item.name ?? "",
        specialisation: null,
        competence: power.level,
        rerolls: 0,
        kind: "power",
        attribute: power.attribute,
        chiCost: power.chiCost,
        identifier: identifierOf(item),
      });
    }
  }
  return {
    kind: "wuxia",
    actor,
    name: actor.name ?? "",
    attributes: Object.fromEntries(WUXIA_ATTRIBUTES.map((k) => [k, system.attributes[k]])) as Record<
      WuxiaAttributeKey,
      number
    >,
    destiny: system.destiny,
    srPenalty: system.wounds.penalty + system.panic.penalty,
    skills,
  };
}
