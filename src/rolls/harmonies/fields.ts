import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
} from "../../rules/vocabulary";
import { UserError } from "../../core/errors";
import type { HarmoniesRollConfig } from "./roll";
import type { HarmoniesSubject } from "./subject";
import type { RollStart } from "../subject";
import { currentVisibility, type Visibility } from "../visibility";
import { rollSettings } from "../../settings/rolls";
import { checkbox, oneOf, visibility, whole } from "../fields";

/** A Harmonies action's fields: their defaults from the character and the skill clicked, read and made into the roll. */

export interface HarmoniesFormValues {
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
  skillId: string;
  difficulty: number;
  penalty: number;
  open: boolean;
  visibility: Visibility;
}

/** Corps and Agilité actions are the physical ones that light wounds hinder (RULES 2.5). */
export const PHYSICAL_CHARACTERISTICS: readonly HarmoniesCharacteristicKey[] = ["corps", "agilite"];

export function harmoniesDefaults(subject: HarmoniesSubject, start: RollStart = {}): HarmoniesFormValues {
  const skill = subject.skills.find((s) => s.id === start.skillId);
  const characteristic = start.characteristic ?? skill?.characteristic ?? "agilite";
  return {
    characteristic,
    means: start.means ?? skill?.means ?? "manoeuvre",
    skillId: skill?.id ?? "",
    difficulty: 0,
    penalty: PHYSICAL_CHARACTERISTICS.includes(characteristic) ? subject.physicalPenalty : subject.penalty,
    open: rollSettings().open,
    visibility: currentVisibility(),
  };
}

export function readHarmoniesValues(raw: Record<string, unknown>, subject: HarmoniesSubject): HarmoniesFormValues {
  const skillId = String(raw.skillId ?? "");
  if (skillId && !subject.skills.some((s) => s.id === skillId))
    throw new UserError("WH.Roll.Error.BadChoice", { field: game.i18n.localize("WH.Dialog.Skill") });
  return {
    characteristic: oneOf(raw.characteristic, HARMONIES_CHARACTERISTICS, "WH.Dialog.Characteristic"),
    means: oneOf(raw.means, HARMONIES_MEANS, "WH.Dialog.Means"),
    skillId,
    difficulty: whole(raw.difficulty, "WH.Dialog.Difficulty.Label"),
    penalty: whole(raw.penalty ?? 0, "WH.Dialog.Penalty"),
    open: checkbox(raw.open),
    visibility: visibility(raw.visibility),
  };
}

export function harmoniesConfig(subject: HarmoniesSubject, values: HarmoniesFormValues): HarmoniesRollConfig {
  const skill = subject.skills.find((s) => s.id === values.skillId) ?? null;
  return {
    characteristic: values.characteristic,
    characteristicValue: subject.scores[values.characteristic],
    means: values.means,
    meansValue: subject.scores[values.means],
    skillName: skill?.name ?? null,
    skillLevel: skill?.level ?? 0,
    difficulty: values.difficulty,
    penalty: values.penalty,
    open: values.open,
    actorUuid: subject.actor.uuid,
    actorName: subject.name,
    itemUuid: skill?.uuid ?? null,
  };
}
