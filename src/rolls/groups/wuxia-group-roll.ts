import {
  evaluateWuxiaGroup,
  wuxiaGroupTests,
  type WuxiaGroupResult,
  type WuxiaSubgroup,
  type WuxiaSubgroupTest,
} from "../../rules";
import { WUXIA_GROUP_CARD_TEMPLATE, wuxiaGroupCardContext } from "./wuxia-group-card";
import { WUXIA_ATTRIBUTES, type WuxiaAttributeKey } from "../../rules/vocabulary";
import { hasDice, isOneOf, isProbability, isRecord, isText, isTextOrNull, isWhole, rulesRead } from "../readable";
import { SystemRoll, type CardOptions, type RolledFor } from "../system-roll";

/** What a Wuxia group's roll is made of (RULES 3.4 [default]): the action's Attribute, SR, and each sub-group. */
export interface WuxiaGroupRollConfig extends RolledFor {
  attribute: WuxiaAttributeKey;
  sr: number;
  /** Every sub-group, its members still fighting counted; those with none make no test. */
  subgroups: WuxiaSubgroup[];
}

/** Everything the card needs after a reload: the tests the rules made, in the order of the dice terms. */
export interface WuxiaGroupRollState extends RolledFor {
  attribute: WuxiaAttributeKey;
  sr: number;
  tests: WuxiaSubgroupTest[];
}

type RollOptions = Roll.Options & { wuxiaGroup?: WuxiaGroupRollState };

/** One core `Nd10` term per sub-group's test, so Dice So Nice and the dice tooltip show each pool. */
function groupFormula(tests: readonly Pick<WuxiaSubgroupTest, "dice">[]): string {
  return tests.length ? tests.map((test) => `${test.dice}d10`).join(" + ") : "0";
}

/**
 * A Wuxia group's roll: each sub-group still fighting tests once for all its members, its
 * Attribute dice against SR − its Compétence; the rules read each term's faces. Its total is
 * the number of members whose sub-group succeeded.
 */
export class WuxiaGroupRoll extends SystemRoll<WuxiaGroupRollState> {
  static override readonly STATE_KEY = "wuxiaGroup";

  /** Foundry rebuilds saved rolls with `data` undefined and the formula saved: both are accepted. */
  constructor(formula?: string, _data?: unknown, options?: RollOptions) {
    super(formula ?? groupFormula(options?.wuxiaGroup?.tests ?? []), {}, options);
  }

  /** The state the roll starts from; the rules make the tests and refuse a group with no one left. */
  static check(config: WuxiaGroupRollConfig): WuxiaGroupRollState {
    const { subgroups, ...rest } = config;
    return { ...rest, tests: wuxiaGroupTests(subgroups, config.sr) };
  }

  static fromState(state: WuxiaGroupRollState): WuxiaGroupRoll {
    return new WuxiaGroupRoll(groupFormula(state.tests), {}, { wuxiaGroup: state });
  }

  static build(config: WuxiaGroupRollConfig): WuxiaGroupRoll {
    return WuxiaGroupRoll.fromState(WuxiaGroupRoll.check(config));
  }

  /** Each sub-group's faces, in the order of its tests. */
  get faces(): number[][] {
    return this.dice.map((die) => die.results.map((r) => r.result));
  }

  get outcome(): WuxiaGroupResult {
    return evaluateWuxiaGroup(this.state.tests, this.faces);
  }

  protected override _evaluateTotal(): number {
    return this.outcome.succeeded;
  }

  /** Whether the roll is one the system makes (its data came from its author's client): one term per test, sized as its pool. */
  get readable(): boolean {
    const state = this.storedState;
    if (!this._evaluated || !readableState(state)) return false;
    const terms = state.tests.map((test) => ({
      number: test.dice,
      modifiers: [],
      results: (count: number) => count === test.dice,
    }));
    return hasDice(this, terms) && rulesRead(() => this.outcome);
  }

  protected evaluable(state: unknown): boolean {
    return readableState(state);
  }

  protected get cardTemplate(): string {
    return WUXIA_GROUP_CARD_TEMPLATE;
  }

  protected cardContext(options: CardOptions): Record<string, unknown> {
    return wuxiaGroupCardContext(this, options);
  }
}

/** A test the card can draw: text label, whole counts, the threshold its SR and Compétence give, chances for odds. */
function readableTest(test: unknown, sr: number): boolean {
  if (!isRecord(test) || !isText(test.label)) return false;
  const { members, dice, competence, threshold, odds } = test;
  if (![members, dice, competence, threshold].every(isWhole)) return false;
  return (
    (members as number) > 0 &&
    (dice as number) > 0 &&
    threshold === sr - (competence as number) &&
    isRecord(odds) &&
    isProbability(odds.success) &&
    isProbability(odds.critical)
  );
}

function readableState(state: unknown): state is WuxiaGroupRollState {
  if (!isRecord(state) || !isOneOf(WUXIA_ATTRIBUTES, state.attribute) || !isWhole(state.sr)) return false;
  if (!isText(state.actorName) || !isTextOrNull(state.actorUuid)) return false;
  const { tests, sr } = state;
  return Array.isArray(tests) && tests.length > 0 && tests.every((test: unknown) => readableTest(test, sr));
}
