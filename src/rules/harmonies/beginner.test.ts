import { describe, expect, it } from "vitest";
import { beginnerSkills, validateBeginnerPackage, type BeginnerPackage } from "./beginner";

/** RULES 2.3: a beginner has one métier of 4 skills at 0, two hobbies of 2 skills at −5, four talents at −10. */

const soldier: BeginnerPackage = {
  metier: {
    name: "Fantassin",
    listed: ["Épée", "Lance", "Bouclier", "Marche", "Survie"],
    chosen: ["Épée", "Lance", "Bouclier", "Marche"],
  },
  hobbies: [
    { name: "Barde", listed: ["Chants", "Mandoline", "Poésie"], chosen: ["Chants", "Mandoline"] },
    { name: "Cambrioleur", listed: ["Crochetage", "Discrétion"], chosen: ["Crochetage", "Discrétion"] },
  ],
  talents: ["Nager", "Lire", "Cuisine", "Équitation"],
};

describe("validateBeginnerPackage", () => {
  it("takes the book's package", () => {
    expect(validateBeginnerPackage(soldier)).toEqual({ valid: true, problems: [] });
  });

  it("names every count that is off", () => {
    const check = validateBeginnerPackage({
      metier: { ...soldier.metier, chosen: ["Épée", "Lance", "Bouclier"] },
      hobbies: [{ ...(soldier.hobbies[0] as BeginnerPackage["hobbies"][number]), chosen: ["Chants"] }],
      talents: ["Nager", "Lire", "Cuisine", "Équitation", "Forge"],
    });
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual([
      { code: "WH.Creation.Beginner.Count", field: "metier", name: "Fantassin", expected: 4, got: 3 },
      { code: "WH.Creation.Beginner.Count", field: "hobbies", name: "", expected: 2, got: 1 },
      { code: "WH.Creation.Beginner.Count", field: "hobby", name: "Barde", expected: 2, got: 1 },
      { code: "WH.Creation.Beginner.Count", field: "talents", name: "", expected: 4, got: 5 },
    ]);
  });

  it("refuses a skill its set does not list, whatever the case and spacing of the names", () => {
    const check = validateBeginnerPackage({
      ...soldier,
      metier: { ...soldier.metier, chosen: ["épée ", "Lance", "Bouclier", "Nage"] },
    });
    expect(check.problems).toEqual([
      { code: "WH.Creation.Beginner.NotListed", field: "metier", name: "Nage", expected: 0, got: 0 },
    ]);
  });

  it("refuses a skill chosen twice in the package, and the same hobby twice", () => {
    const barde = soldier.hobbies[0] as BeginnerPackage["hobbies"][number];
    const check = validateBeginnerPackage({ ...soldier, hobbies: [barde, { ...barde, name: "barde" }] });
    expect(check.problems).toEqual([
      { code: "WH.Creation.Beginner.Repeated", field: "hobbies", name: "barde", expected: 1, got: 2 },
      { code: "WH.Creation.Beginner.Repeated", field: "skills", name: "Chants", expected: 1, got: 2 },
      { code: "WH.Creation.Beginner.Repeated", field: "skills", name: "Mandoline", expected: 1, got: 2 },
    ]);
    const talentTwice = validateBeginnerPackage({ ...soldier, talents: ["Nager", "Lire", "Cuisine", "Chants"] });
    expect(talentTwice.problems.map((p) => [p.code, p.name])).toEqual([["WH.Creation.Beginner.Repeated", "Chants"]]);
  });

  it("refuses a blank skill", () => {
    const check = validateBeginnerPackage({ ...soldier, talents: ["Nager", "Lire", "Cuisine", "  "] });
    expect(check.problems).toEqual([
      { code: "WH.Creation.Beginner.Blank", field: "skills", name: "", expected: 0, got: 0 },
    ]);
  });

  it("counts a blank skill of a set as blank, not as one the set does not list", () => {
    const check = validateBeginnerPackage({
      ...soldier,
      metier: { ...soldier.metier, chosen: ["Épée", "Lance", "Bouclier", ""] },
    });
    expect(check.problems.map((p) => p.code)).toEqual(["WH.Creation.Beginner.Blank"]);
  });

  it("refuses what is not a package", () => {
    expect(() => validateBeginnerPackage({ ...soldier, talents: "Nager" } as never)).toThrow(
      "choice.talents must be a list",
    );
    expect(() => validateBeginnerPackage({ ...soldier, metier: { name: "Fantassin" } } as never)).toThrow(
      "choice.metier.listed must be a list",
    );
    expect(() => validateBeginnerPackage({ ...soldier, metier: { ...soldier.metier, name: 3 } } as never)).toThrow(
      "choice.metier.name must be a string",
    );
    expect(() => validateBeginnerPackage({ ...soldier, metier: { ...soldier.metier, listed: [1] } } as never)).toThrow(
      "choice.metier.listed[0] must be a string",
    );
    expect(() =>
      validateBeginnerPackage({ ...soldier, metier: { ...soldier.metier, chosen: [null] } } as never),
    ).toThrow("choice.metier.chosen[0] must be a string");
    expect(() => validateBeginnerPackage({ ...soldier, hobbies: [{ name: "Barde" }] } as never)).toThrow(
      "choice.hobbies[0].listed must be a list",
    );
  });
});

describe("beginnerSkills", () => {
  it("starts métier skills at 0, hobby skills at −5, talents at −10", () => {
    const skills = beginnerSkills(soldier);
    expect(skills).toHaveLength(12);
    expect(skills[0]).toEqual({ name: "Épée", level: 0, as: "metier" });
    expect(skills[4]).toEqual({ name: "Chants", level: -5, as: "hobby" });
    expect(skills[11]).toEqual({ name: "Équitation", level: -10, as: "talent" });
  });
});
