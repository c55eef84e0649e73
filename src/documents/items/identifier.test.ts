import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { identifierOf, identifierOnCreate, identifierOnRename, normaliseName, slugOf } from "./identifier";

describe("a skill's identifier", () => {
  it("is its name in lower case, accents dropped, words joined by dashes", () => {
    expect(["Tir à l'arc", "  Épée du Nord ", "Manœuvre", "Kiai!", "Focus : Défense", ""].map(slugOf)).toEqual([
      "tir-a-l-arc",
      "epee-du-nord",
      "manœuvre",
      "kiai",
      "focus-defense",
      "",
    ]);
  });

  it("is the same read twice, and only letters and digits joined by single dashes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        const slug = slugOf(name);
        expect(slugOf(slug)).toBe(slug);
        expect(slug).toMatch(/^(?:[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)?$/u);
      }),
    );
  });

  it("answers to its own, read as a slug, else to its name's", () => {
    expect(identifierOf({ name: "Chasseur", system: { identifier: "Grand Chasseur" } })).toBe("grand-chasseur");
    expect(identifierOf({ name: "Chasseur", system: { identifier: "  " } })).toBe("chasseur");
    expect(identifierOf({ name: null, system: {} })).toBe("");
  });

  it("is taken from the name at creation unless given", () => {
    expect(identifierOnCreate({ name: "Bond du tigre" }, "")).toEqual({ identifier: "bond-du-tigre" });
    expect(identifierOnCreate({ name: "Bond du tigre" }, "bond")).toBeNull();
    expect(identifierOnCreate(null, "")).toEqual({ identifier: "" });
    expect(identifierOnCreate({ name: "Bond du tigre" }, "   ")).toEqual({ identifier: "bond-du-tigre" });
  });

  it("is kept from the old name on a rename when it had none, and left alone otherwise", () => {
    const renamed = (changes: Record<string, unknown>, own = "") => {
      identifierOnRename(changes, { name: "Fronde" }, own);
      return changes;
    };
    expect(renamed({ name: "Fronde longue" })).toEqual({ name: "Fronde longue", system: { identifier: "fronde" } });
    expect(renamed({ name: "Fronde longue", system: { level: 2 } })).toEqual({
      name: "Fronde longue",
      system: { level: 2, identifier: "fronde" },
    });
    expect(renamed({ name: "Fronde longue" }, "fronde")).toEqual({ name: "Fronde longue" });
    expect(renamed({ name: "Fronde longue" }, "  ")).toEqual({
      name: "Fronde longue",
      system: { identifier: "fronde" },
    });
    expect(renamed({ name: "Fronde" })).toEqual({ name: "Fronde" });
    expect(renamed({ system: { level: 2 } })).toEqual({ system: { level: 2 } });
    expect(renamed({ name: "X", system: { identifier: "x" } })).toEqual({ name: "X", system: { identifier: "x" } });
  });
});

describe("a name as two names are compared", () => {
  it("is trimmed, its inner spaces single, in lower case; accents and punctuation stay", () => {
    expect(["  Tir  à\tl'Arc ", "ÉPÉE", "Kiai!", ""].map(normaliseName)).toEqual(["tir à l'arc", "épée", "kiai!", ""]);
  });
});
