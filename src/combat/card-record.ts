import { SYSTEM_ID } from "../foundry/system";
import { systemFlag } from "../foundry/flags";
import { updateRolls } from "../foundry/rolls";

/**
 * A combat card's record: what the active GM's client wrote on the message it posted (an attack,
 * a Harmonies attack, a wound check) — the message's `system`, its sub-type being the card's kind
 * (`card-models.ts`); earlier versions kept it in a flag of a plain message. Any player may post
 * a message of their own of the same sub-type, or with the same flag, with numbers of their
 * choosing; so a record counts only on a message a GM authored, and every handler and renderer
 * reads it through here.
 */
export type CardRecordKey = "attack" | "harmoniesAttack" | "woundCheck";

const CARD_RECORD_KEYS: readonly CardRecordKey[] = ["attack", "harmoniesAttack", "woundCheck"];

/** Whether a GM wrote the message (its author, as the server keeps it). */
export function authoredByGm(message: ChatMessage.Implementation): boolean {
  return Boolean(message.author?.isGM);
}

/** The record a message holds of this kind, as stored, whoever wrote it. */
function storedRecord(message: ChatMessage.Implementation, key: CardRecordKey): unknown {
  if (message.type === key) return (message.system as { toObject(): object }).toObject();
  return systemFlag(message, key);
}

/** The message's record of this kind, as stored, when a GM authored it; undefined otherwise. */
export function cardRecord(message: ChatMessage.Implementation, key: CardRecordKey): unknown {
  return authoredByGm(message) ? storedRecord(message, key) : undefined;
}

/** Whether the message carries a combat card's record at all, whoever wrote it. */
export function carriesCardRecord(message: ChatMessage.Implementation): boolean {
  return CARD_RECORD_KEYS.some((key) => storedRecord(message, key) !== undefined);
}

/**
 * Writes a card's record where the card keeps it (its `system`, or an earlier version's flag),
 * with its rolls in the same update when they change.
 */
export async function writeCardRecord(
  message: ChatMessage.Implementation,
  key: CardRecordKey,
  record: object,
  rolls?: readonly Roll[],
): Promise<void> {
  const changes = (
    message.type === key ? { system: record } : { flags: { [SYSTEM_ID]: { [key]: record } } }
  ) as ChatMessage.UpdateData;
  if (rolls) await updateRolls(message, rolls, changes);
  else await message.update(changes);
}
