import { UserError } from "../core/errors";
import { isVisibility, type Visibility } from "./visibility";

/**
 * The roll dialog's fields, their defaults from the actor and the item clicked, and the roll
 * configuration they make. The dialog, a skipped dialog and the macro API all go through here.
 */

/** A whole number from a form field, or a localised error naming the field. */
export function whole(value: unknown, field: string, min = -Infinity): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n))
    throw new UserError("WH.Roll.Error.NotWholeNumber", { field: game.i18n.localize(field) });
  if (n < min) throw new UserError("WH.Roll.Error.TooSmall", { field: game.i18n.localize(field), min });
  return n;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T))
    throw new UserError("WH.Roll.Error.BadChoice", { field: game.i18n.localize(field) });
  return value as T;
}

export function checkbox(value: unknown): boolean {
  return value === true || value === "true" || value === "on";
}

export function visibility(value: unknown): Visibility {
  if (!isVisibility(value))
    throw new UserError("WH.Roll.Error.BadChoice", { field: game.i18n.localize("WH.Dialog.Visibility") });
  return value;
}

/**
 * The largest pool a roll may have. Attributes stop at 10; the exact odds are specified up to
 * 100 dice and take under a millisecond there, while 1000 dice would take a quarter of a second
 * at every keystroke in the dialog.
 */
export const MAX_POOL = 100;
