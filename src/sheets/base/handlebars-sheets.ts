/**
 * The Handlebars document sheets every system sheet extends. Mixing HandlebarsApplicationMixin
 * into a sheet class directly makes tsc give up (TS2589, after a minute and gigabytes), so the
 * mixed classes are built once here and typed as the sheet class plus the mixin's PARTS.
 */
const { HandlebarsApplicationMixin } = foundry.applications.api;
type HbsCtor = ReturnType<typeof HandlebarsApplicationMixin<typeof foundry.applications.api.ApplicationV2>>;

export const HandlebarsActorSheet = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2) as unknown as typeof foundry.applications.sheets.ActorSheetV2 &
  Pick<HbsCtor, "PARTS">;

export const HandlebarsItemSheet = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2) as unknown as typeof foundry.applications.sheets.ItemSheetV2 &
  Pick<HbsCtor, "PARTS">;
