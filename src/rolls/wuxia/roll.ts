import {
  evaluateWuxiaPool,
  specialisationRerollTargets,
  wuxiaOdds,
  wuxiaThreshold,
  type WuxiaPoolResult,
} from "../../rules";
import { WUXIA_CARD_TEMPLATE, wuxiaCardContext } from "./card";
import { WUXIA_ATTRIBUTES, type WuxiaAttributeKey } from "../../rules/vocabulary";
import { UserError } from "../../core/errors";
import { rollD10s } from "../faces";
import { hasDice, isOneOf, isProbability, isRecord, isText, isTextOrNull, isWhole } from "../readable";
import { SystemRoll, type CardOptions } from "../system-roll";
import { rollSettings } from "../../settings/rolls";

/** What a Wuxia test is made of (RULES 1.3); every number is chosen before the roll. */
export interface WuxiaRollConfig {
  attribute: WuxiaAttributeKey;
  /** The Attribute's value: the pool's base size. */
  attributeValue: number;
  /** The skill, power or weapon skill used, if any (document text: escaped when shown). */
  skillName: string | null;
  /** Compétence subtracted from SR: the skill's level, or its parent's for a specialisation. */
  competence: number;
  /** Specialisation rerolls k (0 without a specialisation). */
  rerolls: number;
  /** The specialisation granting the rerolls, if any. */
  specialisation: string | null;
  /** SR chosen by the GM (8 routine … 13 extreme). */
  sr: number;
  /** Added to SR by wounds and panic. */
  srPenalty: number;
  /** Extra dice the GM grants (group reserve, circumstances). */
  extraDice: number;
  /** Destiny dice added to the pool before rolling (world setting "extra die"). */
  destinyDice: number;
  actorUuid: string | null;
  actorName: string;
  itemUuid: string | null;
  /** Chi paid for the power used, once paid (absent on a roll that paid none, and on older rolls). */
  chiSpent?: number;
}

/** A die rerolled after the first throw: by the specialisation or with a Destiny die. */
export interface WuxiaRerollEntry {
  index: number;
  by: "specialisation" | "destiny";
}

/** Everything a Wuxia card needs after a reload: kept in the roll's options. */
export interface WuxiaRollState extends WuxiaRollConfig {
  threshold: number;
  /** The odds the roll had, from the rules (exact). */
  odds: { success: number; critical: number };
  /** In order; the j-th entry's new face is the die term's result n + j. */
  rerolled: WuxiaRerollEntry[];
}

/** One position of the pool: its faces in order (the last one stands) and what rerolled it. */
export interface PoolPosition {
  faces: number[];
  by: WuxiaRerollEntry["by"][];
}

type EvaluateOptions = Parameters<Roll["evaluate"]>[0];
type RollOptions = Roll.Options & { wuxia?: WuxiaRollState };

/**
 * A Wuxia test: `Nd10` as a core Die term, so Dice So Nice, the dice tooltip and manual dice
 * entry work; the rules read the faces. Specialisation rerolls and Destiny rerolls mark the old
 * result rerolled (inactive, shown struck through) and append the new face to the same term.
 * Its total is the number of successes.
 */
export class WuxiaRoll extends SystemRoll<WuxiaRollState> {
  static override readonly STATE_KEY = "wuxia";

  /** Foundry rebuilds saved rolls with `data` undefined and the formula saved: both are accepted. */
  constructor(formula?: string, _data?: unknown, options?: RollOptions) {
    super(formula ?? `${options?.wuxia ? poolSize(options.wuxia) : 0}d10`, {}, options);
  }

  /** The state a test starts from; the rules validate every number (a RulesError names the bad one). */
  static check(config: WuxiaRollConfig): WuxiaRollState {
    const threshold = wuxiaThreshold(config.sr + config.srPenalty, config.competence);
    const { success, critical } = wuxiaOdds(poolSize(config), threshold, { rerolls: config.rerolls });
    return { ...config, threshold, odds: { success, critical }, rerolled: [] };
  }

  /** A test ready to evaluate, from a state `check` made. */
  static fromState(state: WuxiaRollState): WuxiaRoll {
    return new WuxiaRoll(`${poolSize(state)}d10`, {}, { wuxia: state });
  }

  /** A test ready to evaluate; the rules validate every number. */
  static build(config: WuxiaRollConfig): WuxiaRoll {
    return WuxiaRoll.fromState(WuxiaRoll.check(config));
  }

  /** Every position of the pool with the faces it showed, read from the die term's results. */
  get positions(): PoolPosition[] {
    const results = this.dice[0]?.results ?? [];
    const size = poolSize(this.state);
    const positions: PoolPosition[] = results.slice(0, size).map((r) => ({ faces: [r.result], by: [] }));
    this.state.rerolled.forEach((entry, j) => {
      const result = results[size + j];
      const position = positions[entry.index];
      if (!result || !position) throw new Error(`WuxiaRoll: reroll ${j} has no result`);
      position.faces.push(result.result);
      position.by.push(entry.by);
    });
    return positions;
  }

  /** The faces that stand. */
  get faces(): number[] {
    return this.positions.map((p) => p.faces[p.faces.length - 1] as number);
  }

  get outcome(): WuxiaPoolResult {
    return evaluateWuxiaPool(this.faces, this.state.threshold);
  }

