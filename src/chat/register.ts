import { RollError } from "../dice/errors";
import { registerCardActions } from "./card-actions";
import { spendDestinyDie } from "./destiny";
import { attachOpposingRoll } from "./opposed";
import { DESTINY_QUERY, OPPOSE_QUERY, settle } from "./queries";

/**
 * Only the GM answers card queries (a player's client has no more rights than the asker), and
 * only for a connected player: the query does not say who sent it, so the requester id is the
 * sender's claim. A GM acts on their own client and never asks, so a request naming a GM, an
 * unknown or a disconnected user is forged or stale and refused.
 */
function asGmForPlayer(request: { requesterId: string }, action: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (!game.user.isGM) throw new RollError("WH.Chat.Error.GmOnly");
    const requester = game.users.get(request.requesterId);
    if (!requester || requester.isGM || !requester.active) throw new RollError("WH.Chat.Error.NotFromPlayer");
    await action();
  };
}

export function registerChat(): void {
  CONFIG.queries[DESTINY_QUERY] = (request) => settle(asGmForPlayer(request, () => spendDestinyDie(request)));
  CONFIG.queries[OPPOSE_QUERY] = (request) => settle(asGmForPlayer(request, () => attachOpposingRoll(request)));
  registerCardActions();
}
