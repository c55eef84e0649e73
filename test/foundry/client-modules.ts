import { vi } from "vitest";
import type * as LocksModule from "../../src/core/locks";

/**
 * Each simulated client its own instance of the system's locks. In Foundry every connected user
 * runs the system in their own browser page, so a lock taken on one client never holds another
 * client back; in one process the clients would share `src/core/locks.ts`'s queues, and two
 * clients' actions on one key would wait for each other as they never do at a table (which hid
 * races between a player's and the GM's client). The module is loaded once per client (a query
 * makes it another module), and each call goes to the instance of the client whose code runs:
 * `game.user`, which `clients.ts` makes the running client's user.
 */

type Locks = typeof LocksModule;

/** Instances loaded ahead, handed out to clients in the order they first take a lock. */
const POOL = 16;

vi.mock("../../src/core/locks", async () => {
  const path = "../../src/core/locks.ts";
  const pool: Locks[] = [];
  for (let i = 0; i < POOL; i += 1) pool.push((await import(/* @vite-ignore */ `${path}?client=${i}`)) as Locks);
  const byClient = new WeakMap<object, Locks>();
  let next = 0;
  const unseated: Locks = (await import(/* @vite-ignore */ `${path}?client=none`)) as Locks;

  function running(): Locks {
    const user = (globalThis as { game?: { user?: unknown } }).game?.user;
    if (typeof user !== "object" || user === null) return unseated;
    let locks = byClient.get(user);
    if (!locks) {
      // Locks hold nothing once their actions end, so an instance handed out again after the
      // pool is spent (a later test's users) starts clean unless an action is still under way.
      locks = pool[next % POOL] as Locks;
      next += 1;
      byClient.set(user, locks);
    }
    return locks;
  }

  return {
    oneAtATime: ((key, action) => running().oneAtATime(key, action)) satisfies Locks["oneAtATime"],
    unlessBusy: ((messageId, action) => running().unlessBusy(messageId, action)) satisfies Locks["unlessBusy"],
  } satisfies Locks;
});
