import { withDestinyDiceSpent } from "./wuxia/destiny";
import { withChiSpent } from "./wuxia/chi";
import { HarmoniesCombinedRoll, type CombinedRollState } from "./groups/combined-roll";
import { HarmoniesGroupRoll, type GroupRollState } from "./groups/group-roll";
import { HarmoniesRoll, type HarmoniesRollState } from "./harmonies/roll";
import { WuxiaGroupRoll, type WuxiaGroupRollState } from "./groups/wuxia-group-roll";
import { WuxiaRoll, type WuxiaRollState } from "./wuxia/roll";
import { CombinedRollDialog, GroupRollDialog, WuxiaGroupRollDialog } from "./groups/dialog";
import { HarmoniesRollDialog } from "./harmonies/dialog";
import { WuxiaRollDialog } from "./wuxia/dialog";
import { type RollDialog } from "./dialog";
import {
  combinedConfig,
  groupConfig,
  groupDefaults,
  readGroupValues,
  readWuxiaGroupValues,
  wuxiaGroupConfig,
  wuxiaGroupDefaults,
  type GroupFormValues,
  type WuxiaGroupFormValues,
} from "./groups/fields";
import { harmoniesConfig, harmoniesDefaults, readHarmoniesValues, type HarmoniesFormValues } from "./harmonies/fields";
import { readWuxiaValues, wuxiaConfig, wuxiaDefaults, type WuxiaFormValues } from "./wuxia/fields";
import type { CombinedSubject, GroupSubject, WuxiaGroupSubject } from "./groups/subject";
import type { HarmoniesSubject } from "./harmonies/subject";
import type { RollStart } from "./subject";
import type { WuxiaSubject } from "./wuxia/subject";

/** What each kind of roll is made of, from the actor to the Roll. */
interface KindTypes {
  wuxia: { subject: WuxiaSubject; values: WuxiaFormValues; state: WuxiaRollState; roll: WuxiaRoll };
  harmonies: { subject: HarmoniesSubject; values: HarmoniesFormValues; state: HarmoniesRollState; roll: HarmoniesRoll };
  group: { subject: GroupSubject; values: GroupFormValues; state: GroupRollState; roll: HarmoniesGroupRoll };
  combined: {
    subject: CombinedSubject;
    values: GroupFormValues;
    state: CombinedRollState;
    roll: HarmoniesCombinedRoll;
  };
  wuxiaGroup: {
    subject: WuxiaGroupSubject;
    values: WuxiaGroupFormValues;
    state: WuxiaGroupRollState;
    roll: WuxiaGroupRoll;
  };
}

export type RollKindKey = keyof KindTypes;
export type SubjectOf<K extends RollKindKey> = KindTypes[K]["subject"];
export type ValuesOf<K extends RollKindKey> = KindTypes[K]["values"];
export type StateOf<K extends RollKindKey> = KindTypes[K]["state"];
export type RollOf<K extends RollKindKey> = KindTypes[K]["roll"];

/** One rule set's roll: each stage of the pipeline looks up here what it does for that rule set. */
export interface RollKind<K extends RollKindKey> {
  /** The fields' starting values for what was clicked. */
  defaults(subject: SubjectOf<K>, start: RollStart): ValuesOf<K>;
  /** Fields as the dialog or a macro gives them, checked one by one (a UserError names a bad one). */
  read(raw: Record<string, unknown>, subject: SubjectOf<K>): ValuesOf<K>;
  /** The values made into the roll's state, checked by the rules; kept until the Roll is made of it. */
  check(subject: SubjectOf<K>, values: ValuesOf<K>): StateOf<K>;
  /** The Roll of a checked state, not yet evaluated. */
  roll(state: StateOf<K>): RollOf<K>;
  /** The roll dialog, not yet rendered. */
  dialog(subject: SubjectOf<K>, values: ValuesOf<K>): RollDialog<SubjectOf<K>, ValuesOf<K>, StateOf<K>>;
  /**
   * Runs the posting of a roll, with what the rule set pays for it first (Wuxia: a power's chi,
   * Destiny dice added); `post` is told what was paid, for the card. Null when the payer declines.
   */
  pay<T>(subject: SubjectOf<K>, state: StateOf<K>, post: (paid: Partial<StateOf<K>>) => Promise<T>): Promise<T | null>;
}

const payNothing = <T>(_subject: unknown, _state: unknown, post: (paid: object) => Promise<T>): Promise<T> => post({});

export const ROLL_KINDS: { [K in RollKindKey]: RollKind<K> } = {
  wuxia: {
    defaults: wuxiaDefaults,
    read: readWuxiaValues,
    check: (subject, values) => WuxiaRoll.check(wuxiaConfig(subject, values)),
    roll: (state) => WuxiaRoll.fromState(state),
    dialog: (subject, values) =>
      new WuxiaRollDialog(subject, values, ROLL_KINDS.wuxia, { window: { title: "WH.Dialog.Wuxia.Title" } }),
    pay: (subject, state, post) =>
      withChiSpent(subject, state.itemUuid, (chiSpent) =>
        withDestinyDiceSpent(subject.actor, state.destinyDice, () => post(chiSpent ? { chiSpent } : {})),
      ),
  },
  harmonies: {
    defaults: harmoniesDefaults,
    read: readHarmoniesValues,
    check: (subject, values) => HarmoniesRoll.check(harmoniesConfig(subject, values)),
    roll: (state) => HarmoniesRoll.fromState(state),
    dialog: (subject, values) =>
      new HarmoniesRollDialog(subject, values, ROLL_KINDS.harmonies, {
        window: { title: "WH.Dialog.Harmonies.Title" },
      }),
    pay: payNothing,
  },
  group: {
    defaults: groupDefaults,
    read: (raw) => readGroupValues(raw),
    check: (subject, values) => HarmoniesGroupRoll.check(groupConfig(subject, values)),
    roll: (state) => HarmoniesGroupRoll.fromState(state),
    dialog: (subject, values) =>
      new GroupRollDialog(subject, values, ROLL_KINDS.group, { window: { title: "WH.Dialog.Group.Title" } }),
    pay: payNothing,
  },
  combined: {
    defaults: groupDefaults,
    read: (raw) => readGroupValues(raw),
    check: (subject, values) => HarmoniesCombinedRoll.check(combinedConfig(subject, values)),
    roll: (state) => HarmoniesCombinedRoll.fromState(state),
    dialog: (subject, values) =>
      new CombinedRollDialog(subject, values, ROLL_KINDS.combined, { window: { title: "WH.Dialog.Combined.Title" } }),
    pay: payNothing,
  },
  wuxiaGroup: {
    defaults: wuxiaGroupDefaults,
    read: (raw) => readWuxiaGroupValues(raw),
    check: (subject, values) => WuxiaGroupRoll.check(wuxiaGroupConfig(subject, values)),
    roll: (state) => WuxiaGroupRoll.fromState(state),
    dialog: (subject, values) =>
      new WuxiaGroupRollDialog(subject, values, ROLL_KINDS.wuxiaGroup, {
        window: { title: "WH.Dialog.WuxiaGroup.Title" },
      }),
    pay: payNothing,
  },
};

/** The kind of roll a subject makes: the one place a subject's kind picks its stages. */
export function kindOf<K extends RollKindKey>(subject: SubjectOf<K>): RollKind<K> {
  return ROLL_KINDS[subject.kind as K];
}
