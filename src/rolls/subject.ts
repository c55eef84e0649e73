import {
  HARMONIES_ATTRIBUTES,
  WUXIA_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
  type WuxiaAttributeKey,
} from "../rules/vocabulary";
import { identifierOf, slugOf } from "../documents/items/identifier";
import { activeMembers, type GroupMemberData } from "../documents/actors/group";
import { UserError } from "../core/errors";

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

export interface HarmoniesSkillChoice {
  id: string;
  uuid: string;
  name: string;
  /** The effective level (own level or the floor that applies, RULES 2.3). */
  level: number;
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
  /** The item's stable identifier, by which a weapon names its skill. */
  identifier: string;
}

export interface HarmoniesSubject {
  kind: "harmonies";
  actor: Actor.Implementation;
  name: string;
  scores: Record<HarmoniesAttributeKey, number>;
  /** Wound penalty on every action (RULES 2.5), 0 or negative; −1 more while stunned. */
  penalty: number;
  /** The same on a physical action, where each light wound costs −1 more. */
  physicalPenalty: number;
  skills: HarmoniesSkillChoice[];
}

/** A Harmonies group's one roll for its members (RULES 3.2–3.3), or one sub-group's, rolled on its own. */
export interface GroupSubject {
  kind: "group";
  actor: Actor.Implementation;
  /** The group's name; a sub-group rolled on its own adds its label. */
  name: string;
  /** Members still in the fight. */
  size: number;
  /**
   * One member's stats: the largest sub-group still fighting (a homogeneous group rolls as any
   * one member would), or the sub-group rolled on its own.
   */
  scores: Record<HarmoniesAttributeKey, number>;
  skillLevel: number;
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
  homogeneous: boolean;
  /** The sub-group rolled on its own, its place among those still fighting; null for the whole group. */
  subgroup: { label: string; index: number; of: number } | null;
}

/** A Harmonies group acting as one body on its combined Values (RULES 3.1). */
export interface CombinedSubject {
  kind: "combined";
  actor: Actor.Implementation;
  name: string;
  /** Members still in the fight, whose Values were combined. */
  size: number;
  /** The combined Value of each characteristic and means. */
  scores: Record<HarmoniesAttributeKey, number>;
  /** The largest sub-group's skill: skills are not combined. */
  skillLevel: number;
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
}

/** A Wuxia sub-group still in the fight, as its test reads it (RULES 3.4 [default]). */
export interface WuxiaSubgroupChoice {
  label: string;
  members: number;
  attributes: Record<WuxiaAttributeKey, number>;
  competence: number;
}

/** A Wuxia group: one test per sub-group still in the fight, on one card (RULES 3.4 [default]). */
export interface WuxiaGroupSubject {
  kind: "wuxiaGroup";
  actor: Actor.Implementation;
  name: string;
  /** Members still in the fight. */
  size: number;
  /** The Attribute of the group's action. */
  attribute: WuxiaAttributeKey;
  subgroups: WuxiaSubgroupChoice[];
}

export type RollSubject = WuxiaSubject | HarmoniesSubject | GroupSubject | CombinedSubject | WuxiaGroupSubject;

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
  if (!actor) throw new UserError("WH.Roll.Error.NoActor");
  switch (actor.type) {
    case "wuxiaCharacter":
      return wuxiaSubject(actor as Actor.OfType<"wuxiaCharacter">);
    case "harmoniesCharacter":
      return harmoniesSubject(actor as Actor.OfType<"harmoniesCharacter">);
    case "group": {
      const group = actor as Actor.OfType<"group">;
      return group.system.ruleset === "wuxia" ? wuxiaGroupSubject(group) : groupSubject(group);
    }
    default:
      throw new UserError("WH.Roll.Error.NotRollable", { name: actor.name ?? "" });
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
      identifier: identifierOf(item),
    });
  }
  const scores = Object.fromEntries(HARMONIES_ATTRIBUTES.map((k) => [k, system.score(k)])) as Record<
    HarmoniesAttributeKey,
    number
  >;
  return {
    kind: "harmonies",
    actor,
    name: actor.name ?? "",
    scores,
    penalty: system.actionPenalty.all,
    physicalPenalty: system.actionPenalty.physical,
    skills,
  };
}

/** The sub-groups still in the fight, each counted at its members left; none left is refused. */
function fightingMembers(actor: Actor.OfType<"group">): GroupMemberData[] {
  const members = activeMembers(actor.system.members as GroupMemberData[]);
  if (!members.length) throw new UserError("WH.Roll.Error.EmptyGroup", { name: actor.name ?? "" });
  return members;
}

function harmoniesScores(stats: GroupMemberData["stats"]): Record<HarmoniesAttributeKey, number> {
  return Object.fromEntries(HARMONIES_ATTRIBUTES.map((k) => [k, stats[k]])) as Record<HarmoniesAttributeKey, number>;
}

/** The largest sub-group still fighting (the first of equals). */
function largestOf(members: readonly GroupMemberData[]): GroupMemberData {
  return members.reduce((largest, m) => (m.count > largest.count ? m : largest));
}

