import type { GroupSubject, HarmoniesSubject, RollSubject, WuxiaSubject } from "../dice/subjects";
import { GroupRollDialog, HarmoniesRollDialog, WuxiaRollDialog, type RollDialog } from "./roll-dialog";
import { rollSettings } from "../settings/rolls";
import type { GroupFormValues, HarmoniesFormValues, WuxiaFormValues } from "./roll-form";

export type FormValuesOf<S extends RollSubject> = S extends WuxiaSubject
  ? WuxiaFormValues
  : S extends HarmoniesSubject
    ? HarmoniesFormValues
    : GroupFormValues;

/** The dialog for a subject, not yet rendered. */
export function rollDialogFor<S extends RollSubject>(
  subject: S,
  values: FormValuesOf<S>,
): RollDialog<S, FormValuesOf<S>> {
  const dialog =
    subject.ruleset === "wuxia"
      ? new WuxiaRollDialog(subject as WuxiaSubject, values as WuxiaFormValues, {
          window: { title: "WH.Dialog.Wuxia.Title" },
        })
      : subject.ruleset === "harmonies"
        ? new HarmoniesRollDialog(subject as HarmoniesSubject, values as HarmoniesFormValues, {
            window: { title: "WH.Dialog.Harmonies.Title" },
          })
        : new GroupRollDialog(subject as GroupSubject, values as GroupFormValues, {
            window: { title: "WH.Dialog.Group.Title" },
          });
  return dialog as unknown as RollDialog<S, FormValuesOf<S>>;
}

/** Shows the roll dialog; resolves with the values chosen, or null when it is closed. */
export async function promptRoll<S extends RollSubject>(
  subject: S,
  values: FormValuesOf<S>,
): Promise<FormValuesOf<S> | null> {
  const dialog = rollDialogFor(subject, values);
  await dialog.render({ force: true } as never);
  return (await dialog.result)?.values ?? null;
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
