import { rollActor } from "../rolls/pipeline";
import { attackOf, attackWithWeapon } from "../combat/attacks";
import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  WUXIA_ATTRIBUTES,
  type HarmoniesCharacteristicKey,
  type HarmoniesMeansKey,
  type WuxiaAttributeKey,
} from "../rules/vocabulary";
import { notifyError } from "../core/errors";
import type { RollStart } from "../rolls/subject";

/** What a click on a sheet asks to roll. */
export type SheetRollKind = "attribute" | "skill" | "power" | "weapon" | "group";

export interface SheetRollRequest {
  kind: SheetRollKind;
  /** An attribute key (`metal`, `corps`…) for attribute and group rolls. */
  key?: string;
  /** The embedded item rolled, for skill, power and weapon rolls. */
  itemId?: string;
  /** With a characteristic as `key`, the means of a Harmonies field of action (Force = Cp + Pu). */
  means?: string;
}

/** The attribute a sheet's key names, as the place a roll starts from. */
function startFromKey(key: string | undefined): RollStart {
  if ((WUXIA_ATTRIBUTES as readonly string[]).includes(key ?? "")) return { attribute: key as WuxiaAttributeKey };
  if ((HARMONIES_CHARACTERISTICS as readonly string[]).includes(key ?? ""))
    return { characteristic: key as HarmoniesCharacteristicKey };
  if ((HARMONIES_MEANS as readonly string[]).includes(key ?? "")) return { means: key as HarmoniesMeansKey };
  return {};
}

/** The actor of the one token the user targets, if exactly one is targeted. */
function targetedActor(): Actor.Implementation | null {
  const targets = [...game.user.targets];
  return targets.length === 1 ? ((targets[0]?.actor as Actor.Implementation | null | undefined) ?? null) : null;
}

/**
 * Every clickable roll on a sheet lands here: the roll dialog (or, with Shift or the setting,
 * a roll with the defaults), then the chat card. A refusal shows as a localised notification.
 */
export async function rollFromSheet(actor: Actor.Implementation, request: SheetRollRequest): Promise<void> {
  try {
    const weapon = request.kind === "weapon" ? actor.items.get(request.itemId ?? "") : undefined;
    const target = targetedActor();
    // A weapon used on a targeted character or group of its rule set is an attack (RULES 1.4, 2.5, 3.4):
    // one card for both tests.
    if (weapon && attackOf(weapon, target)) {
      await attackWithWeapon(actor, weapon, target);
      return;
    }
    const start = { ...startFromKey(request.key), ...(request.means ? startFromKey(request.means) : {}) };
    await rollActor(actor, { item: request.itemId ?? null, start });
  } catch (error) {
    notifyError(error);
  }
}
