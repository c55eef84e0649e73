import { readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BATCHES } from "../../src/scenarios";
import { installFoundry, type FoundryDouble } from "../foundry/install";

/**
 * The built system registers its scenario batches with Quench, and only with Quench: checked with
 * a stand-in for Quench's `registerBatch` (Quench `src/module/quench.ts`: `quenchReady` is called
 * with the Quench instance at `setup`; a batch is a key, a registration function and options).
 */

const DIST = resolve("dist");
const ENTRY = "wuxia-harmonies.mjs";
const BATCH_IDS = BATCHES.map((batch) => batch.id);

interface Registered {
  key: string;
  fn: (context: unknown) => void;
  options: { displayName?: string; preSelected?: boolean };
}

let foundry: FoundryDouble;

async function loadSystem(): Promise<void> {
  foundry = installFoundry();
  vi.resetModules();
  // A query string gives each test its own copy of the bundle's module graph.
  await import(`${pathToFileURL(resolve(DIST, ENTRY)).href}?run=${Math.random()}`);
  foundry.fireStartupHooks();
}

/** What `quenchReady` hands over, recording the batches registered. */
function standInQuench(): { quench: { registerBatch: (...args: unknown[]) => void }; batches: Registered[] } {
  const batches: Registered[] = [];
  return {
    batches,
    quench: {
      registerBatch: (key, fn, options) => batches.push({ key, fn, options } as Registered),
    },
  };
}

beforeEach(async () => {
  await loadSystem();
});

describe("the built system with Quench", () => {
  it("registers every batch, named in the user's language, the GM's preselected for a GM", async () => {
    const { quench, batches } = standInQuench();
    foundry.Hooks.callAll("quenchReady", quench);
    await vi.waitFor(() => expect(batches.length).toBe(BATCH_IDS.length));
    expect(batches.map((b) => b.key)).toEqual(BATCH_IDS.map((id) => `wuxia-harmonies.${id}`));
    expect(batches[0]?.options).toEqual({ displayName: "Wuxia & Harmonies: the system starts", preSelected: true });
  });

  it("gives each batch a registration function that declares its suites and tests in the context", async () => {
    const { quench, batches } = standInQuench();
    foundry.Hooks.callAll("quenchReady", quench);
    await vi.waitFor(() => expect(batches.length).toBeGreaterThan(0));
    const declared: string[] = [];
    const context = {
      describe: (title: string, body: () => void) => {
        declared.push(`describe ${title}`);
        body();
      },
      it: (title: string) => {
        declared.push(`it ${title}`);
        return { timeout: () => undefined };
      },
      before: () => declared.push("before"),
      after: () => declared.push("after"),
      beforeEach: () => undefined,
      afterEach: () => undefined,
      expect: () => ({}),
    };
    batches[0]?.fn(context);
    expect(declared.filter((d) => d === "before" || d === "after")).toEqual(["before", "after"]);
    expect(declared.filter((d) => d.startsWith("it ")).length).toBeGreaterThan(0);
  });
});

describe("the built system without Quench", () => {
  it("loads none of the scenarios: they live in a file of their own, which only Quench's hook imports", () => {
    const main = readFileSync(resolve(DIST, ENTRY), "utf8");
    const files = readdirSync(DIST).filter((f) => f.endsWith(".js") && statSync(resolve(DIST, f)).isFile());
    const scenarioFile = files.find((f) => readFileSync(resolve(DIST, f), "utf8").includes("WH.Scenario.Batch.Boot"));
    expect(scenarioFile).toBeDefined();
    expect(main).not.toContain("WH.Scenario.Batch.Boot");
    const name = (scenarioFile ?? "").replace(/[.]/g, "\\.");
    expect(main).toMatch(new RegExp(`import\\(\\s*"\\./${name}"\\s*\\)`));
    expect(main).not.toMatch(new RegExp(`from\\s*"\\./${name}"`));
  });
});
