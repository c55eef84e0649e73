import { vi } from "vitest";
import { installFoundry, type FoundryDouble } from "../foundry/install";

/**
 * Starts the system's documents and sheets in a fresh Foundry double: registers settings,
 * data models, document classes, creation (whose records the sheets show) and sheets on `init`, fires the startup hooks, and returns the
 * freshly imported modules (classes from a static import would belong to another module graph).
 */
export async function startSystem(options: Parameters<typeof installFoundry>[0] = {}) {
  const foundry: FoundryDouble = installFoundry(options);
  vi.resetModules();
  const settings = await import("../../src/settings/register");
  const houseRules = await import("../../src/settings/house-rules");
  const documents = await import("../../src/documents/register");
  const sheets = await import("../../src/sheets/register");
  const creation = await import("../../src/creation/register");
  foundry.Hooks.once("init", () => {
    settings.registerSettings();
    houseRules.registerHouseRuleSettings();
    documents.registerDocuments();
    creation.registerCreation();
    sheets.registerSheets();
  });
  foundry.fireStartupHooks();
  const Actor = foundry.CONFIG.Actor.documentClass as unknown as DocumentFactory;
  return { foundry, Actor, houseRules, documents };
}

/** What tests need of the configured Actor class (the double underneath the system's class). */
export interface DocumentFactory {
  create(data: Record<string, unknown>): Promise<TestActor>;
  createDialog(
    data?: Record<string, unknown>,
    createOptions?: Record<string, unknown>,
    context?: { types?: string[] },
  ): Promise<unknown>;
}

export interface TestItem {
  id: string;
  name: string;
  type: string;
  system: Record<string, unknown> & { toObject(): Record<string, unknown> };
  update(changes: Record<string, unknown>): Promise<unknown>;
}

export interface TestActor {
  id: string;
  name: string;
  type: string;
  system: Record<string, unknown> & { toObject(): Record<string, unknown> };
  items: Map<string, TestItem> & { contents: TestItem[]; find(fn: (i: TestItem) => boolean): TestItem | undefined };
  update(changes: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<TestItem[]>;
}
