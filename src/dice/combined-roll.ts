import { harmoniesActionFromFaces, harmoniesOdds, type HarmoniesAction } from "../rules";
import { COMBINED_CARD_TEMPLATE, combinedCardContext } from "../chat/combined-card";
import { HARMONIES_MINUS_COLORSET, HARMONIES_PLUS_COLORSET } from "./dice-so-nice";
import {
  differenceDice,
  harmoniesFormula,
  harmoniesModifier,
  readableActionState,
  type HarmoniesRollConfig,
} from "./harmonies-roll";
import { hasDice, isRecord, isWhole, rulesRead } from "./readable";
import { SystemRoll, type CardOptions } from "./system-roll";

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

type RollOptions = Roll.Options & { combined?: CombinedRollState };

function readableState(state: unknown): state is CombinedRollState {
  return isRecord(state) && readableActionState(state, 0) && isWhole(state.size) && (state.size as number) > 0;
}

/** The difference roll of a group's combined Values, on core Die terms; its total is the margin. */
export class HarmoniesCombinedRoll extends SystemRoll<CombinedRollState> {
  static override readonly STATE_KEY = "combined";

  constructor(formula?: string, _data?: unknown, options?: RollOptions) {
    const state = options?.combined;
    super(formula ?? harmoniesFormula(state?.modifier ?? 0, state?.open ?? false), {}, options);
    // Dice So Nice colours the added and the subtracted die apart, as on a character's roll.
    this.dice.slice(0, 2).forEach((die, i) =>
      Object.assign(die.options, {
        appearance: { colorset: i === 0 ? HARMONIES_PLUS_COLORSET : HARMONIES_MINUS_COLORSET },
      }),
    );
  }

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

  get plus(): number[] {
    return this.dice[0]?.results.map((r) => r.result) ?? [];
  }

  get minus(): number[] {
    return this.dice[1]?.results.map((r) => r.result) ?? [];
  }

  get action(): HarmoniesAction {
    return harmoniesActionFromFaces(this.state.modifier, this.plus, this.minus, { open: this.state.open });
  }

  protected override _evaluateTotal(): number {
    return this.action.margin;
  }

  /** Whether the roll is one the system makes (its data came from its author's client). */
  get readable(): boolean {
    const state = this.storedState;
    return (
      this._evaluated &&
      readableState(state) &&
      hasDice(this, differenceDice(state.open)) &&
      rulesRead(() => this.action)
    );
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
