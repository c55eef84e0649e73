import { d10 } from "../random";
import { requireArray, requireInteger, requireRandom } from "../validate";
import { evaluateWuxiaPool, type WuxiaPoolResult } from "./threshold";

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
  requireArray("faces", faces);
  const i = requireInteger("index", index, 0, faces.length - 1);
  requireRandom("random", random);
  const next = faces.slice();
  const from = requireInteger(`faces[${i}]`, next[i], 1, 10);
  const to = d10(random);
  next[i] = to;
  return { faces: next, from, to, ...evaluateWuxiaPool(next, threshold) };
}
