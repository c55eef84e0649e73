import { TALLY_LIMITS } from "../rules/limits";
import { integerField } from "../documents/fields";
import type { SourcePatch } from "../foundry/write";

function count() {
  return integerField({ ...TALLY_LIMITS, initial: 0 });
}

/** A combatant's Wuxia round (RULES 1.4). */
function roundFields() {
  const fields = foundry.data.fields;
  return {
    /** The round its Initiative successes were rolled for (0: not rolled). */
    round: count(),
    /** Successes of this round's Wuxia Initiative test (RULES 1.4). */
    successes: count(),
    /** How they were spent: +1 Initiative, one extra action, one Defense die each. */
    spent: new fields.SchemaField({ initiative: count(), actions: count(), defense: count() }),
    /** Whether its owner chose the spending (else the default applied, and the owner may still choose). */
    chosen: new fields.BooleanField({ initial: false }),
    /** Defense dice in reserve now: bought this round (and carried over, by the setting), less those spent. */
    defenseDice: count(),
    /** Turns it has taken this round (its first and its extra actions). */
    turnsTaken: count(),
  };
}

function defineCombatantSchema() {
  return roundFields();
}

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

/**
 * Combatant `base`: a mirror of its Wuxia round as the combat records it, for modules and macros
 * that read the combatant. Its owner may write it (core lets them); nothing the system does reads it.
 */
export class CombatantModel extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}

function defineCombatSchema() {
  const fields = foundry.data.fields;
  return {
    /** The group reserve of each side (RULES 1.4 [default]: it lasts the whole combat). */
    reserve: new fields.SchemaField({ friendly: count(), hostile: count() }),
    /** The round and turn as a GM last wrote them (null before any): what a player's own write is put back to. */
    position: new fields.SchemaField(
      {
        round: count(),
        turn: new fields.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
      },
      { nullable: true, initial: null },
    ),
    /**
     * Each Wuxia combatant's round and Initiative, as the GMs last wrote them: the record every
     * check and the turn order read. Only a GM may write a Combat's data; a combatant's own data
     * and Initiative are mirrors of this record.
     */
    rounds: new fields.ArrayField(
      new fields.SchemaField({
        combatantId: new fields.StringField({ required: true, blank: false }),
        initiative: new fields.NumberField({ required: true, nullable: true, initial: null }),
        ...roundFields(),
      }),
    ),
  };
}

type CombatSchema = ReturnType<typeof defineCombatSchema>;

/** Combat `base`: what a side shares for the whole combat, and each Wuxia combatant's round. */
export class CombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override defineSchema(): CombatSchema {
    return defineCombatSchema();
  }
}

/** A Wuxia combatant's round, as the combat records it. */
export type WuxiaRound = CombatantModel["_source"];

/** A round no one has written yet: the model's initial values. */
function freshRound(): WuxiaRound {
  return CombatantModel.schema.getInitialValue() as WuxiaRound;
}

type RoundEntry = CombatModel["_source"]["rounds"][number];

function entryOf(combat: Combat.Implementation | null, id: string): RoundEntry | undefined {
  return combat ? sharedOf(combat).rounds.find((e) => e.combatantId === id) : undefined;
}

/** A combatant's round as its combat records it (the initial values when none is recorded). */
export function roundOf(combatant: Combatant.Implementation): WuxiaRound {
  const entry = entryOf(combatant.combat, combatant.id ?? "");
  if (!entry) return freshRound();
  const { combatantId: _id, initiative: _initiative, ...round } = entry;
  return round;
}

/** The Initiative the combat records for a combatant (null: none recorded). */
export function recordedInitiative(combatant: Combatant.Implementation): number | null {
  return entryOf(combatant.combat, combatant.id ?? "")?.initiative ?? null;
}

/** Whether the combat holds a record of this combatant's round. */
export function isRecorded(combatant: Combatant.Implementation): boolean {
  return entryOf(combatant.combat, combatant.id ?? "") !== undefined;
}

