import { asClient, roundTrip } from "./clients";
import { DocumentDouble } from "./documents";
import type { CollectionDouble, DocumentAction, PermissionRule } from "./documents";

type AnyObject = Record<string, unknown>;

interface QueryableUser {
  id: string;
  isGM: boolean;
  active: boolean;
}

interface GameLike {
  user: QueryableUser;
  actors: CollectionDouble<DocumentDouble & { items?: CollectionDouble<DocumentDouble> }>;
  items: CollectionDouble<DocumentDouble>;
  messages: CollectionDouble<DocumentDouble>;
  macros?: CollectionDouble<MacroDouble>;
  combats?: CollectionDouble<DocumentDouble & { combatants?: CollectionDouble<DocumentDouble> }>;
  users: CollectionDouble<QueryableUser> & { activeGM?: QueryableUser | null };
}

/**
 * `Macro` documents: name, command and image, held in `game.macros`; any player may create one
 * and owns it. Simpler than Foundry: the MACRO_SCRIPT permission (players by default) is not
 * modelled.
 */
export class MacroDouble extends DocumentDouble {
  static override documentName = "Macro";
  static override collectionName = "macros";
  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: "PLAYER",
    update: "OWNER",
    delete: "OWNER",
  };
  command: string;
  override img: string;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    this.command = String(data.command ?? "");
    this.img = String(data.img ?? "");
  }
}

function world(): GameLike {
  return (globalThis as unknown as { game: GameLike }).game;
}

/** Actors of unlinked tokens, by UUID (`Scene.<id>.Token.<id>.Actor.<id>`), as a scene holds them. */
const syntheticActors = new Map<string, DocumentDouble>();

/** Puts an unlinked token's actor on a scene, so its UUID resolves. */
export function placeSyntheticActor(actor: DocumentDouble): void {
  syntheticActors.set(actor.uuid, actor);
}

/**
 * `fromUuidSync` for world documents and embedded items: `Actor.<id>`, `Actor.<id>.Item.<id>`,
 * `Actor.<id>.ActiveEffect.<id>`, `Item.<id>`, `ChatMessage.<id>`, `Macro.<id>`, `Combat.<id>`,
 * `Combat.<id>.Combatant.<id>`, and the actor of an unlinked token placed on a
 * scene (v13 resolves a token actor's UUID to the synthetic actor). Simpler than Foundry: no
 * compendium UUIDs, no scenes or tokens of their own.
 */
export function fromUuidSync(uuid: string): DocumentDouble | null {
  const game = world();
  const synthetic = syntheticActors.get(uuid);
  if (synthetic) return synthetic;
  const parts = String(uuid).split(".");
  const collections: Record<string, CollectionDouble<DocumentDouble> | undefined> = {
    Actor: game.actors,
    Item: game.items,
    ChatMessage: game.messages,
    Macro: game.macros,
    Combat: game.combats,
  };
  const [type, id, embedded, embeddedId] = parts;
  const doc = (type && id && collections[type]?.get(id)) || null;
  if (!doc || parts.length === 2) return doc;
  if (embedded === "Item" && embeddedId && "items" in doc)
    return (doc as { items: CollectionDouble<DocumentDouble> }).items.get(embeddedId) ?? null;
  if (embedded === "ActiveEffect" && embeddedId && "effects" in doc)
    return (doc as { effects: CollectionDouble<DocumentDouble> }).effects.get(embeddedId) ?? null;
  if (embedded === "Combatant" && embeddedId && "combatants" in doc)
    return (doc as { combatants: CollectionDouble<DocumentDouble> }).combatants.get(embeddedId) ?? null;
  return null;
}

/** What a socket carries: JSON, so class instances arrive as plain data and `undefined` is dropped. */
function throughSocket(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * Users asking another user to act (`User#query`), and `game.users.activeGM`. The query runs the
 * handler registered in `CONFIG.queries` on the queried user's client (`asClient`), so the asker
 * and the handler each keep their own `game.user` even when clients act at once; the request
 * and the answer cross as JSON, as over Foundry's socket, and each way takes the server's
 * latency. As in v13 the handler is not told who asked. Simpler than Foundry: no timeout.
 */
export function installQueries(
  game: GameLike,
  queries: Record<string, (data: unknown, options: AnyObject) => unknown>,
  only?: QueryableUser[],
): void {
  if (!only) syntheticActors.clear();
  Object.defineProperty(game.users, "activeGM", {
    configurable: true,
    get: () => game.users.find((u) => u.isGM && u.active) ?? null,
  });
  for (const user of only ?? game.users.values()) {
    Object.assign(user, {
      character: null,
      hotbar: {} as Record<number, string>,
      async query(name: string, data: unknown, options: AnyObject = {}): Promise<unknown> {
        const handler = queries[name];
        if (!handler) throw new Error(`Unknown query "${name}"`);
        if (!user.active) throw new Error(`User ${user.id} is not connected`);
        const sender = (globalThis as unknown as { game: { user: { name: string; can(p: string): boolean } } }).game
          .user;
        // The server refuses a query from a user without QUERY_USER (API v13 User#query).
        if (!sender.can("QUERY_USER")) throw new Error(`User ${sender.name} lacks permission to query other users`);
        const request = throughSocket(data);
        await roundTrip();
        const answer = throughSocket(await asClient(user, () => handler(request, options)));
        await roundTrip();
        return answer;
      },
      async assignHotbarMacro(macro: MacroDouble | null, slot: number): Promise<void> {
        const hotbar = (user as unknown as { hotbar: Record<number, string> }).hotbar;
        if (macro) hotbar[slot] = macro.id;
        else Reflect.deleteProperty(hotbar, slot);
      },
    });
  }
}
