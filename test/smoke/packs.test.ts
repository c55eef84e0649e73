import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFoundry, type FoundryDouble } from "../foundry/install";

/**
 * The built compendium packs, read back with the Foundry CLI (as Foundry would read them) and
 * every entry created in the double with the built system loaded: each is valid for its type,
 * keeps every value its source gives (none cleaned away or coerced), and holds names and
 * numbers only.
 */

type AnyObject = Record<string, unknown>;
interface PackEntry {
  pack: string;
  doc: AnyObject & { _id: string; _key: string; name: string; type: string; system: AnyObject; items?: AnyObject[] };
}
interface Manifest {
  esmodules: string[];
  packs: { name: string; label: string; path: string; type: string; system: string }[];
  packFolders: { name: string; packs: string[] }[];
  documentTypes: Record<string, Record<string, unknown>>;
}

const DIST = resolve("dist");
const manifest = JSON.parse(readFileSync(resolve(DIST, "system.json"), "utf8")) as Manifest;
const COLLECTION: Record<string, string> = { Item: "items", Actor: "actors", JournalEntry: "journal" };
/** The packs of typed documents, created through the system's data models; journals are checked apart. */
const TYPED = ["Actor", "Item"];
let foundry: FoundryDouble;
const entries: PackEntry[] = [];
let extracted: string;

beforeAll(async () => {
  extracted = mkdtempSync(join(tmpdir(), "wh-packs-"));
  for (const pack of manifest.packs) {
    const out = join(extracted, pack.name);
    await extractPack(resolve(DIST, pack.path), out);
    for (const file of readdirSync(out)) {
      entries.push({ pack: pack.name, doc: JSON.parse(readFileSync(join(out, file), "utf8")) as PackEntry["doc"] });
    }
  }
  foundry = installFoundry();
  for (const module of manifest.esmodules) await import(pathToFileURL(resolve(DIST, module)).href);
  foundry.fireStartupHooks();
});

afterAll(() => rmSync(extracted, { recursive: true, force: true }));

/** Every leaf of a source object, by its dotted path (list entries by their index). */
function leaves(value: unknown, path = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null) return [[path, value]];
  if (Array.isArray(value) && value.every((v) => typeof v !== "object")) return [[path, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

function at(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, k) => (v as AnyObject | undefined)?.[k], value);
}

const documentClass = (name: string) =>
  (foundry.CONFIG as unknown as Record<string, { documentClass: { create(d: AnyObject): Promise<AnyObject> } }>)[name]
    ?.documentClass;

describe("the compendium packs", () => {
  it("are built for every pack system.json declares, each in a folder, each holding entries", () => {
    expect(readdirSync(resolve(DIST, "packs")).sort()).toEqual(manifest.packs.map((p) => p.name).sort());
    expect(manifest.packFolders.flatMap((f) => f.packs).sort()).toEqual(manifest.packs.map((p) => p.name).sort());
    for (const pack of manifest.packs) {
      expect(pack.system).toBe("wuxia-harmonies");
      expect(entries.filter((e) => e.pack === pack.name).length, pack.name).toBeGreaterThan(0);
    }
  });

  it("give every entry a stable id of its own and the key its type implies", () => {
    const ids = entries.map((e) => e.doc._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { pack, doc } of entries) {
      const type = manifest.packs.find((p) => p.name === pack)?.type ?? "";
      expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._key).toBe(`!${COLLECTION[type]}!${doc._id}`);
      if (TYPED.includes(type)) {
        expect(Object.keys(manifest.documentTypes[type] ?? {}), `${doc.name}: ${doc.type}`).toContain(doc.type);
      }
      for (const item of doc.items ?? []) expect(item._key).toBe(`!actors.items!${doc._id}.${String(item._id)}`);
      for (const page of (doc.pages as AnyObject[] | undefined) ?? []) {
        expect(page._key).toBe(`!journal.pages!${doc._id}.${String(page._id)}`);
      }
    }
  });

  it("hold only entries valid for their type, keeping every value their source gives", async () => {
    for (const { pack, doc } of entries) {
      const type = manifest.packs.find((p) => p.name === pack)?.type ?? "";
      if (!TYPED.includes(type)) continue;
      const { _key, ...data } = doc;
      void _key;
      const created = await documentClass(type)?.create(data);
      expect(created, `${pack}: ${doc.name}`).toBeDefined();
      const system = (created?.system as { toObject(): AnyObject }).toObject();
      for (const [path, value] of leaves(doc.system)) {
        expect(at(system, path), `${pack}: ${doc.name} system.${path}`).toEqual(value);
      }
      const items = (created?.items as { contents: { name: string; system: { toObject(): AnyObject } }[] } | undefined)
        ?.contents;
      for (const item of doc.items ?? []) {
        const made = items?.find((i) => i.name === item.name);
        for (const [path, value] of leaves(item.system)) {
          expect(at(made?.system.toObject(), path), `${doc.name} → ${String(item.name)} system.${path}`).toEqual(value);
        }
      }
    }
  });

  it("hold the odds tables as journal pages of tables, one entry a language", () => {
    const journals = entries.filter((e) => e.pack === "gm-tables").map((e) => e.doc);
    expect(journals.map((j) => j.name).sort()).toEqual(["Odds tables (EN)", "Tables de probabilités (FR)"]);
    for (const journal of journals) {
      const pages = journal.pages as { type: string; text: { content: string } }[];
      expect(pages).toHaveLength(5);
      for (const page of pages) {
        expect(page.type).toBe("text");
        expect(page.text.content).toMatch(/<table>.*<\/table>/s);
      }
    }
  });

  it("hold names and numbers only: no prepared prose in any description or biography", () => {
    for (const { doc } of entries) {
      for (const [path, value] of leaves({ system: doc.system, items: (doc.items ?? []).map((i) => i.system) })) {
        if (/description|biography/i.test(path)) expect(value, `${doc.name} ${path}`).toBe("");
      }
    }
  });

  it("are listed in the README", () => {
    const readme = readFileSync(resolve("README.md"), "utf8");
    for (const pack of manifest.packs) expect(readme, pack.label).toContain(pack.label);
  });
});
