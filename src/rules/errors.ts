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
    super(message);
    this.code = code;
    this.details = details;
  }
}
