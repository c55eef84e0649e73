import { resolveWuxiaAttack } from "../rules";
import { RollError } from "../dice/errors";
import { rollSubject, type WuxiaSubject } from "../dice/subjects";
import { WuxiaRoll } from "../dice/wuxia-roll";
import { promptRoll, shouldAsk } from "../dialogs/open";
import { readWuxiaValues, wuxiaConfig, wuxiaDefaults } from "../dialogs/roll-form";
import { messageById, ownedActor, requesterById } from "./card-subject";
import { withDestinyDiceSpent } from "./destiny";
import { oneAtATime, unlessBusy } from "./message-lock";
import { OPPOSE_QUERY, actOrAskGm, type OpposeRequest } from "./queries";
import { speakerActor } from "../helpers/speaker-actor";

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

/**
 * Adds an opposing roll, made by the requester for an actor they own, to a card's message; one
 * at a time per message, so a second opposing roll finds the first and is refused.
 */
export function attachOpposingRoll(request: OpposeRequest): Promise<void> {
  return oneAtATime(request.messageId, async () => {
    const requester = requesterById(request.requesterId);
    const message = messageById(request.messageId);
    if (message.rolls.length !== 1 || !(message.rolls[0] instanceof WuxiaRoll)) throw new RollError("WH.Chat.Error.AlreadyOpposed");
    if (request.roll.class !== "WuxiaRoll") throw new RollError("WH.Chat.Error.NotWuxiaRoll");
    const roll = WuxiaRoll.fromData(request.roll as never) as WuxiaRoll;
    // An unevaluated roll would be rolled anew, differently, by every client drawing the card.
    if (!roll.isEvaluated) throw new RollError("WH.Chat.Error.NotWuxiaRoll");
    await ownedActor(roll.state.actorUuid, requester);
    await message.update({ rolls: [...message.rolls.map((r) => r.toJSON() as object), roll.toJSON() as object] } as never);
  });
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
  if (message.rolls.length !== 1 || !(message.rolls[0] instanceof WuxiaRoll)) throw new RollError("WH.Chat.Error.AlreadyOpposed");
  const actor = speakerActor();
  if (!actor) throw new RollError("WH.Chat.Error.NoOpponent");
  const subject = rollSubject(actor);
  if (subject.ruleset !== "wuxia") throw new RollError("WH.Chat.Error.OpponentNotWuxia", { name: subject.name });
  if (!actor.isOwner) throw new RollError("WH.Chat.Error.NotOwner", { name: subject.name });

  const initial = readWuxiaValues({ ...wuxiaDefaults(subject) }, subject);
  const values = shouldAsk({}) ? await promptRoll<WuxiaSubject>(subject, initial) : initial;
  if (!values) return;
  const roll = WuxiaRoll.build(wuxiaConfig(subject, values));
  await withDestinyDiceSpent(actor, roll.state.destinyDice, async () => {
    await roll.evaluate({ allowInteractive: !message.blind });
    const request: OpposeRequest = { messageId: message.id ?? "", roll: roll.toJSON() as Record<string, unknown>, requesterId: game.user.id ?? "" };
    await actOrAskGm(OPPOSE_QUERY, request, message, () => attachOpposingRoll(request));
  });
}
