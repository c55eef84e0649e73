import { until } from "./world";

/** What scenarios share of driving windows, forms and cards as a person does. */

/** A window of the system (a sheet, a dialog) as a person meets it: drawn, redrawn and closed. */
export interface Window {
  readonly rendered: boolean;
  readonly element: HTMLElement;
  render(options: { force: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
}

/** A document's sheet, refused by name when it has none. */
export function sheetOf(doc: { name: string | null; sheet: unknown }): Window {
  const sheet = doc.sheet as Window | null;
  if (!sheet) throw new Error(`${doc.name ?? "The document"} has no sheet`);
  return sheet;
}

/** Opens a document's sheet, as a click on it in the sidebar does, and waits until it is drawn. */
export async function openSheet(doc: { name: string | null; sheet: unknown }): Promise<Window> {
  const sheet = sheetOf(doc);
  await sheet.render({ force: true });
  await until(
    `the sheet of ${doc.name ?? "the document"}`,
    () => sheet.rendered && sheet.element.childElementCount > 0,
  );
  return sheet;
}

/** The text of the first element matching `selector`, its white space folded ("" when there is none). */
export function textOf(root: ParentNode, selector: string): string {
  return root.querySelector(selector)?.textContent?.replace(/\s+/g, " ").trim() ?? "";
}

/** A signed number as the cards and dialogs print it: "+2", "0", "−1" (a minus sign). */
export function signedNumber(text: string | null | undefined): number {
  return Number((text ?? "").trim().replace("\u2212", "-").replace("+", ""));
}

/** Types into a field and leaves it, as a person does (the change event the forms listen to). */
export function typeInto(root: ParentNode, selector: string, value: string): void {
  const field = root.querySelector<HTMLInputElement>(selector);
  if (!field) throw new Error(`No field ${selector}`);
  field.value = value;
  // The window's own Event class: a popped-out window's field lives in another document.
  const EventClass = field.ownerDocument.defaultView?.Event ?? Event;
  field.dispatchEvent(new EventClass("change", { bubbles: true }));
}
