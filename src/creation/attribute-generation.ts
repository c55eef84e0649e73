import { HarmoniesCreationRoll } from "../rolls/harmonies/creation-roll";
import { UserError } from "../core/errors";
import { postRoll } from "../rolls/post";
import { t } from "../core/i18n";
import { validateHarmoniesCreation, type HarmoniesAttributes, type HarmoniesCreationProblem } from "../rules";
import { creationRerolls } from "./settings";
import { ATTRIBUTE_LABEL_PREFIX, type HarmoniesCharacteristicKey, type HarmoniesMeansKey } from "../rules/vocabulary";
import { carryOut, handleRequest } from "../requests/authority";
import { objectField, textField } from "../requests/payload";
import { ownedActor } from "../rolls/card-subject";
import { creationRecord, writeCreationRecord } from "./records";

/**
 * A Harmonies character's attributes rolled and shared out (RULES 2.1). Each roll is posted as a
 * public card, the record everyone at the table sees; the GMs' creation records keep the last
 * roll, so the sharing out may wait, and count the rolls against the rerolls the GM allows (a
 * setting). Once applied, the attributes are the character's: only the GM may start the roll
 * over. The active GM's client rolls, posts and records, so the dice and the count are the GM's.
 */

export const ROLL_ATTRIBUTES = "rollAttributes";
export const APPLY_ATTRIBUTES = "applyAttributes";
export const RESET_ATTRIBUTE_ROLL = "resetAttributeRoll";

type Character = Actor.OfType<"harmoniesCharacter">;

export interface AttributeRollRecord {
  /** The card that shows the roll; null when it could not be posted. */
  messageId: string | null;
  /** Which roll this is, from 1. */
  attempt: number;
  rolls: number[];
  kept: number[];
  /** Where in `rolls` the two dropped results are. */
  droppedAt: { highest: number; lowest: number };
  applied: boolean;
}

/** The rules' short names of the eight attributes and the sheet's fields they fill. */
export const ATTRIBUTE_FIELDS: Record<
  keyof HarmoniesAttributes,
  { group: "characteristics"; key: HarmoniesCharacteristicKey } | { group: "means"; key: HarmoniesMeansKey }
> = {
  cp: { group: "characteristics", key: "corps" },
  ag: { group: "characteristics", key: "agilite" },
  it: { group: "characteristics", key: "intuition" },
  ig: { group: "characteristics", key: "intelligence" },
  pu: { group: "means", key: "puissance" },
  rs: { group: "means", key: "resistance" },
  mn: { group: "means", key: "manoeuvre" },
  pr: { group: "means", key: "precision" },
};

const isWholeList = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) && value.length === length && value.every(Number.isInteger);

/** The roll the GMs' record holds; null when there is none (never rolled, or rolled over). */
export function attributeRoll(actor: Actor.Implementation): AttributeRollRecord | null {
  const stored = creationRecord(actor, "attributeRoll");
  if (typeof stored !== "object" || stored === null) return null;
  const record = stored as Record<string, unknown>;
  if (!Number.isInteger(record.attempt) || !isWholeList(record.rolls, 6) || !isWholeList(record.kept, 4)) return null;
  const dropped = record.droppedAt as { highest?: unknown; lowest?: unknown } | undefined;
  const at = [dropped?.highest, dropped?.lowest];
  if (!at.every((i) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < 6)) return null;
  return {
    messageId: typeof record.messageId === "string" ? record.messageId : null,
    attempt: record.attempt as number,
    rolls: record.rolls,
    kept: record.kept,
    droppedAt: { highest: at[0] as number, lowest: at[1] as number },
    applied: record.applied === true,
  };
}

/** Rolls the world allows a character: the first and the GM's rerolls. */
export function allowedRolls(): number {
  return 1 + creationRerolls();
}

function mustOwn(actor: Actor.Implementation): void {
  if (!actor.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: actor.name ?? "" });
}

function mustNotBeApplied(actor: Actor.Implementation, record: AttributeRollRecord | null): void {
  if (record?.applied) throw new UserError("WH.Creation.Error.Applied", { name: actor.name ?? "" });
}

/**
 * Rolls the character's attributes, by the active GM: a public card, then the record. Refused
 * (localised) to a non-owner, once applied, or past the rolls the world allows. Resolves with the
 * record as this client then reads it.
 */
export async function rollAttributes(actor: Character): Promise<AttributeRollRecord | null> {
  mustOwn(actor);
  await carryOut(ROLL_ATTRIBUTES, { actorUuid: actor.uuid });
  return attributeRoll(actor);
}

/** The requester's own Harmonies character the payload names. */
async function requestersCharacter(payload: unknown, requester: User.Implementation): Promise<Character> {
  const actor = await ownedActor(textField(payload, "actorUuid"), requester);
  if (actor.type !== "harmoniesCharacter") throw new UserError("WH.Creation.Error.NotHarmonies");
  return actor as Character;
}

