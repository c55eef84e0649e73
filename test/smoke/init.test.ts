import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { checkI18n } from "../../scripts/i18n-check.mjs";
import type { FoundryDouble } from "../foundry/install";
import { installFoundry } from "../foundry/install";
import { flattenKeys, loadLang } from "../foundry/i18n";
import type { SchemaField } from "../foundry/fields";
import { DataField } from "../foundry/fields";

const DIST = resolve("dist");
const manifest = JSON.parse(readFileSync(resolve(DIST, "system.json"), "utf8")) as {
  id: string;
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  documentTypes: Record<string, Record<string, unknown>>;
};

let foundry: FoundryDouble;

beforeAll(async () => {
  foundry = installFoundry();
  for (const module of manifest.esmodules) await import(pathToFileURL(resolve(DIST, module)).href);
  foundry.fireStartupHooks();
});

describe("the built system, loaded in the Foundry double", () => {
  it("ships every file its manifest names", () => {
    for (const path of [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)]) {
      expect(existsSync(resolve(DIST, path)), path).toBe(true);
    }
  });

  it("registers a data model for every sub-type in system.json, and a sheet for each actor and item", () => {
    const config = foundry.CONFIG as unknown as Record<
      string,
      { dataModels: Record<string, unknown>; documentClass: unknown }
    >;
    for (const [documentName, types] of Object.entries(manifest.documentTypes)) {
      for (const type of Object.keys(types)) {
        expect(config[documentName]?.dataModels[type], `${documentName}.${type} data model`).toBeTypeOf("function");
        // Chat messages have no sheet: a card draws in the chat log.
        if (documentName === "ChatMessage") continue;
        const sheet = foundry.sheets.registrations.find(
          (r) => r.documentClass === config[documentName]?.documentClass && r.types.includes(type) && r.makeDefault,
        );
        expect(sheet, `${documentName}.${type} default sheet`).toBeDefined();
      }
    }
  });

  it("registers no data model that system.json does not declare (the server would drop its documents)", () => {
    const config = foundry.CONFIG as unknown as Record<string, { dataModels?: Record<string, unknown> }>;
    for (const documentName of ["Actor", "Item", "ChatMessage"]) {
      for (const type of Object.keys(config[documentName]?.dataModels ?? {})) {
        expect(manifest.documentTypes[documentName], documentName).toHaveProperty(type);
      }
    }
  });

  it("finds every template it references in dist/", () => {
    const bundle = readFileSync(resolve(DIST, manifest.esmodules[0] as string), "utf8");
    const fromBundle = [...bundle.matchAll(/["'`]([\w/.-]+\.hbs)["'`]/g)].map((m) => m[1] as string);
    const fromParts = foundry.sheets.registrations.flatMap((r) =>
      Object.values((r.sheetClass as { PARTS?: Record<string, { template: string }> }).PARTS ?? {}).map(
        (p) => p.template,
      ),
    );
    const referenced = new Set([...fromBundle, ...fromParts]);
    for (const template of referenced) {
      const relative = template.replace(/^systems\/wuxia-harmonies\//, "");
      const path = relative.startsWith("templates/") ? relative : `templates/${relative}`;
      expect(existsSync(resolve(DIST, path)), template).toBe(true);
    }
  });

  it("keeps en.json and fr.json in step with each other and with every key the code uses", () => {
    expect(checkI18n(".")).toEqual([]);
    expect(flattenKeys(loadLang("en")).sort()).toEqual(flattenKeys(loadLang("fr")).sort());
  });

  it("labels every data model field through LOCALIZATION_PREFIXES in both languages", () => {
    const config = foundry.CONFIG as unknown as Record<
      string,
      { dataModels?: Record<string, { schema: SchemaField; LOCALIZATION_PREFIXES: string[] }> }
    >;
    const languages = [loadLang("en"), loadLang("fr")].map((l) => new Set(flattenKeys(l)));
    for (const documentName of ["Actor", "Item"]) {
      for (const [type, model] of Object.entries(config[documentName]?.dataModels ?? {})) {
        expect(model.LOCALIZATION_PREFIXES.length, `${documentName}.${type} has LOCALIZATION_PREFIXES`).toBeGreaterThan(
          0,
        );
        for (const field of leafFields(model.schema)) {
          const keys = model.LOCALIZATION_PREFIXES.map((p) => `${p}.FIELDS.${field.fieldPath}.label`);
          for (const lang of languages)
            expect(
              keys.some((k) => lang.has(k)),
              `${documentName}.${type}: ${keys.join(" | ")}`,
            ).toBe(true);
        }
      }
    }
  });

  it("registers every setting with a name and hint present in both languages", () => {
    const en = new Set(flattenKeys(loadLang("en")));
    const fr = new Set(flattenKeys(loadLang("fr")));
    expect(foundry.game.settings.settings.size).toBeGreaterThan(0);
    for (const [id, setting] of foundry.game.settings.settings) {
      if (setting.config === false) continue;
      for (const key of [setting.name, setting.hint, ...Object.values(setting.choices ?? {})]) {
        expect(typeof key, `${id} label`).toBe("string");
        expect(en.has(key as string) && fr.has(key as string), `${id}: ${String(key)}`).toBe(true);
      }
    }
  });

  it("localised nothing missing while starting up", () => {
    expect([...foundry.game.i18n.missing]).toEqual([]);
  });

  it("keeps the names of its Roll classes through minification (chat messages find them by name)", () => {
    for (const cls of foundry.CONFIG.Dice.rolls) expect(cls.name).toMatch(/^[A-Z][A-Za-z]{3,}$/);
  });
});

/** The fields that hold a value (not the schemas that group them). */
function leafFields(schema: SchemaField): DataField[] {
  return Object.values(schema.fields).flatMap((field) =>
    "fields" in field ? leafFields(field as SchemaField) : field instanceof DataField ? [field] : [],
  );
}
