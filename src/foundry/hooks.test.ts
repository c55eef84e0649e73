import { afterEach, describe, expect, it, vi } from "vitest";
import { untypedHooks } from "./hooks";

/** Core's Hooks, read at each call: the module loads before Foundry's globals exist. */

function fakeHooks() {
  return {
    call: vi.fn((_name: string, ..._args: unknown[]) => false),
    callAll: vi.fn((_name: string, ..._args: unknown[]) => true),
    on: vi.fn((_name: string, _fn: unknown) => 7),
    once: vi.fn((_name: string, _fn: unknown) => 8),
    off: vi.fn((_name: string, _id: number) => undefined),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("untypedHooks", () => {
  it("loads without Foundry's Hooks", () => {
    expect((globalThis as { Hooks?: unknown }).Hooks).toBeUndefined();
    expect(Object.keys(untypedHooks)).toEqual(["call", "callAll", "on", "once", "off"]);
  });

  it("forwards call and callAll with every argument, on Hooks itself, and returns their answers", () => {
    const hooks = fakeHooks();
    vi.stubGlobal("Hooks", hooks);
    const subject = { id: "a1" };
    expect(untypedHooks.call("wuxia-harmonies.preRoll", subject, 3, "x")).toBe(false);
    expect(hooks.call).toHaveBeenCalledExactlyOnceWith("wuxia-harmonies.preRoll", subject, 3, "x");
    expect(hooks.call.mock.contexts[0]).toBe(hooks);
    expect(untypedHooks.callAll("diceSoNiceReady", subject)).toBe(true);
    expect(hooks.callAll).toHaveBeenCalledExactlyOnceWith("diceSoNiceReady", subject);
    expect(hooks.callAll.mock.contexts[0]).toBe(hooks);
  });

  it("forwards on and once with the very function, on Hooks itself, and returns the hook's id", () => {
    const hooks = fakeHooks();
    vi.stubGlobal("Hooks", hooks);
    const listener = () => undefined;
    expect(untypedHooks.on("getSceneControlButtons", listener)).toBe(7);
    expect(hooks.on).toHaveBeenCalledExactlyOnceWith("getSceneControlButtons", listener);
    expect(hooks.on.mock.calls[0]?.[1]).toBe(listener);
    expect(hooks.on.mock.contexts[0]).toBe(hooks);
    expect(untypedHooks.once("diceSoNiceReady", listener)).toBe(8);
    expect(hooks.once).toHaveBeenCalledExactlyOnceWith("diceSoNiceReady", listener);
    expect(hooks.once.mock.calls[0]?.[1]).toBe(listener);
    expect(hooks.once.mock.contexts[0]).toBe(hooks);
    expect(hooks.call).not.toHaveBeenCalled();
    expect(hooks.callAll).not.toHaveBeenCalled();
  });

  it("forwards off with the hook's name and id, on Hooks itself", () => {
    const hooks = fakeHooks();
    vi.stubGlobal("Hooks", hooks);
    untypedHooks.off("createChatMessage", 7);
    expect(hooks.off).toHaveBeenCalledExactlyOnceWith("createChatMessage", 7);
    expect(hooks.off.mock.contexts[0]).toBe(hooks);
  });

  it("reads the Hooks of the moment at every call", () => {
    const first = fakeHooks();
    const second = fakeHooks();
    vi.stubGlobal("Hooks", first);
    untypedHooks.callAll("one");
    vi.stubGlobal("Hooks", second);
    untypedHooks.callAll("two");
    untypedHooks.call("three");
    untypedHooks.on("four", () => undefined);
    untypedHooks.once("five", () => undefined);
    expect(first.callAll).toHaveBeenCalledExactlyOnceWith("one");
    expect(second.callAll).toHaveBeenCalledExactlyOnceWith("two");
    for (const method of ["call", "on", "once"] as const) {
      expect(first[method]).not.toHaveBeenCalled();
      expect(second[method]).toHaveBeenCalledOnce();
    }
  });
});
