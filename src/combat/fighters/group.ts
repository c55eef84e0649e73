import {
  HARMONIES_ATTRIBUTES,
  WUXIA_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type WuxiaAttributeKey,
} from "../../rules/vocabulary";
import { fightingCount, type GroupMemberData } from "../../documents/actors/group";
import { t } from "../../core/i18n";
import type { HarmoniesSubject } from "../../rolls/harmonies/subject";
import type { WuxiaSubject } from "../../rolls/wuxia/subject";
import { combatSettings } from "../../settings/combat";
import { nothingAtRoundStart, nothingAtTurnStart, type Fighter } from "./fighter";
import { harmoniesInitiativeRoll } from "./harmonies";
import { wuxiaFighter, wuxiaInitiativeTest } from "./wuxia";

/** The id the group's skill takes in its Initiative test: a group has no skill item, only a level. */
export const GROUP_SKILL_ID = "group-skill";

/**
 * The sub-group a Wuxia group fights with ([default] RULES 3.4: one Initiative test for the
 * group): the one with the most members still in the fight, the first of them on a tie.
 */
export function leadingMember(group: Actor.OfType<"group">): GroupMemberData | null {
  let best: GroupMemberData | null = null;
  for (const member of group.system.members as GroupMemberData[]) {
    if (fightingCount(member) > (best ? fightingCount(best) : 0)) best = member;
  }
  return best;
}

/** A Wuxia group fights as one member of its leading sub-group: its Attributes, its skill, no Destiny, no penalty. */
export function leadingMemberSubject(group: Actor.OfType<"group">): WuxiaSubject | null {
  const leading = group.system.ruleset === "wuxia" ? leadingMember(group) : null;
  if (!leading) return null;
  return {
    kind: "wuxia",
    actor: group,
    name: group.name ?? "",
    attributes: Object.fromEntries(WUXIA_ATTRIBUTES.map((k) => [k, leading.stats[k]])) as Record<
      WuxiaAttributeKey,
      number
    >,
    destiny: 0,
    srPenalty: 0,
    skills: [
      {
        id: GROUP_SKILL_ID,
        uuid: "",
        skillName: t("WH.Combat.GroupSkill"),
        specialisation: null,
        competence: leading.stats.skill,
        rerolls: 0,
        kind: "metier",
        attribute: null,
        chiCost: 0,
        identifier: GROUP_SKILL_ID,
      },
    ],
  };
}

/**
 * A Harmonies group fights as one member of its leading sub-group ([default] RULES 3.4): its
 * Initiative, parry and soak are that member's, with the group's skill level on the group's
 * action. Combined Values measure what the group does together, not how fast one of them is.
 */
export function harmoniesGroupSubject(group: Actor.OfType<"group">): HarmoniesSubject | null {
  const system = group.system;
  const leading = system.ruleset === "harmonies" ? leadingMember(group) : null;
  if (!leading) return null;
  return {
    kind: "harmonies",
    actor: group,
    name: group.name ?? "",
    scores: Object.fromEntries(HARMONIES_ATTRIBUTES.map((k) => [k, leading.stats[k]])) as Record<
      HarmoniesAttributeKey,
      number
    >,
    penalty: 0,
    physicalPenalty: 0,
    skills: [
      {
        id: GROUP_SKILL_ID,
        uuid: "",
        name: t("WH.Combat.GroupSkill"),
        level: leading.stats.skill,
        characteristic: system.action.characteristic,
        means: system.action.means,
        identifier: GROUP_SKILL_ID,
      },
    ],
  };
}

/**
 * A group in a fight, as one member of its leading sub-group (RULES 3.4): one Initiative roll and
 * one turn for the group, the world's default spend, nothing at turn start. None once nobody is
 * left fighting.
 */
export function groupFighter(group: Actor.OfType<"group">): Fighter | null {
  const wuxia = leadingMemberSubject(group);
  if (wuxia)
    return wuxiaFighter(group, {
      metal: wuxia.attributes.metal,
      spend: combatSettings().initiativeSpend,
      initiativeRoll: () => wuxiaInitiativeTest(wuxia, GROUP_SKILL_ID),
    });
  const harmonies = harmoniesGroupSubject(group);
  if (harmonies)
    return {
      ruleset: "harmonies",
      actor: group,
      initiativeRoll: () => harmoniesInitiativeRoll(harmonies),
      roundStart: nothingAtRoundStart,
      turnStart: nothingAtTurnStart,
    };
  return null;
}
