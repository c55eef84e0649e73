import { UserError } from "../core/errors";
import { askGm, readSignedRequest, type RequestTicket } from "./signed";
import { settle, valueOrThrow, type RequestResult } from "./results";
import { inAuthorityOrder } from "./queue";

/**
 * One authority carries out every action that reads a shared state and writes it back (Destiny
 * spent, rolls joined to a card, experience paid): the active GM's client, in the order the
 * actions arrive. Two clients acting at once therefore never both read the same old state; the
 * GM's own clicks take the same road; one queue orders them all (`queue.ts`). With no GM connected, an action runs where it was asked
 * when that user may make its writes.
 *
 * A handler receives the payload as untrusted data (it came from a client) and the requester as
 * the server attests it; it checks both, and may resolve with a receipt (a string).
 */
export type RequestHandler = (payload: unknown, requester: User.Implementation) => Promise<unknown>;

const handlers = new Map<string, RequestHandler>();

export function handleRequest(action: string, handler: RequestHandler): void {
  handlers.set(action, handler);
}

function handlerFor(action: string): RequestHandler {
  const handler = handlers.get(action);
  if (!handler) throw new UserError("WH.Request.Error.Unknown", { action });
  return handler;
}

/**
 * Carries out an action by the authority and resolves with its receipt; a refusal, here or from
 * the GM, is thrown (a UserError) for the requester's notification.
 */
export async function carryOut(
  action: string,
  payload: object,
  options: { withoutGm?: boolean } = {},
): Promise<string | undefined> {
  const handler = handlerFor(action);
  const gm = game.users.activeGM;
  if (gm?.isSelf || (!gm && options.withoutGm === true))
    return valueOrThrow(await settle(() => inAuthorityOrder(() => handler(payload, game.user))));
  if (!gm) throw new UserError("WH.Chat.Error.NoGm");
  return valueOrThrow(await askGm(gm, action, payload));
}

/** Answers already given, by request: a ticket sent twice is carried out once. */
const answers = new Map<string, Promise<RequestResult>>();
const REMEMBERED_ANSWERS = 500;

/** The GM's answer to a request query: read the signed request, carry it out once. */
export function answerRequest(ticket: unknown): Promise<RequestResult> {
  const { requestId, requesterId } = (ticket ?? {}) as Partial<RequestTicket>;
  const key = `${String(requesterId)}.${String(requestId)}`;
  const known = answers.get(key);
  if (known) return known;
  const answer = settle(async () => {
    if (!game.user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
    // Read (and consumed) as it arrives; carried out in the authority's order.
    const { requester, action, payload } = await readSignedRequest(ticket);
    const handler = handlerFor(action);
    return inAuthorityOrder(() => handler(payload, requester));
  });
  answers.set(key, answer);
  if (answers.size > REMEMBERED_ANSWERS) answers.delete(answers.keys().next().value as string);
  return answer;
}
