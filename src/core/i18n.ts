/**
 * Localise a key, formatting `{placeholders}` when data is given. A key written as a plural pair
 * (`key.one`, `key.other`) takes the form the reader's language gives `data.count`: "1 success",
 * "2 successes"; French « 0 réussite », « 2 réussites ».
 */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n.localize(key);
  const count = data.count;
  const form =
    typeof count === "number" && game.i18n.has(`${key}.other`)
      ? `${key}.${new Intl.PluralRules(game.i18n.lang).select(count) === "one" ? "one" : "other"}`
      : key;
  const values = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  if (game.i18n.lang !== "fr") return game.i18n.format(form, values);
  // French elides "de" before a vowel: « les attributs d'Aiko », not « de Aiko ». The values go
  // in as marks so that only a name given, never the key's own text, is looked at.
  const marked = game.i18n.format(form, Object.fromEntries(Object.keys(values).map((k) => [k, `\uE000${k}\uE000`])));
  return marked
    .replace(/\bde \uE000(\w+)\uE000/g, (whole, key: string) =>
      VOWEL_START.test(values[key] ?? "") ? `d'\uE000${key}\uE000` : whole,
    )
    .replace(/\uE000(\w+)\uE000/g, (_, key: string) => values[key] ?? "");
}

/** A word French elides before: a vowel, accented or not (a name's h is left alone, aspirated or not). */
const VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;
