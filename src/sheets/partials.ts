import { SYSTEM_ID, templatePath } from "../foundry/system";

/** The templates the sheets include as partials, by the id they are included under. */
export const SHEET_PARTIALS: Record<string, string> = {
  [`${SYSTEM_ID}.row-controls`]: templatePath("partials/row-controls.hbs"),
  [`${SYSTEM_ID}.level-purchase`]: templatePath("partials/level-purchase.hbs"),
  [`${SYSTEM_ID}.package-set`]: templatePath("partials/package-set.hbs"),
  [`${SYSTEM_ID}.identifier`]: templatePath("partials/identifier.hbs"),
};

/**
 * Loads the partials at init, so any part may include them by id (`loadTemplates` with an object
 * registers each under its key, as dnd5e preloads its partials).
 */
export function registerSheetPartials(): Promise<unknown> {
  return foundry.applications.handlebars.loadTemplates(SHEET_PARTIALS);
}
