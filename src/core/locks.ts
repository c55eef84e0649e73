/**
 * Actions that read a state, then write it back after awaiting dice and the server: two of them
 * overlapping in that gap would both read the old state (a Destiny die spent twice, experience
 * paid twice). These two guards keep actions apart on this client: `oneAtATime` orders those
 * sharing a key (the authority's one order, `requests/queue.ts`; an actor's chi), `unlessBusy`
 * drops a second click on one card while the first is under way. They cannot order clicks made
 * on different clients at the same instant: that is the authority's job.
 */

const queues = new Map<string, Promise<unknown>>();
const busy = new Set<string>();

/** Runs after every earlier action with the same key has finished, so it reads their writes. */
export function oneAtATime<T>(key: string, action: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(action);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, done);
  void done.then(() => {
    if (queues.get(key) === done) queues.delete(key);
  });
  return run;
}

/**
 * Runs unless an action started here on the same message is still under way (a double click, a
 * second die clicked while the first confirmation is open): that second request is dropped.
 * Resolves with whether the action ran.
 */
export async function unlessBusy(messageId: string, action: () => Promise<void>): Promise<boolean> {
  if (busy.has(messageId)) return false;
  busy.add(messageId);
  try {
    await action();
    return true;
  } finally {
    busy.delete(messageId);
  }
}
