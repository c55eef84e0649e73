import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry } from "../../../test/foundry/install";
import { wuxiaFaceNeeded, wuxiaResultText, wuxiaThresholdSum } from "./text";

/** The words a Wuxia card and dialog share: the result and the sum the threshold comes from. */

beforeEach(() => {
  installFoundry({ lang: "en" });
});

const terms = { sr: 10, srPenalty: 0, skillName: "Chasseur", competence: 3, threshold: 7 };

describe("wuxiaThresholdSum", () => {
  it("writes each term with its sign, and the face a die needs", () => {
    expect(wuxiaThresholdSum(terms)).toBe("SR 10 − Chasseur 3: success on 7+");
    expect(wuxiaThresholdSum({ ...terms, srPenalty: 2, threshold: 9 })).toBe(
      "SR 10 + 2 (wounds, panic) − Chasseur 3: success on 9+",
    );
    // A bonus to the SR and a skill below 0 (house rules, macros) keep the sum true.
    expect(wuxiaThresholdSum({ ...terms, srPenalty: -1, competence: -2, threshold: 11 })).toBe(
      "SR 10 − 1 (wounds, panic) + Chasseur 2: success on a 10 only",
    );
  });

  it("leaves out a skill that lowers nothing, and a skill that is not there", () => {
    expect(wuxiaThresholdSum({ ...terms, competence: 0, threshold: 10 })).toBe("SR 10: success on a 10 only");
    expect(wuxiaThresholdSum({ ...terms, skillName: null, competence: 3 })).toBe("SR 10: success on 7+");
  });

  it("is written in French with the book's words", () => {
    installFoundry({ lang: "fr" });
    expect(wuxiaThresholdSum({ ...terms, srPenalty: 1, threshold: 8 })).toBe(
      "SR 10 + 1 (blessures, panique) − Chasseur 3 : réussite sur 8+",
    );
  });
});

describe("wuxiaFaceNeeded", () => {
  it("names a 10 alone from threshold 10 up, and never a face below 2 (a 1 always fails)", () => {
    expect([-3, 1, 2, 6, 9, 10, 14].map(wuxiaFaceNeeded)).toEqual([
      "success on 2+",
      "success on 2+",
      "success on 2+",
      "success on 6+",
      "success on 9+",
      "success on a 10 only",
      "success on a 10 only",
    ]);
  });
});

describe("wuxiaResultText", () => {
  it("counts in the reader's grammar, with the quality of more than one success and the 1s of a critical", () => {
    const outcome = (successes: number, ones: number) => ({
      successes,
      ones,
      critical: ones > successes,
      success: successes > 0 && ones <= successes,
    });
    expect([outcome(0, 0), outcome(1, 0), outcome(4, 1), outcome(1, 2), outcome(0, 1)].map(wuxiaResultText)).toEqual([
      "0 successes",
      "1 success",
      "4 successes (quality +3)",
      "1 success against 2 dice showing 1",
      "0 successes against 1 die showing 1",
    ]);
  });
});
