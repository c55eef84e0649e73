import { beforeEach, describe, expect, it } from "vitest";
import { mulberry32, wuxiaOdds } from "../../rules";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { FoundryDouble } from "../../../test/foundry/install";
import type { WuxiaGroupRoll as WuxiaGroupRollClass, WuxiaGroupRollConfig } from "./wuxia-group-roll";

let foundry: FoundryDouble;
let WuxiaGroupRoll: typeof WuxiaGroupRollClass;

/** Twelve archers (Feu 4, skill 2), a chief (Feu 6, skill 4), three recruits all out of the fight. */
function band(overrides: Partial<WuxiaGroupRollConfig> = {}): WuxiaGroupRollConfig {
  return {
    attribute: "feu",
    sr: 10,
    subgroups: [
      { label: "Archers", members: 12, attribute: 4, competence: 2 },
      { label: "Recrues", members: 0, attribute: 2, competence: 0 },
      { label: "Chef", members: 1, attribute: 6, competence: 4 },
    ],
    actorUuid: null,
    actorName: "Bandits",
    ...overrides,
  };
}

type Json = Record<string, unknown> & { terms: Record<string, unknown>[]; options: Record<string, unknown> };

async function evaluated(faces: number[], config = band()): Promise<InstanceType<typeof WuxiaGroupRoll>> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  return WuxiaGroupRoll.build(config).evaluate();
}

/** The roll rebuilt from JSON changed as a client could have written it. */
function rebuilt(
  roll: InstanceType<typeof WuxiaGroupRoll>,
  change: (json: Json) => void,
): InstanceType<typeof WuxiaGroupRoll> {
  const json = JSON.parse(JSON.stringify(roll.toJSON())) as Json;
  change(json);
  return Roll.fromData(json as never) as InstanceType<typeof WuxiaGroupRoll>;
}

beforeEach(async () => {
  foundry = await startWorld();
  ({ WuxiaGroupRoll } = await import("./wuxia-group-roll"));
});

