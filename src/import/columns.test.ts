import { describe, expect, it } from "vitest";
import { acceptedNames, englishName, fieldOf, normalize, REQUIRED_COLUMNS } from "./columns";

/** The header names a spreadsheet may use, in French or English, as the import's contract lists them. */
const HEADERS: [string, string][] = [
  ["Groupe", "group"],
  ["group", "group"],
  ["Nom", "name"],
  ["name", "name"],
  ["label", "name"],
  ["Sous-groupe", "name"],
  ["sub_group", "name"],
  ["Nombre", "count"],
  ["Effectif", "count"],
  ["count", "count"],
  ["Number", "count"],
  ["Jeu", "ruleset"],
  ["ruleset", "ruleset"],
  ["Métal", "metal"],
  ["Feu", "feu"],
  ["Fire", "feu"],
  ["Terre", "terre"],
  ["Earth", "terre"],
  ["Eau", "eau"],
  ["Water", "eau"],
  ["Bois", "bois"],
  ["Wood", "bois"],
  ["Corps", "corps"],
  ["Cp", "corps"],
  ["Body", "corps"],
  ["Agilité", "agilite"],
  ["AG", "agilite"],
  ["agility", "agilite"],
  ["Intuition", "intuition"],
  ["It", "intuition"],
  ["Intelligence", "intelligence"],
  ["Ig", "intelligence"],
  ["Puissance", "puissance"],
  ["Pu", "puissance"],
  ["Power", "puissance"],
  ["Résistance", "resistance"],
  ["Rs", "resistance"],
  ["Manœuvre", "manoeuvre"],
  ["Mn", "manoeuvre"],
  ["Maneuver", "manoeuvre"],
  ["Précision", "precision"],
  ["Pr", "precision"],
  ["Compétence", "skill"],
  ["Skill", "skill"],
];

describe("header names", () => {
  it.each(HEADERS)("reads %j as the %s column", (header, field) => {
    expect(fieldOf(header)).toBe(field);
    expect(fieldOf(` ${header.toUpperCase()} `)).toBe(field);
  });

  it("ignores case, accents, spaces, underscores and hyphens, and spells œ out", () => {
    expect(normalize(" Sous_Groupe-Élite ")).toBe("sousgroupeelite");
    expect(normalize("MANŒUVRE")).toBe("manoeuvre");
    expect(fieldOf("Armure")).toBeUndefined();
    expect(fieldOf("")).toBeUndefined();
  });

  it("names each field in English in a problem, listing every name it answers to", () => {
    expect(REQUIRED_COLUMNS).toEqual(["group", "count"]);
    expect(englishName("count")).toBe("count");
    expect(englishName("feu")).toBe("fire");
    expect(acceptedNames("count")).toBe("count, nombre, effectif, number");
    expect(acceptedNames("metal")).toBe("metal");
  });
});
