/** The part of a CompendiumCollection (API v13) read here: what it holds and its documents. */
interface Compendium {
  documentName: string;
  getDocuments(): Promise<unknown[]>;
}

/** Every document of this kind in the world's compendiums (the system's, modules', the world's own). */
export async function compendiumDocuments<T>(documentName: "Actor" | "Item"): Promise<T[]> {
  const packs = [...((game as unknown as { packs?: Iterable<Compendium> }).packs ?? [])].filter(
    (p) => p.documentName === documentName,
  );
  return (await Promise.all(packs.map((p) => p.getDocuments()))).flat() as T[];
}
