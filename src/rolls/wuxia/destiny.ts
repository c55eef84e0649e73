import { updateRolls } from "../../foundry/rolls";
import { updateSystem } from "../../foundry/write";
import { t } from "../../core/i18n";
import { showDice } from "../dice-so-nice";
import { UserError } from "../../core/errors";
import { WuxiaRoll } from "./roll";
import { MAX_POOL } from "../fields";
import { carryOut, handleRequest } from "../../requests/authority";
import { countField, textField } from "../../requests/payload";
import { ReceiptBook } from "../../requests/receipts";
import { rollSettings } from "../../settings/rolls";
import { detachedCopy, messageById, ownedActor, requireAuthorOwns, rollsWith } from "../card-subject";
import { unlessBusy } from "../../core/locks";

export const SPEND_DESTINY = "spendDestiny";
export const PAY_DESTINY = "payDestiny";
export const REFUND_DESTINY = "refundDestiny";

/** Destiny dice an actor has left; only Wuxia characters have any. */
export function destinyLeft(actor: Actor.Implementation | null | undefined): number {
  return actor?.type === "wuxiaCharacter" ? (actor as Actor.OfType<"wuxiaCharacter">).system.destiny : 0;
}

/**
 * Takes Destiny dice from an actor, reading what it has left right before writing (requests run
 * in the authority's one order, so two spends each see the other's).
 */
export async function takeDestiny(actor: Actor.Implementation, count: number): Promise<void> {
  const left = destinyLeft(actor);
  if (count > left) throw new UserError("WH.Roll.Error.NotEnoughDestiny", { name: actor.name ?? "", count: left });
  await updateSystem(actor as Actor.OfType<"wuxiaCharacter">, { destiny: left - count });
}

/** Gives back Destiny dice taken for an action that then failed. */
export async function giveBackDestiny(actor: Actor.Implementation, count: number): Promise<void> {
  await updateSystem(actor as Actor.OfType<"wuxiaCharacter">, { destiny: destinyLeft(actor) + count });
}

/**
 * Spends one of the roll's actor's Destiny dice to reroll one die of a Wuxia roll on a chat
 * card ([default] Destiny mode "reroll", RULES 1.3): the message's roll gets the new face (the old
 * one struck through) and the actor one Destiny die less. Carried out by the authority (the
 * active GM), which checks that the requester and the card's author own the actor and that it has
 * a die left. Nothing is written unless everything is: the roll is rerolled on a copy, and the
 * actor is given its die back if the message cannot be updated. Spends run in the authority's
 * order, each reading what the previous one wrote.
 */
async function spendDestinyDie(payload: unknown, requester: User.Implementation): Promise<void> {
  const messageId = textField(payload, "messageId");
  const rollIndex = countField(payload, "rollIndex", 1);
  const dieIndex = countField(payload, "dieIndex", MAX_POOL);
  const message = messageById(messageId);
  const live = message.rolls[rollIndex];
  if (!(live instanceof WuxiaRoll)) throw new UserError("WH.Chat.Error.NotWuxiaRoll");
  if (rollSettings().destinyMode !== "reroll") throw new UserError("WH.Chat.Error.DestinyNotReroll");
  const actor = await ownedActor(live.state.actorUuid, requester);
  // A GM owns every actor: the card's author must own the one it names.
  requireAuthorOwns(message, actor);
  if (destinyLeft(actor) <= 0) throw new UserError("WH.Chat.Error.NoDestiny", { name: actor.name ?? "" });

  const roll = detachedCopy(live);
  const die = await roll.rerollWithDestiny(dieIndex, { allowInteractive: false });
  await takeDestiny(actor, 1);
  try {
    await updateRolls(message, rollsWith(message, rollIndex, roll));
  } catch (error) {
    await giveBackDestiny(actor, 1);
    throw error;
  }
  // Not awaited: the next request need not wait for the animation.
  void showDice(die, message).catch((error: unknown) => console.error(error));
}

