import { openD10, openOption } from "../harmonies/difference-roll";
import { rollD10 } from "../random";
import { GROUP_DEFAULTS } from "./defaults";
import { requireCount, requireInteger, requireRandom } from "../validate";
import type { MarginCount } from "./method2-margins";

/** Dice results within ±WINDOW are counted in a typed array; rarer open results in a map. */
const WINDOW = 99;

/**
 * [default] individual mode (RULES 3.3): every member makes its own difference roll. Only a
 * histogram of the dice is kept, never a per-member object, so a million members take a few
 * milliseconds.
 */
export function rollGroupIndividually(
  size: number,
  modifier: number,
  random: () => number,
  options: { open?: boolean } = {},
): MarginCount[] {
  const n = requireCount("size", size);
  const m = requireInteger("modifier", modifier);
  requireRandom("random", random);
  const open = openOption(options, GROUP_DEFAULTS.open);
  const counts = new Float64Array(2 * WINDOW + 1);
  const rare = new Map<number, number>();
  if (open) {
    for (let i = 0; i < n; i++) {
      const d = openD10(random) - openD10(random);
      if (d >= -WINDOW && d <= WINDOW) counts[d + WINDOW] = (counts[d + WINDOW] ?? 0) + 1;
      else rare.set(d, (rare.get(d) ?? 0) + 1);
    }
  } else {
    for (let i = 0; i < n; i++) {
      const k = rollD10(random) - rollD10(random) + WINDOW;
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  const out: MarginCount[] = [];
  for (const [d, count] of rare) if (d < -WINDOW) out.push({ margin: m + d, count });
  counts.forEach((count, i) => {
    if (count > 0) out.push({ margin: m + i - WINDOW, count });
  });
  for (const [d, count] of rare) if (d > WINDOW) out.push({ margin: m + d, count });
  return out.sort((a, b) => a.margin - b.margin);
}
