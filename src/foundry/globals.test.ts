import { afterEach, describe, expect, it, vi } from "vitest";
import { chatModeStatics, coreSetting, moduleGlobal, publishApi } from "./globals";

/** What modules and newer cores add, read from Foundry's globals when asked. */

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("moduleGlobal", () => {
  it("reads what a module put on game, and nothing when the module is absent", () => {
    const dice3d = { showForRoll: vi.fn() };
    vi.stubGlobal("game", { dice3d, system: {} });
    expect(moduleGlobal("dice3d")).toBe(dice3d);
    expect(moduleGlobal("forge")).toBeUndefined();
  });

  it("reads the game of the moment", () => {
    vi.stubGlobal("game", {});
    expect(moduleGlobal("dice3d")).toBeUndefined();
    const dice3d = {};
    vi.stubGlobal("game", { dice3d });
    expect(moduleGlobal("dice3d")).toBe(dice3d);
  });
});

describe("publishApi", () => {
  it("sets game.system.api, keeping the rest of game.system", () => {
    const system = { id: "wuxia-harmonies" };
    const game = { system };
    vi.stubGlobal("game", game);
    const api = { roll: vi.fn() };
    publishApi(api);
    expect(game.system).toBe(system);
    expect(system).toEqual({ id: "wuxia-harmonies", api });
    expect((system as { api?: unknown }).api).toBe(api);
  });
});

describe("coreSetting", () => {
  it("asks core's namespace for the key, once, and returns its value", () => {
    const get = vi.fn((_namespace: string, _key: string): unknown => "ic");
    vi.stubGlobal("game", { settings: { get } });
    expect(coreSetting("messageMode")).toBe("ic");
    expect(get).toHaveBeenCalledExactlyOnceWith("core", "messageMode");
  });

  it("asks the settings themselves, which read their own state", () => {
    const settings = {
      values: new Map<string, unknown>([["core.rollMode", "gmroll"]]),
      get(namespace: string, key: string): unknown {
        return this.values.get(`${namespace}.${key}`);
      },
    };
    vi.stubGlobal("game", { settings });
    expect(coreSetting("rollMode")).toBe("gmroll");
    expect(coreSetting("messageMode")).toBeUndefined();
  });
});

describe("chatModeStatics", () => {
  it("is the ChatMessage class of the moment, with whichever static it has", () => {
    const applyRollMode = vi.fn();
    class V13ChatMessage {
      static applyRollMode = applyRollMode;
      content = "";
    }
    vi.stubGlobal("ChatMessage", V13ChatMessage);
    expect(chatModeStatics()).toBe(V13ChatMessage);
    expect(chatModeStatics().applyRollMode).toBe(applyRollMode);
    expect(chatModeStatics().applyMode).toBeUndefined();
    const applyMode = vi.fn();
    class V14ChatMessage {
      static applyMode = applyMode;
      content = "";
    }
    vi.stubGlobal("ChatMessage", V14ChatMessage);
    expect(chatModeStatics().applyMode).toBe(applyMode);
  });
});
