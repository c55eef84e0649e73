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
interface PartContextHook {
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>>;
}

/** Core's per-part context for an actor sheet's part: what an override of `_preparePartContext` starts from. */
export function corePartContext(
  sheet: InstanceType<typeof HandlebarsActorSheet>,
  partId: string,
  shared: Record<string, unknown>,
  options: unknown,
): Promise<Record<string, unknown>> {
  return (HandlebarsActorSheet.prototype as unknown as PartContextHook)._preparePartContext.call(
    sheet,
    partId,
    shared,
    options,
  );
}

/** Core's handling of an item dropped on an actor sheet (it adds the item), once the sheet has let it through. */
export function coreDropItem(
  sheet: InstanceType<typeof HandlebarsActorSheet>,
  event: DragEvent,
  item: Item.Implementation,
): Promise<unknown> {
  const handlers = HandlebarsActorSheet.prototype as unknown as {
    _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown>;
  };
  return handlers._onDropItem.call(sheet, event, item);
}

/** Draws these parts of a rendered application again (core's `render({parts})`). */
export async function renderParts(app: { render(options: never): Promise<unknown> }, parts: string[]): Promise<void> {
  await app.render({ parts } as never);
}

/** What core passes a dialog's `_prepareContext`. */
export type ContextOptions = Parameters<InstanceType<typeof HandlebarsApplication>["_prepareContext"]>[0];

/**
 * Makes an application one of a document's (ClientDocumentMixin#apps, API v13), as a document
 * sheet is on its first render: `document.render()` then draws it again. Its `_onClose` calls
 * `leaveDocumentApps`.
 */
export function joinDocumentApps(document: { apps: object }, app: { id: string }): void {
  (document.apps as Record<string, unknown>)[app.id] = app;
}

export function leaveDocumentApps(document: { apps: object }, app: { id: string }): void {
  Reflect.deleteProperty(document.apps, app.id);
}
