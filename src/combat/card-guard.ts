import { t } from "../core/i18n";
import { warnWithNames } from "../core/notices";
import { inAuthorityOrder } from "../requests/queue";
import { authoredByGm, carriesCardRecord } from "./card-record";

/**
 * A message dressed as a combat card by someone other than a GM (a player's own message with an
 * attack's flag and numbers of their choosing) counts for nothing wherever it is read; the active
 * GM's client also removes it from the chat, and tells the GMs who posted it.
 */
function removeForgery(message: ChatMessage.Implementation): void {
  if (!game.user.isActiveGM || authoredByGm(message) || !carriesCardRecord(message)) return;
  const author = message.author?.name ?? t("WH.Combat.Guard.Someone");
  void inAuthorityOrder(async () => {
    if (!game.messages?.get(message.id ?? "")) return;
    await message.delete();
    warnWithNames("WH.Combat.Guard.ForgedCard", { user: author });
  }).catch((error: unknown) => console.error(error));
}

export function registerCardGuard(): void {
  Hooks.on("createChatMessage", (message) => removeForgery(message as ChatMessage.Implementation));
  Hooks.on("updateChatMessage", (message) => removeForgery(message as ChatMessage.Implementation));
}
