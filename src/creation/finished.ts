import { SYSTEM_ID } from "../foundry/system";
import { UserError } from "../core/errors";

/**
 * Whether a character's creation is over: the Wuxia builder marks it when it finishes, and the
 * owner may tick or untick it in the sheet's edit mode (a character typed in by hand, a veteran
 * brought from another table). Once it is, the creation check is frozen and folded away and the
 * creation buttons (builder, attribute roll, beginner package) leave play mode. It only changes
 * what the owner's sheet shows, so it is the owner's flag to write.
 */
const CREATED_FLAG = "created";

export function isCreated(actor: Actor.Implementation): boolean {
  return Boolean(actor.getFlag(SYSTEM_ID, CREATED_FLAG));
}

/** The flag's data, for an update that marks the creation finished with the rest of its changes. */
export function createdFlag(): { [SYSTEM_ID]: { [CREATED_FLAG]: true } } {
  return { [SYSTEM_ID]: { [CREATED_FLAG]: true } };
}

/** Marks the character's creation finished or not; refused (localised) to a user who does not own it. */
export async function setCreated(actor: Actor.Implementation, created: boolean): Promise<void> {
  if (!actor.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: actor.name ?? "" });
  if (created) await actor.setFlag(SYSTEM_ID, CREATED_FLAG, true);
  else await actor.unsetFlag(SYSTEM_ID, CREATED_FLAG);
}
