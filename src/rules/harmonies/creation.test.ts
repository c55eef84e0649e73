import { describe, expect, it } from "vitest";
import { mulberry32, replayFaces } from "../random";
import { RulesError } from "../errors";
import {
  harmoniesAttributesFromFaces,
  pairSplits,
  rollHarmoniesAttributes,
  validateHarmoniesCreation,
} from "./creation";

describe("rollHarmoniesAttributes", () => {
  it("rolls six d6 − d6 and drops the highest and the lowest", () => {
    const random = replayFaces([6, 1, 3, 3, 1, 6, 4, 2, 2, 4, 5, 3], 6);
    expect(rollHarmoniesAttributes(random)).toEqual({
      rolls: [5, 0, -5, 2, -2, 2],
      kept: [0, 2, -2, 2],
      dropped: { highest: 5, lowest: -5 },
      droppedAt: { highest: 0, lowest: 2 },
    });
  });

  it("drops the first of equal results, and two of six equal ones", () => {
    expect(harmoniesAttributesFromFaces([4, 2, 4, 1, 3, 3], [1, 1, 1, 4, 6, 3])).toMatchObject({
      rolls: [3, 1, 3, -3, -3, 0],
      kept: [1, 3, -3, 0],
      droppedAt: { highest: 0, lowest: 3 },
    });
    expect(harmoniesAttributesFromFaces([2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2])).toMatchObject({
      kept: [0, 0, 0, 0],
      droppedAt: { highest: 0, lowest: 1 },
    });
  });

  it("refuses faces that are not six d6", () => {
    expect(() => harmoniesAttributesFromFaces([1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6])).toThrow(
      expect.objectContaining({ code: "WH.Error.BadValue", message: "plus must hold 6 faces" }),
    );
    expect(() => harmoniesAttributesFromFaces([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 7])).toThrow(RulesError);
  });

  it("results stay within −5..+5 and four are kept", () => {
    const random = mulberry32(8);
    for (let i = 0; i < 200; i++) {
      const roll = rollHarmoniesAttributes(random);
      expect(roll.kept).toHaveLength(4);
      for (const r of roll.rolls) expect(Math.abs(r)).toBeLessThanOrEqual(5);
    }
  });
});

describe("pair split (RULES 2.1)", () => {
  it("[example] 0 on Cp/Ag → 0/0, +1/−1 or −1/+1", () => {
    expect(pairSplits(0)).toEqual([
      [-1, 1],
      [0, 0],
      [1, -1],
    ]);
    expect(pairSplits(3)).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  const attributes = { cp: 0, ag: 0, it: 1, ig: 1, pu: -1, rs: -1, mn: 2, pr: 1 };
  const kept = [0, 2, -2, 3];

  it("accepts pairs summing to the kept results, each within 2 points", () => {
    expect(validateHarmoniesCreation(kept, attributes)).toEqual({ valid: true, problems: [] });
    expect(validateHarmoniesCreation(kept, { ...attributes, cp: 1, ag: -1 }).valid).toBe(true);
  });

  it("[example] not +2/0 for a 0 (sum), not −2/+2 (gap 4)", () => {
    const wrongSum = validateHarmoniesCreation(kept, { ...attributes, cp: 0, ag: 2 });
    expect(wrongSum.problems).toEqual([expect.objectContaining({ code: "WH.Creation.WrongResults" })]);
    const wideGap = validateHarmoniesCreation(kept, { ...attributes, cp: -2, ag: 2 });
    expect(wideGap.problems).toEqual([expect.objectContaining({ code: "WH.Creation.PairGap", field: "cp/ag" })]);
  });

  it("says which pair breaks which rule, in words", () => {
    expect(validateHarmoniesCreation(kept, { ...attributes, cp: 3, ag: -3 }).problems).toEqual([
      { code: "WH.Creation.PairGap", field: "cp/ag", message: "cp/ag: 3 and -3 differ by 6, more than 2" },
    ]);
    expect(validateHarmoniesCreation([0, 2, -2, 4], attributes).problems).toEqual([
      {
        code: "WH.Creation.WrongResults",
        field: "attributes",
        message: "pair sums 0, 2, -2, 3 are not the kept results 0, 2, -2, 4",
      },
    ]);
  });

  it("compares the pair sums with the kept results in any order", () => {
    expect(validateHarmoniesCreation([3, -2, 2, 0], attributes).valid).toBe(true);
    expect(validateHarmoniesCreation([0, 2, -2], attributes).valid).toBe(false);
  });

  it("rejects non-integer attributes, naming them", () => {
    expect(() => validateHarmoniesCreation(kept, { ...attributes, mn: 1.5 })).toThrow(/^attributes\.mn/);
  });

  it("never splits into −0", () => {
    for (let result = -5; result <= 5; result++) {
      for (const [a, b] of pairSplits(result)) {
        expect(Object.is(a, -0) || Object.is(b, -0), `${result} → ${a}/${b}`).toBe(false);
      }
    }
  });

  it("rejects a bad maximum gap, naming it, rather than list nothing or loop forever", () => {
    expect(() => pairSplits(0, { creationMaxGap: Number.NaN })).toThrow(/^options\.creationMaxGap must be an integer/);
    expect(() => pairSplits(0, { creationMaxGap: Number.POSITIVE_INFINITY })).toThrow(/^options\.creationMaxGap/);
    expect(() => pairSplits(0, { creationMaxGap: 1e9 })).toThrow(/^options\.creationMaxGap must be between 0 and/);
    expect(() => validateHarmoniesCreation(kept, attributes, { creationMaxGap: Number.NaN })).toThrow(
      /^options\.creationMaxGap/,
    );
    expect(() => validateHarmoniesCreation(kept, attributes, { creationMaxGap: -1 })).toThrow(
      /^options\.creationMaxGap/,
    );
  });
});
