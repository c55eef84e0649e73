import { documentAt, documentAtSync } from "../foundry/documents";
import { publishApi } from "../foundry/globals";
import * as rules from "../rules";
import { postRoll } from "../rolls/post";
import { UserError, notifyError } from "../core/errors";
import { HarmoniesGroupRoll } from "../rolls/groups/group-roll";
import { HarmoniesRoll } from "../rolls/harmonies/roll";
import { currentVisibility, VISIBILITIES, type Visibility } from "../rolls/visibility";
import { WuxiaRoll } from "../rolls/wuxia/roll";
import { WuxiaGroupRoll } from "../rolls/groups/wuxia-group-roll";
import { HarmoniesCombinedRoll } from "../rolls/groups/combined-roll";
import { SystemRoll } from "../rolls/system-roll";
import { registerHotbar, rollItem } from "./hotbar";
import { rollActor, type RollRequest } from "../rolls/pipeline";
import { speakerActor } from "../core/speaker-actor";
import { importFrom, openImportDialog, type DirectImport } from "../dialogs/import-dialog";
import { describeImportError, type ImportSummary } from "../documents/import-groups";
import { gatherGroupTokens, placeGroupTokens, type PlaceOptions } from "../scene/group-tokens";
import { openOddsTables } from "../dialogs/odds-tables-dialog";
import { openValueCalculator } from "../dialogs/value-calculator-dialog";
import { attackWithWeapon } from "../combat/attacks";

/** An actor from a macro: the actor itself, its UUID, id or name; none means the speaker's. */
function findActor(target: Actor.Implementation | string | null | undefined): Actor.Implementation | null {
  // A macro may pass anything: only a real actor is one (a plain object could claim any owner).
  if (target && typeof target !== "string") {
    if (!(target instanceof Actor)) throw new UserError("WH.Roll.Error.NotAnActor");
    return target;
  }
  if (typeof target === "string") {
    const byUuid = target.includes(".") ? documentAtSync(target) : null;
    return (byUuid as Actor.Implementation | null) ?? game.actors?.get(target) ?? game.actors?.getName(target) ?? null;
  }
  return speakerActor();
}

/** One of the actor's items: the item itself, or its id or name; refused when the actor holds none such. */
function itemOf(actor: Actor.Implementation, item: Item.Implementation | string): Item.Implementation {
  const found = typeof item === "string" ? (actor.items.get(item) ?? actor.items.getName(item)) : item;
  if (!found || found.parent !== actor)
    throw new UserError("WH.Roll.Error.NoItem", {
      item: String(typeof item === "string" ? item : item.name),
      actor: actor.name ?? "",
    });
  return found as Item.Implementation;
}

/**
 * A roll a macro built, checked before it is posted: it must be a Roll, and neither the speaker
 * nor the actor the roll names may be one the user does not own (the card's Destiny dice and
 * experience act on that actor).
 */
async function postChecked(
  roll: unknown,
  options: { visibility?: Visibility; actor?: Actor.Implementation | null },
): Promise<ChatMessage | undefined> {
  if (!(roll instanceof Roll)) throw new UserError("WH.Roll.Error.NotARoll");
  if (options.actor != null && !(options.actor instanceof Actor)) throw new UserError("WH.Roll.Error.NotAnActor");
  const named = roll instanceof SystemRoll ? roll.state.actorUuid : null;
  const rolledFor = named ? await documentAt(named) : null;
  if (named && !(rolledFor instanceof Actor)) throw new UserError("WH.Roll.Error.NoActor");
  for (const actor of [options.actor, rolledFor]) {
    if (actor instanceof Actor && !actor.isOwner)
      throw new UserError("WH.Roll.Error.NotOwner", { name: actor.name ?? "" });
  }
  return postRoll(roll, { visibility: options.visibility ?? currentVisibility(), actor: options.actor ?? null });
}

/** Shows a refusal to the macro's user and resolves with null, so a macro needs no try/catch. */
async function reported<T>(action: () => Promise<T>): Promise<T | null> {
  try {
    return await action();
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/**
 * `game.system.api`: the rules engine, and rolling from macros. docs/api.md has examples.
 */
export const api = {
  /** Every function of the rules engine (src/rules), pure and exact. */
  rules,
  /** Rolls for an actor (default: the controlled token's, else the user's character). */
  roll: (actor?: Actor.Implementation | string | null, request: RollRequest = {}) =>
    reported(async () => rollActor(findActor(actor), request)),
  /** Evaluates a roll built by a macro (e.g. `dice.WuxiaRoll.build(...)`) and posts its card; refuses an actor the user does not own. */
  post: (roll: Roll, options: { visibility?: Visibility; actor?: Actor.Implementation | null } = {}) =>
    reported(() => postChecked(roll, options)),
  /**
   * Attacks with one of the attacker's weapons (the item, its id or name) the target (an actor, its
   * UUID — a token's actor too — id or name): a Wuxia weapon a Wuxia character or group, a
   * Harmonies weapon a Harmonies one; one card for both tests, as a click on the weapon with a
   * target does. The attacker defaults to the speaker's actor.
   */
  attack: (
    attacker: Actor.Implementation | string | null,
    weapon: Item.Implementation | string,
    target: Actor.Implementation | string,
    request: { dialog?: boolean } = {},
  ) =>
    reported(async () => {
      const actor = findActor(attacker);
      if (!actor) throw new UserError("WH.Roll.Error.NoActor");
      await attackWithWeapon(actor, itemOf(actor, weapon), findActor(target), request);
    }),
  /** What a hotbar macro of an item runs. */
  rollItem: (uuid: string, request: { dialog?: boolean } = {}) => reported(() => rollItem(uuid, request)),
  /** The visibility a roll takes by default ("public", "gm", "blind" or "self"). */
  currentVisibility,
  visibilities: VISIBILITIES,
  dice: { WuxiaRoll, HarmoniesRoll, HarmoniesGroupRoll, WuxiaGroupRoll, HarmoniesCombinedRoll },
  /**
   * GM only. Without a source, opens the import dialog; with a file's text or bytes, imports its
   * groups at once and resolves with what was created and updated (null, with the reason shown,
   * when the file has errors or the import fails).
   */
  importGroups: async (source?: string | Uint8Array, options: DirectImport = {}): Promise<ImportSummary | null> => {
    if (source === undefined) {
      await openImportDialog();
      return null;
    }
    try {
      return await importFrom(source, options);
    } catch (error) {
      ui.notifications.error(describeImportError(error));
      return null;
    }
  },
  /**
   * GM only. Places a group's tokens on the scene (default: the viewed one): `mode` "members" (one
   * per member still fighting) or "subgroups" (one per sub-group); resolves with the tokens, or null
   * with the reason shown.
   */
  placeGroupTokens: (group: Actor.Implementation | string, options: PlaceOptions) =>
    reported(async () => placeGroupTokens(findActor(group), options)),
  /**
   * GM only. Gathers tokens (default: the selected ones) back into their groups, defeated tokens'
   * members counted out of the fight; resolves with what each group took back, or null.
   */
  gatherGroupTokens: (tokens?: readonly unknown[]) => reported(async () => gatherGroupTokens(tokens)),
  /** GM only. Opens the exact odds tables of both rule sets. */
  openOddsTables,
  /** GM only. Opens the Value calculator: compare two Values, combine a list, a group's size as a Value. */
  openValueCalculator,
};

export type SystemApi = typeof api;

export function registerApi(): void {
  publishApi(api);
  registerHotbar();
}
