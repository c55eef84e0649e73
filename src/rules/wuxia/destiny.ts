import { d10 } from "../random";
import { at, requireArray, requireInteger, requireRandom } from "../validate";
import { tallyFaces, type WuxiaPoolResult } from "./threshold";

export interface DestinyReroll extends WuxiaPoolResult {
  faces: number[];
  from: number;
  to: number;
}

/**
 * [default] destiny mode "reroll" (RULES 1.3): a Destiny die spent after the roll rerolls one
 * die of the player's choice; the new face stands. (Mode "extraDie" just adds a die to the
 * pool before rolling, so it needs no helper.)
 */
export function spendDestinyReroll(
  faces: readonly number[],
  index: number,
  threshold: number,
  random: () => number,
): DestinyReroll {
  // Every argument is checked before the die is drawn: a refusal costs no draw.
  const next = requireArray("faces", faces).map((face, i) => requireInteger(`faces[${i}]`, face, 1, 10));
  const i = requireInteger("index", index, 0, faces.length - 1);
  const t = requireInteger("threshold", threshold);
  requireRandom("random", random);
  const from = at("faces", next, i);
  const to = d10(random);
  next[i] = to;
  return { faces: next, from, to, ...tallyFaces(next, t) };
}
