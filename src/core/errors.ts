import { RulesError } from "../rules";
import { t } from "./i18n";

/**
 * The system's one refusal: anything a user asked for (a roll, a card's button, a creation step,
 * an import, a request to the GM) refused for a reason they can fix; `key` is an i18n key.
 */
export class UserError extends Error {
  override readonly name = "UserError";
  constructor(
    readonly key: string,
    readonly data: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** Names of the rules' arguments as the roll dialog labels them. */
const ARGUMENTS: Record<string, string> = {
  dice: "WH.Roll.Argument.Dice",
  sr: "WH.Roll.Argument.Sr",
  skill: "WH.Roll.Argument.Skill",
  threshold: "WH.Roll.Argument.Threshold",
  "options.rerolls": "WH.Roll.Argument.Rerolls",
  modifier: "WH.Roll.Argument.Modifier",
  size: "WH.Roll.Argument.Size",
};

/** The message a user reads for an error: localised for rules and roll errors. */
export function describeError(error: unknown): string {
  if (error instanceof UserError) return t(error.key, error.data);
  if (error instanceof RulesError) {
    const { argument, value, min, max } = error.details;
    const label = ARGUMENTS[argument];
    return t(error.code, {
      argument: label ? t(label) : argument,
      value: String(value),
      min: String(min ?? ""),
      max: String(max ?? ""),
    });
  }
  return t("WH.Roll.Error.Unexpected", { message: error instanceof Error ? error.message : String(error) });
}

/** Shows the error to the user; unexpected ones also go to the console with their stack. */
export function notifyError(error: unknown): void {
  if (!(error instanceof UserError) && !(error instanceof RulesError)) console.error(error);
  ui.notifications.error(describeError(error));
}
