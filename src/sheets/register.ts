import { SYSTEM_ID } from "../foundry/system";
import { GroupSheet } from "./actors/group-sheet";
import { HarmoniesCharacterSheet } from "./actors/harmonies-character-sheet";
import { WuxiaCharacterSheet } from "./actors/wuxia-character-sheet";
import { ITEM_SHEETS } from "./items/item-sheets";
import { registerSheetPartials } from "./partials";

const ACTOR_SHEETS = {
  wuxiaCharacter: WuxiaCharacterSheet,
  harmoniesCharacter: HarmoniesCharacterSheet,
  group: GroupSheet,
} as const;

/** Makes the system's sheet the default for each of its types, in place of core's generic one. */
export function registerSheets(): void {
  // At init the notifications are not drawn yet: a template that fails to load is logged.
  registerSheetPartials().catch((error: unknown) => console.error(error));
  const { DocumentSheetConfig } = foundry.applications.apps;
  // Core's ApplicationV1 sheets still exist on v13 and v14 (until v16): feature-detected.
  const legacy = foundry.appv1?.sheets;
  if (legacy?.ActorSheet) DocumentSheetConfig.unregisterSheet(CONFIG.Actor.documentClass, "core", legacy.ActorSheet);
  if (legacy?.ItemSheet) DocumentSheetConfig.unregisterSheet(CONFIG.Item.documentClass, "core", legacy.ItemSheet);
  for (const [type, sheet] of Object.entries(ACTOR_SHEETS)) {
    DocumentSheetConfig.registerSheet(CONFIG.Actor.documentClass, SYSTEM_ID, sheet, {
      types: [type as Actor.SubType],
      makeDefault: true,
      label: `WH.Sheet.Label.${type}`,
    });
  }
  for (const [type, sheet] of Object.entries(ITEM_SHEETS)) {
    DocumentSheetConfig.registerSheet(CONFIG.Item.documentClass, SYSTEM_ID, sheet, {
      types: [type as Item.SubType],
      makeDefault: true,
      label: `WH.Sheet.Label.${type}`,
    });
  }
}
