import { combinationSteps, measureOf, type ValueCount } from "../rules";
import { signed } from "./format";
import { t } from "./i18n";

/** A Measure in the reader's digits: "2.5", "1,200", then "3 × 10^12" when it has no place in a column. */
export function measureText(value: number): string {
  const measure = measureOf(value);
  if (measure >= 1e7) {
    const [mantissa = "", exponent = ""] = measure.toExponential(1).split("e");
    return `${new Intl.NumberFormat(game.i18n.lang).format(Number(mantissa))} × 10^${Number(exponent)}`;
  }
  return new Intl.NumberFormat(game.i18n.lang, { maximumFractionDigits: 3 }).format(measure);
}

/** The merges that made a combined Value (RULES 3.1), one sentence each, for the reader to check. */
export function combinationText(groups: readonly ValueCount[]): string[] {
  if (groups.length === 0) return [];
  const { steps } = combinationSteps(groups);
  if (steps.length === 0) return [t("WH.Sheet.Group.Steps.Alone")];
  return steps.map((step) => {
    switch (step.kind) {
      case "equal":
        return t("WH.Sheet.Group.Steps.Equal", {
          count: step.count,
          value: signed(step.value),
          result: signed(step.result),
        });
      case "merge":
        return t("WH.Sheet.Group.Steps.Merge", {
          weaker: signed(step.weaker),
          stronger: signed(step.stronger),
          gap: step.stronger - step.weaker,
          result: signed(step.result),
        });
      case "setAside":
        return t("WH.Sheet.Group.Steps.SetAside", {
          weaker: signed(step.weaker),
          stronger: signed(step.stronger),
          gap: step.stronger - step.weaker,
        });
    }
  });
}
