/**
 * Card actions read a message's roll and an actor, then write both after awaiting dice and the
 * server. Two actions on one message overlapping in that gap would both read the old state: a
 * Destiny die spent twice for one reroll, experience awarded twice. These two guards keep the
 * actions of one message apart on this client (the GM's client for queries); they cannot order
 * clicks made on different clients at the same instant.
 */

const queues = new Map<string, Promise<unknown>>();
const busy = new Set<string>();

/** Runs after every earlier action on the same message has finished, so it reads their writes. */
export function oneAtATime<T>(messageId: string, action: () => Promise<T>): Promise<T> {
  const previous = queues.get(messageId) ?? Promise.resolve();
  const run = previous.then(action);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(messageId, done);
  void done.then(() => {
    if (queues.get(messageId) === done) queues.delete(messageId);
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
