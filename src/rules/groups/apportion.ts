import { at } from "../validate";

/**
 * Largest-remainder (Hamilton) apportionment: split `total` into integers proportional to
 * `weights`; each gets the floor of its quota and the seats left go to the largest fractional
 * parts. Equal fractions go first to the index listed earliest in `priority`.
 */
export function largestRemainder(total: number, weights: readonly number[], priority: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const counts = quotas.map((q) => Math.floor(q));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const rank = new Map(priority.map((index, r) => [index, r]));
  const order = quotas
    .map((q, i) => ({ i, frac: q - Math.floor(q) }))
    // Fractions within 1e-9 are equal: they come from the same table entries up to rounding.
    .sort((a, b) =>
      Math.abs(b.frac - a.frac) > 1e-9 ? b.frac - a.frac : (rank.get(a.i) ?? a.i) - (rank.get(b.i) ?? b.i),
    );
  for (let k = 0; left > 0 && order.length > 0; k = (k + 1) % order.length, left--) {
    const i = at("order", order, k).i;
    counts[i] = at("counts", counts, i) + 1;
  }
  return counts;
}

/** Indices of a window of 2h + 1 margins (centre h) from the centre outwards, lower side first. */
export function centreOutOrder(h: number): number[] {
  const order = [h];
  for (let g = 1; g <= h; g++) order.push(h - g, h + g);
  return order;
}
