import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateWuxiaPool, wuxiaOdds, wuxiaThreshold } from "../index";
import { RulesError } from "../errors";
import { evaluateWuxiaGroup, wuxiaGroupTests, type WuxiaSubgroup, type WuxiaSubgroupTest } from "./wuxia-group";

const subgroup = fc.record({
  label: fc.string({ maxLength: 6 }),
  members: fc.integer({ min: 0, max: 10_000 }),
  attribute: fc.integer({ min: 1, max: 10 }),
  competence: fc.integer({ min: -3, max: 12 }),
});
/** At least one sub-group with a member still fighting. */
const group = fc
  .tuple(
    fc.array(subgroup, { maxLength: 6 }),
    subgroup.map((s) => ({ ...s, members: Math.max(1, s.members) })),
  )
  .chain(([others, one]) => fc.shuffledSubarray([...others, one], { minLength: others.length + 1 }));
const sr = fc.integer({ min: 5, max: 16 });
const face = fc.integer({ min: 1, max: 10 });

/** Faces for each test, as many as its pool. */
function facesFor(dice: readonly number[]) {
  return fc.tuple(...dice.map((n) => fc.array(face, { minLength: n, maxLength: n })));
}

function refusal(run: () => unknown): RulesError {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error("not refused");
}

/** A group's tests at some SR, and faces for each. */
const testsAndFaces = fc
  .tuple(group, sr)
  .map(([subgroups, level]) => wuxiaGroupTests(subgroups, level))
  .chain((tests) => fc.tuple(fc.constant(tests), facesFor(tests.map((t) => t.dice))));

const archers: WuxiaSubgroup = { label: "Archers", members: 12, attribute: 4, competence: 2 };
const chief: WuxiaSubgroup = { label: "Chef", members: 1, attribute: 6, competence: 4 };

describe("wuxiaGroupTests (RULES 3.4 [default])", () => {
  it("one test per sub-group: its Attribute dice against SR − its Compétence, with the pool's exact odds", () => {
    expect(wuxiaGroupTests([archers, chief], 10)).toEqual([
      { label: "Archers", members: 12, dice: 4, competence: 2, threshold: 8, odds: oddsOf(4, 8) },
      { label: "Chef", members: 1, dice: 6, competence: 4, threshold: 6, odds: oddsOf(6, 6) },
    ]);
  });

  it("[example] the Wuxia text's pool (Attribute 5, Compétence 2, SR 10): 79.5 % success (the table's 80 %), 13 % critical", () => {
    const [test] = wuxiaGroupTests([{ label: "Gardes", members: 20, attribute: 5, competence: 2 }], 10);
    expect(test?.odds.success).toBeCloseTo(0.795, 3);
    expect(Math.round((test?.odds.critical ?? 0) * 100)).toBe(13);
  });

  it("a sub-group with no member left in the fight makes no test; a group with no one left is refused", () => {
    expect(wuxiaGroupTests([{ ...archers, members: 0 }, chief], 10).map((t) => t.label)).toEqual(["Chef"]);
    expect(refusal(() => wuxiaGroupTests([{ ...archers, members: 0 }], 10)).details.argument).toBe("subgroups");
    expect(refusal(() => wuxiaGroupTests([], 10)).code).toBe("WH.Error.Empty");
  });

  it("refuses what makes no test, naming it", () => {
    const named = (run: () => unknown) => refusal(run).details.argument;
    expect(named(() => wuxiaGroupTests([archers], 10.5))).toBe("sr");
    expect(named(() => wuxiaGroupTests([{ ...archers, members: -1 }], 10))).toBe("subgroups[0].members");
    expect(named(() => wuxiaGroupTests([chief, { ...archers, attribute: 1001 }], 10))).toBe("subgroups[1].attribute");
    expect(named(() => wuxiaGroupTests([{ ...archers, competence: 0.5 }], 10))).toBe("subgroups[0].competence");
    expect(named(() => wuxiaGroupTests([{ ...archers, label: 3 as unknown as string }], 10))).toBe(
      "subgroups[0].label",
    );
    expect(named(() => wuxiaGroupTests([null as unknown as WuxiaSubgroup], 10))).toBe("subgroups[0]");
    expect(named(() => wuxiaGroupTests("x" as unknown as WuxiaSubgroup[], 10))).toBe("subgroups");
  });

  it("property: the tests are the sub-groups with someone fighting, in order, each as the pool rules make it", () => {
    fc.assert(
      fc.property(group, sr, (subgroups, level) => {
        const tests = wuxiaGroupTests(subgroups, level);
        const fighting = subgroups.filter((s) => s.members > 0);
        expect(tests.map((t) => [t.label, t.members, t.dice, t.competence])).toEqual(
          fighting.map((s) => [s.label, s.members, s.attribute, s.competence]),
        );
        tests.forEach((t) => {
          expect(t.threshold).toBe(wuxiaThreshold(level, t.competence));
          expect(t.odds).toEqual(oddsOf(t.dice, t.threshold));
        });
      }),
    );
  });
});

function oddsOf(dice: number, threshold: number): { success: number; critical: number } {
  const { success, critical } = wuxiaOdds(dice, threshold);
  return { success, critical };
}

