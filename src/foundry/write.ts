/** What an update may write of a data model: its source's fields, each optional, nested. */
export type SourcePatch<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? SourcePatch<T[K]> : T[K];
};

/** The stored shape of a document's `system`: its data model's source. */
export type SystemSource<D> = D extends { system: { _source: infer S } } ? S : never;

/**
 * Writes part of a document's `system`, checked by the compiler against the data model's own
 * source fields (a derived value or a misspelt key does not compile). Foundry merges the patch.
 */
export function updateSystem<D extends { system: unknown; update(data: never, options?: never): Promise<unknown> }>(
  doc: D,
  patch: SourcePatch<SystemSource<D>>,
): Promise<unknown> {
  // The one place the patch meets Foundry's wide update type.
  return doc.update({ system: patch } as never);
}
