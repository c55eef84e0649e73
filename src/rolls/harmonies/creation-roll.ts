import { harmoniesAttributesFromFaces, type HarmoniesAttributeRoll } from "../../rules";
import { CREATION_CARD_TEMPLATE, creationCardContext } from "./creation-card";
import { HARMONIES_MINUS_COLORSET, HARMONIES_PLUS_COLORSET } from "../dice-so-nice";
import { hasDice, isRecord, isText, isTextOrNull, isWhole, type DieTerm } from "../readable";
import { SystemRoll, type CardOptions, type RolledFor } from "../system-roll";

/** Which of a character's rolls this is, and how many the world allows (the first and the rerolls). */
export interface CreationRollState extends RolledFor {
  attempt: number;
  allowed: number;
}

/** Six added and six subtracted d6: the i-th of each make the i-th result (RULES 2.1). */
export const CREATION_FORMULA = "6d6 - 6d6";

const SIX_D6: DieTerm = { number: 6, faces: 6, modifiers: [], results: (count) => count === 6 };

function readableState(state: unknown): state is CreationRollState {
  return (
    isRecord(state) &&
    isText(state.actorName) &&
    isTextOrNull(state.actorUuid) &&
    isWhole(state.attempt) &&
    isWhole(state.allowed) &&
    state.attempt >= 1 &&
    state.attempt <= state.allowed
  );
}

/**
 * A Harmonies character's attribute roll (RULES 2.1) on core d6 terms, so Dice So Nice, manual
 * dice and the RNG apply; the card is the public record of every roll a character made.
 */
export class HarmoniesCreationRoll extends SystemRoll<CreationRollState> {
  static override readonly STATE_KEY = "creation";

  constructor(formula?: string, _data?: unknown, options?: Roll.Options & Record<string, unknown>) {
    super(formula ?? CREATION_FORMULA, {}, options);
    // The added and the subtracted dice in the difference roll's colours (Dice So Nice).
    this.dice.slice(0, 2).forEach((die, i) =>
      Object.assign(die.options, {
        appearance: { colorset: i === 0 ? HARMONIES_PLUS_COLORSET : HARMONIES_MINUS_COLORSET },
      }),
    );
  }

  static build(state: CreationRollState): HarmoniesCreationRoll {
    return new HarmoniesCreationRoll(CREATION_FORMULA, {}, { creation: state });
  }

  /** The six results, the two dropped and the four kept, as the rules read the faces. */
  get attributes(): HarmoniesAttributeRoll {
    const faces = (i: number) => this.dice[i]?.results.map((r) => r.result) ?? [];
    return harmoniesAttributesFromFaces(faces(0), faces(1));
  }

  /** The total is the sum of the four kept results: what the pairs share out. */
  protected override _evaluateTotal(): number {
    return this.attributes.kept.reduce((sum, r) => sum + r, 0);
  }

  /** Six faces of a d6 on each term are all the rules need: no other check is left to them. */
  get readable(): boolean {
    const state = this.storedState;
    return readableState(state) && this._evaluated && hasDice(this, [SIX_D6, SIX_D6]);
  }

  protected evaluable(state: unknown): boolean {
    return readableState(state);
  }

  protected get cardTemplate(): string {
    return CREATION_CARD_TEMPLATE;
  }

  protected cardContext(options: CardOptions): Record<string, unknown> {
    return creationCardContext(this, options);
  }
}
