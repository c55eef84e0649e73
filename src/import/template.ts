import type { ImportRuleset } from "./types";

/**
 * A file to start from: the header a spreadsheet needs and one example row per rule set the world
 * plays, in the world's language — French as French Excel saves it (BOM, `;`), English with `,` —
 * or the same groups as JSON. Every header is one the import reads (`columns.ts`).
 */

const HEADERS = {
  en: { group: "group", name: "name", count: "count", ruleset: "ruleset", skill: "skill" },
  fr: { group: "Groupe", name: "Nom", count: "Nombre", ruleset: "Jeu", skill: "Compétence" },
} as const;

const STATS = {
  wuxia: {
    en: ["metal", "fire", "earth", "water", "wood"],
    fr: ["Métal", "Feu", "Terre", "Eau", "Bois"],
    keys: ["metal", "feu", "terre", "eau", "bois"],
  },
  harmonies: {
    en: ["body", "agility", "intuition", "intelligence", "power", "resistance", "maneuver", "precision"],
    fr: ["Corps", "Agilité", "Intuition", "Intelligence", "Puissance", "Résistance", "Manœuvre", "Précision"],
    keys: ["corps", "agilite", "intuition", "intelligence", "puissance", "resistance", "manoeuvre", "precision"],
  },
} as const;

/** One example group per rule set: a name, a sub-group, its count, its stats in STATS order and its skill. */
const EXAMPLES = {
  wuxia: {
    en: { group: "Bandits", name: "Bandit", count: 6, stats: [2, 3, 2, 2, 2], skill: 1 },
    fr: { group: "Brigands", name: "Brigand", count: 6, stats: [2, 3, 2, 2, 2], skill: 1 },
  },
  harmonies: {
    en: { group: "Palace guard", name: "Guards", count: 25, stats: [0, 1, 0, 0, 1, 1, 1, 0], skill: 2 },
    fr: { group: "Garde du palais", name: "Gardes", count: 25, stats: [0, 1, 0, 0, 1, 1, 1, 0], skill: 2 },
  },
} as const;

export type TemplateLanguage = keyof typeof HEADERS;

/** The CSV template: the header, then one example row per rule set, each filling its own stats only. */
export function csvTemplate(language: TemplateLanguage, rulesets: readonly ImportRuleset[]): string {
  const separator = language === "fr" ? ";" : ",";
  const h = HEADERS[language];
  const header: string[] = [h.group, h.name, h.count, h.ruleset];
  for (const ruleset of rulesets) header.push(...STATS[ruleset][language]);
  header.push(h.skill);
  const rows = rulesets.map((ruleset) => {
    const example = EXAMPLES[ruleset][language];
    const cells: (string | number)[] = [example.group, example.name, example.count, ruleset];
    for (const other of rulesets) {
      const width = STATS[other].keys.length;
      cells.push(...(other === ruleset ? example.stats : Array.from({ length: width }, () => "")));
    }
    cells.push(example.skill);
    return cells.join(separator);
  });
  const text = [header.join(separator), ...rows].join("\r\n") + "\r\n";
  return language === "fr" ? `\uFEFF${text}` : text;
}

/** The JSON template: the same example groups, in the shape the import reads. */
export function jsonTemplate(language: TemplateLanguage, rulesets: readonly ImportRuleset[]): string {
  const groups = rulesets.map((ruleset) => {
    const example = EXAMPLES[ruleset][language];
    const stats: Record<string, number> = {};
    STATS[ruleset].keys.forEach((key, i) => (stats[key] = example.stats[i] ?? 0));
    stats.skill = example.skill;
    return { name: example.group, ruleset, members: [{ label: example.name, count: example.count, stats }] };
  });
  return `${JSON.stringify(groups, null, 2)}\n`;
}
