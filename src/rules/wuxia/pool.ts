import { d10 } from "../random";
import { requireCount, requireInteger, requireRandom } from "../validate";
import { evaluateWuxiaPool, isSuccessFace, type WuxiaPoolResult } from "./threshold";

/** Pools are Attribute-sized; the cap only guards against a runaway argument. */
export const MAX_POOL_DICE = 1000;

export interface WuxiaReroll {
  index: number;
  from: number;
  to: number;
}

export interface WuxiaRoll extends WuxiaPoolResult {
  /** Final faces, rerolled dice showing their new face. */
  faces: number[];
  rerolled: WuxiaReroll[];
}

export interface WuxiaRollOptions {
  /** Specialisation rerolls k (see specialisationRerolls); 0 without a specialisation. */
  rerolls?: number;
}

/**
 * Roll `dice` d10 at threshold t, then reroll min(k, failed dice) dice: every 1 first, then
 * the other failures, each in pool order; each die once, and the new face stands (RULES 1.3).
 */
export function rollWuxiaPool(
  dice: number,
  threshold: number,
  random: () => number,
  options: WuxiaRollOptions = {},
): WuxiaRoll {
  requireCount("dice", dice, MAX_POOL_DICE);
  requireInteger("threshold", threshold);
  requireRandom("random", random);
  let budget = requireCount("options.rerolls", options.rerolls ?? 0, MAX_POOL_DICE);

  const faces = new Array<number>(dice);
  for (let i = 0; i < dice; i++) faces[i] = d10(random);

  const rerolled: WuxiaReroll[] = [];
  if (budget > 0) {
    const initial = faces.slice();
    for (let i = 0; i < dice && budget > 0; i++) {
      if (initial[i] === 1) {
        const to = d10(random);
        rerolled.push({ index: i, from: 1, to });
        faces[i] = to;
        budget--;
      }
    }
    // Other failures are read from the initial faces: a die already rerolled is not rerolled again.
    for (let i = 0; i < dice && budget > 0; i++) {
      const from = initial[i];
      if (from !== undefined && from !== 1 && !isSuccessFace(from, threshold)) {
        const to = d10(random);
        rerolled.push({ index: i, from, to });
        faces[i] = to;
        budget--;
      }
    }
  }
  const { successes, ones, critical, success } = evaluateWuxiaPool(faces, threshold);
  return { faces, rerolled, successes, ones, critical, success };
}