  override async evaluate(options?: EvaluateOptions): Promise<Roll.Evaluated<this>> {
    const evaluated = await super.evaluate(options);
    const targets = specialisationRerollTargets(this.faces, this.state.threshold, this.state.rerolls);
    if (targets.length) await this.#reroll(targets, "specialisation", options?.allowInteractive ?? true);
    return evaluated;
  }

  /**
   * Rerolls one die of the pool with a Destiny die (RULES 1.3 [default]); the new face stands.
   * Returns the one-die roll made, for Dice So Nice to show.
   */
  async rerollWithDestiny(index: number, options: { allowInteractive?: boolean } = {}): Promise<Roll> {
    if (!this._evaluated) throw new Error("WuxiaRoll: evaluate the roll before spending a Destiny die");
    if (!this.readable) throw new UserError("WH.Chat.Error.Unreadable");
    if (!Number.isInteger(index) || index < 0 || index >= poolSize(this.state))
      throw new UserError("WH.Chat.Error.NoSuchDie", { index: String(index) });
    return this.#reroll([index], "destiny", options.allowInteractive ?? true);
  }

  async #reroll(indices: number[], by: WuxiaRerollEntry["by"], allowInteractive: boolean): Promise<Roll> {
    // The pool's die term: a roll built from its state always has it, and a Destiny die is spent only on a readable roll.
    const die = this.dice[0] as NonNullable<(typeof this.dice)[0]>;
    const { roll, faces } = await rollD10s(indices.length, { allowInteractive });
    const current = currentResultIndices(this.positions.length, this.state.rerolled);
    indices.forEach((index, j) => {
      // `positions` above has checked that every position has the result it currently shows.
      const old = die.results[current[index] as number] as (typeof die.results)[number];
      old.rerolled = true;
      old.active = false;
      die.results.push({ result: faces[j] as number, active: true });
      this.state.rerolled.push({ index, by });
    });
    this._total = this._evaluateTotal();
    return roll;
  }

  protected override _evaluateTotal(): number {
    return this.outcome.successes;
  }

  /**
   * Whether the roll is one the system makes: a readable state, and one die term of the pool's
   * size holding a face 1–10 for each die and each reroll (its data came from its author's client).
   */
  get readable(): boolean {
    const state = this.storedState;
    if (!this._evaluated || !readableState(state)) return false;
    const size = poolSize(state);
    return hasDice(this, [{ number: size, modifiers: [], results: (count) => count === size + state.rerolled.length }]);
  }

  protected evaluable(state: unknown): boolean {
    return readableState(state);
  }

  protected get cardTemplate(): string {
    return WUXIA_CARD_TEMPLATE;
  }

  protected cardContext(options: CardOptions): Record<string, unknown> {
    return wuxiaCardContext(this, { ...options, destinyReroll: rollSettings().destinyMode === "reroll" });
  }
}

/** The pool: Attribute + extra dice + Destiny dice added before rolling. */
export function poolSize(config: Pick<WuxiaRollConfig, "attributeValue" | "extraDice" | "destinyDice">): number {
  return config.attributeValue + config.extraDice + config.destinyDice;
}

const REROLLED_BY: readonly WuxiaRerollEntry["by"][] = ["specialisation", "destiny"];

/** A state the card can draw: known keys, whole numbers, a threshold its SR and skill give, rerolls of dice in the pool. */
function readableState(state: unknown): state is WuxiaRollState {
  if (!isRecord(state) || !isOneOf(WUXIA_ATTRIBUTES, state.attribute)) return false;
  const { attributeValue, competence, rerolls, sr, srPenalty, extraDice, destinyDice, threshold, odds, rerolled } =
    state;
  if (![attributeValue, competence, rerolls, sr, srPenalty, extraDice, destinyDice, threshold].every(isWhole))
    return false;
  if (state.chiSpent !== undefined && !(isWhole(state.chiSpent) && state.chiSpent > 0)) return false;
  if (
    !isText(state.actorName) ||
    !isTextOrNull(state.skillName) ||
    !isTextOrNull(state.specialisation) ||
    !isTextOrNull(state.actorUuid) ||
    !isTextOrNull(state.itemUuid)
  )
    return false;
  if (!isRecord(odds) || !isProbability(odds.success) || !isProbability(odds.critical)) return false;
  if ((threshold as number) !== (sr as number) + (srPenalty as number) - (competence as number)) return false;
  const size = poolSize({ attributeValue, extraDice, destinyDice } as Pick<
    WuxiaRollConfig,
    "attributeValue" | "extraDice" | "destinyDice"
  >);
  return (
    Array.isArray(rerolled) &&
    rerolled.every(
      (entry: unknown) =>
        isRecord(entry) &&
        isWhole(entry.index) &&
        entry.index >= 0 &&
        entry.index < size &&
        isOneOf(REROLLED_BY, entry.by),
    )
  );
}

/** Index in the die term's results of the face each position currently shows. */
function currentResultIndices(size: number, rerolled: readonly WuxiaRerollEntry[]): number[] {
  const current = Array.from({ length: size }, (_, i) => i);
  rerolled.forEach((entry, j) => {
    current[entry.index] = size + j;
  });
  return current;
}
