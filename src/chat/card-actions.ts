import { documentAtSync } from "../foundry/documents";
import { t } from "../core/i18n";
import { isRoundSummary } from "../combat/summary";
import { appendAttack } from "../combat/attack-card";
import { appendHarmoniesAttack, appendWoundCheck } from "../combat/harmonies-attack-card";
import { attackRecord } from "../combat/attack";
import { notifyError } from "../core/errors";
import { HarmoniesRoll } from "../rolls/harmonies/roll";
import { WuxiaRoll } from "../rolls/wuxia/roll";
import { destinyLeft, requestDestinyReroll } from "../rolls/wuxia/destiny";
import { awardExperience, experienceAwarded } from "../rolls/harmonies/experience";
import { opposeFromCard, opposedOutcome } from "../rolls/wuxia/opposed";
import { authorOwns } from "../rolls/card-subject";

/** Runs a card action, showing a refusal as a localised notification. */
function onClick(button: HTMLElement, action: () => Promise<void>): void {
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    void action().catch(notifyError);
  });
}

/**
 * A Wuxia card for the current reader: the dice spend a Destiny die only for the actor's owners
 * with one left (the action checks again, and so does the GM), and so does the hint that says so;
 * "Oppose" disappears once the roll is opposed.
 */
function activateWuxiaCard(
  message: ChatMessage.Implementation,
  card: HTMLElement,
  roll: WuxiaRoll,
  rollIndex: number,
): void {
  const actor = roll.state.actorUuid ? (documentAtSync(roll.state.actorUuid) as Actor.Implementation | null) : null;
  // Only an actor both the reader and the card's author own: the author may name any actor.
  const owner = Boolean(actor?.isOwner) && authorOwns(message, actor);
  const left = destinyLeft(actor);
  // "Click a die" only where a die can be clicked: an NPC has no Destiny, a hero may have none left.
  if (!owner || left <= 0) card.querySelectorAll("[data-wh-destiny-hint]").forEach((el) => el.remove());
  for (const button of card.querySelectorAll<HTMLButtonElement>('[data-wh-action="destiny"]')) {
    if (!owner || left <= 0) {
      button.disabled = true;
      button.removeAttribute("data-tooltip");
      continue;
    }
    button.dataset.tooltip = t("WH.Chat.Wuxia.DestinyTooltipLeft", { count: left });
    onClick(button, () => requestDestinyReroll(message, rollIndex, Number(button.dataset.index)));
  }
  for (const button of card.querySelectorAll<HTMLElement>('[data-wh-action="oppose"]')) {
    if (message.rolls.length > 1 || attackRecord(message)) button.remove();
    else onClick(button, () => opposeFromCard(message));
  }
}

function activateHarmoniesCard(message: ChatMessage.Implementation, card: HTMLElement, rollIndex: number): void {
  for (const button of card.querySelectorAll<HTMLElement>('[data-wh-action="award-xp"]')) {
    // The GMs' record, not the card's mark (the author can rewrite their own message).
    if (experienceAwarded(message, rollIndex)) button.remove();
    else onClick(button, () => awardExperience(message, rollIndex));
  }
}

/** Two Wuxia rolls on one message are an opposed test: say who won, below both cards. */
function appendOpposedResult(message: ChatMessage.Implementation, html: HTMLElement): void {
  const [first, second] = message.rolls;
  if (
    !(first instanceof WuxiaRoll) ||
    !(second instanceof WuxiaRoll) ||
    !first.readable ||
    !second.readable ||
    !message.isContentVisible
  )
    return;
  const outcome = opposedOutcome(first, second);
  const section = html.ownerDocument.createElement("section");
  section.className = "wuxia-harmonies wh-card wh-opposed";
  const title = html.ownerDocument.createElement("h4");
  title.textContent = t("WH.Chat.Opposed.Title");
  const score = html.ownerDocument.createElement("p");
  score.textContent = t("WH.Chat.Opposed.Score", {
    first: first.state.actorName,
    firstSuccesses: first.outcome.successes,
    second: second.state.actorName,
    secondSuccesses: second.outcome.successes,
  });
  const result = html.ownerDocument.createElement("p");
  result.className = `wh-outcome wh-outcome--${outcome === "tie" ? "failure" : "success"}`;
  result.textContent =
    outcome === "tie"
      ? t("WH.Chat.Opposed.Tie")
      : t("WH.Chat.Opposed.Wins", { name: (outcome === "first" ? first : second).state.actorName });
  section.append(title, score, result);
  (html.querySelector(".message-content") ?? html).append(section);
}

/**
 * The message's header names its speaker already: a card's actor line says it again only when it
 * names someone else (an attack card's defender); a line left with nothing (no badge) goes too.
 */
function dropSpeakerRepeats(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const name of html.querySelectorAll(".wh-card__actor-name")) {
    if (name.textContent?.trim() !== message.alias) continue;
    const line = name.parentElement;
    name.remove();
    if (line && !line.textContent?.trim()) line.remove();
  }
}

/**
 * Wires the system's chat cards as the chat log draws them (on every client, after a reload
 * too): buttons for the GM only disappear for players, then each card's actions are bound to
 * the roll it shows (the cards come in the order of the message's rolls).
 */
export function activateCards(message: ChatMessage.Implementation, html: HTMLElement): void {
  // A round summary's rolls are the round's Initiative tests, not cards to act on or oppose.
  if (isRoundSummary(message)) return;
  const cards = [...html.querySelectorAll<HTMLElement>("[data-wh-card]")];
  if (!cards.length) return;
  if (!game.user.isGM) html.querySelectorAll("[data-wh-gm-only]").forEach((el) => el.remove());
  dropSpeakerRepeats(message, html);
  cards.forEach((card, rollIndex) => {
    const roll = message.rolls[rollIndex];
    // A roll the system did not make is drawn as unreadable: nothing on it acts.
    if (roll instanceof WuxiaRoll && roll.readable) activateWuxiaCard(message, card, roll, rollIndex);
    else if (roll instanceof HarmoniesRoll && roll.readable) activateHarmoniesCard(message, card, rollIndex);
  });
  // An attack card says who won itself, with the Defense dice counted in.
  if (!appendAttack(message, html) && !appendHarmoniesAttack(message, html) && !appendWoundCheck(message, html))
    appendOpposedResult(message, html);
}

export function registerCardActions(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => activateCards(message as ChatMessage.Implementation, html));
}
