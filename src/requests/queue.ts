import { oneAtATime } from "../core/locks";

/**
 * The authority's one order. Every request the active GM's client carries out, and its own
 * writes to what requests share, runs after the previous one has finished, so each reads the
 * values it needs right before writing them: two Apply damage on one defender keep both wounds,
 * a reserve die given back while a defence spends one is counted once. One queue, never nested:
 * nothing running in it waits for something else to enter it (a handler never asks the authority).
 */
const AUTHORITY = "authority";

/** Runs `action` once every earlier action in the order has settled; resolves or rejects as it does. */
export function inAuthorityOrder<T>(action: () => Promise<T>): Promise<T> {
  return oneAtATime(AUTHORITY, action);
}
