import { describe, expect, it, vi } from "vitest";
import { installFoundry } from "../../test/foundry/install";
import en from "../../lang/en.json";
import manifest from "../../system.json";

/** Which sheet Foundry opens for each type: the system's, in place of core's generic one. */

type AnyObject = Record<string, unknown>;

function localized(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as AnyObject | undefined)?.[part], en);
}

async function register() {
  const foundry = installFoundry();
  // The double's sheet configuration outlives each test, and so would a spy's calls.
  const unregister = vi.spyOn(foundry.sheets, "unregisterSheet").mockClear();
  vi.resetModules();
  const { registerSheets } = await import("./register");
  return { foundry, unregister, registerSheets };
}

describe("the sheet registration", () => {
  it("makes one of the system's sheets the default of each type, with a label of its own", async () => {
    const { foundry, registerSheets } = await register();
    registerSheets();
    const config = foundry.CONFIG as unknown as Record<string, { documentClass: unknown }>;
    // Sheets for the actors and items; chat messages have none (their cards draw in the chat).
    for (const [documentName, types] of Object.entries(manifest.documentTypes)) {
      if (documentName === "ChatMessage") continue;
      for (const type of Object.keys(types)) {
        const found = foundry.sheets.registrations.filter(
          (r) => r.documentClass === config[documentName]?.documentClass && r.types.includes(type),
        );
        expect(found, `${documentName}.${type}`).toHaveLength(1);
        const [sheet] = found;
        expect(sheet?.scope).toBe(manifest.id);
        expect(sheet?.types).toEqual([type]);
        expect(sheet?.makeDefault).toBe(true);
        expect(localized(String(sheet?.label)), String(sheet?.label)).toBeTypeOf("string");
      }
    }
    const classes = foundry.sheets.registrations.map((r) => r.sheetClass);
    expect(new Set(classes).size).toBe(classes.length);
  });

  it("takes core's ApplicationV1 sheets away, and registers its own where they no longer exist", async () => {
    const { foundry, unregister, registerSheets } = await register();
    const legacy = (globalThis as unknown as { foundry: { appv1?: { sheets?: AnyObject } } }).foundry;
    const sheets = legacy.appv1?.sheets ?? {};
    registerSheets();
    expect(unregister.mock.calls.map(([, scope, sheet]) => [scope, sheet])).toEqual([
      ["core", sheets.ActorSheet],
      ["core", sheets.ItemSheet],
    ]);

    unregister.mockClear();
    foundry.sheets.registrations = [];
    delete legacy.appv1;
    registerSheets();
    expect(unregister).not.toHaveBeenCalled();
    expect(foundry.sheets.registrations.length).toBeGreaterThan(0);

    legacy.appv1 = {};
    registerSheets();
    expect(unregister).not.toHaveBeenCalled();

    legacy.appv1 = { sheets: { ItemSheet: sheets.ItemSheet } };
    registerSheets();
    expect(unregister.mock.calls.map(([, , sheet]) => sheet)).toEqual([sheets.ItemSheet]);
  });
});
