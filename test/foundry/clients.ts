import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Several clients in one process. In Foundry each connected user runs their own client, with
 * their own `game.user`; in the double one `game` serves them all, so `game.user` is read from
 * the client whose code is running: `asClient(user, fn)` runs `fn` (and everything it awaits) as
 * that user's client, and outside any client `game.user` is the seat the test chose. Two clients
 * can then act at the same time without either seeing the other's `game.user`.
 */

interface ClientContext {
  user: unknown;
}

const clients = new AsyncLocalStorage<ClientContext>();

/** Makes `game.user` the running client's user; a write changes the running client's seat. */
export function installClients(game: { user: unknown }): void {
  let seat = game.user;
  Object.defineProperty(game, "user", {
    configurable: true,
    enumerable: true,
    get: () => clients.getStore()?.user ?? seat,
    set: (user: unknown) => {
      const client = clients.getStore();
      if (client) client.user = user;
      else seat = user;
    },
  });
}

/** Runs `fn` on `user`'s client. */
export function asClient<T>(user: unknown, fn: () => T): T {
  return clients.run({ user }, fn);
}

/**
 * Runs `fn` on the screen the test looks at: the seat's client. The double has one DOM, the
 * seat's; a write another client makes reaches every client and each redraws its own windows
 * (ClientDocumentMixin#_onUpdate runs on every connected client, API v13), so the seat's windows
 * are redrawn as the seat's user, never as the client that wrote.
 */
export function onSeatScreen<T>(fn: () => T): T {
  return clients.exit(fn);
}

/**
 * The time a write takes to reach the server and come back (0: none, as before). With a delay,
 * two clients' writes interleave as they do over a network: each client reads, then waits for
 * the server while the other reads the same old state.
 */
export const server = { latencyMs: 0 };

/** Waits for the server, when a latency is set. */
export async function roundTrip(): Promise<void> {
  if (server.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, server.latencyMs));
}
