import { beforeEach, describe, expect, it, vi } from "vitest";
import { actAs, startWorld } from "../../test/support/world";
import type { ScenarioBatch } from "./context";
import type * as QuenchModule from "./quench";

/** Quench's side of the suite: each batch registered under the system's key, on mocha and chai. */

type Quench = Parameters<typeof QuenchModule.registerBatches>[0];
type QuenchContext = Parameters<typeof QuenchModule.quenchContext>[0];

let quench: typeof QuenchModule;

beforeEach(async () => {
  await startWorld();
  quench = await import("./quench");
});

function standIn(): { quench: Quench; calls: [string, (context: QuenchContext) => void, object][] } {
  const calls: [string, (context: QuenchContext) => void, object][] = [];
  return { calls, quench: { registerBatch: (...args: unknown[]) => calls.push(args as never) } as unknown as Quench };
}

const batch = (id: string, seat: "gm" | "player"): ScenarioBatch => ({
  id,
  label: "WH.Scenario.Batch.Boot",
  seat,
  register: vi.fn(),
});

describe("registering with Quench", () => {
  it("registers every batch as wuxia-harmonies.<id>, named in the user's language, a GM's batches preselected for a GM", () => {
    const { quench: q, calls } = standIn();
    quench.registerBatches(q, [batch("boot", "gm"), batch("seat", "player")]);
    expect(calls.map(([key, , options]) => [key, options])).toEqual([
      ["wuxia-harmonies.boot", { displayName: "Wuxia & Harmonies: the system starts", preSelected: true }],
      ["wuxia-harmonies.seat", { displayName: "Wuxia & Harmonies: the system starts", preSelected: false }],
    ]);
  });

  it("preselects the player's batches for a player", () => {
    actAs("player");
    const { quench: q, calls } = standIn();
    quench.registerBatches(q, [batch("boot", "gm"), batch("seat", "player")]);
    expect(calls.map(([, , options]) => (options as { preSelected: boolean }).preSelected)).toEqual([false, true]);
  });

  it("registers the whole suite by default", async () => {
    const { BATCHES } = await import("./index");
    const { quench: q, calls } = standIn();
    quench.registerBatches(q);
    expect(calls.map(([key]) => key)).toEqual(BATCHES.map((b) => `wuxia-harmonies.${b.id}`));
  });

  it("hands a batch mocha's suite and hooks and chai's expect, each step with thirty seconds", async () => {
    const timeouts: number[] = [];
    const hooks: Record<string, ((this: { timeout(ms: number): void }) => Promise<void>)[]> = {};
    const hook = (name: string) => (fn: (this: { timeout(ms: number): void }) => Promise<void>) =>
      (hooks[name] ??= []).push(fn);
    const context = {
      describe: vi.fn((_title: string, body: () => void) => body()),
      it: vi.fn(() => ({ timeout: (ms: number) => timeouts.push(ms) })),
      before: hook("before"),
      after: hook("after"),
      beforeEach: hook("beforeEach"),
      afterEach: hook("afterEach"),
      expect: vi.fn(() => "chai's assertion"),
    } as unknown as QuenchContext;
    const ran: string[] = [];
    const scenario = quench.quenchContext(context);
    scenario.describe("a suite", () => {
      scenario.beforeAll(() => void ran.push("beforeAll"));
      scenario.afterAll(() => void ran.push("afterAll"));
      scenario.beforeEach(() => void ran.push("beforeEach"));
      scenario.afterEach(() => void ran.push("afterEach"));
      scenario.it("a step", () => void ran.push("step"));
    });
    expect(scenario.expect(3, "why")).toBe("chai's assertion");
    expect(context.expect).toHaveBeenCalledWith(3, "why");
    expect(context.describe).toHaveBeenCalledWith("a suite", expect.any(Function));
    expect(timeouts).toEqual([30_000]);
    for (const name of ["before", "beforeEach", "afterEach", "after"])
      for (const fn of hooks[name] ?? []) await fn.call({ timeout: (ms) => void timeouts.push(ms) });
    const [, step] =
      (context.it as unknown as { mock: { calls: [string, () => Promise<void>][] } }).mock.calls[0] ?? [];
    await step?.();
    expect(ran).toEqual(["beforeAll", "beforeEach", "afterEach", "afterAll", "step"]);
    expect(timeouts).toEqual([30_000, 30_000, 30_000, 30_000, 30_000]);
  });
});
