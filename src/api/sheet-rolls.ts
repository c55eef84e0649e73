import { HARMONIES_CHARACTERISTICS, HARMONIES_MEANS, WUXIA_ATTRIBUTES, type HarmoniesCharacteristicKey, type HarmoniesMeansKey, type WuxiaAttributeKey } from "../documents/choices";
import { notifyError } from "../dice/errors";
import type { RollStart } from "../dice/subjects";
import { rollActor } from "./roll";

/** A click on a sheet: an attribute (or a group's) by key, or an owned item by id. */
export interface SheetRollClick {
  kind: string;
  key?: string;
  itemId?: string;
}

/** The attribute a sheet's key names, as the place a roll starts from. */
export function startFromKey(key: string | undefined): RollStart {
  if ((WUXIA_ATTRIBUTES as readonly string[]).includes(key ?? "")) return { attribute: key as WuxiaAttributeKey };
  if ((HARMONIES_CHARACTERISTICS as readonly string[]).includes(key ?? "")) return { characteristic: key as HarmoniesCharacteristicKey };
  if ((HARMONIES_MEANS as readonly string[]).includes(key ?? "")) return { means: key as HarmoniesMeansKey };
  return {};
}

/** Rolls what a sheet click asks for; a refusal shows as a localised notification. */
export async function rollFromSheetClick(actor: Actor.Implementation, click: SheetRollClick): Promise<void> {
  try {
    await rollActor(actor, { item: click.itemId ?? null, start: startFromKey(click.key) });
  } catch (error) {
    notifyError(error);
  }
}
