import { d10 } from "../random";
import { at, requireCount, requireInteger, requireRandom } from "../validate";
import { effectiveThreshold, tallyFaces, type WuxiaPoolResult } from "./threshold";

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
 * The specialisation rerolls, on faces just rolled: min(k, failed dice) dice, every 1 first,
 * then the other failures, each in pool order; the dice are chosen from the first roll, so
 * none is rerolled twice, and the new face stands. Kept apart from rollWuxiaPool so that its
 * closures do not slow the common no-reroll path.
 */
function applyRerolls(faces: number[], least: number, budget: number, random: () => number): WuxiaReroll[] {
  const chosen: number[] = [];
  faces.forEach((face, i) => {
    if (face === 1 && chosen.length < budget) chosen.push(i);
  });
  faces.forEach((face, i) => {
    if (face !== 1 && face < least && chosen.length < budget) chosen.push(i);
  });
  return chosen.map((index) => {
    const from = at("faces", faces, index);
    const to = d10(random);
    faces[index] = to;
    return { index, from, to };
  });
}

/** Roll `dice` d10 at threshold t, with `rerolls` specialisation rerolls (RULES 1.3). */
export function rollWuxiaPool(
  dice: number,
  threshold: number,
  random: () => number,
  options: WuxiaRollOptions = {},
): WuxiaRoll {
  requireCount("dice", dice, MAX_POOL_DICE);
  requireInteger("threshold", threshold);
  requireRandom("random", random);
  const budget = requireCount("options.rerolls", options.rerolls ?? 0, MAX_POOL_DICE);

  const least = effectiveThreshold(threshold);
  const faces = new Array<number>(dice);
  for (let i = 0; i < dice; i++) faces[i] = d10(random);
  const rerolled = budget > 0 ? applyRerolls(faces, least, budget, random) : [];

  const { successes, ones, critical, success } = tallyFaces(faces, threshold);
  return { faces, rerolled, successes, ones, critical, success };
}
