/** The part of a CompendiumCollection (API v13) read here: what it holds and its documents. */
interface Compendium {
  documentName: string;
  getDocuments(query: { type__in: string[] }): Promise<unknown[]>;
}

/**
 * The documents of these types in the world's compendiums (the system's, modules', the world's
 * own). The query is answered by the server, so a large module pack sends only what is asked.
 */
export async function compendiumDocuments<T>(documentName: "Actor" | "Item", types: readonly string[]): Promise<T[]> {
  const packs = [...((game as unknown as { packs?: Iterable<Compendium> }).packs ?? [])].filter(
    (p) => p.documentName === documentName,
  );
  return (await Promise.all(packs.map((p) => p.getDocuments({ type__in: [...types] })))).flat() as T[];
}
