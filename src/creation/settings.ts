import { SYSTEM_ID } from "../foundry/system";

/** How many times a Harmonies character may roll its attributes again after the first roll (RULES 2.1). */
export const MAX_CREATION_REROLLS = 5;

export function registerCreationSettings(): void {
  game.settings.register(SYSTEM_ID, "harmoniesCreationRerolls", {
    name: "WH.Settings.HarmoniesCreationRerolls.Name",
    hint: "WH.Settings.HarmoniesCreationRerolls.Hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 0, max: MAX_CREATION_REROLLS, step: 1 },
    default: 0,
    requiresReload: false,
  });
}

/** The rerolls the GM allows (Foundry keeps a ranged setting within its range). */
export function creationRerolls(): number {
  return game.settings.get(SYSTEM_ID, "harmoniesCreationRerolls");
}
