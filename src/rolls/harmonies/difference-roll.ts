import { harmoniesActionFromFaces, type HarmoniesAction } from "../../rules";
import { HARMONIES_MINUS_COLORSET, HARMONIES_PLUS_COLORSET } from "../dice-so-nice";
import { hasDice, type DieTerm } from "../readable";
import { SystemRoll, type RolledFor } from "../system-roll";

/** What every difference roll's state holds: the modifier its dice are added to, closed or open. */
export interface DifferenceState extends RolledFor {
  modifier: number;
  /** Open roll: 10s explode. */
  open: boolean;
}

/** `1d10 - 1d10` closed, `1d10x - 1d10x` open, then the modifier: the total is the margin. */
export function harmoniesFormula(modifier: number, open: boolean): string {
  const die = open ? "1d10x" : "1d10";
  const sign = modifier < 0 ? "-" : "+";
  return `${die} - ${die} ${sign} ${Math.abs(modifier)}`;
}

/** The added and the subtracted die: one face each, or (open) a face more after every 10. */
/** The most faces one die of an open roll may show (each 10 rolls again): 20 tens in a row is 1 in 10²⁰. */
export const MAX_OPEN_FACES = 20;

export function differenceDice(open: boolean): DieTerm[] {
  const die: DieTerm = {
    number: 1,
    modifiers: open ? ["x"] : [],
    results: (count) => (open ? count >= 1 && count <= MAX_OPEN_FACES : count === 1),
  };
  return [die, die];
}

/**
 * The Harmonies difference roll (RULES 2.4) on core Die terms, for a character's action and a
 * group's combined Values alike: the added and the subtracted die (Dice So Nice colours them
 * apart), read by the rules, explosions included; its total is the margin.
 */
export abstract class DifferenceRoll<State extends DifferenceState> extends SystemRoll<State> {
  /** `options` holds the state under the subclass's STATE_KEY (`harmonies`, `combined`). */
  constructor(formula?: string, _data?: unknown, options?: Roll.Options & Record<string, unknown>) {
    const key = new.target.STATE_KEY;
    const state = options?.[key] as Partial<DifferenceState> | undefined;
    super(formula ?? harmoniesFormula(state?.modifier ?? 0, state?.open ?? false), {}, options);
    // Dice So Nice reads a colour set from each term's options; users' own material and texture still apply.
    this.dice.slice(0, 2).forEach((die, i) =>
      Object.assign(die.options, {
        appearance: { colorset: i === 0 ? HARMONIES_PLUS_COLORSET : HARMONIES_MINUS_COLORSET },
      }),
    );
  }

  /** The added die's faces and the subtracted die's, explosions included. */
  get plus(): number[] {
    return this.dice[0]?.results.map((r) => r.result) ?? [];
  }

  get minus(): number[] {
    return this.dice[1]?.results.map((r) => r.result) ?? [];
  }

  /** Dice, margin and success as the rules read these faces. */
  get action(): HarmoniesAction {
    return harmoniesActionFromFaces(this.state.modifier, this.plus, this.minus, { open: this.state.open });
  }

  protected override _evaluateTotal(): number {
    return this.action.margin;
  }

  /** Evaluated, with the two dice (and their explosions) a state closed or open implies. */
  protected hasDifferenceDice(state: DifferenceState): boolean {
    return this._evaluated && hasDice(this, differenceDice(state.open));
  }
}
