import { beforeEach, describe, expect, it } from "vitest";
import { groupCountAtLeast, groupMargins, harmoniesOdds, mulberry32, rollGroupIndividually } from "../../rules";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";
import type { GroupRollConfig, HarmoniesGroupRoll as GroupRollClass } from "./group-roll";
import type { GroupRollMode } from "../../settings/rolls";

let foundry: FoundryDouble;
let HarmoniesGroupRoll: typeof GroupRollClass;

function band(size: number, mode: GroupRollMode, open = false): GroupRollConfig {
  return {
    size,
    characteristic: "agilite",
    characteristicValue: 0,
    means: "manoeuvre",
    meansValue: 0,
    skillName: null,
    skillLevel: 0,
    difficulty: 0,
    open,
    mode,
    actorUuid: null,
    actorName: "Gardes",
  };
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

  it("book method 2: 300 soldiers at +2 → 30 at +2, 28 at +1, 27 at +3, 216 succeeded: the rows at 0 and above (RULES 3.3)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([6, 4]);
    const outcome = (await HarmoniesGroupRoll.build(band(300, "book2")).evaluate()).outcome;
    const at = (m: number) => outcome.margins.find((c) => c.margin === m)?.count;
    expect([at(2), at(1), at(3), at(0), at(4)]).toEqual([30, 28, 27, 25, 25]);
    expect(outcome.succeeded).toBe(216);
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
    const again = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never) as InstanceType<
      typeof HarmoniesGroupRoll
    >;
    expect(again.outcome).toEqual(roll.outcome);
    expect(await again.render()).toBe(await roll.render());
  });

  it("names the mode used on its card", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 3]);
    const html = await (await HarmoniesGroupRoll.build(band(25, "book1")).evaluate()).render();
    expect(html).toContain(foundry.game.i18n.localize("WH.Settings.GroupRollMode.Book1"));
  });

  it("exact mode reads the whole distribution, not the book's table (300 soldiers at +2)", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([6, 4]);
    const roll = await HarmoniesGroupRoll.build(band(300, "exact")).evaluate();
    expect(roll.outcome.margins).toEqual(groupMargins(300, 2, "exact"));
    expect(roll.outcome.margins).not.toEqual(groupMargins(300, 2, "book"));
    expect(roll.outcome.succeeded).toBe(groupCountAtLeast(300, 2, 0, "exact"));
    expect(roll.total).toBe(2);
  });

  it("an open roll explodes its 10s, keeps the open odds and reads the group's margins as open", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 4, 3]);
    const roll = await HarmoniesGroupRoll.build(band(100, "exact", true)).evaluate();
    expect(roll.outcome.margin).toBe(11);
    expect(roll.state.odds).toBe(harmoniesOdds(0, { open: true }));
    expect(roll.state.odds).not.toBe(harmoniesOdds(0));
    expect(roll.outcome.margins).toEqual(groupMargins(100, 11, "exact", { open: true }));
    expect(roll.outcome.margins).not.toEqual(groupMargins(100, 11, "exact"));
    expect(roll.outcome.succeeded).toBe(groupCountAtLeast(100, 11, 0, "exact", { open: true }));
  });

  it("individual mode counts who reached margin 0 or more, each member's dice from Foundry's RNG", async () => {
    // Three guards at +0: 5 − 5 = 0 succeeds, 3 − 8 = −5 fails, 9 − 2 = +7 succeeds.
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 3, 8, 9, 2]);
    const roll = await HarmoniesGroupRoll.build(band(3, "individual")).evaluate();
    expect(roll.outcome).toEqual({
      margin: null,
      succeeded: 2,
      failed: 1,
      margins: [
        { margin: -5, count: 1 },
        { margin: 0, count: 1 },
        { margin: 7, count: 1 },
      ],
    });
    expect(roll.total).toBe(0);
    // Open: a 10 rolls again, so one guard reaches +13.
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 5, 2]);
    const open = await HarmoniesGroupRoll.build(band(1, "individual", true)).evaluate();
    expect(open.outcome.margins).toEqual([{ margin: 13, count: 1 }]);
  });

  it("rebuilt from its state alone, rolls what its state holds; without a state it has none to read", () => {
    const state = HarmoniesGroupRoll.build({ ...band(5, "individual"), difficulty: -2 }).state;
    expect(new HarmoniesGroupRoll(undefined, undefined, { group: state }).formula).toBe("-2");
    expect(new HarmoniesGroupRoll(undefined, undefined, { group: { ...state, mode: "book1" } }).formula).toBe(
      "1d10 - 1d10 - 2",
    );
    expect(new HarmoniesGroupRoll().formula).toBe("0");
    expect(() => new HarmoniesGroupRoll("0").state).toThrow(/options.group/);
  });

  it("is rolled when first drawn, and drawn privately without its dice", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 3]);
    const hidden = await HarmoniesGroupRoll.build(band(25, "book1")).render({ isPrivate: true });
    expect(hidden).toContain(foundry.game.i18n.localize("WH.Chat.Private"));
    expect(hidden).not.toContain("dice-tooltip");
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 3]);
    expect(await HarmoniesGroupRoll.build(band(25, "book1")).render()).toContain("dice-tooltip");
  });

  it("individual mode: a large group's margins are drawn from Foundry's random source, as the rules draw them from it", async () => {
    for (const [size, open] of [
      [1_000_000, false],
      [1e9, true],
    ] as const) {
      foundry.CONFIG.Dice.randomUniform = mulberry32(12);
      const roll = await HarmoniesGroupRoll.build({ ...band(size, "individual", open), difficulty: 3 }).evaluate();
      const rng = mulberry32(12);
      // The rules read 1 − u: the face a core d10 shows for the same value of the PRNG.
      expect(roll.outcome.margins).toEqual(rollGroupIndividually(size, 3, () => 1 - rng(), { open }));
      expect(roll.outcome.succeeded + roll.outcome.failed).toBe(size);
    }
  });

  it("in every mode but method 1, who succeeded and who failed are the sums of the margins' counts", async () => {
    const faces = [
      [1, 10],
      [4, 4],
      [9, 2],
      [10, 3, 1],
    ];
    for (const mode of ["book2", "exact", "individual"] as const) {
      for (const size of [1, 17, 142, 300, 5000]) {
        for (const dice of faces) {
          foundry.CONFIG.Dice.randomUniform = mode === "individual" ? mulberry32(size) : facesRandom(dice);
          const { succeeded, failed, margins } = (
            await HarmoniesGroupRoll.build(band(size, mode, dice.length > 2)).evaluate()
          ).outcome;
          const label = `${mode}, ${size}, ${dice.join(" ")}`;
          expect(succeeded, label).toBe(margins.filter((m) => m.margin >= 0).reduce((sum, m) => sum + m.count, 0));
          expect(failed, label).toBe(margins.filter((m) => m.margin < 0).reduce((sum, m) => sum + m.count, 0));
        }
      }
    }
  });

  it.each([
    ["counts that do not add up to the group", [{ margin: 1, count: 4 }]],
    [
      "a margin listed twice",
      [
        { margin: 1, count: 2 },
        { margin: 1, count: 3 },
      ],
    ],
    [
      "a count of nobody",
      [
        { margin: 1, count: 5 },
        { margin: 2, count: 0 },
      ],
    ],
    [
      "a negative count",
      [
        { margin: 1, count: 6 },
        { margin: 2, count: -1 },
      ],
    ],
  ])("a roll of every member whose margins hold %s is not one the system made", async (_what, individual) => {
    foundry.CONFIG.Dice.randomUniform = mulberry32(4);
    const roll = await HarmoniesGroupRoll.build(band(5, "individual")).evaluate();
    const json = JSON.parse(JSON.stringify(roll.toJSON())) as { options: { group: { individual: unknown } } };
    const again = () => Roll.fromData(json as never) as InstanceType<typeof HarmoniesGroupRoll>;
    expect(again().readable).toBe(true);
    json.options.group.individual = individual;
    expect(again().readable).toBe(false);
  });
});
