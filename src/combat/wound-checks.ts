import { updateSystem } from "../foundry/write";
import { cardRecord } from "./card-record";
import { addWound } from "../rules";
import { UserError } from "../core/errors";
import type { HarmoniesRoll } from "../rolls/harmonies/roll";
import type { HarmoniesCharacteristicKey, HarmoniesMeansKey } from "../rules/vocabulary";
import { ownedActor } from "../rolls/card-subject";
import { carryOut, handleRequest } from "../requests/authority";
import { checkedHarmoniesRoll } from "../rolls/harmonies/checked";
import { objectField } from "../requests/payload";
import { prepareRollNow } from "../rolls/pipeline";
import { harmoniesActor } from "./harmonies-attack";
import { rollSubject } from "../rolls/subject";
import { type HarmoniesSubject } from "../rolls/harmonies/subject";

/**
 * The checks grave and critical wounds call for (RULES 2.5): a Cp + Rs roll at every sudden
 * action with a grave wound, failure turning the wound critical; an It + Rs roll with a critical
 * wound ([default] at the start of each of the character's turns in combat), failure → unconscious.
 * [default] Neither takes the wound penalties: they test how the body holds, as the soak does.
 */

export const GRAVE_CHECK = "harmoniesGraveCheck";
export const UNCONSCIOUS_STATUS = "unconscious";

export type WoundCheck = "grave" | "critical";
const PAIRS: Record<WoundCheck, { characteristic: HarmoniesCharacteristicKey; means: HarmoniesMeansKey }> = {
  grave: { characteristic: "corps", means: "resistance" },
  critical: { characteristic: "intuition", means: "resistance" },
};

export function woundCheckOf(message: ChatMessage.Implementation): { check: WoundCheck; held: boolean } | null {
  return (cardRecord(message, "woundCheck") as { check: WoundCheck; held: boolean } | undefined) ?? null;
}

/** The check's roll, not yet evaluated: the pair, no skill, difficulty 0, closed, no penalty. */
function checkRoll(actor: Actor.OfType<"harmoniesCharacter">, check: WoundCheck): HarmoniesRoll | null {
  const subject = rollSubject(actor) as HarmoniesSubject;
  const prepared = prepareRollNow<"harmonies">(subject, {
    start: PAIRS[check],
    values: { skillId: "", difficulty: 0, penalty: 0, open: false },
  });
  return prepared?.roll ?? null;
}

/** Whether a checked roll is this check: its pair, no skill, difficulty 0, closed. */
function isCheck(roll: HarmoniesRoll, check: WoundCheck): boolean {
  const { characteristic, means, skillName, difficulty, open } = roll.state;
  const pair = PAIRS[check];
  return (
    characteristic === pair.characteristic && means === pair.means && skillName === null && difficulty === 0 && !open
  );
}

/** A sudden action with a grave wound: the owner rolls Cp + Rs; the GM keeps the result and worsens the wound on a failure. */
export async function suddenActionCheck(actor: Actor.Implementation): Promise<void> {
  const character = harmoniesActor(actor);
  if (!character.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: character.name ?? "" });
  if (character.system.wounds.grave === 0)
    throw new UserError("WH.Combat.Error.NoGraveWound", { name: actor.name ?? "" });
  const roll = checkRoll(character, "grave");
  if (!roll) return;
  await roll.evaluate();
  await carryOut(GRAVE_CHECK, { roll: roll.toJSON() as object });
}

async function graveCheck(payload: unknown, requester: User.Implementation): Promise<void> {
  const roll = await checkedHarmoniesRoll(objectField(payload, "roll"), requester, { penalty: "none" });
  if (!isCheck(roll, "grave")) throw new UserError("WH.Combat.Error.NotThatCheck");
  const actor = harmoniesActor(await ownedActor(roll.state.actorUuid, requester));
  const { light, grave, critical, fatal } = actor.system.wounds;
  if (grave === 0) throw new UserError("WH.Combat.Error.NoGraveWound", { name: actor.name ?? "" });
  const held = roll.action.success;
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: [roll],
    type: "woundCheck",
    system: { check: "grave", held },
  });
  if (held) return;
  // The grave wound turns critical: off its level, onto the next free one (fatal when none is).
  const worse = addWound({ light, grave: grave - 1, critical, fatal }, "critical", {
    woundMaxima: actor.system.woundMaxima,
  });
  await updateSystem(actor, { wounds: worse });
}

/**
 * At the start of each turn it takes, a character with a critical wound rolls It + Rs (on the GM's
 * client, the turn event's); a failure makes it unconscious.
 */
export async function criticalWoundCheck(actor: Actor.Implementation): Promise<void> {
  const character = harmoniesActor(actor);
  if (character.system.wounds.critical === 0 || character.statuses.has(UNCONSCIOUS_STATUS)) return;
  // Through the roll pipeline, stopped after evaluation: a module's preRoll hook sees it, and may cancel it.
  const roll = checkRoll(character, "critical");
  if (!roll) return;
  await roll.evaluate({ allowInteractive: false });
  const held = roll.action.success;
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor: character }),
    rolls: [roll],
    type: "woundCheck",
    system: { check: "critical", held },
  });
  if (!held) await character.toggleStatusEffect(UNCONSCIOUS_STATUS, { active: true });
}

export function registerWoundChecks(): void {
  handleRequest(GRAVE_CHECK, graveCheck);
}
