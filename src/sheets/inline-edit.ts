import { validationMessages } from "../documents/fields";

/** The value an input holds, typed as the field expects it. */
export function inputValue(input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string | number | boolean | null {
  if (input instanceof HTMLInputElement && input.type === "checkbox") return input.checked;
  if (input instanceof HTMLInputElement && input.type === "number") return input.value.trim() === "" ? null : Number(input.value);
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
    ui.notifications.error(validationMessages(error).join(" "));
    return false;
  }
}
