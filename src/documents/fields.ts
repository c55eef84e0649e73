import { t } from "../core/i18n";

/**
 * Field builders shared by the data models.
 *
 * Foundry's NumberField rounds an `integer` field and CLAMPS a value to its `min`/`max` while
 * cleaning, before it validates, so a 12 typed into a 1..10 field would silently become 10 and
 * half a Destiny die a whole one. The system wants such a value refused with a message saying
 * why, so its whole numbers carry neither `integer` nor `min`/`max`: a custom validator checks
 * the range and the whole number and throws a localised message, which Foundry reports as the
 * field's validation failure.
 */

interface LabelledField {
  label?: string;
  fieldPath?: string;
  name?: string;
}

/** The field's label once Foundry has localised it, else its path. */
function fieldName(field: LabelledField | undefined): string {
  return field?.label || field?.fieldPath || field?.name || "?";
}

/** The localised message for a number outside [min, max] (either bound may be open). */
export function rangeMessage(field: string, value: number, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return t("WH.Validation.Between", { field, min, max, value });
  if (min !== undefined) return t("WH.Validation.AtLeast", { field, min, value });
  return t("WH.Validation.AtMost", { field, max: max ?? 0, value });
}

/** A Foundry field validator refusing numbers outside [min, max] with a localised message. */
export function rangeValidator(min: number | undefined, max: number | undefined) {
  return function validateRange(this: LabelledField | undefined, value: unknown): void {
    if (typeof value !== "number" || Number.isNaN(value)) return;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      throw new Error(rangeMessage(fieldName(this), value, min, max));
    }
  };
}

/** A validator refusing numbers outside [min, max], then any fraction, each with its message. */
export function wholeNumberValidator(min: number, max: number) {
  const validateRange = rangeValidator(min, max);
  return function validateWholeNumber(this: LabelledField | undefined, value: unknown): void {
    validateRange.call(this, value);
    if (typeof value === "number" && !Number.isNaN(value) && !Number.isInteger(value)) {
      throw new Error(t("WH.Validation.Whole", { field: fieldName(this), value }));
    }
  };
}

interface Bounds {
  min: number;
  max: number;
}

/** A required whole number, refused (not rounded or clamped) outside [min, max]. */
export function integerField({ min, max, initial }: Bounds & { initial: number }) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    initial,
    validate: wholeNumberValidator(min, max),
  });
}

/** A whole number that may be empty (null), refused outside [min, max]. */
export function optionalIntegerField({ min, max }: Bounds) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: true,
    initial: null,
    validate: wholeNumberValidator(min, max),
  });
}

/** Free text on one line (names, short answers). */
export function textField(initial = "") {
  return new foundry.data.fields.StringField({ required: true, blank: true, initial });
}

/** One of the keys of `labels` (their values are the i18n keys naming them). */
export function choiceField<K extends string>(labels: Record<K, string>, initial: NoInfer<K>) {
  return new foundry.data.fields.StringField<
    { required: true; blank: false; initial: K; choices: Record<K, string> },
    K,
    K,
    K
  >({
    required: true,
    blank: false,
    initial,
    choices: labels,
  });
}

/** One of the keys of `labels`, or "" while none is chosen. */
export function optionalChoiceField<K extends string>(labels: Record<K, string>) {
  return new foundry.data.fields.StringField<
    { required: true; blank: true; initial: ""; choices: Record<K, string> },
    K | "",
    K | "",
    K | ""
  >({
    required: true,
    blank: true,
    initial: "",
    choices: labels,
  });
}

export function flagField(initial = false) {
  return new foundry.data.fields.BooleanField({ initial });
}

/** Rich text that Foundry sanitises (listed under `htmlFields` in system.json). */
export function htmlField() {
  return new foundry.data.fields.HTMLField({ required: true, blank: true, initial: "" });
}

/** A node of Foundry's DataModelValidationFailure tree: a schema's fields, an array's elements. */
interface FailureNode {
  message?: string;
  fields?: Record<string, FailureNode>;
  elements?: { failure: FailureNode }[];
}

/** The messages of the failed values under a failure: its leaves, in schema order. */
function leafMessages(node: FailureNode): string[] {
  const children = [...Object.values(node.fields ?? {}), ...(node.elements ?? []).map((e) => e.failure)];
  if (!children.length) return node.message ? [node.message] : [];
  return children.flatMap(leafMessages);
}

/**
 * The failed values' messages in a validation error's own message, which lists each one under a
 * heading as "  <path>: <message>" (DataModelValidationError, v13 and v14).
 */
function listedMessages(message: string): string[] {
  return message
    .split("\n")
    .slice(1)
    .map((line) => /^\s+[^\s:]+: (.+)$/.exec(line)?.[1]?.trim() ?? "")
    .filter(Boolean);
}

/**
 * The messages of a failed validation, whatever shape the error takes: read from the failure tree
 * where the error gives one (`getFailure()`, v13; v14's `getAllFailures()` returns `{}`), else
 * from the lines of its message (v14 lists no `getFailure`), else the message itself. The system's
 * own validators write localised messages, so each reads in the user's language.
 */
export function validationMessages(error: unknown): string[] {
  const root = (error as { getFailure?: () => FailureNode | undefined } | null)?.getFailure?.();
  const fromTree = root ? leafMessages(root) : [];
  if (fromTree.length) return fromTree;
  const message = error instanceof Error ? error.message : String(error);
  const listed = listedMessages(message);
  return listed.length ? listed : [message];
}
