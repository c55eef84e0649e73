import { describe, expect, it } from "vitest";
import { RulesError } from "../errors";
import { replayFaces } from "../random";
import { defenseDiceAtRoundStart, initiativeTurns, rollWuxiaInitiative, spendInitiativeSuccesses } from "./initiative";

describe("rollWuxiaInitiative", () => {
  it("rolls Métal dice against SR 10 − the combat skill; base Initiative = Métal", () => {
    const roll = rollWuxiaInitiative(4, 3, replayFaces([7, 2, 10, 6]));
    expect(roll).toMatchObject({ base: 4, threshold: 7, successes: 2, faces: [7, 2, 10, 6] });
  });

  it("takes another SR and specialisation rerolls", () => {
    const roll = rollWuxiaInitiative(2, 3, replayFaces([1, 9, 8]), { sr: 12, rerolls: 1 });
    expect(roll).toMatchObject({ threshold: 9, faces: [8, 9], successes: 1 });
  });

  it("rejects bad arguments, naming them as the caller wrote them", () => {
    const random = replayFaces([5, 5, 5]);
    expect(() => rollWuxiaInitiative(-1, 3, random)).toThrow(/^metal must be between 0/);
    expect(() => rollWuxiaInitiative(2.5, 3, random)).toThrow(/^metal must be an integer/);
    expect(() => rollWuxiaInitiative(3, Number.NaN, random)).toThrow(/^combatSkill must be an integer/);
    expect(() => rollWuxiaInitiative(3, 2, random, { sr: 10.5 })).toThrow(/^options\.sr must be an integer/);
    expect(() => rollWuxiaInitiative(3, 2, random, { rerolls: -1 })).toThrow(/^options\.rerolls/);
  });
});

describe("spendInitiativeSuccesses", () => {
  it("each success buys +1 Initiative, an extra action or a Defense die", () => {
    expect(spendInitiativeSuccesses(4, 3, { initiative: 1, extraActions: 1, defenseDice: 1 })).toEqual({
      initiative: 5,
      extraActions: 1,
      defenseDice: 1,
      unspent: 0,
    });
    expect(spendInitiativeSuccesses(4, 2, { defenseDice: 1 })).toEqual({
      initiative: 4,
      extraActions: 0,
      defenseDice: 1,
      unspent: 1,
    });
  });

  it("refuses to spend more successes than rolled", () => {
    expect(() => spendInitiativeSuccesses(4, 1, { initiative: 1, defenseDice: 1 })).toThrow(RulesError);
    expect(() => spendInitiativeSuccesses(4, 1, { initiative: 2 })).toThrow(
      expect.objectContaining({ code: "WH.Error.OverSpent" }),
    );
    expect(() => spendInitiativeSuccesses(4, 1, { initiative: -1 })).toThrow(/^purchase\.initiative/);
  });
});

describe("initiativeTurns", () => {
  it("[default] first turns in decreasing Initiative, then extra actions in passes, in Initiative order", () => {
    const turns = initiativeTurns([
      { id: "A", initiative: 12, extraActions: 1 },
      { id: "B", initiative: 15, extraActions: 0 },
      { id: "C", initiative: 12, extraActions: 2 },
    ]);
    expect(turns.map((t) => `${t.id}${t.turn}`)).toEqual(["B1", "A1", "C1", "A2", "C2", "C3"]);
  });

  it("rejects a bad Initiative, naming the combatant", () => {
    expect(() => initiativeTurns([{ id: "A", initiative: Number.NaN, extraActions: 0 }])).toThrow(
      /^combatants\[0\]\.initiative/,
    );
  });
});

describe("defenseDiceAtRoundStart", () => {
  it("[default] unspent Defense dice are lost at the next round's start", () => {
    expect(defenseDiceAtRoundStart(3)).toBe(0);
    expect(defenseDiceAtRoundStart(3, { defenseDiceCarryOver: true })).toBe(3);
  });
});
