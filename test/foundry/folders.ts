import { CollectionDouble, DocumentDouble } from "./documents";

type AnyObject = Record<string, unknown>;

/**
 * Foundry's Folder document (API v13 `foundry.documents.Folder`, BaseFolder): `type` is the
 * document name it holds ("Actor"), `folder` its parent, `contents` the world documents whose
 * `folder` is this one; `game.folders` holds them. Creating, updating and deleting one takes an
 * assistant or a GM (the default document permissions). Simpler than Foundry: no sorting, colour
 * or sidebar state, no subfolder tree; deleting a folder deletes neither its subfolders nor its
 * documents (`deleteSubfolders`/`deleteContents` are not read), whose `folder` then names a
 * folder that is gone and reads as null.
 */
export class FolderDouble extends DocumentDouble {
  static override documentName = "Folder";
  static override collectionName = "folders";
  static override hasOwnership = false;
  static override hasFolder = true;

  /** Folder#contents: the world documents of its type held in it. */
  get contents(): DocumentDouble[] {
    const game = (globalThis as unknown as { game: Record<string, unknown> }).game;
    const collectionName = this.type === "Actor" ? "actors" : this.type === "Item" ? "items" : "";
    const collection = game[collectionName] as CollectionDouble<DocumentDouble> | undefined;
    return collection?.filter((d) => d.folder?.id === this.id) ?? [];
  }
}

/** Installs `Folder`, `foundry.documents.Folder` and an empty `game.folders`. */
export function growForFolders(game: AnyObject): void {
  const g = globalThis as unknown as AnyObject & { foundry: { documents: AnyObject } };
  game.folders = new CollectionDouble<FolderDouble>();
  g.Folder = FolderDouble;
  g.foundry.documents.Folder = FolderDouble;
}
