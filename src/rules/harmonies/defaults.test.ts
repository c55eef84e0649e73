import { describe, expect, it } from "vitest";
import { HARMONIES_DEFAULTS } from "./defaults";

/** The [default]s of RULES 2 that are settings only: no engine function reads them. */
describe("Harmonies defaults that only the Foundry layer reads", () => {
  it("[default] a critical wound's faint roll comes at the start of each of the character's turns in combat", () => {
    expect(HARMONIES_DEFAULTS.faintCheck).toBe("turnStart");
  });

  it("[default] closed rolls; a beginner has one métier, two hobbies at −5 and four talents at −10", () => {
    expect(HARMONIES_DEFAULTS.open).toBe(false);
    expect(HARMONIES_DEFAULTS.beginner).toEqual({ metiers: 1, hobbies: 2, talents: 4 });
    expect(HARMONIES_DEFAULTS.mastery).toEqual({ metier: 0, hobby: -5, talent: -10 });
  });
});
