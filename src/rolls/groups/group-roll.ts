import {
  groupMargins,
  groupSuccesses,
  harmoniesActionFromFaces,
  harmoniesOdds,
  rollGroupIndividually,
  type HarmoniesAction,
  type MarginCount,
} from "../../rules";
import { GROUP_CARD_TEMPLATE, groupCardContext } from "./group-card";
import { GROUP_ROLL_MODE_CHOICES, type GroupRollMode } from "../../settings/rolls";
import { differenceDice, harmoniesFormula } from "../harmonies/difference-roll";
import { harmoniesModifier, readableActionState, type HarmoniesRollConfig } from "../harmonies/roll";
import { hasDice, isOneOf, isRecord, isWhole, rulesRead } from "../readable";
import { SystemRoll, type CardOptions } from "../system-roll";

/** One roll for a group of NPCs (RULES 3.2–3.3), read with the world's group mode. */
export interface GroupRollConfig extends Omit<HarmoniesRollConfig, "penalty" | "itemUuid"> {
  /** Members of the group (individuals, not sub-groups). */
  size: number;
  mode: GroupRollMode;
  /** The sub-group whose figures stand for every member (the largest still fighting); none when it is the only one. */
  figuresOf?: string | null;
}

/** How the group fared: counts per margin (methods 2, exact, individual) and who succeeded. */
export interface GroupOutcome {
  /** The group's margin M (none in individual mode: every member rolled). */
  margin: number | null;
  succeeded: number;
  failed: number;
  margins: MarginCount[];
}

export interface GroupRollState extends GroupRollConfig {
  modifier: number;
  /** Chance that one member succeeds (the same for the group's single roll). */
  odds: number;
  /** Individual mode's members' margins, rolled at evaluation (no Die term for a million members). */
  individual: MarginCount[] | null;
}

/** The outcome of counts per margin: who succeeded is the sum of the counts at 0 and above (RULES 3.3). */
function counted(margin: number | null, size: number, margins: MarginCount[]): GroupOutcome {
  const succeeded = margins.reduce((sum, m) => (m.margin >= 0 ? sum + m.count : sum), 0);
  return { margin, succeeded, failed: size - succeeded, margins };
}

type EvaluateOptions = Parameters<Roll["evaluate"]>[0];
type RollOptions = Roll.Options & { group?: GroupRollState };

function groupFormula(state: Pick<GroupRollState, "modifier" | "open" | "mode">): string {
  // Individual mode rolls every member through the rules; the roll itself is the modifier alone.
  return state.mode === "individual" ? String(state.modifier) : harmoniesFormula(state.modifier, state.open);
}

const GROUP_ROLL_MODES = Object.keys(GROUP_ROLL_MODE_CHOICES) as GroupRollMode[];

/** A roll the card can draw once evaluated: the action's terms, a whole size, a known reading. */
function readableConfig(state: unknown): state is GroupRollState {
  return (
    isRecord(state) &&
    readableActionState(state, 0) &&
    isWhole(state.size) &&
    isOneOf(GROUP_ROLL_MODES, state.mode) &&
    (state.figuresOf === undefined || state.figuresOf === null || typeof state.figuresOf === "string")
  );
}

/**
 * An evaluated state: in individual mode, the members' margins, each margin once with a whole
 * positive count, the counts adding up to the group (so the card's totals are its rows' sums);
 * in the others, none.
 */
function readableState(state: unknown): state is GroupRollState {
  if (!readableConfig(state)) return false;
  const { individual } = state as { individual?: unknown };
  if (state.mode !== "individual") return individual === null;
  if (!Array.isArray(individual)) return false;
  const counted = individual.every((m: unknown) => isRecord(m) && isWhole(m.margin) && isWhole(m.count) && m.count > 0);
  if (!counted) return false;
  const margins = individual as MarginCount[];
  return (
    new Set(margins.map((m) => m.margin)).size === margins.length &&
    margins.reduce((sum, m) => sum + m.count, 0) === state.size
  );
}

/** A group's roll: a difference roll on core Die terms (one margin for the group) or every member's. */
export class HarmoniesGroupRoll extends SystemRoll<GroupRollState> {
  static override readonly STATE_KEY = "group";

  constructor(formula?: string, _data?: unknown, options?: RollOptions) {
    const state = options?.group;
    super(formula ?? (state ? groupFormula(state) : "0"), {}, options);
  }

  /** The state a group's action starts from; the rules validate the modifier. */
  static check(config: GroupRollConfig): GroupRollState {
    const modifier = harmoniesModifier(config);
    return { ...config, modifier, odds: harmoniesOdds(modifier, { open: config.open }), individual: null };
  }

  static fromState(state: GroupRollState): HarmoniesGroupRoll {
    return new HarmoniesGroupRoll(groupFormula(state), {}, { group: state });
  }

  static build(config: GroupRollConfig): HarmoniesGroupRoll {
    return HarmoniesGroupRoll.fromState(HarmoniesGroupRoll.check(config));
  }

  /** The group's single roll as the rules read it; null in individual mode. */
  get action(): HarmoniesAction | null {
    if (this.state.mode === "individual") return null;
    const [plus = [], minus = []] = this.dice.map((die) => die.results.map((r) => r.result));
    return harmoniesActionFromFaces(this.state.modifier, plus, minus, { open: this.state.open });
  }

  get outcome(): GroupOutcome {
    const { size, mode, open } = this.state;
    const action = this.action;
    if (!action) return counted(null, size, this.state.individual ?? []);
    const margin = action.margin;
    if (mode === "book1") return { margin, ...groupSuccesses(size, margin), margins: [] };
    return counted(margin, size, groupMargins(size, margin, mode === "book2" ? "book" : "exact", { open }));
  }

  override async evaluate(options?: EvaluateOptions): Promise<Roll.Evaluated<this>> {
    const evaluated = await super.evaluate(options);
    if (this.state.mode === "individual") {
      // Foundry's PRNG as the rules read it: a core d10 shows ceil((1 − u) · 10) (Die#mapRandomFace),
      // the rules floor(r · 10) + 1, so r = 1 − u gives each member the face a core die would
      // (1 − u is in (0, 1]: u = 0, a 10 for core, is kept just below 1).
      const random = () => Math.min(1 - CONFIG.Dice.randomUniform(), 1 - Number.EPSILON);
      this.state.individual = rollGroupIndividually(this.state.size, this.state.modifier, random, {
        open: this.state.open,
      });
    }
    return evaluated;
  }

  protected override _evaluateTotal(): number {
    return this.action?.margin ?? this.state.modifier;
  }

  /** Whether the roll is one the system makes (its data came from its author's client): no dice when every member rolled. */
  get readable(): boolean {
    const state = this.storedState;
    if (!this._evaluated || !readableState(state)) return false;
    return (
      hasDice(this, state.mode === "individual" ? [] : differenceDice(state.open)) && rulesRead(() => this.outcome)
    );
  }

  protected evaluable(state: unknown): boolean {
    return readableConfig(state);
  }

  protected get cardTemplate(): string {
    return GROUP_CARD_TEMPLATE;
  }

  protected cardContext(options: CardOptions): Record<string, unknown> {
    return groupCardContext(this, options);
  }
}
