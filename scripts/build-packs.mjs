// Compiles the compendium sources (packs-src/<pack>/*.json, one document a file, reviewable in a
// diff) into the LevelDB packs Foundry reads (dist/packs/<pack>), with the Foundry CLI.
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const SOURCES = resolve("packs-src");
const OUT = resolve(process.argv[2] ?? "dist/packs");

export async function buildPacks(out = OUT) {
  const packs = readdirSync(SOURCES, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const pack of packs) {
    const dest = resolve(out, pack.name);
    rmSync(dest, { recursive: true, force: true });
    await compilePack(resolve(SOURCES, pack.name), dest);
  }
  return packs.map((p) => p.name);
}

if (existsSync(SOURCES) && import.meta.url === `file://${process.argv[1]}`) {
  const built = await buildPacks();
  console.log(`packs: ${built.join(", ")} → ${OUT}`);
}
