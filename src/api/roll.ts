import { withDestinyDiceSpent } from "../chat/destiny";
import { postRoll } from "../chat/post";
import { RollError } from "../dice/errors";
import { HarmoniesGroupRoll } from "../dice/group-roll";
import { HarmoniesRoll } from "../dice/harmonies-roll";
import { rollStart, rollSubject, type RollStart, type RollSubject } from "../dice/subjects";
import type { Visibility } from "../dice/visibility";
import { WuxiaRoll } from "../dice/wuxia-roll";
import { promptRoll, shouldAsk, type FormValuesOf } from "../dialogs/open";
import {
  groupConfig,
  groupDefaults,
  harmoniesConfig,
  harmoniesDefaults,
  readGroupValues,
  readHarmoniesValues,
  readWuxiaValues,
  wuxiaConfig,
  wuxiaDefaults,
} from "../dialogs/roll-form";

export interface RollRequest {
  /** The item rolled (a skill, power or weapon of the actor), or its id, UUID or name. */
  item?: Item.Implementation | string | null;
  /** Where to start: an attribute, a characteristic or means, a skill id, an SR. */
  start?: RollStart;
  /** Fields to set, as the dialog names them (sr, difficulty, open, extraDice, visibility…). */
  values?: Record<string, unknown>;
  /** true: always ask; false: never ask. Unset: the setting, reversed while Shift is held. */
  dialog?: boolean;
}

function resolveItem(actor: Actor.Implementation, item: RollRequest["item"]): Item.Implementation | null {
  if (!item) return null;
  if (typeof item !== "string") return item;
  const found = actor.items.get(item) ?? actor.items.find((i) => i.uuid === item || i.name === item);
  if (!found) throw new RollError("WH.Roll.Error.NoItem", { item, actor: actor.name ?? "" });
  return found;
}

function defaults<S extends RollSubject>(subject: S, start: RollStart): FormValuesOf<S> {
  if (subject.ruleset === "wuxia") return wuxiaDefaults(subject, start) as FormValuesOf<S>;
  if (subject.ruleset === "harmonies") return harmoniesDefaults(subject, start) as FormValuesOf<S>;
  return groupDefaults(subject, start) as FormValuesOf<S>;
}

function read<S extends RollSubject>(subject: S, raw: Record<string, unknown>): FormValuesOf<S> {
  if (subject.ruleset === "wuxia") return readWuxiaValues(raw, subject) as FormValuesOf<S>;
  if (subject.ruleset === "harmonies") return readHarmoniesValues(raw, subject) as FormValuesOf<S>;
  return readGroupValues(raw) as FormValuesOf<S>;
}

/** The roll the values describe, checked by the rules; not yet evaluated. */
export function buildRoll(
  subject: RollSubject,
  values: FormValuesOf<RollSubject>,
): WuxiaRoll | HarmoniesRoll | HarmoniesGroupRoll {
  switch (subject.ruleset) {
    case "wuxia":
      return WuxiaRoll.build(wuxiaConfig(subject, values as FormValuesOf<typeof subject>));
    case "harmonies":
      return HarmoniesRoll.build(harmoniesConfig(subject, values as FormValuesOf<typeof subject>));
    case "group":
      return HarmoniesGroupRoll.build(groupConfig(subject, values as FormValuesOf<typeof subject>));
  }
}

/**
 * Rolls for an actor (optionally with one of its items): asks with the roll dialog unless
 * skipped, then posts the card with the visibility chosen. Resolves with the message, or null if
 * the dialog was closed. Refuses (RollError, localised) an actor the user does not own, an item
 * it does not hold, and values that make no roll; nothing is written then.
 */
export async function rollActor(
  actor: Actor.Implementation | null | undefined,
  request: RollRequest = {},
): Promise<ChatMessage.Implementation | null> {
  const subject = rollSubject(actor);
  if (!subject.actor.isOwner) throw new RollError("WH.Roll.Error.NotOwner", { name: subject.name });
  const start = { ...rollStart(subject, resolveItem(subject.actor, request.item)), ...request.start };
  const initial = read(subject, { ...defaults(subject, start), ...request.values });
  buildRoll(subject, initial);
  const values = shouldAsk(request) ? await promptRoll(subject, initial) : initial;
  if (!values) return null;
  const roll = buildRoll(subject, values);
  const visibility: Visibility = values.visibility;
  const post = async () => (await postRoll(roll, { visibility, actor: subject.actor })) ?? null;
  return roll instanceof WuxiaRoll ? withDestinyDiceSpent(subject.actor, roll.state.destinyDice, post) : post();
}
