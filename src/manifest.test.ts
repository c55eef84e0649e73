import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { startSystem } from "../test/support/start-system";

interface Manifest {
  type?: string;
  compatibility: { minimum?: string; verified?: string; maximum?: string };
  socket?: boolean;
  primaryTokenAttribute?: string;
  secondaryTokenAttribute?: string;
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

  it("says it is a system, as v14's package manifests do (v13 ignores the key)", () => {
    expect(manifest.type).toBe("system");
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

describe("the default token bars (TokenDocument bar1 and bar2 start from the manifest's attributes)", () => {
  const bars = () => [manifest.primaryTokenAttribute, manifest.secondaryTokenAttribute];

  it("are the wounds and the chi of a Wuxia character, bars its type offers, each a { value, max }", async () => {
    expect(bars()).toEqual(["wounds", "chi"]);
    const started = await startSystem();
    const trackable = started.foundry.CONFIG.Actor.trackableAttributes as Record<string, { bar: string[] }>;
    const actor = await started.Actor.create({
      name: "Lin Mei",
      type: "wuxiaCharacter",
      system: { wounds: { value: 4 } },
    });
    for (const attribute of bars()) {
      expect(trackable.wuxiaCharacter?.bar).toContain(attribute);
      const value = (actor.system as unknown as Record<string, { value: unknown; max: unknown }>)[attribute ?? ""];
      expect({ attribute, value: typeof value?.value, max: typeof value?.max }).toEqual({
        attribute,
        value: "number",
        max: "number",
      });
    }
  });

  it("show nothing on the other types rather than a wrong number: no { value, max } there", async () => {
    const started = await startSystem();
    for (const type of ["harmoniesCharacter", "group"]) {
      const actor = await started.Actor.create({ name: type, type });
      for (const attribute of bars()) {
        const value = (actor.system as unknown as Record<string, unknown>)[attribute ?? ""];
        const isBar = typeof value === "object" && value !== null && "value" in value && "max" in value;
        expect({ type, attribute, bar: isBar || typeof value === "number" }).toEqual({ type, attribute, bar: false });
      }
    }
  });
});
