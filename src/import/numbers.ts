import { PROBLEM, type ProblemCode } from "./problems";

export type WholeNumber = { ok: true; value: number } | { ok: false; code: ProblemCode };

/** What nearly every cell holds: digits, maybe a sign. */
const PLAIN = /^[+-]?\d+$/;
/** `10 000`: digit groups split by a space, a no-break space or a thin one, as French spreadsheets write them. */
const GROUPED = /^[+-]?\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+$/;
/** `2,5`, `2.5`, `,5`, `3.`: a number with a decimal part, which no stat or count has. */
const DECIMAL = /^[+-]?(?:\d+[.,]\d*|[.,]\d+)$/;

/**
 * A whole number from a JSON number or a cell's trimmed text, never rounded: a fraction is
 * refused, and so is anything that is not a number. The books write negative Values with `−`.
 */
export function readWhole(value: number | string): WholeNumber {
  // An infinite JSON number (1e400) is whole enough to be refused as out of bounds.
  if (typeof value === "number")
    return Number.isInteger(value) || !Number.isFinite(value)
      ? { ok: true, value: value || 0 }
      : { ok: false, code: PROBLEM.NotWhole };
  const text = value.startsWith("−") ? `-${value.slice(1)}` : value;
  if (PLAIN.test(text)) return { ok: true, value: Number(text) || 0 };
  if (GROUPED.test(text)) return { ok: true, value: Number(text.replace(/[^\d+-]/g, "")) || 0 };
  return { ok: false, code: DECIMAL.test(text) ? PROBLEM.NotWhole : PROBLEM.NotNumber };
}
