import type { FoundryDouble } from "../foundry/install";

/** Lets what a DOM event started finish: Foundry does not await the handlers it calls. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A sheet as the DOM tests read it: its drawn element, drawn again on demand. */
export interface DrawnSheet {
  element: HTMLFormElement;
  render(options?: unknown): Promise<unknown>;
}

/** The document's default sheet, drawn for the current seat. */
export async function openSheet(foundry: FoundryDouble, document: { type: string }): Promise<DrawnSheet> {
  const sheet = defaultSheet<DrawnSheet>(foundry, document);
  await sheet.render({ force: true });
  return sheet;
}

/** A new, undrawn instance of the sheet registered as the default for the document's type. */
export function defaultSheet<S>(foundry: FoundryDouble, document: { type: string }): S {
  const registration = foundry.sheets.registrations.find((r) => r.types.includes(document.type) && r.makeDefault);
  if (!registration) throw new Error(`no default sheet for ${document.type}`);
  const SheetClass = registration.sheetClass as new (options: Record<string, unknown>) => S;
  return new SheetClass({ document });
}

/** The roll dialog an actor's sheet would open, filled with its defaults from `start`, drawn. */
export async function openRollDialog<D extends { render(options: { force: boolean }): Promise<unknown> }>(
  actor: Actor.Implementation,
  start: Record<string, unknown> = {},
): Promise<D> {
  const { rollSubject } = await import("../../src/rolls/subject");
  const { kindOf } = await import("../../src/rolls/kinds");
  const { rollDialogFor } = await import("../../src/rolls/ask");
  const subject = rollSubject(actor);
  const values = kindOf(subject).defaults(subject as never, start);
  const dialog = rollDialogFor(subject, values) as unknown as D;
  await dialog.render({ force: true });
  return dialog;
}

/** A drawn application's form field by name; a missing one fails the test. */
export function field<T extends HTMLElement = HTMLInputElement>(app: { element: HTMLElement }, name: string): T {
  const el = app.element.querySelector<T>(`[name="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return el;
}

/** Types a value as a person does: the field says so (input), then commits it when asked (change). */
export async function type(app: { element: HTMLElement }, name: string, value: string, commit = false): Promise<void> {
  const input = field(app, name);
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  if (commit) input.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

/** Picks an option of a select, as a person does. */
export async function choose(app: { element: HTMLElement }, name: string, value: string): Promise<void> {
  const select = field<HTMLSelectElement>(app, name);
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

/** What a window's frame shows a user: its icon's classes, and whether it can be resized. */
export function windowFrame(element: HTMLElement): { icon: string | null; resizable: boolean; scoped: boolean } {
  return {
    icon: element.querySelector(".window-header > .window-icon")?.className ?? null,
    resizable: element.querySelector(":scope > .window-resize-handle") !== null,
    // The system's CSS applies inside `.wuxia-harmonies` only.
    scoped: element.classList.contains("wuxia-harmonies"),
  };
}
