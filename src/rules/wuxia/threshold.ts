import { requireArray, requireInteger } from "../validate";

/** Threshold t = SR − Compétence (RULES 1.3); it may fall below 2 or rise above 10. */
export function wuxiaThreshold(sr: number, skill: number): number {
  return requireInteger("sr", sr) - requireInteger("skill", skill);
}

/**
 * The face a die must reach: t clamped to 2..10, since a 10 always succeeds and a 1 always
 * fails. A face succeeds ⇔ face ≥ effectiveThreshold(t).
 */
export function effectiveThreshold(threshold: number): number {
  return clampThreshold(requireInteger("threshold", threshold));
}

function clampThreshold(threshold: number): number {
  return Math.min(10, Math.max(2, threshold));
}

/** Whether a d10 face (1..10) succeeds at threshold t. */
export function isSuccessFace(face: number, threshold: number): boolean {
  const f = requireInteger("face", face, 1, 10);
  return f >= effectiveThreshold(threshold);
}

/**
 * How many of the ten faces succeed at threshold t: 11 − clamp(t, 2, 10), i.e. 1..9. Counting
 * faces keeps the probabilities exact tenths (p, r = 0.1, q) with q exactly 0 when t ≤ 2.
 */
export function successFaces(threshold: number): number {
  return 11 - effectiveThreshold(threshold);
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
  const t = requireInteger("threshold", threshold);
  faces.forEach((face, i) => requireInteger(`faces[${i}]`, face, 1, 10));
  return tallyFaces(faces, t);
}

/**
 * 1 if a face 1..10 reaches `least` (an effectiveThreshold), else 0. Branch-free on purpose:
 * random faces make branches unpredictable, and a misprediction costs more than a die.
 * (x >>> 31) is 1 exactly when the small integer x is negative.
 */
function successBit(face: number, least: number): number {
  return (least - 1 - face) >>> 31;
}

/** 1 if the face is a 1, else 0; branch-free like successBit. */
function oneBit(face: number): number {
  return (face - 2) >>> 31;
}

function poolResult(successes: number, ones: number): WuxiaPoolResult {
  const critical = ones > successes;
  return { successes, ones, critical, success: successes >= 1 && !critical };
}

/** evaluateWuxiaPool on faces and a threshold already known to be valid. */
export function tallyFaces(faces: readonly number[], threshold: number): WuxiaPoolResult {
  const least = clampThreshold(threshold);
  let successes = 0;
  let ones = 0;
  for (const face of faces) {
    successes += successBit(face, least);
    ones += oneBit(face);
  }
  return poolResult(successes, ones);
}
