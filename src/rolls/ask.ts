import { kindOf, type RollKindKey, type StateOf, type SubjectOf, type ValuesOf } from "./kinds";
import { rollSettings } from "../settings/rolls";
import type { DialogResult, RollDialog } from "./dialog";

/** The dialog for a subject, not yet rendered. */
export function rollDialogFor<K extends RollKindKey>(
  subject: SubjectOf<K>,
  values: ValuesOf<K>,
): RollDialog<SubjectOf<K>, ValuesOf<K>, StateOf<K>> {
  return kindOf<K>(subject).dialog(subject, values);
}

/** Shows the roll dialog; resolves with the values chosen and their checked state, or null when it is closed. */
export async function promptRoll<K extends RollKindKey>(
  subject: SubjectOf<K>,
  values: ValuesOf<K>,
): Promise<DialogResult<ValuesOf<K>, StateOf<K>> | null> {
  const dialog = rollDialogFor<K>(subject, values);
  await dialog.render({ force: true });
  return dialog.result;
}

/** Shift held during the click reverses the "skip the roll dialog" setting. */
function shiftHeld(): boolean {
  const keyboard = game.keyboard as { isModifierActive?(modifier: string): boolean } | undefined;
  return Boolean(keyboard?.isModifierActive?.("Shift"));
}

/** Whether to show the dialog: as asked, else the setting, reversed while Shift is held. */
export function shouldAsk(request: { dialog?: boolean }): boolean {
  if (request.dialog !== undefined) return request.dialog;
  return rollSettings().skipDialog === shiftHeld();
}
