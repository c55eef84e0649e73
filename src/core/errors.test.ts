import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { startWorld } from "../../test/support/world";

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld({ lang: "fr" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a refusal shown to the user", () => {
  it("is a localised notification; only an unexpected error also goes to the console", async () => {
    const { notifyError, UserError } = await import("./errors");
    const { RulesError } = await import("../rules");
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => undefined);
    notifyError(new UserError("WH.Roll.Error.NoActor"));
    notifyError(new RulesError("WH.Error.NotInteger", { argument: "dice", value: 1.5 }, "dice"));
    expect(console).not.toHaveBeenCalled();
    const bug = new TypeError("x is undefined");
    notifyError(bug);
    expect(console).toHaveBeenCalledWith(bug);
    expect(foundry.notifications).toEqual([
      { level: "error", message: foundry.game.i18n.localize("WH.Roll.Error.NoActor") },
      {
        level: "error",
        message: foundry.game.i18n.format("WH.Error.NotInteger", {
          argument: foundry.game.i18n.localize("WH.Roll.Argument.Dice"),
          value: "1.5",
          min: "",
          max: "",
        }),
      },
      { level: "error", message: foundry.game.i18n.format("WH.Roll.Error.Unexpected", { message: "x is undefined" }) },
    ]);
  });

  it("names each argument of the rules as the roll dialog labels it", async () => {
    const { describeError } = await import("./errors");
    const { RulesError } = await import("../rules");
    const labels: Record<string, string> = {
      dice: "WH.Roll.Argument.Dice",
      sr: "WH.Roll.Argument.Sr",
      skill: "WH.Roll.Argument.Skill",
      threshold: "WH.Roll.Argument.Threshold",
      "options.rerolls": "WH.Roll.Argument.Rerolls",
      modifier: "WH.Roll.Argument.Modifier",
      size: "WH.Roll.Argument.Size",
    };
    for (const [argument, key] of Object.entries(labels)) {
      const text = describeError(
        new RulesError("WH.Error.OutOfRange", { argument, value: 200, min: 0, max: 100 }, argument),
      );
      expect(text).toBe(
        foundry.game.i18n.format("WH.Error.OutOfRange", {
          argument: foundry.game.i18n.localize(key),
          value: "200",
          min: "0",
          max: "100",
        }),
      );
      expect(text).not.toContain(key);
    }
  });

  it("keeps the data of a refusal for the message, as given", async () => {
    const { UserError } = await import("./errors");
    const error = new UserError("WH.Roll.Error.PoolTooLarge", { max: 100 });
    expect(error).toMatchObject({
      name: "UserError",
      key: "WH.Roll.Error.PoolTooLarge",
      data: { max: 100 },
      message: "WH.Roll.Error.PoolTooLarge",
    });
    expect(new UserError("WH.Roll.Error.NoActor").data).toEqual({});
  });
});

describe("d10s rolled for a reroll", () => {
  it("are a core Roll of their own, from Foundry's random source, with the faces that stand", async () => {
    foundry.CONFIG.Dice.randomUniform = () => 0.25;
    const { rollD10s } = await import("../rolls/faces");
    const { roll, faces } = await rollD10s(3);
    expect(roll.formula).toBe("3d10");
    expect(faces).toEqual([8, 8, 8]);
  });

  it("ask for manual entry unless told not to", async () => {
    const { rollD10s } = await import("../rolls/faces");
    const evaluate = vi.spyOn(Roll.prototype, "evaluate");
    await rollD10s(1);
    await rollD10s(1, { allowInteractive: false });
    expect(
      evaluate.mock.calls.map((call) => (call[0] as { allowInteractive?: boolean } | undefined)?.allowInteractive),
    ).toEqual([true, false]);
  });
});
