import { MAX_EXPLOSIONS, openD10, openOption } from "../harmonies/difference-roll";
import { RulesError } from "../errors";
import { rollD10 } from "../random";
import { requireCount, requireInteger, requireRandom } from "../validate";
import { binomial, multinomial } from "./binomial";
import { GROUP_DEFAULTS } from "./defaults";
import type { MarginCount } from "./method2-margins";

/**
 * Up to this many members, each member rolls its own dice: no dearer than the draws below, and
 * a few members' dice can still be replayed face by face (a 3D-dice module, a table).
 */
export const MEMBERS_ROLLED_ONE_BY_ONE = 16;

/** Differences from the centre outwards: the likeliest first, so a small group stops soonest. */
function centreOut(half: number): number[] {
  const order = [0];
  for (let d = 1; d <= half; d++) order.push(-d, d);
  return order;
}

function add(counts: Map<number, number>, d: number, count: number): void {
  if (count > 0) counts.set(d, (counts.get(d) ?? 0) + count);
}

function rollEach(n: number, random: () => number, open: boolean): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++)
    add(counts, open ? openD10(random) - openD10(random) : rollD10(random) - rollD10(random), 1);
  return counts;
}

/** Closed d10 − d10: (10 − |d|) in 100 on −9..9. */
function drawClosed(n: number, random: () => number): Map<number, number> {
  const counts = new Map<number, number>();
  const differences = centreOut(9);
  const weights = differences.map((d) => 10 - Math.abs(d));
  multinomial(n, weights, random).forEach((count, i) => add(counts, differences[i] ?? 0, count));
  return counts;
}

/**
 * An open difference is 10·K + E, K = A₁ − A₂ the dice's 10s and E their last faces, independent
 * (harmonies/odds). P(K = k) = (9/11)·0.1^|k|, so K = 0 holds 9/11 of the group, and of the
 * members with |K| ≥ j, 9/10 have |K| = j, half of them on each side. Each K's members then
 * share the faces' 17 outcomes, (9 − |e|) in 81 on −8..8.
 */
function drawOpen(n: number, random: () => number): Map<number, number> {
  const counts = new Map<number, number>();
  const last = centreOut(8);
  const weights = last.map((e) => 9 - Math.abs(e));
  const faces = (k: number, members: number) =>
    multinomial(members, weights, random).forEach((c, i) => add(counts, 10 * k + (last[i] ?? 0), c));
  const centre = binomial(n, 9 / 11, random);
  faces(0, centre);
  let left = n - centre;
  for (let j = 1; left > 0; j++) {
    if (j > MAX_EXPLOSIONS) {
      throw new RulesError(
        "WH.Error.NotRandom",
        { argument: "random", value: MAX_EXPLOSIONS + 1 },
        `random produced more than ${MAX_EXPLOSIONS} tens in a row`,
      );
    }
    const atJ = binomial(left, 9 / 10, random);
    const above = binomial(atJ, 1 / 2, random);
    faces(j, above);
    faces(-j, atJ - above);
    left -= atJ;
  }
  return counts;
}

function listed(modifier: number, counts: Map<number, number>): MarginCount[] {
  return [...counts].map(([d, count]) => ({ margin: modifier + d, count })).sort((a, b) => a.margin - b.margin);
}

/**
 * [default] individual mode (RULES 3.3): the members' margins as if every member made its own
 * difference roll. A large group's histogram is drawn at once, a multinomial over the difference's
 * distribution by conditional binomials: the same law as rolling each member, at a cost that does
 * not grow with the group. Up to MEMBERS_ROLLED_ONE_BY_ONE members, each rolls its dice.
 */
export function rollGroupIndividually(
  size: number,
  modifier: number,
  random: () => number,
  options: { open?: boolean } = {},
): MarginCount[] {
  const n = requireCount("size", size);
  const m = requireInteger("modifier", modifier);
  requireRandom("random", random);
  const open = openOption(options, GROUP_DEFAULTS.open);
  if (n <= MEMBERS_ROLLED_ONE_BY_ONE) return listed(m, rollEach(n, random, open));
  return listed(m, open ? drawOpen(n, random) : drawClosed(n, random));
}
