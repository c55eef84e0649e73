import { afterEach, describe, expect, it, vi } from "vitest";
import { speakerActor } from "./speaker-actor";

const character = { name: "Lin Mei" };
const token = { name: "Zhao" };

function seat(canvas: unknown, own: unknown = character): void {
  vi.stubGlobal("game", { user: { character: own } });
  vi.stubGlobal("canvas", canvas);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the actor a user acts as", () => {
  it("is the first token they control", () => {
    seat({ tokens: { controlled: [{ actor: token }, { actor: character }] } });
    expect(speakerActor()).toBe(token);
  });

  it("is their character while no scene is drawn, before the token layer exists, or with no token controlled", () => {
    for (const canvas of [undefined, {}, { tokens: {} }, { tokens: { controlled: [] } }]) {
      seat(canvas);
      expect(speakerActor(), JSON.stringify(canvas)).toBe(character);
    }
  });

  it("is their character when the controlled token has lost its actor", () => {
    seat({ tokens: { controlled: [{ actor: null }] } });
    expect(speakerActor()).toBe(character);
  });

  it("is nobody for a user with neither a token nor a character", () => {
    seat({ tokens: { controlled: [] } }, null);
    expect(speakerActor()).toBeNull();
    vi.stubGlobal("game", { user: {} });
    vi.stubGlobal("canvas", undefined);
    expect(speakerActor()).toBeNull();
  });
});
