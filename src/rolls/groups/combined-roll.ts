import { harmoniesOdds } from "../../rules";
import { COMBINED_CARD_TEMPLATE, combinedCardContext } from "./combined-card";
import { DifferenceRoll, harmoniesFormula } from "../harmonies/difference-roll";
import { harmoniesModifier, readableActionState, type HarmoniesRollConfig } from "../harmonies/roll";
import { isRecord, isWhole, rulesRead } from "../readable";
import type { CardOptions } from "../system-roll";

/**
 * A Harmonies group acting as one body (RULES 3.1): its combined Values are the action's
 * characteristic and means; one difference roll, one margin for the whole group.
 */
export interface CombinedRollConfig extends Omit<HarmoniesRollConfig, "penalty" | "itemUuid"> {
  /** Members whose Values were combined (those still in the fight). */
  size: number;
}

export interface CombinedRollState extends CombinedRollConfig {
  modifier: number;
  /** The chance of success the roll had, from the rules (exact). */
  odds: number;
}

function readableState(state: unknown): state is CombinedRollState {
  return isRecord(state) && readableActionState(state, 0) && isWhole(state.size) && (state.size as number) > 0;
}

/** The difference roll of a group's combined Values; its total is the margin. */
export class HarmoniesCombinedRoll extends DifferenceRoll<CombinedRollState> {
  static override readonly STATE_KEY = "combined";

  /** The state the action starts from; the rules validate the modifier. */
  static check(config: CombinedRollConfig): CombinedRollState {
    const modifier = harmoniesModifier(config);
    return { ...config, modifier, odds: harmoniesOdds(modifier, { open: config.open }) };
  }

  static fromState(state: CombinedRollState): HarmoniesCombinedRoll {
    return new HarmoniesCombinedRoll(harmoniesFormula(state.modifier, state.open), {}, { combined: state });
  }

  static build(config: CombinedRollConfig): HarmoniesCombinedRoll {
    return HarmoniesCombinedRoll.fromState(HarmoniesCombinedRoll.check(config));
  }

  /** Whether the roll is one the system makes (its data came from its author's client). */
  get readable(): boolean {
    const state = this.storedState;
    return readableState(state) && this.hasDifferenceDice(state) && rulesRead(() => this.action);
  }

  protected evaluable(state: unknown): boolean {
    return readableState(state);
  }

  protected get cardTemplate(): string {
    return COMBINED_CARD_TEMPLATE;
  }

  protected cardContext(options: CardOptions): Record<string, unknown> {
    return combinedCardContext(this, options);
  }
}