/** What a combat's sides share. */
export function sharedOf(combat: Combat.Implementation): CombatModel {
  const system: unknown = combat.system;
  return system instanceof CombatModel ? system : new CombatModel();
}

/** The round a combatant's own data holds (its mirror); the initial values for a module's sub-type. */
export function mirrorOf(combatant: Combatant.Implementation): WuxiaRound {
  const system: unknown = combatant.system;
  if (!(system instanceof CombatantModel)) return freshRound();
  const { round, successes, spent, chosen, defenseDice, turnsTaken } = system;
  return { round, successes, spent: { ...spent }, chosen, defenseDice, turnsTaken };
}

/** A change to a combatant's round or its Initiative (left as it is when absent). */
export interface RoundChange {
  id: string;
  initiative?: number | null;
  round?: SourcePatch<WuxiaRound>;
}

/** A combatant's mirror of its round, written with the record. */
export interface RoundMirror {
  _id: string;
  initiative?: number | null;
  system: WuxiaRound;
}

/** What a Combat update writes for some combatants' rounds: the whole record, and their mirrors. */
export interface RoundWrite {
  system: { rounds: RoundEntry[] };
  combatants: RoundMirror[];
}

function patched(round: WuxiaRound, patch: SourcePatch<WuxiaRound> = {}): WuxiaRound {
  return { ...round, ...patch, spent: { ...round.spent, ...patch.spent } } as WuxiaRound;
}

/**
 * The Combat update that writes these changes: the whole record (the entries of combatants no
 * longer in the combat dropped) and each changed combatant's mirror, in one operation only a GM
 * may make.
 */
export function roundWrite(combat: Combat.Implementation, changes: readonly RoundChange[]): RoundWrite {
  const present = new Set(combat.combatants.contents.map((c) => c.id ?? ""));
  const entries = new Map(
    sharedOf(combat)
      .rounds.filter((e) => present.has(e.combatantId))
      .map((e): [string, RoundEntry] => [e.combatantId, e]),
  );
  const combatants: RoundMirror[] = [];
  for (const change of changes) {
    const before = entries.get(change.id);
    const {
      combatantId: _id,
      initiative: recorded,
      ...round
    } = before ?? {
      combatantId: change.id,
      initiative: null,
      ...freshRound(),
    };
    const initiative = change.initiative === undefined ? recorded : change.initiative;
    const next = patched(round, change.round);
    entries.set(change.id, { combatantId: change.id, initiative, ...next });
    combatants.push({
      _id: change.id,
      system: next,
      ...(change.initiative === undefined ? {} : { initiative: change.initiative }),
    });
  }
  return { system: { rounds: [...entries.values()] }, combatants };
}

/** Writes part of a combatant's round into its combat's record (and its mirror). */
export function updateRound(combatant: Combatant.Implementation, patch: SourcePatch<WuxiaRound>): Promise<unknown> {
  const combat = combatant.combat;
  if (!combat) return Promise.resolve(undefined);
  return combat.update(roundWrite(combat, [{ id: combatant.id ?? "", round: patch }]) as Combat.UpdateData);
}

/** The record takes these combatants' Initiatives and rounds as their mirrors hold them (a GM wrote them there), in one write. */
export function recordMirrors(
  combat: Combat.Implementation,
  combatants: readonly Combatant.Implementation[],
): Promise<unknown> {
  if (!combatants.length) return Promise.resolve(undefined);
  const write = roundWrite(
    combat,
    combatants.map((c) => ({ id: c.id ?? "", initiative: c.initiative, round: mirrorOf(c) })),
  );
  return combat.update({ system: write.system } as Combat.UpdateData);
}

/** The round and turn a GM last wrote, if any was recorded. */
export function gmPosition(combat: Combat.Implementation): { round: number; turn: number | null } | null {
  return sharedOf(combat).position ?? null;
}

/** Writes part of what a combat's sides share, checked against the model's fields. */
export function updateShared(
  combat: Combat.Implementation,
  patch: SourcePatch<CombatModel["_source"]>,
): Promise<unknown> {
  return combat.update({ system: patch } as Combat.UpdateData);
}
