import type { WuxiaRoll } from "../../rolls/wuxia/roll";
import type { InitiativeSpend } from "../../settings/combat";
import { UserError } from "../../core/errors";
import type { PreparedRoll } from "../../rolls/pipeline";
import type { RollKindKey } from "../../rolls/kinds";
import type { InitiativePurchase } from "../../rules";
import type { WuxiaRound } from "../models";

/** What a combatant's round start writes, and the roll that made it. */
export interface RoundStartChange {
  change: { _id: string; initiative: number; system: WuxiaRound };
  roll: WuxiaRoll;
  purchase: InitiativePurchase;
}

/**
 * What a combatant does in a fight, answered by its rule set rather than by branching on it
 * (Crucible hands the turn events to the actor the same way): its Initiative roll and what
 * happens as its turn starts. `fighterOf(combatant)` (index.ts) finds it.
 */
interface BaseFighter {
  actor: Actor.Implementation;
  /** Its Initiative roll, not yet evaluated. */
  initiativeRoll(): Roll;
  /** What its rule set does as a round starts, for this combatant of it: what to write, or nothing. */
  roundStart(combatant: Combatant.Implementation, round: number): Promise<RoundStartChange | null>;
  /** What its rule set does as a turn it really takes starts (never one a jump passes over). */
  turnStart(): Promise<void>;
}

/** A Wuxia fighter: its Initiative test is rolled again at every round start (RULES 1.4). */
export interface WuxiaFighter extends BaseFighter {
  ruleset: "wuxia";
  /** The Métal its successes buy Initiative with (RULES 1.4). */
  metal: number;
  /** Where its successes go when nobody chooses. */
  spend: InitiativeSpend;
  initiativeRoll(): WuxiaRoll;
  /** Its Initiative test rolled again and its successes spent on its default (RULES 1.4). */
  roundStart(combatant: Combatant.Implementation, round: number): Promise<RoundStartChange>;
}

/** A Harmonies fighter: its Initiative is rolled once, by the GM's hand for a player; nothing at round start. */
export interface HarmoniesFighter extends BaseFighter {
  ruleset: "harmonies";
}

export type Fighter = WuxiaFighter | HarmoniesFighter;

/** Nothing happens as the turn starts. */
export const nothingAtTurnStart = (): Promise<void> => Promise.resolve();

/** Nothing happens as the round starts: a Harmonies Initiative is rolled once for the fight. */
export const nothingAtRoundStart = (): Promise<null> => Promise.resolve(null);

/** The Initiative roll the pipeline prepared; refused (localised) when a preRoll handler cancelled it: core needs a Roll. */
export function initiativeOf<K extends RollKindKey>(
  prepared: PreparedRoll<K> | null,
  subject: { name: string },
): PreparedRoll<K>["roll"] {
  if (!prepared) throw new UserError("WH.Combat.Error.InitiativeCancelled", { name: subject.name });
  return prepared.roll;
}
