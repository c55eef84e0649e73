import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { CompendiumDouble, type PackOwnership } from "./packs";

type AnyObject = Record<string, unknown>;
interface ManifestPack {
  name: string;
  label: string;
  type: "Actor" | "Item" | "JournalEntry";
  ownership?: PackOwnership;
}

/**
 * The system's own compendiums, as a world of this system has them: `game.system.packs` lists the
 * manifest's packs (API v13 System#packs) and `game.packs` holds each as `wuxia-harmonies.<name>`,
 * with the documents of its sources in packs-src/ (what `npm run build` compiles into it).
 */
export function installSystemPacks(): CompendiumDouble[] {
  const manifest = JSON.parse(readFileSync(resolve("system.json"), "utf8")) as { id: string; packs: ManifestPack[] };
  const game = (globalThis as unknown as { game: { packs: Map<string, unknown>; system: AnyObject } }).game;
  game.system.packs = new Set(manifest.packs);
  return manifest.packs.map((pack) => {
    const folder = resolve("packs-src", pack.name);
    const data = readdirSync(folder)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(resolve(folder, file), "utf8")) as AnyObject);
    const compendium = new CompendiumDouble(`${manifest.id}.${pack.name}`, pack.type, data, pack.label, pack.ownership);
    game.packs.set(compendium.collection, compendium);
    return compendium;
  });
}
