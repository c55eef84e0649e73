import { updateRolls } from "../../foundry/rolls";
import { resolveWuxiaAttack } from "../../rules";
import { UserError } from "../../core/errors";
import { rollSubject } from "../subject";
import { WuxiaRoll } from "./roll";
import { prepareRoll } from "../pipeline";
import { withChiPaidOn } from "./chi";
import { systemFlag } from "../../foundry/flags";
import { carryOut, handleRequest } from "../../requests/authority";
import { checkedWuxiaRoll } from "./checked";
import { objectField, textField } from "../../requests/payload";
import { messageById, ownedActor } from "../card-subject";
import { giveBackDestiny, takeDestiny } from "./destiny";
import { unlessBusy } from "../../core/locks";
import { speakerActor } from "../../core/speaker-actor";

export type OpposedOutcome = "first" | "second" | "tie";

/**
 * Opposed test (RULES 1.3): most successes wins. Read through the rules' attack resolution
 * (no Defense dice), so a critical failure opposes as the rules say it does.
 */
export function opposedOutcome(first: WuxiaRoll, second: WuxiaRoll): OpposedOutcome {
  const side = (roll: WuxiaRoll) => ({ successes: roll.outcome.successes, critical: roll.outcome.critical });
  if (resolveWuxiaAttack({ attacker: side(first), defender: side(second) }).hit) return "first";
  if (resolveWuxiaAttack({ attacker: side(second), defender: side(first) }).hit) return "second";
  return "tie";
}

export const OPPOSE = "oppose";

/**
 * A card another roll may join: one Wuxia roll, not an attack (whose second roll is the
 * defence, made with Defend).
 */
function requireOpposable(message: ChatMessage.Implementation): void {
  if (message.type === "attack" || systemFlag(message, "attack") !== undefined)
    throw new UserError("WH.Chat.Error.AttackNotOpposed");
  if (message.rolls.length !== 1 || !(message.rolls[0] instanceof WuxiaRoll))
    throw new UserError("WH.Chat.Error.AlreadyOpposed");
}

/**
 * Adds an opposing roll, made by the requester for an actor they own, to a card's message:
 * carried out by the authority, which keeps the roll only as it rebuilds and checks it, and
 * takes the Destiny dice it added ("extra die" mode) from the actor then. One at a time per
 * message, so a second opposing roll finds the first and is refused.
 */
async function attachOpposingRoll(payload: unknown, requester: User.Implementation): Promise<void> {
  const messageId = textField(payload, "messageId");
  const sent = objectField(payload, "roll");
  const message = messageById(messageId);
  requireOpposable(message);
  const roll = await checkedWuxiaRoll(sent, requester);
  const actor = await ownedActor(roll.state.actorUuid, requester);
  const destinyDice = roll.state.destinyDice;
  if (destinyDice) await takeDestiny(actor, destinyDice);
  try {
    await updateRolls(message, [...message.rolls, roll]);
  } catch (error) {
    if (destinyDice) await giveBackDestiny(actor, destinyDice);
    throw error;
  }
}

/**
 * "Oppose" on a Wuxia card: the user's character makes its own test (dialog unless skipped),
 * which joins the card's message so both read side by side with the winner. A second click
 * while the first is under way is ignored. Dice So Nice plays the roll itself when the update
 * adds it to the message, so it is not shown here as well.
 */
export async function opposeFromCard(message: ChatMessage.Implementation): Promise<void> {
  await unlessBusy(message.id ?? "", () => oppose(message));
}

async function oppose(message: ChatMessage.Implementation): Promise<void> {
  requireOpposable(message);
  const actor = speakerActor();
  if (!actor) throw new UserError("WH.Chat.Error.NoOpponent");
  const subject = rollSubject(actor);
  if (subject.kind !== "wuxia") throw new UserError("WH.Chat.Error.OpponentNotWuxia", { name: subject.name });
  if (!actor.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: subject.name });

  const prepared = await prepareRoll<"wuxia">(subject);
  if (!prepared) return;
  const { roll } = prepared;
  // A power's chi is paid as for a roll posted here; the GM takes the Destiny dice added.
  await withChiPaidOn(subject, roll, async () => {
    await roll.evaluate({ allowInteractive: !message.blind });
    const withoutGm = message.canUserModify(game.user, "update");
    await carryOut(OPPOSE, { messageId: message.id ?? "", roll: roll.toJSON() as object }, { withoutGm });
  });
}

export function registerOpposeRequests(): void {
  handleRequest(OPPOSE, attachOpposingRoll);
}
