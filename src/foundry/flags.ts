import { SYSTEM_ID } from "./system";

/**
 * Every flag the system stores, under `flags["wuxia-harmonies"]`, by document. `FlagConfig`
 * (src/types/foundry-config.d.ts) registers these with Foundry's types, so a write or read of an
 * unknown key, or of a value of the wrong shape, does not compile. The types are what the system
 * writes: a document's owners may write anything in its flags, so code that acts on another
 * user's document (the GM's handlers) checks what it reads.
 */

/** A level and the experience held before a level was bought. */
export interface LevelHoldingFlag {
  level: number;
  xp: number;
}

/** A Wuxia hero's last level bought: what (an Attribute key or an item id), its level and the pool before. */
export interface WuxiaPurchaseFlag {
  target: string;
  level: number;
  xp: number;
}

/** The last purchase of a Harmonies character: one per attribute key, null once undone. */
export type AttributePurchasesFlag = Partial<Record<string, LevelHoldingFlag | null>>;

/** A Harmonies character's attribute roll (RULES 2.1), kept until it is shared out. */
export interface AttributeRollFlag {
  /** The card that shows the roll; null when it could not be posted. */
  messageId: string | null;
  /** Which roll this is, from 1. */
  attempt: number;
  rolls: number[];
  kept: number[];
  /** Where in `rolls` the two dropped results are. */
  droppedAt: { highest: number; lowest: number };
  applied: boolean;
}

/** Which group import made a group actor or folder, and when. */
export interface ImportMarkFlag {
  batch: string;
  at: number;
}

/** What a group token stands for: its sub-group's index and how many members. */
export interface GroupTokenFlag {
  member: number;
  count: number;
  /** How many of them the attack cards have already counted out (0 when absent). */
  countedOut?: number;
}

/** A request a player's client left on its own User for the GM to carry out. */
export interface SignedRequestFlag {
  action: string;
  payload: unknown;
}

/** When a combat effect ends: after the given round of the given combat. */
export interface EffectExpiryFlag {
  combatId: string;
  afterRound: number;
}

export interface SystemFlags {
  Actor: {
    /** Wuxia: the creation builder finished this hero. */
    created: boolean;
    /** Wuxia: an archetype the builder offers as a starting point. */
    archetype: boolean;
    /** Harmonies, earlier versions: the beginner package taken (now in the GMs' creation records). */
    beginnerPackage: { metier: string; hobbies: string[] };
    /** Harmonies, earlier versions: the attribute roll (now in the GMs' creation records). */
    attributeRoll: AttributeRollFlag | null;
    lastPurchase: WuxiaPurchaseFlag | AttributePurchasesFlag | null;
    import: ImportMarkFlag;
    /** Made by a run of the scenario suite (its id), deleted when the run ends. */
    scenario: string;
  };
  Item: { lastPurchase: LevelHoldingFlag | null; scenario: string };
  Folder: { import: ImportMarkFlag; scenario: string };
  Scene: { scenario: string };
  Token: GroupTokenFlag;
  Macro: { itemMacro: boolean };
  User: { requests: Record<string, SignedRequestFlag> };
  ActiveEffect: { expiry: EffectExpiryFlag | null };
  // Combat card records as earlier versions kept them (cards are now typed message sub-types);
  // src/combat reads and checks them.
  ChatMessage: {
    attack: unknown;
    harmoniesAttack: unknown;
    woundCheck: unknown;
    roundSummary: { combatId: string | null; round: number };
  };
}

type FlagScope = Partial<Record<string, unknown>>;

/** A document of one of the kinds above, as far as its flags go. */
interface FlagHolder<D extends keyof SystemFlags> {
  documentName: D;
  flags: unknown;
}

/** The system's flag `key` of a document, as stored (undefined when never set). */
export function systemFlag<D extends keyof SystemFlags, K extends keyof SystemFlags[D] & string>(
  doc: FlagHolder<D>,
  key: K,
): SystemFlags[D][K] | undefined {
  const scope = (doc.flags as Partial<Record<string, FlagScope>> | null | undefined)?.[SYSTEM_ID];
  return scope?.[key] as SystemFlags[D][K] | undefined;
}

/**
 * Deletes one of the system's flags, or an entry under one by a dotted path ("requests.<id>"):
 * core's `unsetFlag` (API v13), which also spares v14's deprecated "-=" keys. The path is checked
 * by the caller against SystemFlags; the types take top-level keys only.
 */
export async function unsetSystemFlag(
  doc: { unsetFlag(scope: never, key: never): Promise<unknown> },
  path: string,
): Promise<void> {
  await doc.unsetFlag(SYSTEM_ID as never, path as never);
}
