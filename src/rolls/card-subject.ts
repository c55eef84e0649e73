import { documentAt } from "../foundry/documents";
import { rollFromJson } from "../foundry/rolls";
import { UserError } from "../core/errors";

/** The message a card action is about, as the acting client sees it. */
export function messageById(id: string): ChatMessage.Implementation {
  const message = game.messages.get(id);
  if (!message) throw new UserError("WH.Chat.Error.NoMessage");
  return message;
}

/** The actor a roll was made for, refused unless the user owns it. */
export async function ownedActor(uuid: string | null, user: User.Implementation): Promise<Actor.Implementation> {
  const actor = uuid ? await documentAt(uuid) : null;
  if (!(actor instanceof Actor)) throw new UserError("WH.Roll.Error.NoActor");
  if (!actor.testUserPermission(user, "OWNER"))
    throw new UserError("WH.Chat.Error.NotOwner", { name: actor.name ?? "" });
  return actor as Actor.Implementation;
}

/**
 * Whether the message's author owns the actor its roll names. The roll's data is the author's to
 * write, so a card may name any actor; what it spends or earns must be for one of the author's.
 */
export function authorOwns(message: ChatMessage.Implementation, actor: Actor.Implementation | null): boolean {
  const author = message.author;
  return Boolean(author && actor?.testUserPermission(author, "OWNER"));
}

/** Refuses a card action for an actor the card's author does not own. */
export function requireAuthorOwns(message: ChatMessage.Implementation, actor: Actor.Implementation): void {
  if (!authorOwns(message, actor)) throw new UserError("WH.Chat.Error.NotAuthorsActor", { name: actor.name ?? "" });
}

/**
 * A detached copy of a message's roll, to change before the message is updated. A roll's
 * `toJSON` may hand out its live options and dice results, so a roll rebuilt straight from it
 * could change the message's roll even when the update is then refused.
 */
export function detachedCopy<R extends Roll>(roll: R): R {
  return rollFromJson(roll.constructor as typeof Roll, JSON.parse(JSON.stringify(roll.toJSON())) as object) as R;
}

/** Rolls of a message, with one of them replaced. */
export function rollsWith(message: ChatMessage.Implementation, index: number, roll: Roll): Roll[] {
  const rolls: Roll[] = [...message.rolls];
  rolls[index] = roll;
  return rolls;
}
