import { SYSTEM_ID } from "../foundry/system";
import { unsetSystemFlag } from "../foundry/flags";
import { UserError } from "../core/errors";
import type { RequestResult } from "./results";

/**
 * Requests signed by the server. A query's handler is not told who sent it, and anything a
 * request says about its sender is the sender's claim. So the requester first writes the request
 * into a flag of their own User — the server lets a user write only their own User, and a GM —
 * and the query carries only where to find it. The GM reads the request from that User: whoever
 * sent the query, the request is the one that User wrote, carried out for that User.
 */

export const REQUEST_QUERY = `${SYSTEM_ID}.request` as const;
const FLAG = "requests";

/** What the query carries: where the request is. */
export interface RequestTicket {
  requestId: string;
  requesterId: string;
}

/** What the requester writes on their User. */
interface SignedRequest {
  action: string;
  payload: unknown;
}

/** Above this, a request is refused unread (a roll of the largest pool is under 20 000). */
export const MAX_REQUEST_CHARACTERS = 100_000;
/** How long the GM waits for a request's flag to arrive when the query overtook it. */
export const SIGNATURE_WAIT_MS = 2_000;
/** How long the requester waits for the GM's answer. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** The requester's side: write the request on their own User, ask the GM, then clear it. */
export async function askGm(gm: User.Implementation, action: string, payload: object): Promise<RequestResult> {
  const user = game.user;
  // Core refuses a query from a user without "Query other users" (API v13 User#query); a world
  // may take it from players, and then no request can reach the GM.
  if (!user.can("QUERY_USER")) throw new UserError("WH.Request.Error.NoQueryPermission");
  const requestId = foundry.utils.randomID();
  await user.update({ [`flags.${SYSTEM_ID}.${FLAG}.${requestId}`]: { action, payload } });
  try {
    const ticket: RequestTicket = { requestId, requesterId: user.id ?? "" };
    return (await gm.query(REQUEST_QUERY, ticket, { timeout: ANSWER_TIMEOUT_MS })) as RequestResult;
  } finally {
    await unsetSystemFlag(user, `${FLAG}.${requestId}`);
  }
}

/**
 * When this GM's page saw each request arrive on its requester's User, by its own clock: a
 * request the page never saw arrive was left from before it loaded (a closed tab's), and one
 * older than an answer's wait is stale; both are refused and removed, never carried out.
 */
const arrivals = new Map<string, number>();
/** Arrivals kept at the most: requests are consumed as they are answered, so only the lost stay. */
const REMEMBERED_ARRIVALS = 1000;

function arrivalKey(userId: string, requestId: string): string {
  return `${userId}.${requestId}`;
}

function recordArrival(userId: string, requestId: string): void {
  const key = arrivalKey(userId, requestId);
  if (arrivals.has(key)) return;
  arrivals.set(key, Date.now());
  if (arrivals.size > REMEMBERED_ARRIVALS) arrivals.delete(arrivals.keys().next().value as string);
}

/** Records each request that reaches a User, on every page (any of them may be the active GM's). */
export function watchRequestArrivals(): void {
  Hooks.on("updateUser", (user, changed) => {
    const flags = (changed as { flags?: Partial<Record<string, { requests?: Record<string, unknown> }>> }).flags;
    const written = flags?.[SYSTEM_ID]?.requests;
    for (const requestId of Object.keys(written ?? {}))
      if (!requestId.startsWith("-=") && written?.[requestId] !== null) recordArrival(user.id ?? "", requestId);
  });
}

function storedRequest(user: User.Implementation, requestId: string): unknown {
  const requests = user.getFlag(SYSTEM_ID, FLAG) as Record<string, unknown> | undefined;
  return requests && Object.hasOwn(requests, requestId) ? requests[requestId] : undefined;
}

/** The request a ticket points at, once the requester's flag has reached this client. */
async function awaitStoredRequest(user: User.Implementation, requestId: string): Promise<unknown> {
  const found = storedRequest(user, requestId);
  if (found !== undefined) return found;
  return new Promise((resolve) => {
    const stop = (value: unknown) => {
      clearTimeout(timer);
      Hooks.off("updateUser", hook);
      resolve(value);
    };
    const hook = Hooks.on("updateUser", (changed: User.Implementation) => {
      if (changed.id !== user.id) return;
      const stored = storedRequest(user, requestId);
      if (stored === undefined) return;
      recordArrival(user.id ?? "", requestId);
      stop(stored);
    });
    const timer = setTimeout(() => stop(undefined), SIGNATURE_WAIT_MS);
  });
}

/** The GM's side: the requester and what they asked, as the server attests it. */
export async function readSignedRequest(
  ticket: unknown,
): Promise<{ requester: User.Implementation; action: string; payload: unknown }> {
  const { requestId, requesterId } = (ticket ?? {}) as Partial<RequestTicket>;
  if (typeof requestId !== "string" || typeof requesterId !== "string")
    throw new UserError("WH.Request.Error.Malformed");
  const requester = game.users.get(requesterId);
  if (!requester) throw new UserError("WH.Chat.Error.UnknownUser");
  const stored = await awaitStoredRequest(requester, requestId);
  if (stored === undefined) throw new UserError("WH.Request.Error.Unsigned", { name: requester.name ?? "" });
  // Consumed here, in the step that carries it out: a replay of the ticket finds nothing.
  const arrived = arrivals.get(arrivalKey(requesterId, requestId));
  arrivals.delete(arrivalKey(requesterId, requestId));
  await unsetSystemFlag(requester, `${FLAG}.${requestId}`);
  if (arrived === undefined || Date.now() - arrived > ANSWER_TIMEOUT_MS) throw new UserError("WH.Request.Error.Stale");
  if (JSON.stringify(stored).length > MAX_REQUEST_CHARACTERS) throw new UserError("WH.Request.Error.TooLarge");
  const { action, payload } = stored as Partial<SignedRequest>;
  if (typeof action !== "string" || payload === null || typeof payload !== "object")
    throw new UserError("WH.Request.Error.Malformed");
  return { requester, action, payload };
}
