import { rollD10 } from "../random";
import { at, requireArray, requireCount, requireInteger, requireOptions, requireRandom } from "../validate";
import { effectiveThreshold, tallyFaces, type WuxiaPoolResult } from "./threshold";

/** Pools are Attribute-sized; the cap only guards against a runaway argument. */
export const MAX_POOL_DICE = 1000;

export interface WuxiaReroll {
  index: number;
  from: number;
  to: number;
}

export interface WuxiaPoolRoll extends WuxiaPoolResult {
  /** Final faces, rerolled dice showing their new face. */
  faces: number[];
  rerolled: WuxiaReroll[];
}

export interface WuxiaRollOptions {
  /** Specialisation rerolls k (see specialisationRerolls); 0 without a specialisation. */
  rerolls?: number;
}

/** The dice the specialisation rerolls: every 1 first, then the other failures, in pool order. */
function rerollTargets(faces: readonly number[], least: number, budget: number): number[] {
  const chosen: number[] = [];
  faces.forEach((face, i) => {
    if (face === 1 && chosen.length < budget) chosen.push(i);
  });
  faces.forEach((face, i) => {
    if (face !== 1 && face < least && chosen.length < budget) chosen.push(i);
  });
  return chosen;
}

/**
 * Which dice of a first roll the specialisation rerolls (RULES 1.3): min(k, failed dice)
 * indices, every 1 first, then the other failures, each in pool order. For dice rolled
 * elsewhere (Foundry's own Die terms), so the choice stays the rules' own.
 */
export function specialisationRerollTargets(faces: readonly number[], threshold: number, rerolls: number): number[] {
  requireArray("faces", faces);
  const least = effectiveThreshold(threshold);
  faces.forEach((face, i) => requireInteger(`faces[${i}]`, face, 1, 10));
  const budget = requireCount("rerolls", rerolls, MAX_POOL_DICE);
  return rerollTargets(faces, least, budget);
}

/**
 * The specialisation rerolls, on faces just rolled: the dice are chosen from the first roll,
 * so none is rerolled twice, and the new face stands. Kept apart from rollWuxiaPool so that
 * its closures do not slow the common no-reroll path.
 */
function applyRerolls(faces: number[], least: number, budget: number, random: () => number): WuxiaReroll[] {
  return rerollTargets(faces, least, budget).map((index) => {
    const from = at("faces", faces, index);
    const to = rollD10(random);
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
): WuxiaPoolRoll {
  const n = requireCount("dice", dice, MAX_POOL_DICE);
  const t = requireInteger("threshold", threshold);
  requireRandom("random", random);
  const budget = requireCount("options.rerolls", requireOptions("options", options).rerolls ?? 0, MAX_POOL_DICE);

  const least = effectiveThreshold(t);
  const faces = new Array<number>(n);
  for (let i = 0; i < n; i++) faces[i] = rollD10(random);
  const rerolled = budget > 0 ? applyRerolls(faces, least, budget, random) : [];

  const { successes, ones, critical, success } = tallyFaces(faces, t);
  return { faces, rerolled, successes, ones, critical, success };
}
