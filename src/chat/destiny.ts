import { t } from "../helpers/i18n";
import { showDice } from "../dice/dice-so-nice";
import { RollError } from "../dice/errors";
import { WuxiaRoll } from "../dice/wuxia-roll";
import { rollSettings } from "../settings/rolls";
import { detachedCopy, messageById, ownedActor, requesterById, rollsWith } from "./card-subject";
import { oneAtATime, unlessBusy } from "./message-lock";
import { DESTINY_QUERY, actOrAskGm, type DestinyRequest } from "./queries";

/** Destiny dice an actor has left; only Wuxia characters have any. */
export function destinyLeft(actor: Actor.Implementation | null | undefined): number {
  return actor?.type === "wuxiaCharacter" ? (actor as Actor.OfType<"wuxiaCharacter">).system.destiny : 0;
}

/**
 * Spends one of the roll's actor's Destiny dice to reroll one die of a Wuxia roll on a chat
 * card ([default] Destiny mode "reroll", RULES 1.3): the message's roll gets the new face (the old
 * one struck through) and the actor one Destiny die less. Runs where the writes are allowed —
 * the requester's client when they may update the message and the actor, else the GM's — and
 * checks there that the requester owns the actor and has a Destiny die left. Nothing is written
 * unless everything is: the roll is rerolled on a copy, and the actor is given its die back if
 * the message cannot be updated. Spends on one message run one at a time, each reading what the
 * previous one wrote.
 */
export async function spendDestinyDie(request: DestinyRequest): Promise<void> {
  const { die, message } = await oneAtATime(request.messageId, async () => {
    const requester = requesterById(request.requesterId);
    const message = messageById(request.messageId);
    const live = message.rolls[request.rollIndex];
    if (!(live instanceof WuxiaRoll)) throw new RollError("WH.Chat.Error.NotWuxiaRoll");
    if (rollSettings().destinyMode !== "reroll") throw new RollError("WH.Chat.Error.DestinyNotReroll");
    const actor = await ownedActor(live.state.actorUuid, requester);
    const left = destinyLeft(actor);
    if (left <= 0) throw new RollError("WH.Chat.Error.NoDestiny", { name: actor.name ?? "" });

    const roll = detachedCopy(live);
    const die = await roll.rerollWithDestiny(request.dieIndex, { allowInteractive: false });
    await actor.update({ "system.destiny": left - 1 } as never);
    try {
      await message.update({ rolls: rollsWith(message, request.rollIndex, roll) } as never);
    } catch (error) {
      await actor.update({ "system.destiny": left } as never);
      throw error;
    }
    return { die, message };
  });
  // After the lock: the next spend need not wait for the animation.
  await showDice(die, message);
}

/**
 * A click on a die of a Wuxia card: confirm, then spend a Destiny die here or through the GM.
 * Another click on the same card meanwhile (a double click, a second die) is ignored.
 */
export async function requestDestinyReroll(message: ChatMessage.Implementation, rollIndex: number, dieIndex: number): Promise<void> {
  await unlessBusy(message.id ?? "", () => confirmAndSpend(message, rollIndex, dieIndex));
}

async function confirmAndSpend(message: ChatMessage.Implementation, rollIndex: number, dieIndex: number): Promise<void> {
  const roll = message.rolls[rollIndex];
  if (!(roll instanceof WuxiaRoll)) throw new RollError("WH.Chat.Error.NotWuxiaRoll");
  const actor = await ownedActor(roll.state.actorUuid, game.user);
  const left = destinyLeft(actor);
  if (left <= 0) throw new RollError("WH.Chat.Error.NoDestiny", { name: actor.name ?? "" });
  const face = roll.faces[dieIndex];
  if (face === undefined) throw new RollError("WH.Chat.Error.NoSuchDie", { index: String(dieIndex) });

  const confirmed = await foundry.applications.api.DialogV2.confirm({
    window: { title: t("WH.Chat.Destiny.Title") },
    content: `<p>${t("WH.Chat.Destiny.Confirm", { face, left })}</p>`,
  });
  if (confirmed !== true) return;

  const request: DestinyRequest = { messageId: message.id ?? "", rollIndex, dieIndex, requesterId: game.user.id ?? "" };
  await actOrAskGm(DESTINY_QUERY, request, message, () => spendDestinyDie(request));
}

/**
 * Destiny dice added to a pool before rolling (mode "extra die") leave the actor when the roll is
 * made; they come back if it cannot be.
 */
export async function withDestinyDiceSpent<T>(actor: Actor.Implementation, count: number, roll: () => Promise<T>): Promise<T> {
  if (count === 0) return roll();
  const left = destinyLeft(actor);
  if (count > left) throw new RollError("WH.Roll.Error.NotEnoughDestiny", { name: actor.name ?? "", count: left });
  await actor.update({ "system.destiny": left - count } as never);
  try {
    return await roll();
  } catch (error) {
    await actor.update({ "system.destiny": left } as never);
    throw error;
  }
}
