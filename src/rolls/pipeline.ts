import { postRoll } from "./post";
import { untypedHooks } from "../foundry/hooks";
import { UserError } from "../core/errors";
import type { Visibility } from "./visibility";
import { promptRoll, shouldAsk } from "./ask";
import { kindOf, type RollKindKey, type RollOf, type StateOf, type SubjectOf, type ValuesOf } from "./kinds";
import { combinedSubject, subgroupSubjects } from "./groups/subject";
import { rollStart, rollSubject, type RollStart, type RollSubject } from "./subject";

/**
 * One pipeline for every roll, in named stages:
 *   subject (what the actor brings) → fields (defaults, then the values given) → a checked state
 *   (kept, not rebuilt) → the dialog, optional → hook "wuxia-harmonies.preRoll" → the Roll →
 *   paid for and posted → hook "wuxia-harmonies.rollPosted".
 * Each stage asks the roll kind of the subject's rule set (./kinds) what to do.
 */
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
  if (!found) throw new UserError("WH.Roll.Error.NoItem", { item, actor: actor.name ?? "" });
  return found;
}

/** What the pipeline made of a request before posting: the Roll, the values and the state it was made of. */
export interface PreparedRoll<K extends RollKindKey> {
  subject: SubjectOf<K>;
  values: ValuesOf<K>;
  state: StateOf<K>;
  roll: RollOf<K>;
}

/** Hook called before a roll is made, with the subject and the checked state; a handler returning false cancels it. */
export const PRE_ROLL_HOOK = "wuxia-harmonies.preRoll";
/** Hook called on the roller's client once a roll is posted, with the message and the roll. */
export const ROLL_POSTED_HOOK = "wuxia-harmonies.rollPosted";

/**
 * The fields from the defaults and the values given, checked into the roll's state: the first
 * stages, also for what only reads a roll before it is made (the odds a defender is shown).
 */
export function checkRequest<K extends RollKindKey>(
  subject: SubjectOf<K>,
  request: { start?: RollStart; values?: Record<string, unknown> },
): { values: ValuesOf<K>; state: StateOf<K> } {
  const kind = kindOf<K>(subject);
  const values = kind.read({ ...kind.defaults(subject, request.start ?? {}), ...request.values }, subject);
  return { values, state: kind.check(subject, values) };
}

/** The preRoll hook, then the Roll of the chosen state; null when a handler cancels. */
function made<K extends RollKindKey>(
  subject: SubjectOf<K>,
  chosen: { values: ValuesOf<K>; state: StateOf<K> },
): PreparedRoll<K> | null {
  if (untypedHooks.call(PRE_ROLL_HOOK, subject, chosen.state) === false) return null;
  return { subject, ...chosen, roll: kindOf<K>(subject).roll(chosen.state) };
}

/**
 * The stages up to the Roll, not yet evaluated: the fields from the defaults and the values
 * given, checked into the roll's state; the dialog unless skipped; the preRoll hook. Resolves
 * with null when the dialog is closed or a hook cancels; refuses (UserError, RulesError) values
 * that make no roll.
 */
export async function prepareRoll<K extends RollKindKey>(
  subject: SubjectOf<K>,
  request: { start?: RollStart; values?: Record<string, unknown>; dialog?: boolean } = {},
): Promise<PreparedRoll<K> | null> {
  const checked = checkRequest<K>(subject, request);
  const chosen = shouldAsk(request) ? await promptRoll<K>(subject, checked.values) : checked;
  return chosen ? made(subject, chosen) : null;
}

/**
 * The same stages without the dialog, at once: for the rolls core asks for synchronously (a
 * Combatant's Initiative roll). Null when a preRoll handler cancels.
 */
export function prepareRollNow<K extends RollKindKey>(
  subject: SubjectOf<K>,
  request: { start?: RollStart; values?: Record<string, unknown> } = {},
): PreparedRoll<K> | null {
  return made(subject, checkRequest<K>(subject, request));
}

/** The last stage: what the rule set pays for the roll, then the roll evaluated and posted; the rollPosted hook. */
export async function postPrepared<K extends RollKindKey>(
  prepared: PreparedRoll<K>,
): Promise<ChatMessage.Implementation | null> {
  const { subject, values, state, roll } = prepared;
  const visibility: Visibility = values.visibility;
  const message = await kindOf<K>(subject).pay(subject, state, async (paid) => {
    roll.amend(paid);
    return ((await postRoll(roll, { visibility, actor: subject.actor })) as ChatMessage.Implementation) ?? null;
  });
  if (message) untypedHooks.callAll(ROLL_POSTED_HOOK, message, roll);
  return message;
}

/** Only an actor's owners roll for it; refused (localised) before anything is asked or written. */
function owned<S extends RollSubject>(subject: S): S {
  if (!subject.actor.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: subject.name });
  return subject;
}

/**
 * Rolls for an actor (optionally with one of its items): asks with the roll dialog unless
 * skipped, then posts the card with the visibility chosen. Resolves with the message, or null if
 * the dialog was closed. Refuses (UserError, localised) an actor the user does not own, an item
 * it does not hold, and values that make no roll; nothing is written then.
 */
export async function rollActor(
  actor: Actor.Implementation | null | undefined,
  request: RollRequest = {},
): Promise<ChatMessage.Implementation | null> {
  const subject = owned(rollSubject(actor));
  const start = { ...rollStart(subject, resolveItem(subject.actor, request.item)), ...request.start };
  const prepared = await prepareRoll(subject, { ...request, start });
  return prepared ? postPrepared(prepared) : null;
}

/** What a group's own rolls take: where to start, fields to set, whether to ask. */
export type GroupRollRequest = Omit<RollRequest, "item">;

/**
 * A Harmonies group acting as one body on its combined Values (RULES 3.1): one action, one
 * margin. `start` names the Value clicked (a characteristic or a means).
 */
export async function rollCombined(
  actor: Actor.Implementation | null | undefined,
  request: GroupRollRequest = {},
): Promise<ChatMessage.Implementation | null> {
  if (!actor) throw new UserError("WH.Roll.Error.NoActor");
  const prepared = await prepareRoll(owned(combinedSubject(actor)), request);
  return prepared ? postPrepared(prepared) : null;
}

/**
 * One roll per sub-group of a Harmonies group still in the fight, each a group of its own (its
 * stats, skill and members), each posted as its own card, in order. The dialog asks once, for
 * the first sub-group; its choices (characteristic, means, difficulty, closed or open,
 * visibility) roll the others, each with its own skill. Resolves with the messages posted (none
 * when the dialog is closed or a hook cancels the first).
 */
export async function rollEachSubgroup(
  actor: Actor.Implementation | null | undefined,
  request: GroupRollRequest = {},
): Promise<ChatMessage.Implementation[]> {
  if (!actor) throw new UserError("WH.Roll.Error.NoActor");
  const [first, ...others] = subgroupSubjects(actor).map(owned);
  // A group that rolls has a sub-group still fighting: subgroupSubjects refuses one that has none.
  const opened = await prepareRoll<"group">(first as NonNullable<typeof first>, request);
  if (!opened) return [];
  const prepared: PreparedRoll<"group">[] = [opened];
  for (const subject of others) {
    const next = await prepareRoll<"group">(subject, {
      values: { ...opened.values, skillLevel: subject.skillLevel },
      dialog: false,
    });
    if (next) prepared.push(next);
  }
  const messages: ChatMessage.Implementation[] = [];
  for (const roll of prepared) {
    const message = await postPrepared(roll);
    if (message) messages.push(message);
  }
  return messages;
}
