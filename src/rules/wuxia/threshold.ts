import { requireArray, requireInteger } from "../validate";

/** Threshold t = SR − Compétence (RULES 1.3); it may fall below 2 or rise above 10. */
export function wuxiaThreshold(sr: number, skill: number): number {
  return requireInteger("sr", sr) - requireInteger("skill", skill);
}

/** A face succeeds if it reaches t, a 10 always succeeds, a 1 always fails. */
export function isSuccessFace(face: number, threshold: number): boolean {
  return face !== 1 && (face === 10 || face >= threshold);
}

/**
 * How many of the ten faces succeed at threshold t: clamp(11 − t, 1, 9). Counting faces keeps
 * the probabilities exact tenths (p, r = 0.1, q) with q exactly 0 when t ≤ 2.
 */
export function successFaces(threshold: number): number {
  return Math.min(9, Math.max(1, 11 - threshold));
}

export interface WuxiaPoolResult {
  successes: number;
  ones: number;
  /** More 1s than successes: the test fails whatever else. */
  critical: boolean;
  /** At least one success and not a critical failure. */
  success: boolean;
}

export function evaluateWuxiaPool(faces: readonly number[], threshold: number): WuxiaPoolResult {
  requireArray("faces", faces);
  requireInteger("threshold", threshold);
  let successes = 0;
  let ones = 0;
  for (let i = 0; i < faces.length; i++) {
    const face = faces[i] as number;
    // Build the argument name only on failure (it throws then): this loop is on the hot path of every roll.
    if (!(face >= 1 && face <= 10 && Number.isInteger(face))) requireInteger(`faces[${i}]`, face, 1, 10);
    if (face === 1) ones++;
    else if (face === 10 || face >= threshold) successes++;
  }
  const critical = ones > successes;
  return { successes, ones, critical, success: successes >= 1 && !critical };
}
