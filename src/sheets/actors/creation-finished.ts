import { setCreated } from "../../creation/finished";
import { notifyError } from "../../core/errors";
import type { SystemActorSheet } from "../base/actor-sheet";

/** The edit mode's *Creation finished* box: the character's creation marked over, or not. */
export async function toggleCreated(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  if (!this.isEditable) return;
  await setCreated(this.actor, (target as HTMLInputElement).checked).catch(notifyError);
}
