import { requireArray, requireCount, requireInteger, requireNonEmpty, requireObject, requireString } from "../validate";
import { wuxiaOdds } from "../wuxia/odds";
import { MAX_POOL_DICE } from "../wuxia/pool";
import { tallyFaces, wuxiaThreshold, type WuxiaPoolResult } from "../wuxia/threshold";

/** A sub-group of a Wuxia group: identical individuals, those still fighting counted (RULES 3.4). */
export interface WuxiaSubgroup {
  label: string;
  /** Members still in the fight; a sub-group with none makes no test. */
  members: number;
  /** The Attribute of the action: the test's pool. */
  attribute: number;
  /** The Compétence subtracted from SR. */
  competence: number;
}

/** One sub-group's test, standing for every member of it. */
export interface WuxiaSubgroupTest {
  label: string;
  members: number;
  dice: number;
  competence: number;
  /** t = SR − Compétence (RULES 1.3). */
  threshold: number;
  /** The test's exact odds (no rerolls: a sub-group has no specialisation). */
  odds: { success: number; critical: number };
}

export interface WuxiaSubgroupResult extends WuxiaSubgroupTest, WuxiaPoolResult {
  faces: number[];
}

export interface WuxiaGroupResult {
  tests: WuxiaSubgroupResult[];
  /** Members of the sub-groups whose test succeeded. */
  succeeded: number;
  /** Members of the others: succeeded + failed is every member tested. */
  failed: number;
  /** Members of the sub-groups whose test is a critical failure (counted among the failed). */
  critical: number;
}

/**
 * The tests of a Wuxia group (RULES 3.4 [default]): one per sub-group with a member still in
 * the fight, in order, its Attribute dice against SR − its Compétence. A group with no one left
 * makes no test: refused.
 */
export function wuxiaGroupTests(subgroups: readonly WuxiaSubgroup[], sr: number): WuxiaSubgroupTest[] {
  requireArray("subgroups", subgroups);
  const level = requireInteger("sr", sr);
  const tests = subgroups
    .map((subgroup, i) => {
      const s = requireObject(`subgroups[${i}]`, subgroup);
      const label = requireString(`subgroups[${i}].label`, s.label);
      const members = requireCount(`subgroups[${i}].members`, s.members);
      const dice = requireCount(`subgroups[${i}].attribute`, s.attribute, MAX_POOL_DICE);
      const competence = requireInteger(`subgroups[${i}].competence`, s.competence);
      return { label, members, dice, competence, threshold: wuxiaThreshold(level, competence) };
    })
    .filter((test) => test.members > 0);
  requireNonEmpty("subgroups", tests);
  return tests.map((test) => {
    const { success, critical } = wuxiaOdds(test.dice, test.threshold);
    return { ...test, odds: { success, critical } };
  });
}

/**
 * How a Wuxia group fared: each test read from its faces (one list per test, in order), and the
 * members counted by their sub-group's outcome.
 */
export function evaluateWuxiaGroup(
  tests: readonly WuxiaSubgroupTest[],
  faces: readonly (readonly number[])[],
): WuxiaGroupResult {
  requireArray("tests", tests);
  requireArray("faces", faces);
  requireInteger("faces.length", faces.length, tests.length, tests.length);
  let succeeded = 0;
  let failed = 0;
  let critical = 0;
  const results = tests.map((test, i) => {
    const t = requireObject(`tests[${i}]`, test);
    const members = requireCount(`tests[${i}].members`, t.members);
    const dice = requireCount(`tests[${i}].dice`, t.dice, MAX_POOL_DICE);
    const threshold = requireInteger(`tests[${i}].threshold`, t.threshold);
    const thrown = requireArray(`faces[${i}]`, faces[i] as readonly number[]);
    requireInteger(`faces[${i}].length`, thrown.length, dice, dice);
    thrown.forEach((face, j) => requireInteger(`faces[${i}][${j}]`, face, 1, 10));
    const outcome = tallyFaces(thrown, threshold);
    if (outcome.success) succeeded += members;
    else failed += members;
    if (outcome.critical) critical += members;
    return { ...t, members, faces: [...thrown], ...outcome };
  });
  return { tests: results, succeeded, failed, critical };
}