describe("evaluateWuxiaGroup", () => {
  it("reads each test from its faces and counts the members by their sub-group's outcome", () => {
    const tests = wuxiaGroupTests([archers, chief, { label: "Recrues", members: 5, attribute: 2, competence: 0 }], 10);
    // Archers at 8: 9 and 8 succeed (success); Chef at 6: two 1s against one success (critical); Recrues at 10: none.
    const result = evaluateWuxiaGroup(tests, [
      [9, 8, 3, 1],
      [1, 1, 7, 2, 3, 4],
      [5, 9],
    ]);
    expect(result.tests.map((t) => [t.label, t.successes, t.ones, t.success, t.critical])).toEqual([
      ["Archers", 2, 1, true, false],
      ["Chef", 1, 2, false, true],
      ["Recrues", 0, 0, false, false],
    ]);
    expect(result.tests[0]?.faces).toEqual([9, 8, 3, 1]);
    expect(result).toMatchObject({ succeeded: 12, failed: 6, critical: 1 });
  });

  it("a 10 succeeds and a 1 fails whatever the threshold", () => {
    const tests = wuxiaGroupTests(
      [
        { label: "Maîtres", members: 2, attribute: 2, competence: 12 },
        { label: "Novices", members: 3, attribute: 2, competence: -5 },
      ],
      10,
    );
    const result = evaluateWuxiaGroup(tests, [
      [1, 2],
      [10, 9],
    ]);
    expect(result.tests.map((t) => [t.successes, t.ones])).toEqual([
      [1, 1],
      [1, 0],
    ]);
    expect(result).toMatchObject({ succeeded: 5, failed: 0, critical: 0 });
  });

  it("refuses faces that do not match the tests, naming them", () => {
    const tests = wuxiaGroupTests([archers, chief], 10);
    const named = (faces: unknown) => refusal(() => evaluateWuxiaGroup(tests, faces as number[][])).details.argument;
    expect(named([[1, 2, 3, 4]])).toBe("faces.length");
    expect(
      named([
        [1, 2, 3],
        [1, 2, 3, 4, 5, 6],
      ]),
    ).toBe("faces[0].length");
    expect(
      named([
        [1, 2, 3, 4],
        [1, 2, 3, 4, 5, 11],
      ]),
    ).toBe("faces[1][5]");
    expect(named([[1, 2, 3, 4], "abcdef"])).toBe("faces[1]");
    expect(named("x")).toBe("faces");
    const bad = (change: Record<string, unknown>) =>
      refusal(() => evaluateWuxiaGroup([{ ...(tests[0] as WuxiaSubgroupTest), ...change }], [[1, 2, 3, 4]])).details
        .argument;
    expect(bad({ members: -1 })).toBe("tests[0].members");
    expect(bad({ dice: "4" })).toBe("tests[0].dice");
    expect(bad({ threshold: 7.5 })).toBe("tests[0].threshold");
    const huge = { ...(tests[0] as WuxiaSubgroupTest), dice: 1001 };
    expect(refusal(() => evaluateWuxiaGroup([huge], [Array(1001).fill(5)])).details.argument).toBe("tests[0].dice");
    expect(refusal(() => evaluateWuxiaGroup([null as never], [[]])).details.argument).toBe("tests[0]");
    expect(refusal(() => evaluateWuxiaGroup("x" as never, [])).details.argument).toBe("tests");
  });

  it("property: each sub-group reads as the Wuxia pool rules read its faces", () => {
    fc.assert(
      fc.property(testsAndFaces, ([tests, faces]) => {
        const result = evaluateWuxiaGroup(tests, faces);
        result.tests.forEach((r, i) => {
          expect(r).toEqual({ ...tests[i], faces: faces[i], ...evaluateWuxiaPool(faces[i] as number[], r.threshold) });
        });
      }),
    );
  });

  it("property: the card's story adds up — succeeded + failed is every member tested, the critical among the failed", () => {
    fc.assert(
      fc.property(testsAndFaces, ([tests, faces]) => {
        const result = evaluateWuxiaGroup(tests, faces);
        const everyone = tests.reduce((sum, t) => sum + t.members, 0);
        expect(result.succeeded + result.failed).toBe(everyone);
        expect(result.succeeded).toBe(result.tests.filter((t) => t.success).reduce((s, t) => s + t.members, 0));
        expect(result.critical).toBe(result.tests.filter((t) => t.critical).reduce((s, t) => s + t.members, 0));
        expect(result.critical).toBeLessThanOrEqual(result.failed);
      }),
    );
  });

  it("property: a lower SR never leaves fewer members succeeding on the same faces", () => {
    fc.assert(
      fc.property(
        group.chain((subgroups) =>
          fc.tuple(
            fc.constant(subgroups),
            sr,
            facesFor(subgroups.filter((s) => s.members > 0).map((s) => s.attribute)),
          ),
        ),
        ([subgroups, level, faces]) => {
          const harder = evaluateWuxiaGroup(wuxiaGroupTests(subgroups, level + 1), faces);
          const easier = evaluateWuxiaGroup(wuxiaGroupTests(subgroups, level), faces);
          expect(easier.succeeded).toBeGreaterThanOrEqual(harder.succeeded);
          easier.tests.forEach((t, i) =>
            expect(t.successes).toBeGreaterThanOrEqual(harder.tests[i]?.successes ?? Infinity),
          );
        },
      ),
    );
  });
});
