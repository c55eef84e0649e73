import { RollError } from "../dice/errors";
import { registerCardActions } from "./card-actions";
import { spendDestinyDie } from "./destiny";
import { attachOpposingRoll } from "./opposed";
import { DESTINY_QUERY, OPPOSE_QUERY, settle } from "./queries";

/** Only the GM answers card queries: a player's client has no more rights than the asker. */
function asGm(action: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (!game.user.isGM) throw new RollError("WH.Chat.Error.GmOnly");
    await action();
  };
}

export function registerChat(): void {
  CONFIG.queries[DESTINY_QUERY] = (request) => settle(asGm(() => spendDestinyDie(request)));
  CONFIG.queries[OPPOSE_QUERY] = (request) => settle(asGm(() => attachOpposingRoll(request)));
  registerCardActions();
}
