/** The part of a CompendiumCollection (API v13) read here: what it holds, who may see it, its documents. */
interface Compendium {
  collection: string;
  documentName: string;
  /** CompendiumCollection#visible: the user's level in the pack's ownership reaches OBSERVER. */
  visible: boolean;
  /** CompendiumCollection#getUserLevel (API v13): a user's level by the pack's ownership of roles. */
  getUserLevel(user: User.Implementation): number;
  getDocuments(query: { type__in: string[] }): Promise<unknown[]>;
}

/**
 * The documents of these types in the compendiums a user may see (the system's, modules', the
 * world's own; this client's user unless another is named, when a GM's client works for a
 * player): a pack hidden from them is neither asked nor offered. The query is answered by
 * the server, so a large module pack sends only what is asked; a pack that cannot be read is
 * left out, named in the console, and the others still answer.
 */
export async function compendiumDocuments<T>(
  documentName: "Actor" | "Item",
  types: readonly string[],
  user?: User.Implementation,
): Promise<T[]> {
  const seen = (p: Compendium) => (user ? p.getUserLevel(user) >= CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER : p.visible);
  const packs = [...((game as unknown as { packs?: Iterable<Compendium> }).packs ?? [])].filter(
    (p) => p.documentName === documentName && seen(p),
  );
  const read = await Promise.allSettled(packs.map((p) => p.getDocuments({ type__in: [...types] })));
  return read.flatMap((result, i) => {
    if (result.status === "fulfilled") return result.value as T[];
    console.warn(`Wuxia & Harmonies: the compendium ${packs[i]?.collection ?? ""} could not be read`, result.reason);
    return [];
  });
}
