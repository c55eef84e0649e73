/** Localise a key, formatting `{placeholders}` when data is given. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n.localize(key);
  return game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
}
