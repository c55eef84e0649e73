import { UserError } from "../../core/errors";
import { updateSystem } from "../../foundry/write";
import { t } from "../../core/i18n";
import type { WuxiaRoll } from "./roll";
import type { WuxiaSubject } from "./subject";
import { carryOut, handleRequest } from "../../requests/authority";
import { countField, textField } from "../../requests/payload";
import { ReceiptBook } from "../../requests/receipts";
import { ownedActor } from "../card-subject";

export const PAY_CHI = "payChi";
export const REFUND_CHI = "refundChi";

/** What a Wuxia power's roll pays in chi (RULES 1.1: the reserve is spent to activate powers). */

/** The chi a Wuxia character has left; 0 for any other actor. */
export function chiLeft(actor: Actor.Implementation): number {
  return actor.type === "wuxiaCharacter" ? (actor as Actor.OfType<"wuxiaCharacter">).system.chi.value : 0;
}

/** The chi a roll with this item costs: a power's own cost ([default] a field of the power), 0 for a skill or none. */
export function chiCostOf(subject: WuxiaSubject, itemUuid: string | null): number {
  return subject.skills.find((s) => s.uuid === itemUuid)?.chiCost ?? 0;
}

/** The GM's choice to use a power its user cannot pay for (a story reason, a house rule). */
async function gmOverrides(name: string, cost: number, left: number): Promise<boolean> {
  const text = document.createElement("p");
  text.textContent = t("WH.Roll.Chi.Override", { name, cost, left });
  const confirmed = await foundry.applications.api.DialogV2.confirm({
    window: { title: t("WH.Roll.Chi.OverrideTitle") },
    content: text.outerHTML,
  });
  return confirmed === true;
}

/**
 * Runs a power's roll with its chi paid first: refused, in the reader's language, when the
 * character has less chi than the power costs; a GM may use it anyway (what is left is paid, the
 * chi falls to 0, never below). The authority takes the chi (the player's and the GM's clients may
 * use one hero's power at the same instant) and gives it back if the roll then fails. `post` is
 * told the chi spent, for the card; resolves with null when the GM declines.
 */
export async function withChiSpent<T>(
  subject: WuxiaSubject,
  itemUuid: string | null,
  post: (spent: number) => Promise<T>,
): Promise<T | null> {
  const cost = chiCostOf(subject, itemUuid);
  if (cost === 0) return post(0);
  const actor = subject.actor;
  const left = chiLeft(actor);
  const short = left < cost;
  if (short && !game.user.isGM) throw new UserError("WH.Roll.Error.NotEnoughChi", { name: subject.name, cost, left });
  if (short && !(await gmOverrides(subject.name, cost, left))) return null;
  const count = Math.min(left, cost);
  const withoutGm = actor.isOwner;
  const receipt = await carryOut(PAY_CHI, { actorUuid: actor.uuid, itemUuid, count }, { withoutGm });
  try {
    return await post(count);
  } catch (error) {
    await carryOut(REFUND_CHI, { receipt: receipt ?? "" }, { withoutGm });
    throw error;
  }
}

/**
 * A power's chi paid for a Wuxia roll that goes to the GM instead of being posted here (an
 * opposed test, an attack, a defence), written on the roll before it is sent; the GM takes any
 * Destiny dice those add itself.
 */
export function withChiPaidOn<T>(subject: WuxiaSubject, roll: WuxiaRoll, send: () => Promise<T>): Promise<T | null> {
  return withChiSpent(subject, roll.state.itemUuid, (chiSpent) => {
    if (chiSpent) roll.amend({ chiSpent });
    return send();
  });
}

/** Chi paid for powers' rolls, by the authority: each payment may be given back once, to its payer. */
const receipts = new ReceiptBook<{ actorUuid: string; count: number; payerId: string }>(
  "WH.Request.Error.NoChiReceipt",
);

/**
 * Takes a power's chi from its actor, the chi read right before it is written: the power's cost
 * from the actor's own item; less only for a GM who chose to use it short. Resolves with a receipt.
 */
async function payChi(payload: unknown, requester: User.Implementation): Promise<string> {
  const actorUuid = textField(payload, "actorUuid");
  const actor = await ownedActor(actorUuid, requester);
  const itemUuid = textField(payload, "itemUuid");
  const power = actor.items.find((item) => item.uuid === itemUuid && item.type === "wuxiaPower");
  if (!power) throw new UserError("WH.Roll.Error.NoItem", { actor: actor.name ?? "", item: itemUuid });
  const cost = (power as Item.OfType<"wuxiaPower">).system.chiCost;
  const count = countField(payload, "count", cost);
  if (count < cost && !requester.isGM) throw new UserError("WH.Request.Error.ChiUnpaid", { count: cost });
  const left = chiLeft(actor);
  if (left < count) throw new UserError("WH.Roll.Error.NotEnoughChi", { name: actor.name ?? "", cost, left });
  await updateSystem(actor as Actor.OfType<"wuxiaCharacter">, { chi: { value: left - count } });
  return receipts.issue({ actorUuid, count, payerId: requester.id ?? "" });
}

async function refundChi(payload: unknown, requester: User.Implementation): Promise<void> {
  const receipt = receipts.take(textField(payload, "receipt"), requester);
  const actor = await ownedActor(receipt.actorUuid, requester);
  await updateSystem(actor as Actor.OfType<"wuxiaCharacter">, { chi: { value: chiLeft(actor) + receipt.count } });
}

export function registerChiRequests(): void {
  handleRequest(PAY_CHI, payChi);
  handleRequest(REFUND_CHI, refundChi);
}
