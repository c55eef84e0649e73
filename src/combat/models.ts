import { TALLY_LIMITS } from "../rules/limits";
import { integerField } from "../documents/fields";
import type { SourcePatch } from "../foundry/write";

function count() {
  return integerField({ ...TALLY_LIMITS, initial: 0 });
}

function defineCombatantSchema() {
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

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

/** Combatant `base`: a combatant's round in Wuxia (Harmonies combatants leave it at its defaults). */
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
  };
}

type CombatSchema = ReturnType<typeof defineCombatSchema>;

/** Combat `base`: what a side shares for the whole combat. */
export class CombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override defineSchema(): CombatSchema {
    return defineCombatSchema();
  }
}

/** A combatant's round: every combatant of the system is of type "base" (modules' sub-types are not combatants here). */
export function roundOf(combatant: Combatant.Implementation): CombatantModel {
  return combatant.system as unknown as CombatantModel;
}

/** What a combat's sides share. */
export function sharedOf(combat: Combat.Implementation): CombatModel {
  return combat.system as unknown as CombatModel;
}

/** Writes part of a combatant's round, checked by the compiler against the model's fields. */
export function updateRound(
  combatant: Combatant.Implementation,
  patch: SourcePatch<CombatantModel["_source"]>,
): Promise<unknown> {
  return combatant.update({ system: patch } as Combatant.UpdateData);
}

/** Writes part of what a combat's sides share, checked against the model's fields. */
export function updateShared(
  combat: Combat.Implementation,
  patch: SourcePatch<CombatModel["_source"]>,
): Promise<unknown> {
  return combat.update({ system: patch } as Combat.UpdateData);
}
