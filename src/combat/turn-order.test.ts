import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { actionsLeft, compareEntries, pendingTurn, previousTurn, roundTurns, type TurnEntry } from "./turn-order";

const entry = (id: string, initiative: number | null, extraActions = 0, turnsTaken = 0, defeated = false) => ({
  id,
  name: id,
  initiative,
  extraActions,
  turnsTaken,
  defeated,
});

/** Takes the pending turn, as the Combat does when a turn ends. */
function take(entries: TurnEntry[]): TurnEntry[] {
  const pending = pendingTurn(entries);
  return entries.map((e) => (e.id === pending?.id ? { ...e, turnsTaken: e.turnsTaken + 1 } : e));
}

const entries = fc
  .uniqueArray(
    fc.record({
      id: fc.stringMatching(/^[a-z]{1,6}$/),
      initiative: fc.option(fc.integer({ min: -5, max: 30 }), { nil: null }),
      extraActions: fc.integer({ min: 0, max: 4 }),
      defeated: fc.boolean(),
    }),
    { selector: (e) => e.id, maxLength: 8 },
  )
  .map((list) => list.map((e) => ({ ...e, name: e.id, turnsTaken: 0 })));

describe("the Wuxia round's turns (RULES 1.4 [default])", () => {
  it("gives every first turn in Initiative order, then the extra actions in passes", () => {
    const turns = roundTurns([entry("ogre", 15, 0), entry("hero", 10, 2), entry("wolf", 12, 1)]);
    expect(turns.map((t) => `${t.id}${t.turn}`)).toEqual(["ogre1", "wolf1", "hero1", "wolf2", "hero2", "hero3"]);
  });

  it("puts combatants not yet rolled last, and gives the defeated no turn", () => {
    const turns = roundTurns([entry("late", null), entry("down", 20, 3, 0, true), entry("low", -4)]);
    expect(turns.map((t) => t.id)).toEqual(["low", "late"]);
  });

  it("orders by Initiative before any name, and puts a combatant not rolled after any rolled one", () => {
    const high = { id: "a", name: "Zed", initiative: 9 };
    const low = { id: "b", name: "Abe", initiative: 5 };
    const unrolled = { id: "c", name: "Aaron", initiative: null };
    expect([low, unrolled, high].sort(compareEntries).map((e) => e.name)).toEqual(["Zed", "Abe", "Aaron"]);
    expect([unrolled, { ...low, initiative: -30 }].sort(compareEntries).map((e) => e.name)).toEqual(["Abe", "Aaron"]);
    expect(compareEntries({ id: "b", name: "Ah", initiative: 5 }, { id: "a", name: "Ah", initiative: 5 })).toBe(1);
    expect(compareEntries({ id: "a", name: "Ah", initiative: 5 }, { id: "b", name: "Ah", initiative: 5 })).toBe(-1);
  });

  it("steps back from the end of a round to its last turn", () => {
    const all = [entry("ogre", 15, 0, 1), entry("hero", 10, 1, 2)];
    expect(pendingTurn(all)).toBeNull();
    expect(previousTurn(all)).toEqual({ id: "hero", turn: 2 });
  });

  it("breaks Initiative ties by name, then id, so every client orders alike", () => {
    const a = { id: "b", name: "Ah", initiative: 5 };
    const b = { id: "a", name: "Ah", initiative: 5 };
    const c = { id: "c", name: "Bo", initiative: 5 };
    expect([c, a, b].sort(compareEntries).map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(compareEntries(a, a)).toBe(0);
  });

  it("orders tied names the same whatever language the client runs in", () => {
    const tied = [
      { id: "b", name: "Zoé", initiative: 4 },
      { id: "a", name: "Émile", initiative: 4 },
      { id: "c", name: "zoe", initiative: 4 },
    ];
    const order = () => [...tied].sort(compareEntries).map((e) => e.name);
    const expected = order();
    // A client whose language sorts names otherwise (String#localeCompare follows the browser's):
    // here by code point, which puts "Zoé" before "Émile".
    const spy = vi.spyOn(String.prototype, "localeCompare").mockImplementation(function (this: string, other: string) {
      return this < other ? -1 : this > other ? 1 : 0;
    });
    try {
      expect(order()).toEqual(expected);
    } finally {
      spy.mockRestore();
    }
    expect(expected).toEqual(["Émile", "zoe", "Zoé"]);
  });

  it("walks every turn of the round once, in order, as turns are taken; none is left after the last", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const expected = roundTurns(list);
        let state = list;
        const walked = [];
        for (let i = 0; i < expected.length; i++) {
          walked.push(pendingTurn(state));
          state = take(state);
        }
        expect(walked).toEqual(expected);
        expect(pendingTurn(state)).toBeNull();
        expect(state.every((e) => actionsLeft(e) === 0)).toBe(true);
      }),
    );
  });

  it("steps back to the turn just taken: previousTurn undoes taking a turn", () => {
    fc.assert(
      fc.property(entries, fc.nat(20), (list, steps) => {
        let state = list;
        const total = roundTurns(list).length;
        for (let i = 0; i < Math.min(steps, total); i++) state = take(state);
        const back = previousTurn(state);
        if (steps === 0 || total === 0) {
          expect(back).toBeNull();
          return;
        }
        const undone = state.map((e) => (e.id === back?.id ? { ...e, turnsTaken: e.turnsTaken - 1 } : e));
        expect(pendingTurn(undone)).toEqual(back);
      }),
    );
  });

  it("counts actions left: the first turn and the extra actions, less the turns taken; none when defeated", () => {
    expect(actionsLeft(entry("a", 5, 2, 0))).toBe(3);
    expect(actionsLeft(entry("a", 5, 2, 2))).toBe(1);
    expect(actionsLeft(entry("a", 5, 0, 3))).toBe(0);
    expect(actionsLeft(entry("a", 5, 2, 0, true))).toBe(0);
  });
});
