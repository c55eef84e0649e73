import { UserError } from "../core/errors";
import { RulesError } from "../rules";

/**
 * The answer to a request, carried out here or by the GM: a value on success (a receipt), an
 * i18n key on refusal, for the requester to read in their own language.
 */
export type RequestResult =
  { ok: true; value?: string } | { ok: false; error: string; data?: Record<string, string | number> };

/** A refusal as a result. */
export function refused(error: unknown): RequestResult {
  if (error instanceof UserError) return { ok: false, error: error.key, data: error.data };
  if (error instanceof RulesError) {
    const { argument, value, min, max } = error.details;
    return {
      ok: false,
      error: error.code,
      data: { argument, value: String(value), min: String(min ?? ""), max: String(max ?? "") },
    };
  }
  // The raw message (a RulesError's names the argument): the requester's client wraps it in
  // "WH.Roll.Error.Unexpected", in their language.
  return {
    ok: false,
    error: "WH.Roll.Error.Unexpected",
    data: { message: error instanceof Error ? error.message : String(error) },
  };
}

/** Runs an action and turns any refusal into a result, so a request always gets an answer. */
export async function settle(action: () => Promise<unknown>): Promise<RequestResult> {
  try {
    const value = await action();
    return typeof value === "string" ? { ok: true, value } : { ok: true };
  } catch (error) {
    return refused(error);
  }
}

/** The value of a success, or the refusal thrown for the requester's notification. */
export function valueOrThrow(result: RequestResult): string | undefined {
  if (!result.ok) throw new UserError(result.error, result.data);
  return result.value;
}