function groupSubject(actor: Actor.OfType<"group">): GroupSubject {
  const system = actor.system;
  const largest = largestOf(fightingMembers(actor));
  return {
    kind: "group",
    actor,
    name: actor.name ?? "",
    size: system.size,
    scores: harmoniesScores(largest.stats),
    skillLevel: largest.stats.skill,
    characteristic: system.action.characteristic,
    means: system.action.means,
    homogeneous: system.homogeneity?.homogeneous ?? true,
    subgroup: null,
  };
}

/**
 * Each sub-group still fighting as a group of its own: a sub-group is identical individuals, so
 * it rolls with its own stats, skill and size ("Roll for each sub-group").
 */
export function subgroupSubjects(actor: Actor.Implementation): GroupSubject[] {
  if (actor.type !== "group") throw new UserError("WH.Roll.Error.NotRollable", { name: actor.name ?? "" });
  const group = actor as Actor.OfType<"group">;
  if (group.system.ruleset !== "harmonies")
    throw new UserError("WH.Roll.Error.NotHarmoniesGroup", { name: actor.name ?? "" });
  const members = fightingMembers(group);
  return members.map((member, index) => ({
    kind: "group",
    actor,
    name: `${actor.name ?? ""} — ${member.label}`,
    size: member.count,
    scores: harmoniesScores(member.stats),
    skillLevel: member.stats.skill,
    characteristic: group.system.action.characteristic,
    means: group.system.action.means,
    homogeneous: true,
    subgroup: { label: member.label, index, of: members.length },
  }));
}

/** A Harmonies group acting as one body: its combined Values (RULES 3.1), the members still fighting. */
export function combinedSubject(actor: Actor.Implementation): CombinedSubject {
  if (actor.type !== "group") throw new UserError("WH.Roll.Error.NotRollable", { name: actor.name ?? "" });
  const group = actor as Actor.OfType<"group">;
  if (group.system.ruleset !== "harmonies")
    throw new UserError("WH.Roll.Error.NotHarmoniesGroup", { name: actor.name ?? "" });
  const largest = largestOf(fightingMembers(group));
  const combined = Object.fromEntries(group.system.combined.map((c) => [c.key, c.value]));
  return {
    kind: "combined",
    actor,
    name: actor.name ?? "",
    size: group.system.size,
    scores: harmoniesScores(combined as GroupMemberData["stats"]),
    skillLevel: largest.stats.skill,
    characteristic: group.system.action.characteristic,
    means: group.system.action.means,
  };
}

function wuxiaGroupSubject(actor: Actor.OfType<"group">): WuxiaGroupSubject {
  const system = actor.system;
  return {
    kind: "wuxiaGroup",
    actor,
    name: actor.name ?? "",
    size: system.size,
    attribute: system.action.attribute,
    subgroups: fightingMembers(actor).map((member) => ({
      label: member.label,
      members: member.count,
      attributes: Object.fromEntries(WUXIA_ATTRIBUTES.map((k) => [k, member.stats[k]])) as Record<
        WuxiaAttributeKey,
        number
      >,
      competence: member.stats.skill,
    })),
  };
}

/**
 * Where a click on an item starts the roll: a skill or power selects itself; a weapon selects
 * its skill (by its identifier) with the attack's attribute — Feu and SR 10 in Wuxia (RULES 1.4),
 * Agilité with Précision (missile) or Manœuvre (melee) in Harmonies.
 */
export function rollStart(subject: RollSubject, item: Item.Implementation | null | undefined): RollStart {
  if (!item) return {};
  if (item.parent !== subject.actor)
    throw new UserError("WH.Roll.Error.ItemNotOwned", { item: item.name ?? "", actor: subject.name });
  switch (item.type) {
    case "wuxiaSkill":
      return { skillId: item.id ?? "" };
    case "wuxiaPower":
      return { skillId: item.id ?? "", attribute: (item as Item.OfType<"wuxiaPower">).system.attribute };
    case "wuxiaWeapon":
      return {
        attribute: "feu",
        sr: 10,
        skillId: weaponSkillId(subject, (item as Item.OfType<"wuxiaWeapon">).system.skill),
      };
    case "harmoniesSkill": {
      const skill = (item as Item.OfType<"harmoniesSkill">).system;
      return { skillId: item.id ?? "", characteristic: skill.characteristic, means: skill.means };
    }
    case "harmoniesWeapon": {
      const weapon = (item as Item.OfType<"harmoniesWeapon">).system;
      return {
        skillId: weaponSkillId(subject, weapon.skill),
        characteristic: "agilite",
        means: weapon.range === "missile" ? "precision" : "manoeuvre",
      };
    }
    default:
      throw new UserError("WH.Roll.Error.ItemNotRollable", { item: item.name ?? "" });
  }
}

/** The skill a weapon names, by its identifier (a weapon made before identifiers names it, read as its slug). */
function weaponSkillId(subject: RollSubject, skill: string): string | undefined {
  if ((subject.kind !== "wuxia" && subject.kind !== "harmonies") || !skill.trim()) return undefined;
  const wanted = slugOf(skill);
  return (subject.skills as { id: string; identifier: string }[]).find((s) => s.identifier === wanted)?.id;
}
