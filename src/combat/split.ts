/** Where an Initiative success goes (RULES 1.4). */
export type Bucket = "initiative" | "actions" | "defense";
export const BUCKETS: readonly Bucket[] = ["initiative", "actions", "defense"];

/** A split of successes after one "+" or "−" on a bucket; null when the click cannot change it. */
export function moveSuccess(
  split: Record<Bucket, number>,
  successes: number,
  bucket: Bucket,
  delta: 1 | -1,
): Record<Bucket, number> | null {
  const unspent = successes - split.initiative - split.actions - split.defense;
  if (delta === -1) return split[bucket] > 0 ? { ...split, [bucket]: split[bucket] - 1 } : null;
  if (unspent > 0) return { ...split, [bucket]: split[bucket] + 1 };
  // Every success is placed (all on Initiative by default): "+" elsewhere takes one from Initiative.
  if (bucket !== "initiative" && split.initiative > 0)
    return { ...split, initiative: split.initiative - 1, [bucket]: split[bucket] + 1 };
  return null;
}
