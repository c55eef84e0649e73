import type { ValueCount } from "../rules";

/**
 * A list of Values as a GM types it: entries separated by commas or semicolons, each a Value
 * ("+3", "-1", "−2") or a count of members at a Value ("25 × +3", "12x-1", "4*2"). Returns
 * the groups, or the 1-based position of the first entry it cannot read.
 */
export function parseValueList(text: string): { groups: ValueCount[] } | { bad: number; entry: string } {
  const entries = text
    .split(/[,;]/)
    .map((e) => e.trim())
    .filter((e) => e !== "");
  const groups: ValueCount[] = [];
  for (const [i, entry] of entries.entries()) {
    const match = /^(?:(\d+)\s*[×xX*]\s*)?([+\-−]?\d+)$/.exec(entry);
    if (!match) return { bad: i + 1, entry };
    groups.push({ value: Number((match[2] ?? "").replace("−", "-")), count: match[1] ? Number(match[1]) : 1 });
  }
  return { groups };
}
