import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { setWorldSetting, startWorld } from "../../test/support/world";

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

describe("the creation settings", () => {
  it("register the attribute rerolls as a world setting from 0 (the book's one roll) to 5, shown in the configuration", () => {
    expect(foundry.game.settings.settings.get("wuxia-harmonies.harmoniesCreationRerolls")).toMatchObject({
      name: "WH.Settings.HarmoniesCreationRerolls.Name",
      hint: "WH.Settings.HarmoniesCreationRerolls.Hint",
      scope: "world",
      config: true,
      type: Number,
      range: { min: 0, max: 5, step: 1 },
      default: 0,
      requiresReload: false,
    });
  });

  it("give the rolls a character may make: the first, and the rerolls the GM allows", async () => {
    const { allowedRolls } = await import("./attribute-generation");
    expect(allowedRolls()).toBe(1);
    await setWorldSetting("harmoniesCreationRerolls", 3);
    expect(allowedRolls()).toBe(4);
  });
});
