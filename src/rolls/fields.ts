import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  WUXIA_ATTRIBUTES,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
  type WuxiaAttributeKey,
} from "../rules/vocabulary";
import { UserError } from "../core/errors";
import type { GroupRollConfig } from "./groups/group-roll";
import type { HarmoniesRollConfig } from "./harmonies/roll";
import type { CombinedRollConfig } from "./groups/combined-roll";
import type { WuxiaGroupRollConfig } from "./groups/wuxia-group-roll";
import type {
  CombinedSubject,
  GroupSubject,
  HarmoniesSubject,
  RollStart,
  WuxiaGroupSubject,
  WuxiaSubject,
} from "./subject";
import { currentVisibility, isVisibility, type Visibility } from "./visibility";
import type { WuxiaRollConfig } from "./wuxia/roll";
import { WUXIA_DEFAULTS } from "../rules";
import { rollSettings } from "../settings/rolls";

/**
 * The roll dialog's fields, their defaults from the actor and the item clicked, and the roll
 * configuration they make. The dialog, a skipped dialog and the macro API all go through here.
 */

export interface WuxiaFormValues {
  attribute: WuxiaAttributeKey;
  /** A skill or power id, or "" for the Attribute alone. */
  skillId: string;
  /** Use the specialisation's rerolls (when the skill is one). */
  specialisation: boolean;
  sr: number;
  extraDice: number;
  /** Destiny dice added to the pool (Destiny mode "extra die" only). */
  destinyDice: number;
  /** Group reserve dice added to an attack's pool (RULES 1.4). */
  reserveDice: number;
  visibility: Visibility;
}

export interface HarmoniesFormValues {
  characteristic: HarmoniesCharacteristicKey;
  means: HarmoniesMeansKey;
  skillId: string;
  difficulty: number;
  penalty: number;
  open: boolean;
  visibility: Visibility;
}

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

export function wuxiaDefaults(subject: WuxiaSubject, start: RollStart = {}): WuxiaFormValues {
  const skill = subject.skills.find((s) => s.id === start.skillId);
  return {
    attribute: start.attribute ?? skill?.attribute ?? "feu",
    skillId: skill?.id ?? "",
    specialisation: (skill?.rerolls ?? 0) > 0,
    sr: start.sr ?? WUXIA_DEFAULTS.standardSr,
    extraDice: 0,
    destinyDice: 0,
    reserveDice: 0,
    visibility: currentVisibility(),
  };
}

export function wuxiaGroupDefaults(subject: WuxiaGroupSubject, start: RollStart = {}): WuxiaGroupFormValues {
  return {
    attribute: start.attribute ?? subject.attribute,
    sr: start.sr ?? WUXIA_DEFAULTS.standardSr,
    visibility: currentVisibility(),
  };
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

/** A whole number from a form field, or a localised error naming the field. */
function whole(value: unknown, field: string, min = -Infinity): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n))
    throw new UserError("WH.Roll.Error.NotWholeNumber", { field: game.i18n.localize(field) });
  if (n < min) throw new UserError("WH.Roll.Error.TooSmall", { field: game.i18n.localize(field), min });
  return n;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T))
    throw new UserError("WH.Roll.Error.BadChoice", { field: game.i18n.localize(field) });
  return value as T;
}

function checkbox(value: unknown): boolean {
  return value === true || value === "true" || value === "on";
}

function visibility(value: unknown): Visibility {
  if (!isVisibility(value))
    throw new UserError("WH.Roll.Error.BadChoice", { field: game.i18n.localize("WH.Dialog.Visibility") });
  return value;
}

/** Reads raw form values (strings, numbers, booleans) into checked values. */
export function readWuxiaValues(raw: Record<string, unknown>, subject: WuxiaSubject): WuxiaFormValues {
  const skillId = String(raw.skillId ?? "");
  if (skillId && !subject.skills.some((s) => s.id === skillId))
    throw new UserError("WH.Roll.Error.BadChoice", { field: game.i18n.localize("WH.Dialog.Skill") });
  return {
    attribute: oneOf(raw.attribute, WUXIA_ATTRIBUTES, "WH.Dialog.Attribute"),
    skillId,
    specialisation: checkbox(raw.specialisation),
    sr: whole(raw.sr, "WH.Dialog.Sr.Label"),
    extraDice: whole(raw.extraDice ?? 0, "WH.Dialog.ExtraDice", 0),
    destinyDice: whole(raw.destinyDice ?? 0, "WH.Dialog.DestinyDice", 0),
    reserveDice: whole(raw.reserveDice ?? 0, "WH.Dialog.ReserveDice", 0),
    visibility: visibility(raw.visibility),
  };
}

export function readWuxiaGroupValues(raw: Record<string, unknown>): WuxiaGroupFormValues {
  return {
    attribute: oneOf(raw.attribute, WUXIA_ATTRIBUTES, "WH.Dialog.Attribute"),
    sr: whole(raw.sr, "WH.Dialog.Sr.Label"),
    visibility: visibility(raw.visibility),
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

/**
 * The largest pool a roll may have. Attributes stop at 10; the exact odds are specified up to
 * 100 dice and take under a millisecond there, while 1000 dice would take a quarter of a second
 * at every keystroke in the dialog.
 */
export const MAX_POOL = 100;

/**
 * The test the values describe; Destiny dice beyond what the actor has, and reserve dice beyond
 * what the side's reserve holds, are refused. Reserve dice are d10s like extra dice: the roll
 * counts them among its extra dice, and the attack card records how many the reserve paid.
 */
export function wuxiaConfig(subject: WuxiaSubject, values: WuxiaFormValues): WuxiaRollConfig {
  const skill = subject.skills.find((s) => s.id === values.skillId) ?? null;
  const destinyDice = rollSettings().destinyMode === "extraDie" ? values.destinyDice : 0;
  if (destinyDice > subject.destiny)
    throw new UserError("WH.Roll.Error.NotEnoughDestiny", { name: subject.name, count: subject.destiny });
  const reserveLeft = subject.reserve ?? 0;
  if (values.reserveDice > reserveLeft) throw new UserError("WH.Combat.Error.NotEnoughReserve", { count: reserveLeft });
  const extraDice = values.extraDice + values.reserveDice;
  if (subject.attributes[values.attribute] + extraDice + destinyDice > MAX_POOL)
    throw new UserError("WH.Roll.Error.PoolTooLarge", { max: MAX_POOL });
  const useSpecialisation = Boolean(skill?.specialisation) && values.specialisation;
  return {
    attribute: values.attribute,
    attributeValue: subject.attributes[values.attribute],
    skillName: skill?.skillName ?? null,
    competence: skill?.competence ?? 0,
    rerolls: useSpecialisation ? (skill?.rerolls ?? 0) : 0,
    specialisation: useSpecialisation ? (skill?.specialisation ?? null) : null,
    sr: values.sr,
    srPenalty: subject.srPenalty,
    extraDice,
    destinyDice,
    actorUuid: subject.actor.uuid,
    actorName: subject.name,
    itemUuid: skill?.uuid ?? null,
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
