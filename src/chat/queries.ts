import { SYSTEM_ID } from "../constants";
import { RollError } from "../dice/errors";
import { RulesError } from "../rules";

/** The answer to a card action, local or from the GM: a failure carries an i18n key. */
export type CardActionResult = { ok: true } | { ok: false; error: string; data?: Record<string, string | number> };

/** Reroll one die of a Wuxia roll on a chat card with one of the actor's Destiny dice. */
export interface DestinyRequest {
  messageId: string;
  rollIndex: number;
  dieIndex: number;
  requesterId: string;
}

/** Add a roll opposing the card's roll to the same message. */
export interface OpposeRequest {
  messageId: string;
  /** The opposing WuxiaRoll, evaluated by the requester, as JSON. */
  roll: Record<string, unknown>;
  requesterId: string;
}

export const DESTINY_QUERY = `${SYSTEM_ID}.spendDestiny` as const;
export const OPPOSE_QUERY = `${SYSTEM_ID}.oppose` as const;

export interface CardQueries {
  [DESTINY_QUERY]: (request: DestinyRequest) => Promise<CardActionResult>;
  [OPPOSE_QUERY]: (request: OpposeRequest) => Promise<CardActionResult>;
}

/** A refusal for the requester to read in their own language. */
export function refused(error: unknown): CardActionResult {
  if (error instanceof RollError) return { ok: false, error: error.key, data: error.data };
  if (error instanceof RulesError) return { ok: false, error: "WH.Roll.Error.Unexpected", data: { message: error.message } };
  // The raw message: the requester's client wraps it in "WH.Roll.Error.Unexpected", in their language.
  return { ok: false, error: "WH.Roll.Error.Unexpected", data: { message: error instanceof Error ? error.message : String(error) } };
}

/** Runs an action and turns any refusal into a result, so a query always answers. */
export async function settle(action: () => Promise<void>): Promise<CardActionResult> {
  try {
    await action();
    return { ok: true };
  } catch (error) {
    return refused(error);
  }
}

/** Throws the refusal a result carries, for the requester's notification. */
function throwIfRefused(result: CardActionResult): void {
  if (!result.ok) throw new RollError(result.error, result.data);
}

/**
 * Acts at once when this user may update the card's message; otherwise asks the active GM,
 * whose handler checks again that the requester may (the query does not say who asked, so the
 * request carries the requester's id). A refusal, here or from the GM, is thrown for the
 * requester's notification.
 */
export async function actOrAskGm<K extends keyof CardQueries>(
  name: K,
  request: Parameters<CardQueries[K]>[0],
  message: ChatMessage.Implementation,
  act: () => Promise<void>,
): Promise<void> {
  const canActLocally = game.user.isGM || message.canUserModify(game.user, "update");
  throwIfRefused(canActLocally ? await settle(act) : await askGm(name, request));
}

async function askGm<K extends keyof CardQueries>(name: K, request: Parameters<CardQueries[K]>[0]): Promise<CardActionResult> {
  const gm = game.users.activeGM;
  if (!gm) return { ok: false, error: "WH.Chat.Error.NoGm" };
  return (await gm.query(name, request as never)) as CardActionResult;
}
