import { describe, expect, it, vi } from "vitest";
import { rollFromJson, updateRolls } from "./rolls";

/** Rolls to and from the JSON Foundry stores. */

describe("rollFromJson", () => {
  /** A Roll class whose `fromData` builds what it is told to, as core's builds the class the JSON names. */
  function rollClass(builds: (self: object) => object) {
    class FakeRoll {
      static fromData = vi.fn((_data: never) => builds(new FakeRoll()) as Roll);
      readonly formula = "3d10";
    }
    return FakeRoll as unknown as (abstract new () => Roll) & { fromData: typeof FakeRoll.fromData };
  }

  it("asks the class to build the roll from the JSON, once, and returns what it built", () => {
    const RollClass = rollClass((self) => self);
    const json = { class: "WuxiaRoll", formula: "3d10", terms: [] };
    const built = rollFromJson(RollClass, json);
    expect(built).toBeInstanceOf(RollClass);
    expect(RollClass.fromData).toHaveBeenCalledExactlyOnceWith(json);
    expect(RollClass.fromData.mock.calls[0]?.[0]).toBe(json);
  });

  it("refuses JSON that builds a roll of another class", () => {
    const RollClass = rollClass(() => ({ formula: "1d10" }));
    expect(() => rollFromJson(RollClass, { class: "Roll", formula: "1d10" })).toThrow("another roll");
  });
});

describe("updateRolls", () => {
  function rollAs(json: object) {
    return { toJSON: vi.fn(() => json) };
  }

  it("writes every roll as its JSON, in order, in one update", async () => {
    const update = vi.fn(async () => undefined);
    const rolls = [rollAs({ formula: "1d10" }), rollAs({ formula: "2d10" }), rollAs({ formula: "3d10" })];
    await updateRolls({ update } as never, rolls as never);
    expect(update).toHaveBeenCalledExactlyOnceWith({
      rolls: [{ formula: "1d10" }, { formula: "2d10" }, { formula: "3d10" }],
    });
    for (const roll of rolls) expect(roll.toJSON).toHaveBeenCalledOnce();
  });

  it("writes no roll as an empty list, which takes the message's rolls away", async () => {
    const update = vi.fn(async () => undefined);
    await updateRolls({ update } as never, []);
    expect(update).toHaveBeenCalledExactlyOnceWith({ rolls: [] });
  });

  it("settles only once the update is written", async () => {
    let written: () => void = () => undefined;
    const update = vi.fn(() => new Promise<void>((resolve) => (written = resolve)));
    let settled = false;
    const done = updateRolls({ update } as never, [rollAs({})] as never).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    written();
    await done;
    expect(settled).toBe(true);
  });

  it("fails when the update fails", async () => {
    const update = vi.fn(async () => {
      throw new Error("refused");
    });
    await expect(updateRolls({ update } as never, [rollAs({})] as never)).rejects.toThrow("refused");
  });
});
