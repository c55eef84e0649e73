import { describe, expect, it } from "vitest";
import { parseGroupImport } from "./index";
import { csvTemplate, jsonTemplate } from "./template";

/** The templates the import dialog offers read back without a problem, in either language and for any rule sets. */

const COMBINATIONS = [["wuxia"], ["harmonies"], ["wuxia", "harmonies"]] as const;

describe("the import templates", () => {
  for (const language of ["en", "fr"] as const)
    for (const rulesets of COMBINATIONS)
      it(`${language}, ${rulesets.join(" + ")}: the CSV and the JSON each read back as one group per rule set, no problem`, () => {
        for (const text of [csvTemplate(language, rulesets), jsonTemplate(language, rulesets)]) {
          const { groups, problems } = parseGroupImport(text);
          expect(problems).toEqual([]);
          expect(groups.map((g) => g.ruleset)).toEqual([...rulesets]);
        }
      });

  it("writes French as French Excel saves it, English with commas", () => {
    expect(csvTemplate("fr", ["harmonies"]).split("\r\n")[0]).toBe(
      "\uFEFFGroupe;Nom;Nombre;Jeu;Corps;Agilité;Intuition;Intelligence;Puissance;Résistance;Manœuvre;Précision;Compétence",
    );
    expect(csvTemplate("en", ["wuxia"])).toBe(
      "group,name,count,ruleset,metal,fire,earth,water,wood,skill\r\nBandits,Bandit,6,wuxia,2,3,2,2,2,1\r\n",
    );
  });
});