/**
 * A click on a die of a Wuxia card: confirm, then spend a Destiny die through the authority.
 * Another click on the same card meanwhile (a double click, a second die) is ignored.
 */
export async function requestDestinyReroll(
  message: ChatMessage.Implementation,
  rollIndex: number,
  dieIndex: number,
): Promise<void> {
  await unlessBusy(message.id ?? "", () => confirmAndSpend(message, rollIndex, dieIndex));
}

async function confirmAndSpend(
  message: ChatMessage.Implementation,
  rollIndex: number,
  dieIndex: number,
): Promise<void> {
  const roll = message.rolls[rollIndex];
  if (!(roll instanceof WuxiaRoll)) throw new UserError("WH.Chat.Error.NotWuxiaRoll");
  if (rollSettings().destinyMode !== "reroll") throw new UserError("WH.Chat.Error.DestinyNotReroll");
  const actor = await ownedActor(roll.state.actorUuid, game.user);
  requireAuthorOwns(message, actor);
  const left = destinyLeft(actor);
  if (left <= 0) throw new UserError("WH.Chat.Error.NoDestiny", { name: actor.name ?? "" });
  const face = roll.faces[dieIndex];
  // The face comes from the message, which its author may have written: only a die's face is shown.
  if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > 10)
    throw new UserError("WH.Chat.Error.NoSuchDie", { index: String(dieIndex) });

  // The actor's name is document text: set as text, never as markup.
  const text = document.createElement("p");
  text.textContent = t("WH.Chat.Destiny.Confirm", { face, count: left, name: actor.name ?? "" });
  const confirmed = await foundry.applications.api.DialogV2.confirm({
    window: { title: t("WH.Chat.Destiny.Title") },
    content: text.outerHTML,
  });
  if (confirmed !== true) return;
  const withoutGm = message.canUserModify(game.user, "update");
  await carryOut(SPEND_DESTINY, { messageId: message.id ?? "", rollIndex, dieIndex }, { withoutGm });
}

/** Destiny dice paid for rolls, by the authority: each may be refunded once, by its payer. */
const receipts = new ReceiptBook<{ actorUuid: string; count: number; payerId: string }>("WH.Request.Error.NoReceipt");

async function payDestiny(payload: unknown, requester: User.Implementation): Promise<string> {
  const actorUuid = textField(payload, "actorUuid");
  const count = countField(payload, "count", MAX_POOL);
  const actor = await ownedActor(actorUuid, requester);
  await takeDestiny(actor, count);
  return receipts.issue({ actorUuid, count, payerId: requester.id ?? "" });
}

async function refundDestiny(payload: unknown, requester: User.Implementation): Promise<void> {
  const receipt = receipts.take(textField(payload, "receipt"), requester);
  await giveBackDestiny(await ownedActor(receipt.actorUuid, requester), receipt.count);
}

/**
 * Destiny dice added to a pool before rolling (mode "extra die") leave the actor, through the
 * authority, before the roll is made; they come back if it cannot be.
 */
export async function withDestinyDiceSpent<T>(
  actor: Actor.Implementation,
  count: number,
  roll: () => Promise<T>,
): Promise<T> {
  if (count === 0) return roll();
  const left = destinyLeft(actor);
  if (count > left) throw new UserError("WH.Roll.Error.NotEnoughDestiny", { name: actor.name ?? "", count: left });
  const receipt = await carryOut(PAY_DESTINY, { actorUuid: actor.uuid, count }, { withoutGm: actor.isOwner });
  try {
    return await roll();
  } catch (error) {
    await carryOut(REFUND_DESTINY, { receipt: receipt ?? "" }, { withoutGm: actor.isOwner });
    throw error;
  }
}

export function registerDestinyRequests(): void {
  handleRequest(SPEND_DESTINY, spendDestinyDie);
  handleRequest(PAY_DESTINY, payDestiny);
  handleRequest(REFUND_DESTINY, refundDestiny);
}
