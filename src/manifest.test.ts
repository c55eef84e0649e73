import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

interface Manifest {
  compatibility: { minimum?: string; verified?: string; maximum?: string };
  socket?: boolean;
}

const manifest = JSON.parse(readFileSync(resolve("system.json"), "utf8")) as Manifest;

/** Every TypeScript source of the system (tests left out). */
function sources(dir = resolve("src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [readFileSync(path, "utf8")] : [];
  });
}

describe("system.json", () => {
  it("asks for a stable v13 build that has every API the system calls (13.345, the build the types describe)", () => {
    const [generation, build] = (manifest.compatibility.minimum ?? "").split(".").map(Number);
    expect(generation).toBe(13);
    expect(build).toBeGreaterThanOrEqual(345);
  });

  it("claims no verified build: no release has been run in a live Foundry world", () => {
    expect(manifest.compatibility.verified).toBeUndefined();
    expect(manifest.compatibility.maximum).toBeUndefined();
  });

  it("asks Foundry for a socket only if the system uses one", () => {
    const usesSocket = sources().some((text) => /\bgame\.socket\b/.test(text));
    expect(Boolean(manifest.socket)).toBe(usesSocket);
  });
});
