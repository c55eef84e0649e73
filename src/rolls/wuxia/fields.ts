import { WUXIA_ATTRIBUTES, type WuxiaAttributeKey } from "../../rules/vocabulary";
import { UserError } from "../../core/errors";
import type { RollStart } from "../subject";
import type { WuxiaSubject } from "./subject";
import { currentVisibility, type Visibility } from "../visibility";
import type { WuxiaRollConfig } from "./roll";
import { WUXIA_DEFAULTS } from "../../rules";
import { rollSettings } from "../../settings/rolls";
import { MAX_POOL, checkbox, oneOf, visibility, whole } from "../fields";

/** A Wuxia test's fields: their defaults from the hero and the item clicked, read and made into the test. */

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
