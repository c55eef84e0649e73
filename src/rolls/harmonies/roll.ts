import { experienceFromDice, harmoniesOdds } from "../../rules";
import { HARMONIES_CARD_TEMPLATE, harmoniesCardContext } from "./card";
import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
} from "../../rules/vocabulary";
import { DifferenceRoll, harmoniesFormula } from "./difference-roll";
import { isOneOf, isProbability, isRecord, isText, isTextOrNull, isWhole, rulesRead } from "../readable";
import type { CardOptions } from "../system-roll";

/** An action of Harmonies (RULES 2.4): characteristic + means (+ skill) + difficulty + (d10 − d10). */
export interface HarmoniesRollConfig {
  characteristic: HarmoniesCharacteristicKey;
  characteristicValue: number;
  means: HarmoniesMeansKey;
  meansValue: number;
  /** The skill or weapon skill used, if any (document text: escaped when shown). */
  skillName: string | null;
  skillLevel: number;
  /** Usually negative; 0 is an even chance. */
  difficulty: number;
  /** Wound penalties (RULES 2.5), 0 or negative. */
  penalty: number;
  /** Open roll: 10s explode (a variant; the world setting gives the default). */
  open: boolean;
  actorUuid: string | null;
  actorName: string;
  /** The skill item that earns the XP, if any. */
  itemUuid: string | null;
}

export interface HarmoniesRollState extends HarmoniesRollConfig {
  /** characteristic + means + skill + difficulty + penalty. */
  modifier: number;
  /** The odds of success the roll had, from the rules (exact). */
  odds: number;
  /** Set once the GM has awarded the XP this roll earned. */
  xpAwarded: boolean;
}

/** characteristic + means + skill + difficulty (+ wound penalty): what the dice are added to (RULES 2.4). */
export function harmoniesModifier(
  config: Pick<HarmoniesRollConfig, "characteristicValue" | "meansValue" | "skillLevel" | "difficulty"> & {
    penalty?: number;
  },
): number {
  return config.characteristicValue + config.meansValue + config.skillLevel + config.difficulty + (config.penalty ?? 0);
}

/**
 * An action's terms as a card can draw them (a Harmonies or a group roll): known keys, whole
 * numbers, a modifier that is their sum, text names, a chance for its odds.
 */
export function readableActionState(state: Record<string, unknown>, penalty: unknown): boolean {
  const { characteristicValue, meansValue, skillLevel, difficulty, modifier } = state;
  if (!isOneOf(HARMONIES_CHARACTERISTICS, state.characteristic) || !isOneOf(HARMONIES_MEANS, state.means)) return false;
  if (![characteristicValue, meansValue, skillLevel, difficulty, modifier, penalty].every(isWhole)) return false;
  const sum = harmoniesModifier({ characteristicValue, meansValue, skillLevel, difficulty, penalty } as Parameters<
    typeof harmoniesModifier
  >[0]);
  return (
    modifier === sum &&
    typeof state.open === "boolean" &&
    isProbability(state.odds) &&
    isText(state.actorName) &&
    isTextOrNull(state.skillName) &&
    isTextOrNull(state.actorUuid)
  );
}

function readableState(state: unknown): state is HarmoniesRollState {
  return (
    isRecord(state) &&
    readableActionState(state, state.penalty) &&
    typeof state.xpAwarded === "boolean" &&
    isTextOrNull(state.itemUuid)
  );
}

/** A character's action (RULES 2.4): the difference roll, its odds and the experience its dice earn. */
export class HarmoniesRoll extends DifferenceRoll<HarmoniesRollState> {
  static override readonly STATE_KEY = "harmonies";

  /** The state an action starts from; the rules validate the modifier. */
  static check(config: HarmoniesRollConfig): HarmoniesRollState {
    const modifier = harmoniesModifier(config);
    return { ...config, modifier, odds: harmoniesOdds(modifier, { open: config.open }), xpAwarded: false };
  }

  static fromState(state: HarmoniesRollState): HarmoniesRoll {
    return new HarmoniesRoll(harmoniesFormula(state.modifier, state.open), {}, { harmonies: state });
  }

  static build(config: HarmoniesRollConfig): HarmoniesRoll {
    return HarmoniesRoll.fromState(HarmoniesRoll.check(config));
  }

  /** XP for the skill and each of the two attributes (RULES 2.7), from the dice alone. */
  get experience(): number {
    return experienceFromDice(this.action.roll.dice);
  }

  /** Whether the roll is one the system makes (its data came from its author's client): see `readableState`. */
  get readable(): boolean {
    const state = this.storedState;
    return readableState(state) && this.hasDifferenceDice(state) && rulesRead(() => this.experience);
  }

  protected evaluable(state: unknown): boolean {
    return readableState(state);
  }

  protected get cardTemplate(): string {
    return HARMONIES_CARD_TEMPLATE;
  }

  protected cardContext(options: CardOptions): Record<string, unknown> {
    return harmoniesCardContext(this, options);
  }
}
