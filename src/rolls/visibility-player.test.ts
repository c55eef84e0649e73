import { describe, expect, it } from "vitest";
import { actAs, playerId, startWorld, type Generation } from "../../test/support/world";
import type { Visibility } from "./visibility";

const GM = "gmUser000000001";

describe.each([13, 14] as Generation[])("a player's roll visibility on Foundry v%i", (generation) => {
  it.each([
    ["public", () => [], false],
    ["gm", () => [GM, playerId()], false],
    ["blind", () => [GM], true],
    ["self", () => [playerId()], false],
  ] as [Visibility, () => string[], boolean][])(
    "%s: whispered to the right users, from the player's seat",
    async (visibility, whisper, blind) => {
      await startWorld({ generation });
      actAs("player");
      const { applyVisibility } = await import("./visibility");
      const data = applyVisibility({ whisper: [], blind: false }, visibility);
      expect([...data.whisper].sort()).toEqual(whisper().sort());
      expect(data.blind).toBe(blind);
    },
  );

  it("whispers only to whom the visibility names, whatever the data named before", async () => {
    await startWorld({ generation });
    actAs("player");
    const { applyVisibility } = await import("./visibility");
    expect(applyVisibility({ whisper: ["player000000002", GM] }, "blind")).toEqual({ whisper: [GM], blind: true });
    expect([...(applyVisibility({ whisper: ["player000000002"] }, "gm").whisper ?? [])].sort()).toEqual(
      [GM, playerId()].sort(),
    );
    expect(applyVisibility({ whisper: ["player000000002"] }, "self")).toEqual({ whisper: [playerId()], blind: false });
    expect(applyVisibility({ whisper: ["player000000002"], blind: true }, "public")).toEqual({
      whisper: [],
      blind: false,
    });
  });

  it("in a world with no GM user, whispers a private or blind roll to its author: never to nobody", async () => {
    const foundry = await startWorld({ generation });
    actAs("player");
    for (const user of [...foundry.game.users.values()]) if (user.isGM) foundry.game.users.delete(user.id);
    const { applyVisibility } = await import("./visibility");
    expect(applyVisibility({}, "blind")).toEqual({ whisper: [playerId()], blind: true });
    expect(applyVisibility({}, "gm")).toEqual({ whisper: [playerId()], blind: false });
  });
});

describe("the visibility a roll starts with", () => {
  it("reads v13 roll modes and v14 message modes; chat styles and anything else are public", async () => {
    await startWorld();
    const { visibilityFromMode, isVisibility } = await import("./visibility");
    expect(
      [
        "gmroll",
        "gm",
        "blindroll",
        "blind",
        "selfroll",
        "self",
        "publicroll",
        "public",
        "roll",
        "ic",
        "ooc",
        null,
        3,
      ].map(visibilityFromMode),
    ).toEqual([
      "gm",
      "gm",
      "blind",
      "blind",
      "self",
      "self",
      "public",
      "public",
      "public",
      "public",
      "public",
      "public",
      "public",
    ]);
    expect(["public", "gm", "blind", "self"].every(isVisibility)).toBe(true);
    expect([undefined, "gmroll", 1, "Public"].some(isVisibility)).toBe(false);
  });

  it("is public when the version's core setting cannot be read", async () => {
    const foundry = await startWorld({ generation: 14 });
    foundry.game.settings.settings.delete("core.messageMode");
    const { currentVisibility } = await import("./visibility");
    expect(currentVisibility()).toBe("public");
  });

  it("follows the v13 setting on v13 and the v14 one on v14, not the other", async () => {
    const v13 = await startWorld({ generation: 13 });
    await v13.game.settings.set("core", "rollMode", "blindroll");
    expect((await import("./visibility")).currentVisibility()).toBe("blind");
    const v14 = await startWorld({ generation: 14 });
    await v14.game.settings.set("core", "messageMode", "self");
    expect((await import("./visibility")).currentVisibility()).toBe("self");
  });
});
