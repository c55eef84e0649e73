import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeImportFile, parseGroupImport } from "../../src/import";

/** The example files the README offers a GM, read as the import dialog reads a dropped file. */
const read = (name: string) => {
  const bytes = readFileSync(new URL(`../../assets/examples/${name}`, import.meta.url));
  return { bytes, result: parseGroupImport(decodeImportFile(new Uint8Array(bytes))) };
};

describe("the example files", () => {
  it("groupes-harmonies.csv: French Excel's shape (BOM, `;`, CRLF), the guards of RULES 3.2 and the soldiers of 3.3", () => {
    const { bytes, result } = read("groupes-harmonies.csv");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.split("\r\n").length).toBe(text.split("\n").length);
    expect(text.split("\n")[0]).toContain("Groupe;Nom;Nombre;Jeu;Corps;Agilité");
    expect(result.problems).toEqual([]);
    expect(result.groups.map((g) => [g.name, g.ruleset, g.members.map((m) => m.count)])).toEqual([
      ["Garde du palais", "harmonies", [25, 1]],
      ["Légion d'Aquitaine", "harmonies", [300, 3]],
      ["Brigands de la forêt", "harmonies", [12, 1]],
    ]);
    expect(result.groups[2]?.members[1]?.label).toBe("« Le Borgne », leur chef");
  });

  it("groups-wuxia.csv: English, comma-separated, a quoted name", () => {
    const { result } = read("groups-wuxia.csv");
    expect(result.problems).toEqual([]);
    expect(result.groups.map((g) => [g.name, g.ruleset, g.members.map((m) => m.label)])).toEqual([
      ["Jade Fist Sect", "wuxia", ["Disciples", 'Elder Wu, the "Iron Crane"']],
      ["Red Hill Bandits", "wuxia", ["Bandits", "Chief"]],
    ]);
    expect(result.groups[0]?.members[0]?.stats).toEqual({ metal: 2, feu: 3, terre: 2, eau: 2, bois: 2, skill: 1 });
  });

  it("groups.json: both rule sets", () => {
    const { result } = read("groups.json");
    expect(result.problems).toEqual([]);
    expect(result.groups.map((g) => [g.name, g.ruleset, g.members.length])).toEqual([
      ["Jade Fist Sect", "wuxia", 2],
      ["Garde du palais", "harmonies", 2],
    ]);
  });
});
