import { RulesError } from "../errors";
import { d6 } from "../random";
import { requireArray, requireCount, requireInteger, requireObject, requireOptions, requireRandom } from "../validate";
import { HARMONIES_DEFAULTS } from "./defaults";

export interface HarmoniesAttributeRoll {
  /** The six d6 − d6 results, in order. */
  rolls: number[];
  /** The four left once the highest and the lowest are dropped, in roll order. */
  kept: number[];
  dropped: { highest: number; lowest: number };
  /** Where in `rolls` the dropped highest and lowest are (the first of equal results goes). */
  droppedAt: { highest: number; lowest: number };
}

const ATTRIBUTE_ROLLS = 6;

/**
 * The six results from the faces of six added and six subtracted d6 (RULES 2.1): the highest and
 * the lowest dropped, the first of equals first; with six equal results two of them go.
 */
export function harmoniesAttributesFromFaces(
  plus: readonly number[],
  minus: readonly number[],
): HarmoniesAttributeRoll {
  for (const [argument, faces] of [
    ["plus", plus],
    ["minus", minus],
  ] as const) {
    requireArray(argument, faces);
    if (faces.length !== ATTRIBUTE_ROLLS) {
      throw new RulesError(
        "WH.Error.BadValue",
        { argument, value: faces },
        `${argument} must hold ${ATTRIBUTE_ROLLS} faces`,
      );
    }
    faces.forEach((face, i) => requireInteger(`${argument}[${i}]`, face, 1, 6));
  }
  const rolls = plus.map((face, i) => face - (minus[i] as number));
  const highest = Math.max(...rolls);
  const lowest = Math.min(...rolls);
  const highestAt = rolls.indexOf(highest);
  const lowestAt = rolls.findIndex((r, i) => r === lowest && i !== highestAt);
  const kept = rolls.filter((_, i) => i !== highestAt && i !== lowestAt);
  return { rolls, kept, dropped: { highest, lowest }, droppedAt: { highest: highestAt, lowest: lowestAt } };
}

/** Roll six d6 − d6 and drop the highest and the lowest (RULES 2.1). */
export function rollHarmoniesAttributes(random: () => number): HarmoniesAttributeRoll {
  requireRandom("random", random);
  const plus: number[] = [];
  const minus: number[] = [];
  for (let i = 0; i < ATTRIBUTE_ROLLS; i++) {
    plus.push(d6(random));
    minus.push(d6(random));
  }
  return harmoniesAttributesFromFaces(plus, minus);
}

export type HarmoniesPair = "cp/ag" | "it/ig" | "pu/rs" | "mn/pr";
export const HARMONIES_PAIRS: readonly HarmoniesPair[] = Object.freeze(["cp/ag", "it/ig", "pu/rs", "mn/pr"]);

export interface HarmoniesAttributes {
  cp: number;
  ag: number;
  it: number;
  ig: number;
  pu: number;
  rs: number;
  mn: number;
  pr: number;
}

/** A creation result is −5..+5: a wider gap changes nothing, and an unbounded one lists splits forever. */
const MAX_CREATION_GAP = 100;

function creationMaxGap(options: { creationMaxGap?: number } | undefined): number {
  const given = requireOptions("options", options).creationMaxGap;
  return requireCount("options.creationMaxGap", given ?? HARMONIES_DEFAULTS.creationMaxGap, MAX_CREATION_GAP);
}

/** Every split of a result between a pair: they sum to it and differ by at most 2. */
export function pairSplits(result: number, options: { creationMaxGap?: number } = {}): [number, number][] {
  const r = requireInteger("result", result);
  const gap = creationMaxGap(options);
  const splits: [number, number][] = [];
  // + 0 turns the −0 that Math.ceil gives for −0.5 into 0.
  for (let a = Math.ceil((r - gap) / 2) + 0; 2 * a - r <= gap; a++) splits.push([a, r - a]);
  return splits;
}

export interface HarmoniesCreationProblem {
  code: "WH.Creation.WrongResults" | "WH.Creation.PairGap";
  field: string;
  message: string;
}

/**
 * Check a creation split (RULES 2.1): the four pair sums are the four kept results (in any
 * assignment) and within each pair the two attributes differ by at most 2. The gap rule binds
 * at creation only.
 */
export function validateHarmoniesCreation(
  kept: readonly number[],
  attributes: HarmoniesAttributes,
  options: { creationMaxGap?: number } = {},
): { valid: boolean; problems: HarmoniesCreationProblem[] } {
  requireArray("kept", kept);
  requireObject("attributes", attributes);
  const gap = creationMaxGap(options);
  const problems: HarmoniesCreationProblem[] = [];
  const sums: number[] = [];
  for (const pair of HARMONIES_PAIRS) {
    const [first, second] = pair.split("/") as [keyof HarmoniesAttributes, keyof HarmoniesAttributes];
    const a = requireInteger(`attributes.${first}`, attributes[first]);
    const b = requireInteger(`attributes.${second}`, attributes[second]);
    sums.push(a + b);
    if (Math.abs(a - b) > gap) {
      problems.push({
        code: "WH.Creation.PairGap",
        field: pair,
        message: `${pair}: ${a} and ${b} differ by ${Math.abs(a - b)}, more than ${gap}`,
      });
    }
  }
  const wanted = kept.map((k, i) => requireInteger(`kept[${i}]`, k)).sort((x, y) => x - y);
  const got = sums.slice().sort((x, y) => x - y);
  if (wanted.length !== got.length || wanted.some((k, i) => k !== got[i])) {
    problems.push({
      code: "WH.Creation.WrongResults",
      field: "attributes",
      message: `pair sums ${sums.join(", ")} are not the kept results ${kept.join(", ")}`,
    });
  }
  return { valid: problems.length === 0, problems };
}
