import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  WUXIA_ATTRIBUTES,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
  type WuxiaAttributeKey,
} from "../../rules/vocabulary";
import type { GroupRollConfig } from "./group-roll";
import type { CombinedRollConfig } from "./combined-roll";
import type { WuxiaGroupRollConfig } from "./wuxia-group-roll";
import type { CombinedSubject, GroupSubject, WuxiaGroupSubject } from "./subject";
import type { RollStart } from "../subject";
import { currentVisibility, type Visibility } from "../visibility";
import { WUXIA_DEFAULTS } from "../../rules";
import { rollSettings } from "../../settings/rolls";
import { checkbox, oneOf, visibility, whole } from "../fields";

/** A group roll's fields: their defaults from the group, read and made into the roll. */

export interface GroupFormValues {
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
  skillLevel: number;
  difficulty: number;
  open: boolean;
  visibility: Visibility;
}

/** A Wuxia group's test: the Attribute every sub-group rolls, the SR (RULES 3.4 [default]). */
export interface WuxiaGroupFormValues {
  attribute: WuxiaAttributeKey;
  sr: number;
  visibility: Visibility;
}

export function wuxiaGroupDefaults(subject: WuxiaGroupSubject, start: RollStart = {}): WuxiaGroupFormValues {
  return {
    attribute: start.attribute ?? subject.attribute,
    sr: start.sr ?? WUXIA_DEFAULTS.standardSr,
    visibility: currentVisibility(),
  };
}

export function groupDefaults(subject: GroupSubject | CombinedSubject, start: RollStart = {}): GroupFormValues {
  return {
    characteristic: start.characteristic ?? subject.characteristic,
    means: start.means ?? subject.means,
    skillLevel: subject.skillLevel,
    difficulty: 0,
    // The book recommends closed rolls for groups (RULES 3.2).
    open: false,
    visibility: currentVisibility(),
  };
}

export function readWuxiaGroupValues(raw: Record<string, unknown>): WuxiaGroupFormValues {
  return {
    attribute: oneOf(raw.attribute, WUXIA_ATTRIBUTES, "WH.Dialog.Attribute"),
    sr: whole(raw.sr, "WH.Dialog.Sr.Label"),
    visibility: visibility(raw.visibility),
  };
}

export function readGroupValues(raw: Record<string, unknown>): GroupFormValues {
  return {
    characteristic: oneOf(raw.characteristic, HARMONIES_CHARACTERISTICS, "WH.Dialog.Characteristic"),
    means: oneOf(raw.means, HARMONIES_MEANS, "WH.Dialog.Means"),
    skillLevel: whole(raw.skillLevel, "WH.Dialog.SkillLevel"),
    difficulty: whole(raw.difficulty, "WH.Dialog.Difficulty.Label"),
    open: checkbox(raw.open),
    visibility: visibility(raw.visibility),
  };
}

export function groupConfig(subject: GroupSubject, values: GroupFormValues): GroupRollConfig {
  return {
    size: subject.size,
    characteristic: values.characteristic,
    characteristicValue: subject.scores[values.characteristic],
    means: values.means,
    meansValue: subject.scores[values.means],
    skillName: null,
    skillLevel: values.skillLevel,
    difficulty: values.difficulty,
    open: values.open,
    mode: rollSettings().groupMode,
    figuresOf: subject.figuresOf,
    actorUuid: subject.actor.uuid,
    actorName: subject.name,
  };
}

/** Each sub-group still fighting tests with its own value of the Attribute chosen and its own skill. */
export function wuxiaGroupConfig(subject: WuxiaGroupSubject, values: WuxiaGroupFormValues): WuxiaGroupRollConfig {
  return {
    attribute: values.attribute,
    sr: values.sr,
    subgroups: subject.subgroups.map((s) => ({
      label: s.label,
      members: s.members,
      attribute: s.attributes[values.attribute],
      competence: s.competence,
    })),
    actorUuid: subject.actor.uuid,
    actorName: subject.name,
  };
}

export function combinedConfig(subject: CombinedSubject, values: GroupFormValues): CombinedRollConfig {
  return {
    size: subject.size,
    characteristic: values.characteristic,
    characteristicValue: subject.scores[values.characteristic],
    means: values.means,
    meansValue: subject.scores[values.means],
    skillName: null,
    skillLevel: values.skillLevel,
    difficulty: values.difficulty,
    open: values.open,
    actorUuid: subject.actor.uuid,
    actorName: subject.name,
  };
}
