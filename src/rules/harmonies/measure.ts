import { RulesError } from "../errors";
import { at, requireFinite, requireInteger } from "../validate";

/** Measures of the Values +0..+9 (RULES 2.2); each +10 multiplies by 10. */
export const MEASURE_TABLE: readonly number[] = Object.freeze([1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8]);

/** Beyond ±3000 a Measure leaves the range of a double. */
export const MAX_VALUE = 3000;

/** Measure(v) = table[v mod 10] × 10^floor(v / 10), negatives included (Measure(−3) = 0.5). */
export function measureOf(value: number): number {
  const v = requireInteger("value", value, -MAX_VALUE, MAX_VALUE);
  const decade = Math.floor(v / 10);
  const mantissa = at("MEASURE_TABLE", MEASURE_TABLE, v - decade * 10);
  // 10^d is exact up to d = 22: there a Measure rounds once (Measure(−3) is exactly the double
  // 0.5); beyond, the power is rounded too and a Measure may be one ulp off.
  return decade >= 0 ? mantissa * 10 ** decade : mantissa / 10 ** -decade;
}

/** The nearest Value of a Measure m > 0: round(10 · log10 m); reproduces the table exactly. */
export function valueOf(measure: number): number {
  const m = requireFinite("measure", measure);
  if (m <= 0) {
    throw new RulesError(
      "WH.Error.BadValue",
      { argument: "measure", value: m },
      `measure must be greater than 0 (got ${m})`,
    );
  }
  // + 0: a Measure just under 1 rounds to −0, which reads 0.
  return Math.round(10 * Math.log10(m)) + 0;
}

/** The Measure between two Values, e.g. Force +3 vs −2 → 3: three times as strong. */
export function measureRatio(value: number, against: number): number {
  const v = requireInteger("value", value);
  return measureOf(v - requireInteger("against", against, v - MAX_VALUE, v + MAX_VALUE));
}
