import { describe, expect, it } from "vitest";
import { replayFaces } from "../random";
import { spendDestinyReroll } from "./destiny";

describe("spendDestinyReroll", () => {
  it("[default] rerolls the die the player chooses; the new face stands", () => {
    const result = spendDestinyReroll([1, 4, 9], 0, 8, replayFaces([10]));
    expect(result).toEqual({
      faces: [10, 4, 9],
      from: 1,
      to: 10,
      successes: 2,
      ones: 0,
      critical: false,
      success: true,
    });
  });

  it("leaves the original faces untouched", () => {
    const faces = [1, 4];
    spendDestinyReroll(faces, 1, 8, replayFaces([8]));
    expect(faces).toEqual([1, 4]);
  });

  it("rejects an index outside the pool", () => {
    expect(() => spendDestinyReroll([1, 4], 2, 8, replayFaces([8]))).toThrow(/^index must be between 0 and 1/);
  });

  it("names a face that is not a d10's and a random source that is not one", () => {
    expect(() => spendDestinyReroll([1, 11], 0, 8, replayFaces([8]))).toThrow(/^faces\[1\] must be between 1 and 10/);
    expect(() => spendDestinyReroll([1, 4], 0, 8, 0.5 as never)).toThrow(/^random /);
  });
});