describe("WuxiaGroupRoll", () => {
  it("rolls one core d10 term per sub-group still fighting; its total is the members whose sub-group succeeded", async () => {
    // Archers at 8: 9, 8 against one 1 (success); Chef at 6: 1, 1, 7 and failures (critical).
    const roll = await evaluated([9, 8, 3, 1, 1, 1, 7, 2, 3, 4]);
    expect(roll.formula).toBe("4d10 + 6d10");
    expect(roll.dice.map((d) => d.constructor.name)).toEqual(["Die", "Die"]);
    expect(roll.faces).toEqual([
      [9, 8, 3, 1],
      [1, 1, 7, 2, 3, 4],
    ]);
    expect(roll.total).toBe(12);
    expect(roll.outcome).toMatchObject({ succeeded: 12, failed: 1, critical: 1 });
    expect(roll.state.tests.map((t) => [t.label, t.threshold])).toEqual([
      ["Archers", 8],
      ["Chef", 6],
    ]);
    expect(roll.state.tests[0]?.odds.success).toBe(wuxiaOdds(4, 8).success);
    expect(roll.readable).toBe(true);
  });

  it("refuses a group with no one left in the fight", () => {
    expect(() =>
      WuxiaGroupRoll.build(band({ subgroups: [{ label: "Recrues", members: 0, attribute: 2, competence: 0 }] })),
    ).toThrow(/subgroups must be a non-empty list/);
  });

  it("survives toJSON and fromData with the same dice, outcome and card", async () => {
    foundry.CONFIG.Dice.randomUniform = mulberry32(11);
    const roll = await WuxiaGroupRoll.build(band()).evaluate();
    const again = rebuilt(roll, () => undefined);
    expect(again).toBeInstanceOf(WuxiaGroupRoll);
    expect([again.faces, again.total, again.outcome]).toEqual([roll.faces, roll.total, roll.outcome]);
    expect(await again.render()).toBe(await roll.render());
  });

  it("is unreadable when its dice or its state are not what the system makes", async () => {
    const roll = await evaluated([9, 8, 3, 1, 1, 1, 7, 2, 3, 4]);
    const unreadable = (change: (json: Json) => void) => rebuilt(roll, change).readable;
    const die = (json: Json, i: number) => json.terms.filter((t) => t.class === "Die")[i] as Record<string, unknown>;
    const state = (json: Json) =>
      json.options.wuxiaGroup as Record<string, unknown> & { tests: Record<string, unknown>[] };
    expect(unreadable(() => undefined)).toBe(true);
    expect(unreadable((j) => (die(j, 0).results as unknown[]).pop())).toBe(false);
    expect(unreadable((j) => ((die(j, 1).results as { result: number }[])[0] = { result: 11 } as never))).toBe(false);
    expect(unreadable((j) => (die(j, 0).options = { flavor: "<img>" }))).toBe(false);
    expect(unreadable((j) => (j.terms = j.terms.slice(0, 1)))).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], threshold: 2 }))).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], members: 0 }))).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], dice: 0 }))).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], label: 3 }))).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], odds: { success: 2, critical: 0 } }))).toBe(
      false,
    );
    expect(
      unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], odds: { success: 0.5, critical: -1 } })),
    ).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], odds: null }))).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], competence: 1.5 }))).toBe(false);
    expect(unreadable((j) => (state(j).tests = []))).toBe(false);
    expect(unreadable((j) => (state(j).tests = "x" as never))).toBe(false);
    expect(unreadable((j) => (state(j).tests[1] = null as never))).toBe(false);
    expect(unreadable((j) => (state(j).attribute = "air"))).toBe(false);
    expect(unreadable((j) => (state(j).sr = "10"))).toBe(false);
    expect(unreadable((j) => (state(j).actorName = null))).toBe(false);
    expect(unreadable((j) => (state(j).actorUuid = 7))).toBe(false);
    expect(unreadable((j) => (j.options.wuxiaGroup = null))).toBe(false);
    // A state and dice that agree with each other, but not with anything the system makes.
    expect(
      unreadable((j) => {
        state(j).tests = [];
        j.terms = [{ class: "NumericTerm", number: 0, options: {}, evaluated: true }];
      }),
    ).toBe(false);
    expect(
      unreadable((j) => {
        state(j).tests[0] = { ...state(j).tests[0], dice: 0 };
        Object.assign(die(j, 0), { number: 0, results: [] });
      }),
    ).toBe(false);
    expect(unreadable((j) => (state(j).tests[0] = { ...state(j).tests[0], members: 2e9 }))).toBe(false);
    expect(unreadable((j) => (j.evaluated = false))).toBe(false);
    expect(await rebuilt(roll, (j) => (die(j, 0).results as unknown[]).pop()).render()).toContain(
      foundry.game.i18n.localize("WH.Chat.Unreadable"),
    );
  });

  it("rebuilt from its state alone, rolls what its state holds; without a state it has none to read", () => {
    const state = WuxiaGroupRoll.build(band()).state;
    expect(new WuxiaGroupRoll(undefined, undefined, { wuxiaGroup: state }).formula).toBe("4d10 + 6d10");
    expect(new WuxiaGroupRoll().formula).toBe("0");
    expect(new WuxiaGroupRoll(undefined, undefined, {}).formula).toBe("0");
    expect(() => new WuxiaGroupRoll("1d10").state).toThrow(/options.wuxiaGroup/);
  });

  it("is rolled when first drawn, and drawn privately without its dice or rows", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 8, 3, 1, 1, 1, 7, 2, 3, 4]);
    const hidden = await WuxiaGroupRoll.build(band()).render({ isPrivate: true });
    expect(hidden).toContain(foundry.game.i18n.localize("WH.Chat.Private"));
    expect(hidden).not.toContain("dice-tooltip");
    expect(hidden).not.toContain("Archers");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 8, 3, 1, 1, 1, 7, 2, 3, 4]);
    const shown = await WuxiaGroupRoll.build(band()).render();
    expect(shown).toContain("dice-tooltip");
    expect(shown).toContain("Archers");
    expect(shown).toContain(foundry.game.i18n.localize("WH.Chat.WuxiaGroup.Critical"));
  });

  it("shows no critical count when no sub-group failed critically", async () => {
    const shown = await (await evaluated([9, 8, 3, 2, 9, 9, 7, 2, 3, 4])).render();
    expect(shown).not.toContain(foundry.game.i18n.localize("WH.Chat.WuxiaGroup.Critical"));
    expect(shown).toContain('data-wh-total="succeeded">13<');
  });
});
