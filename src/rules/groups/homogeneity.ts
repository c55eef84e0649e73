import { requireCount, requireInteger, requireNonEmpty, requireOptions } from "../validate";
import { GROUP_DEFAULTS } from "./defaults";

export interface Homogeneity {
  homogeneous: boolean;
  /** Highest minus lowest sum. */
  spread: number;
}

/**
 * Whether one roll may stand for the whole group (methods 1 and 2, RULES 3.2): the members'
 * attribute + skill sums lie within 5 points of each other.
 */
export function groupHomogeneity(
  sums: readonly number[],
  options: { homogeneityMaxSpread?: number } = {},
): Homogeneity {
  requireNonEmpty("sums", sums);
  let low = Infinity;
  let high = -Infinity;
  sums.forEach((s, i) => {
    const v = requireInteger(`sums[${i}]`, s);
    low = Math.min(low, v);
    high = Math.max(high, v);
  });
  const spread = high - low;
  const maxSpread = requireCount(
    "options.homogeneityMaxSpread",
    requireOptions("options", options).homogeneityMaxSpread ?? GROUP_DEFAULTS.homogeneityMaxSpread,
  );
  return { homogeneous: spread <= maxSpread, spread };
}
