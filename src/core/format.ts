/** Number formats for sheets, cards and the dialog, in the reader's language. */

/** +3, 0, −2: how the books write Values and modifiers (with a true minus sign). */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return "0";
}

function locale(): string {
  return game.i18n?.lang ?? "en";
}

/** A probability as a percentage to 0.1 % ("< 0.1 %" and "> 99.9 %" at the ends, never a false 0 or 100). */
export function percent(p: number): string {
  const format = new Intl.NumberFormat(locale(), {
    style: "percent",
    maximumFractionDigits: 1,
    minimumFractionDigits: 0,
  });
  if (p > 0 && p < 0.0005) return `< ${format.format(0.001)}`;
  if (p < 1 && p >= 0.9995) return `> ${format.format(0.999)}`;
  return format.format(p);
}

/** A count with the reader's digit grouping (1 000 000 / 1,000,000). */
export function count(n: number): string {
  return new Intl.NumberFormat(locale()).format(n);
}
