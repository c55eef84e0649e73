import {
  HARMONIES_ATTRIBUTES,
  WUXIA_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
  type WuxiaAttributeKey,
} from "../../rules/vocabulary";
import { activeMembers, type GroupMemberData } from "../../documents/actors/group";
import { UserError } from "../../core/errors";

/** What a group's roll needs to know about an NPC group: its sub-groups still in the fight (RULES 3). */

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
  /** The sub-group whose figures the roll takes, when the group has others still fighting. */
  figuresOf: string | null;
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

export function groupSubject(actor: Actor.OfType<"group">): GroupSubject {
  const system = actor.system;
  const fighting = fightingMembers(actor);
  const largest = largestOf(fighting);
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
    figuresOf: fighting.length > 1 ? largest.label : null,
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
    figuresOf: null,
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

export function wuxiaGroupSubject(actor: Actor.OfType<"group">): WuxiaGroupSubject {
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
