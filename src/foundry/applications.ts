/**
 * The Handlebars applications every system sheet and the roll dialog extend. Mixing
 * HandlebarsApplicationMixin into a class directly makes tsc give up (TS2589, after a minute and
 * gigabytes), so the mixed classes are built once here and typed as the base class plus the
 * mixin's PARTS.
 */
const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;
type HbsCtor = ReturnType<typeof HandlebarsApplicationMixin<typeof ApplicationV2>>;

export const HandlebarsApplication = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 &
  Pick<HbsCtor, "PARTS">;

export const HandlebarsActorSheet = HandlebarsApplicationMixin(
  foundry.applications.sheets.ActorSheetV2,
) as unknown as typeof foundry.applications.sheets.ActorSheetV2 & Pick<HbsCtor, "PARTS">;

export const HandlebarsItemSheet = HandlebarsApplicationMixin(
  foundry.applications.sheets.ItemSheetV2,
) as unknown as typeof foundry.applications.sheets.ItemSheetV2 & Pick<HbsCtor, "PARTS">;

/** The mixin's per-part context hook (v13 and v14), which the casts above leave out. */
export interface PartContextHook {
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>>;
}
