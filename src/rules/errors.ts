/**
 * The one error type of the rules engine. It is a RangeError (bad input is a value outside
 * the domain of a rule) that also carries a stable i18n key, so the Foundry layer can show a
 * localised message while plain-Node callers still read an English one.
 */
export type RulesErrorCode =
  | "WH.Error.NotInteger"
  | "WH.Error.NotFinite"
  | "WH.Error.OutOfRange"
  | "WH.Error.Empty"
  | "WH.Error.NotRandom"
  | "WH.Error.BadRandom"
  | "WH.Error.OverSpent"
  | "WH.Error.Fatal"
  | "WH.Error.BadValue";

export interface RulesErrorDetails {
  /** Name of the offending argument, e.g. "dice" or "track.light". */
  readonly argument: string;
  readonly value: unknown;
  readonly min?: number;
  readonly max?: number;
}

export class RulesError extends RangeError {
  override readonly name = "RulesError";
  readonly code: RulesErrorCode;
  readonly details: RulesErrorDetails;

  constructor(code: RulesErrorCode, details: RulesErrorDetails, message: string) {
    // Built while refusing any input at all: a message that is not a string must not throw.
    super(typeof message === "string" ? message : show(message));
    this.code = code;
    this.details = details;
  }
}

/** Longest description of a refused value in a message; the value itself stays in `details`. */
const SHOWN_LENGTH = 120;

/**
 * A refused value as the message shows it. Any value at all may arrive here, so nothing may
 * throw: JSON.stringify does on a BigInt or a circular object, String on a null prototype.
 */
export function show(value: unknown): string {
  let text: string;
  try {
    text = describe(value);
  } catch {
    text = "a value that cannot be shown";
  }
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

function describe(value: unknown): string {
  switch (typeof value) {
    case "bigint":
      return `${value}n`;
    case "string":
      return JSON.stringify(value);
    case "object":
      try {
        return JSON.stringify(value) ?? Object.prototype.toString.call(value);
      } catch {
        return Object.prototype.toString.call(value);
      }
    default:
      return String(value);
  }
}
