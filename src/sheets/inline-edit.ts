import { validationMessages } from "../documents/fields";

/**
 * The value an input holds, typed as the field expects it. Read from the element's tag and type,
 * not with `instanceof HTMLInputElement`: a sheet popped out on v14 holds elements of another
 * window, which are not instances of this window's classes.
 */
export function inputValue(
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
): string | number | boolean | null {
  const isInput = input.tagName.toUpperCase() === "INPUT";
  if (isInput && input.type === "checkbox") return (input as HTMLInputElement).checked;
  if (isInput && input.type === "number") return input.value.trim() === "" ? null : Number(input.value);
  return input.value;
}

interface Updatable {
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/**
 * Writes one field of a document edited in place on a sheet (an owned item's level…). A value
 * the data model refuses is reported with the model's own message; the caller redraws the
 * sheet so the input shows the stored value again. Returns whether the update went through.
 */
export async function applyInlineEdit(document: Updatable, path: string, value: unknown): Promise<boolean> {
  try {
    await document.update({ [path]: value });
    return true;
  } catch (error) {
    reportRefusal(error);
    return false;
  }
}

/** Tells the user why the data model refused a change, in the model's own words. */
function reportRefusal(error: unknown): void {
  ui.notifications.error(validationMessages(error).join(" "));
}

interface Redrawable {
  render(): Promise<unknown>;
}

/**
 * What a sheet's submission becomes when the data model refuses a value typed in its form (an
 * Attribute of 12): the model's message is shown, nothing is written, and the sheet is redrawn
 * from the stored data, so the refused number does not stay on the sheet as if it were kept.
 * Other errors are not the user's input and go on to Foundry.
 */
export function refuseSubmission(sheet: Redrawable, error: unknown): Record<string, never> {
  if (!(error instanceof foundry.data.validation.DataModelValidationError)) throw error;
  reportRefusal(error);
  void sheet.render();
  return {};
}
