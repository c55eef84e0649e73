import { initiativeTurns, type InitiativeTurn } from "../rules";

/** A combatant as the Wuxia turn order sees it (no Foundry type: the order is a rule). */
export interface TurnEntry {
  id: string;
  name: string;
  /** null until rolled: such a combatant comes last. */
  initiative: number | null;
  /** Extra actions bought with this round's Initiative successes. */
  extraActions: number;
  /** Turns already taken this round. */
  turnsTaken: number;
  defeated: boolean;
}

/**
 * Names compared in one fixed language on every client: `localeCompare` alone follows each
 * browser's language, and clients in French and English could disagree on whose turn it is.
 */
const NAMES = new Intl.Collator("en");

/** The system's order: Initiative highest first, not rolled last, then by name, then by id (so every client agrees). */
export function compareEntries(
  a: Pick<TurnEntry, "id" | "name" | "initiative">,
  b: Pick<TurnEntry, "id" | "name" | "initiative">,
): number {
  const ia = a.initiative ?? -Infinity;
  const ib = b.initiative ?? -Infinity;
  if (ia !== ib) return ib - ia;
  return NAMES.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The round's turns (RULES 1.4 [default]): every combatant's first turn in Initiative order,
 * then the extra actions in passes, in the same order; defeated combatants take none.
 */
export function roundTurns(entries: readonly TurnEntry[]): InitiativeTurn[] {
  const standing = [...entries].filter((e) => !e.defeated).sort(compareEntries);
  // Not rolled yet: below every rolled Initiative, in the rules' integer terms.
  const lowest = Math.min(0, ...standing.map((e) => e.initiative ?? 0)) - 1;
  return initiativeTurns(
    standing.map((e) => ({ id: e.id, initiative: e.initiative ?? lowest, extraActions: e.extraActions })),
  );
}

/** The turn the round is at: the first of its turns a combatant has not yet taken; null when all are taken. */
export function pendingTurn(entries: readonly TurnEntry[]): InitiativeTurn | null {
  const taken = new Map(entries.map((e) => [e.id, e.turnsTaken]));
  return roundTurns(entries).find((t) => t.turn > (taken.get(t.id) ?? 0)) ?? null;
}

/** The turn before the pending one (for "previous turn"); null at the round's first. */
export function previousTurn(entries: readonly TurnEntry[]): InitiativeTurn | null {
  const taken = new Map(entries.map((e) => [e.id, e.turnsTaken]));
  const turns = roundTurns(entries);
  const at = turns.findIndex((t) => t.turn > (taken.get(t.id) ?? 0));
  const index = (at === -1 ? turns.length : at) - 1;
  return turns[index] ?? null;
}

/** Actions a combatant still has this round: its first turn and its extra actions, less the turns taken. */
export function actionsLeft(entry: Pick<TurnEntry, "extraActions" | "turnsTaken" | "defeated">): number {
  return entry.defeated ? 0 : Math.max(0, 1 + entry.extraActions - entry.turnsTaken);
}
