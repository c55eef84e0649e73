import { describe, expect, it } from "vitest";
import { installFoundry } from "../../test/foundry/install";
import { t } from "./i18n";

describe("t", () => {
  it("gives a count the plural form of the reader's language", () => {
    installFoundry({ lang: "en" });
    expect([0, 1, 2].map((count) => t("WH.Import.CountErrors", { count }))).toEqual([
      "0 errors",
      "1 error",
      "2 errors",
    ]);
    installFoundry({ lang: "fr" });
    // French counts 0 and 1 in the singular.
    expect([0, 1, 2].map((count) => t("WH.Import.CountErrors", { count }))).toEqual([
      "0 erreur",
      "1 erreur",
      "2 erreurs",
    ]);
  });

  it("keeps the other placeholders of a plural key, and formats a plain key as before", () => {
    installFoundry({ lang: "en" });
    expect(t("WH.Import.Error.Errors", { count: 1, first: "line 2" })).toBe(
      "The import has 1 error: nothing was created. It is: line 2",
    );
    expect(t("WH.Import.Done", { created: 1, updated: 2 })).toBe("Groups imported: 1 created, 2 updated.");
    expect(t("WH.Chat.Outcome.Success")).toBe("Success");
  });

  it("reads a count given as text as a plain value, not a plural", () => {
    installFoundry({ lang: "en" });
    expect(t("WH.Import.CountErrors", { count: "2" })).toBe("WH.Import.CountErrors");
  });

  it("elides French « de » before a name that starts with a vowel, and nowhere else", () => {
    installFoundry({ lang: "fr" });
    expect(["Aiko", "Élodie", "Lin Mei", "Hugo"].map((name) => t("WH.Creation.Harmonies.Title", { name }))).toEqual([
      "Attributs d'Aiko",
      "Attributs d'Élodie",
      "Attributs de Lin Mei",
      "Attributs de Hugo",
    ]);
    // A vowel after a name is not a name after « de »: « Lin attaque Aiko » is left as it is.
    expect(t("WH.Combat.AttackTitle", { attacker: "Lin", defender: "Aiko" })).toBe("Lin attaque Aiko");
    // The key's own « que » before a number stays; a value is never read as a mark.
    expect(t("WH.Combat.Error.NotEnoughDefense", { name: "Aiko", count: 1 })).toBe("Aiko n'a que 1 dé de Défense.");
    installFoundry({ lang: "en" });
    expect(t("WH.Creation.Harmonies.Title", { name: "Aiko" })).toBe(
      game.i18n.format("WH.Creation.Harmonies.Title", { name: "Aiko" }),
    );
  });
});
