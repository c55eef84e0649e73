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
  return game.i18n.format(form, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
}
