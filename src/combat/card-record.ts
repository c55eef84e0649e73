import { systemFlag } from "../foundry/flags";

/**
 * A combat card's record: what the active GM's client wrote on the message it posted (an attack,
 * a Harmonies attack, a wound check). Any player may post a message of their own carrying the
 * same flag, with numbers of their choosing; so a record counts only on a message a GM authored,
 * and every handler and renderer reads it through here.
 */
export type CardRecordKey = "attack" | "harmoniesAttack" | "woundCheck";

const CARD_RECORD_KEYS: readonly CardRecordKey[] = ["attack", "harmoniesAttack", "woundCheck"];

/** Whether a GM wrote the message (its author, as the server keeps it). */
export function authoredByGm(message: ChatMessage.Implementation): boolean {
  return Boolean(message.author?.isGM);
}

/** The message's record of this kind, as stored, when a GM authored it; undefined otherwise. */
export function cardRecord(message: ChatMessage.Implementation, key: CardRecordKey): unknown {
  if (!authoredByGm(message)) return undefined;
  return systemFlag(message, key);
}

/** Whether the message carries a combat card's record at all, whoever wrote it. */
export function carriesCardRecord(message: ChatMessage.Implementation): boolean {
  return CARD_RECORD_KEYS.some((key) => systemFlag(message, key) !== undefined);
}
