import {
  HARMONIES_ATTRIBUTES,
  WUXIA_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
  type WuxiaAttributeKey,
} from "../documents/choices";
import { normaliseName } from "../documents/items/wuxia-skill";
import { RollError } from "../dice/errors";

/**
 * What a roll needs to know about an actor and the item rolled, read from the documents' data
 * models in one place: the dialog, the sheets' roll actions, the macro API and the hotbar all
 * start from a subject.
 */

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
}

export interface WuxiaSubject {
  ruleset: "wuxia";
  actor: Actor.Implementation;
  name: string;
  attributes: Record<WuxiaAttributeKey, number>;
  destiny: number;
  /** Wound and panic penalties, added to every SR (RULES 1.1). */
  srPenalty: number;
  skills: WuxiaSkillChoice[];
}

export interface HarmoniesSkillChoice {
  id: string;
  uuid: string;
  name: string;
  /** The effective level (own level or the floor that applies, RULES 2.3). */
  level: number;
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
}

export interface HarmoniesSubject {
  ruleset: "harmonies";
  actor: Actor.Implementation;
  name: string;
  scores: Record<HarmoniesAttributeKey, number>;
  /** Wound penalty on every action (RULES 2.5), 0 or negative; −1 more while stunned. */
  penalty: number;
  /** The same on a physical action, where each light wound costs −1 more. */
  physicalPenalty: number;
  skills: HarmoniesSkillChoice[];
}

export interface GroupSubject {
  ruleset: "group";
  actor: Actor.Implementation;
  name: string;
  size: number;
  /** The stats of the largest sub-group: a homogeneous group rolls as any one member would. */
  scores: Record<HarmoniesAttributeKey, number>;
  skillLevel: number;
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
  homogeneous: boolean;
}

export type RollSubject = WuxiaSubject | HarmoniesSubject | GroupSubject;

/** What the roll starts from when an item was clicked or dragged to the hotbar. */
export interface RollStart {
  attribute?: WuxiaAttributeKey;
  characteristic?: HarmoniesCharacteristicKey;
  means?: HarmoniesMeansKey;
  /** The id of the skill (or power) choice to select. */
  skillId?: string;
  /** SR 10 for Wuxia attacks (RULES 1.4). */
  sr?: number;
}

export function rollSubject(actor: Actor.Implementation | null | undefined): RollSubject {
  if (!actor) throw new RollError("WH.Roll.Error.NoActor");
  switch (actor.type) {
    case "wuxiaCharacter":
      return wuxiaSubject(actor as Actor.OfType<"wuxiaCharacter">);
    case "harmoniesCharacter":
      return harmoniesSubject(actor as Actor.OfType<"harmoniesCharacter">);
    case "group":
      return groupSubject(actor as Actor.OfType<"group">);
    default:
      throw new RollError("WH.Roll.Error.NotRollable", { name: actor.name ?? "" });
  }
}

function wuxiaSubject(actor: Actor.OfType<"wuxiaCharacter">): WuxiaSubject {
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
      });
    }
  }
  return {
    ruleset: "wuxia",
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

function harmoniesSubject(actor: Actor.OfType<"harmoniesCharacter">): HarmoniesSubject {
  const system = actor.system;
  const skills: HarmoniesSkillChoice[] = [];
  for (const item of actor.items) {
    if (item.type !== "harmoniesSkill") continue;
    const skill = (item as Item.OfType<"harmoniesSkill">).system;
    skills.push({
      id: item.id ?? "",
      uuid: item.uuid,
      name: item.name ?? "",
      level: skill.effective.level,
      characteristic: skill.characteristic,
      means: skill.means,
    });
  }
  const scores = Object.fromEntries(HARMONIES_ATTRIBUTES.map((k) => [k, system.score(k)])) as Record<
    HarmoniesAttributeKey,
    number
  >;
  return {
    ruleset: "harmonies",
    actor,
    name: actor.name ?? "",
    scores,
    penalty: system.actionPenalty.all,
    physicalPenalty: system.actionPenalty.physical,
    skills,
  };
}

function groupSubject(actor: Actor.OfType<"group">): GroupSubject {
  const system = actor.system;
  if (system.ruleset !== "harmonies") throw new RollError("WH.Roll.Error.WuxiaGroup", { name: actor.name ?? "" });
  const members = [...system.members].sort((a, b) => b.count - a.count);
  const largest = members[0];
  if (!largest || system.size === 0) throw new RollError("WH.Roll.Error.EmptyGroup", { name: actor.name ?? "" });
  const scores = Object.fromEntries(HARMONIES_ATTRIBUTES.map((k) => [k, largest.stats[k]])) as Record<
    HarmoniesAttributeKey,
    number
  >;
  return {
    ruleset: "group",
    actor,
    name: actor.name ?? "",
    size: system.size,
    scores,
    skillLevel: largest.stats.skill,
    characteristic: system.action.characteristic,
    means: system.action.means,
    homogeneous: system.homogeneity?.homogeneous ?? true,
  };
}

/**
 * Where a click on an item starts the roll: a skill or power selects itself; a weapon selects
 * its skill (found by name) with the attack's attribute — Feu and SR 10 in Wuxia (RULES 1.4),
 * Agilité with Précision (missile) or Manœuvre (melee) in Harmonies.
 */
export function rollStart(subject: RollSubject, item: Item.Implementation | null | undefined): RollStart {
  if (!item) return {};
  if (item.parent !== subject.actor)
    throw new RollError("WH.Roll.Error.ItemNotOwned", { item: item.name ?? "", actor: subject.name });
  switch (item.type) {
    case "wuxiaSkill":
      return { skillId: item.id ?? "" };
    case "wuxiaPower":
      return { skillId: item.id ?? "", attribute: (item as Item.OfType<"wuxiaPower">).system.attribute };
    case "wuxiaWeapon":
      return {
        attribute: "feu",
        sr: 10,
        skillId: skillIdByName(subject, (item as Item.OfType<"wuxiaWeapon">).system.skill),
      };
    case "harmoniesSkill": {
      const skill = (item as Item.OfType<"harmoniesSkill">).system;
      return { skillId: item.id ?? "", characteristic: skill.characteristic, means: skill.means };
    }
    case "harmoniesWeapon": {
      const weapon = (item as Item.OfType<"harmoniesWeapon">).system;
      return {
        skillId: skillIdByName(subject, weapon.skill),
        characteristic: "agilite",
        means: weapon.range === "missile" ? "precision" : "manoeuvre",
      };
    }
    default:
      throw new RollError("WH.Roll.Error.ItemNotRollable", { item: item.name ?? "" });
  }
}

function skillIdByName(subject: RollSubject, name: string): string | undefined {
  if (subject.ruleset === "group" || !name.trim()) return undefined;
  const wanted = normaliseName(name);
  const skills: { id: string; name: string }[] =
    subject.ruleset === "wuxia"
      ? subject.skills.map((s) => ({ id: s.id, name: s.specialisation ?? s.skillName }))
      : subject.skills;
  return skills.find((s) => normaliseName(s.name) === wanted)?.id;
}
