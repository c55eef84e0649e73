import { answerRequest } from "../requests/authority";
import { REQUEST_QUERY, watchRequestArrivals } from "../requests/signed";
import { registerCardActions } from "./card-actions";
import { registerChiRequests } from "../rolls/wuxia/chi";
import { registerDestinyRequests } from "../rolls/wuxia/destiny";
import { registerExperience } from "../rolls/harmonies/experience";
import { registerOpposeRequests } from "../rolls/wuxia/opposed";

/**
 * The cards' actions, carried out by the authority (src/requests): the GM's client answers the
 * one request query, for the User who signed the request.
 */
export function registerChat(): void {
  registerChiRequests();
  registerDestinyRequests();
  registerOpposeRequests();
  registerExperience();
  watchRequestArrivals();
  CONFIG.queries[REQUEST_QUERY] = (ticket) => answerRequest(ticket);
  registerCardActions();
}
