import type { FoundryDouble } from "../foundry/install";

/** Lets what a DOM event started finish: Foundry does not await the handlers it calls. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A new, undrawn instance of the sheet registered as the default for the document's type. */
export function defaultSheet<S>(foundry: FoundryDouble, document: { type: string }): S {
  const registration = foundry.sheets.registrations.find((r) => r.types.includes(document.type) && r.makeDefault);
  if (!registration) throw new Error(`no default sheet for ${document.type}`);
  const SheetClass = registration.sheetClass as new (options: Record<string, unknown>) => S;
  return new SheetClass({ document });
}
