import { PROBLEM, type ProblemCode } from "./problems";

export type WholeNumber = { ok: true; value: number } | { ok: false; code: ProblemCode };

/** `12`, `+3`, `−2` (the books' minus), `10 000` (digit groups split by a space, a no-break or a thin one). */
const WHOLE = /^([+\-−]?)(\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+|\d+)$/u;
/** `2,5`, `2.5`, `,5`, `3.`: a number with a decimal part, which no stat or count has. */
const DECIMAL = /^[+\-−]?(?:\d+[.,]\d*|[.,]\d+)$/u;

/**
 * A whole number from a cell or a JSON value, never rounded: a fraction is refused, and so is
 * anything that is not a number.
 */
export function readWhole(raw: unknown): WholeNumber {
  // An infinite JSON number (1e400) is whole enough to be refused as out of bounds.
  if (typeof raw === "number")
    return Number.isInteger(raw) || !Number.isFinite(raw)
      ? { ok: true, value: raw || 0 }
      : { ok: false, code: PROBLEM.NotWhole };
  if (typeof raw !== "string") return { ok: false, code: PROBLEM.NotNumber };
  const text = raw.trim();
  const whole = WHOLE.exec(text);
  if (whole) {
    const magnitude = Number((whole[2] ?? "").replace(/\D/g, ""));
    return { ok: true, value: (whole[1] === "-" || whole[1] === "−" ? -magnitude : magnitude) || 0 };
  }
  return { ok: false, code: DECIMAL.test(text) ? PROBLEM.NotWhole : PROBLEM.NotNumber };
}
