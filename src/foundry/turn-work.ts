/**
 * What core's own turn walk does around a Combat's turn handlers, for a turn it fires no events
 * for (a Wuxia extra action going back up the order, or one combatant acting twice in a row):
 * the token's movement history cleared as its turn starts (v13 Combat#_clearMovementHistoryOnStartTurn),
 * v14's effect expiry announced (ActiveEffect.registry.refresh "turnStart" / "turnEnd"), and the
 * Region events TOKEN_TURN_START / TOKEN_TURN_END on the Regions the token stands in
 * (RegionDocument#_triggerEvent with RegionTokenTurnEventData, as Draw Steel triggers them).
 * Each is called only where this Foundry has it.
 */

type TurnContext = { round: number; turn: number; skipped: boolean };

interface TurnCombat {
  _clearMovementHistoryOnStartTurn?: (combatant: Combatant.Implementation, context: TurnContext) => Promise<void>;
}
interface RegionLike {
  _triggerEvent?: (event: string, data: Record<string, unknown>) => Promise<unknown>;
}
interface Registry {
  refresh(event: string, context: Record<string, unknown>): Promise<void>;
}

function registry(): Registry | undefined {
  return (foundry.documents.ActiveEffect as unknown as { registry?: Registry }).registry;
}

async function regionEvent(
  event: "tokenTurnStart" | "tokenTurnEnd",
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  context: TurnContext,
): Promise<void> {
  const token = combatant.token as unknown as { regions?: Iterable<RegionLike> } | null;
  const regions = [...(token?.regions ?? [])];
  await Promise.allSettled(
    regions.map((region) => region._triggerEvent?.(event, { token, combatant, combat, ...context })),
  );
}

/** Core's work as a turn it did not announce starts, after the Combat's own `_onStartTurn`. */
export async function coreTurnStart(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  context: TurnContext,
): Promise<void> {
  await (combat as unknown as TurnCombat)._clearMovementHistoryOnStartTurn?.(combatant, context);
  await registry()?.refresh("turnStart", { ...context, combat, combatant });
  await regionEvent("tokenTurnStart", combat, combatant, context);
}

/** Core's work as a turn it did not announce ends, after the Combat's own `_onEndTurn`. */
export async function coreTurnEnd(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  context: TurnContext,
): Promise<void> {
  await registry()?.refresh("turnEnd", { ...context, combat, combatant });
  await regionEvent("tokenTurnEnd", combat, combatant, context);
}
