import { rollFromSheetClick } from "../api/sheet-rolls";

/** What a click on a sheet asks to roll. */
export type SheetRollKind = "attribute" | "skill" | "power" | "weapon" | "group";

export interface SheetRollRequest {
  kind: SheetRollKind;
  /** An attribute key (`metal`, `corps`…) for attribute and group rolls. */
  key?: string;
  /** The embedded item rolled, for skill, power and weapon rolls. */
  itemId?: string;
}

/**
 * Every clickable roll on a sheet lands here: the roll dialog (or, with Shift or the setting,
 * a roll with the defaults), then the chat card.
 */
export async function rollFromSheet(actor: Actor.Implementation, request: SheetRollRequest): Promise<void> {
  await rollFromSheetClick(actor, request);
}