async function rollFor(payload: unknown, requester: User.Implementation): Promise<void> {
  const actor = await requestersCharacter(payload, requester);
  const before = attributeRoll(actor);
  mustNotBeApplied(actor, before);
  const allowed = allowedRolls();
  const attempt = (before?.attempt ?? 0) + 1;
  if (attempt > allowed) throw new UserError("WH.Creation.Error.NoReroll", { name: actor.name ?? "", count: allowed });
  const roll = HarmoniesCreationRoll.build({ actorUuid: actor.uuid, actorName: actor.name ?? "", attempt, allowed });
  // Public whatever the chat's roll mode: the table sees every roll a character makes.
  const message = await postRoll(roll, { visibility: "public", actor });
  const { rolls, kept, droppedAt } = roll.attributes;
  const record: AttributeRollRecord = {
    messageId: message?.id ?? null,
    attempt,
    rolls,
    kept,
    droppedAt,
    applied: false,
  };
  await writeCreationRecord(actor.uuid, "attributeRoll", record);
}

/** A creation problem in the reader's language. */
function creationProblemText(problem: HarmoniesCreationProblem): string {
  if (problem.code === "WH.Creation.WrongResults") return t(problem.code);
  const [first, second] = problem.field.split("/") as [keyof HarmoniesAttributes, keyof HarmoniesAttributes];
  const label = (short: keyof HarmoniesAttributes) => t(`${ATTRIBUTE_LABEL_PREFIX}.${ATTRIBUTE_FIELDS[short].key}`);
  return t(problem.code, { field: `${label(first)} / ${label(second)}` });
}

/**
 * Writes the eight attributes shared out from the kept results, by the active GM, in one update
 * of the character, and marks the roll applied. Refused (localised) to a non-owner, with no roll,
 * once applied, or for a sharing out the rules refuse (a result used twice, a gap above 2).
 */
export async function applyAttributes(actor: Character, attributes: HarmoniesAttributes): Promise<void> {
  mustOwn(actor);
  await carryOut(APPLY_ATTRIBUTES, { actorUuid: actor.uuid, attributes });
}

/** No sharing out of results a roll can make (each −5 to +5) reaches this. */
const MAX_ATTRIBUTE = 10;

/** The eight attributes a payload gives: whole numbers, each within what any roll could make. */
function attributesField(payload: unknown): HarmoniesAttributes {
  const sent = objectField(payload, "attributes");
  const attributes = {} as HarmoniesAttributes;
  for (const short of Object.keys(ATTRIBUTE_FIELDS) as (keyof HarmoniesAttributes)[]) {
    const value = sent[short];
    if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > MAX_ATTRIBUTE)
      throw new UserError("WH.Request.Error.BadField", { field: `attributes.${short}` });
    attributes[short] = value;
  }
  return attributes;
}

async function applyFor(payload: unknown, requester: User.Implementation): Promise<void> {
  const actor = await requestersCharacter(payload, requester);
  const attributes = attributesField(payload);
  const record = attributeRoll(actor);
  if (!record) throw new UserError("WH.Creation.Error.NotRolled", { name: actor.name ?? "" });
  mustNotBeApplied(actor, record);
  const check = validateHarmoniesCreation(record.kept, attributes);
  if (!check.valid) {
    throw new UserError("WH.Creation.Error.Invalid", {
      problems: check.problems.map(creationProblemText).join(" "),
    });
  }
  const system: Record<string, Record<string, { value: number }>> = { characteristics: {}, means: {} };
  for (const [short, { group, key }] of Object.entries(ATTRIBUTE_FIELDS) as [
    keyof HarmoniesAttributes,
    { group: string; key: string },
  ][]) {
    (system[group] as Record<string, { value: number }>)[key] = { value: attributes[short] };
  }
  // Marked applied first: a second sharing out arriving meanwhile is refused, and the mark is
  // taken back if the character cannot be written.
  await writeCreationRecord(actor.uuid, "attributeRoll", { ...record, applied: true });
  try {
    await actor.update({ system });
  } catch (error) {
    await writeCreationRecord(actor.uuid, "attributeRoll", record);
    throw error;
  }
}

/** The GM starts a character's attribute roll over: the record goes, the cards stay in the chat. */
export async function resetAttributeRoll(actor: Character): Promise<void> {
  if (!game.user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
  await carryOut(RESET_ATTRIBUTE_ROLL, { actorUuid: actor.uuid });
}

async function resetFor(payload: unknown, requester: User.Implementation): Promise<void> {
  if (!requester.isGM) throw new UserError("WH.Chat.Error.GmOnly");
  const actorUuid = textField(payload, "actorUuid");
  await writeCreationRecord(actorUuid, "attributeRoll", null);
}

export function registerAttributeGeneration(): void {
  handleRequest(ROLL_ATTRIBUTES, rollFor);
  handleRequest(APPLY_ATTRIBUTES, applyFor);
  handleRequest(RESET_ATTRIBUTE_ROLL, resetFor);
}
