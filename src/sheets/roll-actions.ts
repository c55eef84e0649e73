import { t } from "../helpers/i18n";

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
 * Every clickable roll on a sheet lands here. Until the dice and chat cards exist, it says so
 * instead of rolling.
 */
export async function rollFromSheet(_actor: Actor.Implementation, _request: SheetRollRequest): Promise<void> {
  ui.notifications.info(t("WH.Sheet.RollsNotReady"));
}
