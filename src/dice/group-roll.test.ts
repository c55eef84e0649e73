import { beforeEach, describe, expect, it } from "vitest";
import { groupMargins, mulberry32 } from "../rules";
import { facesRandom, startWorld } from "../../test/support/world";
import type { FoundryDouble } from "../../test/foundry/install";
import type { GroupRollConfig, HarmoniesGroupRoll as GroupRollClass } from "./group-roll";
import type { GroupRollMode } from "../settings/rolls";

let foundry: FoundryDouble;
let HarmoniesGroupRoll: typeof GroupRollClass;

function band(size: number, mode: GroupRollMode, open = false): GroupRollConfig {
  return { size, characteristic: "agilite", characteristicValue: 0, means: "manoeuvre", meansValue: 0, skillName: null, skillLevel: 0, difficulty: 0, open, mode, actorUuid: null, actorName: "Gardes" };
}

beforeEach(async () => {
  foundry = await startWorld();
  ({ HarmoniesGroupRoll } = await import("./group-roll"));
});

describe("HarmoniesGroupRoll", () => {
  it("book method 1: 25 guards at margin +2 → 8 failed (RULES 3.2)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 3]);
    const roll = await HarmoniesGroupRoll.build(band(25, "book1")).evaluate();
    expect(roll.outcome).toEqual({ margin: 2, succeeded: 17, failed: 8, margins: [] });
  });

  it("book method 2: 300 soldiers at +2 → 30 at +2, 28 at +1, 27 at +3, 210 succeeded (RULES 3.3)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([6, 4]);
    const outcome = (await HarmoniesGroupRoll.build(band(300, "book2")).evaluate()).outcome;
    const at = (m: number) => outcome.margins.find((c) => c.margin === m)?.count;
    expect([at(2), at(1), at(3), at(0), at(4)]).toEqual([30, 28, 27, 25, 25]);
    expect(outcome.succeeded).toBe(210);
    expect(outcome.margins.reduce((s, c) => s + c.count, 0)).toBe(300);
  });

  it("exact mode apportions the whole group around its margin", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([2, 7]);
    const outcome = (await HarmoniesGroupRoll.build(band(1000, "exact")).evaluate()).outcome;
    expect(outcome.margin).toBe(-5);
    expect(outcome.margins).toEqual(groupMargins(1000, -5, "exact"));
    expect(outcome.succeeded + outcome.failed).toBe(1000);
  });

  it("individual mode rolls every member with Foundry's RNG and keeps the counts per margin", async () => {
    foundry.CONFIG.Dice.randomUniform = mulberry32(3);
    const roll = await HarmoniesGroupRoll.build(band(10000, "individual")).evaluate();
    expect(roll.formula).toBe("0");
    expect(roll.outcome.margin).toBeNull();
    expect(roll.outcome.margins.reduce((s, c) => s + c.count, 0)).toBe(10000);
    const again = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never) as InstanceType<typeof HarmoniesGroupRoll>;
    expect(again.outcome).toEqual(roll.outcome);
    expect(await again.render()).toBe(await roll.render());
  });

  it("names the mode used on its card", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 3]);
    const html = await (await HarmoniesGroupRoll.build(band(25, "book1")).evaluate()).render();
    expect(html).toContain(foundry.game.i18n.localize("WH.Settings.GroupRollMode.Book1"));
  });
});
