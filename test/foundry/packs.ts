import { ActorDouble, ItemDouble } from "./install";
import { CollectionDouble } from "./documents";

type AnyObject = Record<string, unknown>;

/**
 * A CompendiumCollection (API v13) as the system reads one: `collection` ("<package>.<name>"),
 * `documentName`, `metadata` (`id`, `name`, `label`, `type`, `packageName`, `packageType`), its
 * index (`getIndex()`: a Collection of `{_id, name, type}` by id, which like every Collection
 * yields its entries, not [id, entry] pairs, when spread; API v13 CompendiumCollection#getIndex), and `getDocuments()`, which builds the documents the pack holds with
 * their `pack` set, so their uuid is "Compendium.<collection>.<Type>.<id>"; they are not in the
 * world's collections. `getDocuments(query)` keeps the entries whose source fields equal the
 * query's, a `<field>__in` key matching any of its values, as the API documents ("await
 * pack.getDocuments({ type__in: ["weapon", "armor"] })", CompendiumCollection#getDocuments, v13);
 * the double refuses any other operator. Simpler than Foundry: no index, no locking, read only.
 */
/** A pack's ownership by role (a manifest's `ownership`), Foundry's default when none is given. */
export type PackOwnership = Partial<Record<"PLAYER" | "TRUSTED" | "ASSISTANT" | "GAMEMASTER", keyof typeof LEVELS>>;
const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
const ROLES = { PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
const DEFAULT_OWNERSHIP: PackOwnership = { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };

export class CompendiumDouble {
  constructor(
    readonly collection: string,
    readonly documentName: "Actor" | "Item" | "JournalEntry",
    private readonly data: AnyObject[],
    private readonly label = collection,
    readonly ownership: PackOwnership = DEFAULT_OWNERSHIP,
  ) {}

  /**
   * CompendiumCollection#getUserLevel (API v13): the highest level the ownership gives a role the
   * user holds (a GM holds every role); #visible: from OBSERVER. The server refuses a read of a
   * pack the user cannot see.
   */
  getUserLevel(user = currentUser()): number {
    let level: number = LEVELS.NONE;
    for (const [role, name] of Object.entries(this.ownership)) {
      if ((user?.role ?? 0) >= ROLES[role as keyof typeof ROLES]) level = Math.max(level, LEVELS[name]);
    }
    return user?.isGM ? LEVELS.OWNER : level;
  }

  get visible(): boolean {
    return this.getUserLevel() >= LEVELS.OBSERVER;
  }

  #assertReadable(): void {
    if (!this.visible)
      throw new Error(`User ${currentUser()?.name ?? ""} lacks permission to read the compendium ${this.collection}`);
  }

  get metadata(): { id: string; name: string; type: string; label: string; packageName: string; packageType: string } {
    const [packageName = "", name = ""] = this.collection.split(".");
    return {
      id: this.collection,
      name,
      type: this.documentName,
      label: this.label,
      packageName,
      packageType: "system",
    };
  }

  async getIndex(): Promise<CollectionDouble<{ id: string; _id: string; name: string; type?: string }>> {
    this.#assertReadable();
    const index = new CollectionDouble<{ id: string; _id: string; name: string; type?: string }>();
    for (const entry of this.data) {
      const id = String(entry._id);
      index.set(id, { id, _id: id, name: String(entry.name), ...(entry.type ? { type: String(entry.type) } : {}) });
    }
    return index;
  }

  async getDocuments(query: AnyObject = {}): Promise<(ActorDouble | ItemDouble)[]> {
    // The double has no JournalEntry document: such a pack gives its index only.
    if (this.documentName === "JournalEntry") throw new Error("The compendium double builds Actors and Items only");
    this.#assertReadable();
    const Document = this.documentName === "Actor" ? ActorDouble : ItemDouble;
    const tests = Object.entries(query).map(([key, wanted]) => {
      const [field = "", operator, ...rest] = key.split("__");
      if (rest.length > 0 || (operator !== undefined && operator !== "in"))
        throw new Error(`The compendium double knows equality and __in only: ${key}`);
      if (operator === "in" && !Array.isArray(wanted)) throw new Error(`${key} needs an array`);
      return (entry: AnyObject) =>
        operator === "in" ? (wanted as unknown[]).includes(entry[field]) : entry[field] === wanted;
    });
    return this.data
      .filter((entry) => tests.every((test) => test(entry)))
      .map((entry) => {
        const doc = new Document(structuredClone(entry));
        doc.pack = this.collection;
        for (const item of (doc as ActorDouble).items?.contents ?? []) item.pack = this.collection;
        return doc;
      });
  }
}

function currentUser(): { role?: number; isGM?: boolean; name?: string } | undefined {
  return (globalThis as unknown as { game?: { user?: { role?: number; isGM?: boolean; name?: string } } }).game?.user;
}

/** Adds a compendium to `game.packs` (a Collection keyed by `collection`, as Foundry's). */
export function addPack(
  documentName: "Actor" | "Item",
  collection: string,
  data: AnyObject[],
  ownership?: PackOwnership,
): CompendiumDouble {
  const game = (globalThis as unknown as { game: { packs: Map<string, unknown> } }).game;
  const pack = new CompendiumDouble(collection, documentName, data, collection, ownership);
  game.packs.set(collection, pack);
  return pack;
}
