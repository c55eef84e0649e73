import { PROBLEM, type ProblemCode } from "./problems";

export type WholeNumber = { ok: true; value: number } | { ok: false; code: ProblemCode };

/** What nearly every cell holds: digits, maybe a sign. */
const PLAIN = /^[+-]?\d+$/;
/** `10 000`: digit groups split by a space, a no-break space or a thin one, as French spreadsheets write them. */
const GROUPED = /^[+-]?\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+$/;
/** `2,5`, `2.5`, `,5`, `3.`: a number with a decimal part, which no stat or count has. */
const DECIMAL = /^[+-]?(?:\d+[.,]\d*|[.,]\d+)$/;

/**
 * A whole number from a cell or a JSON value, never rounded: a fraction is refused, and so is
 * anything that is not a number. The books write negative Values with `−`, read as `-`.
 */
export function readWhole(raw: unknown): WholeNumber {
  // An infinite JSON number (1e400) is whole enough to be refused as out of bounds.
  if (typeof raw === "number")
    return Number.isInteger(raw) || !Number.isFinite(raw)
      ? { ok: true, value: raw || 0 }
      : { ok: false, code: PROBLEM.NotWhole };
  if (typeof raw !== "string") return { ok: false, code: PROBLEM.NotNumber };
  const text = raw.trim().replace(/^−/, "-");
  if (PLAIN.test(text)) return { ok: true, value: Number(text) || 0 };
  if (GROUPED.test(text)) return { ok: true, value: Number(text.replace(/[^\d+-]/g, "")) || 0 };
  return { ok: false, code: DECIMAL.test(text) ? PROBLEM.NotWhole : PROBLEM.NotNumber };
}
