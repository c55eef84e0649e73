import {
  HARMONIES_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
} from "../../rules/vocabulary";
import { identifierOf } from "../../documents/items/identifier";

/** What a Harmonies action needs to know about a character and the skill rolled. */

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

export function harmoniesSubject(actor: Actor.OfType<"harmoniesCharacter">): HarmoniesSubject {
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
