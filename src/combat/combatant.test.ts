// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, must, roundOf, scriptFaces, wuxiaFight } from "../../test/support/combat";
import {
  createActor,
  createCombat,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/**
 * The system's Combatant: core's "roll initiative" makes the test of the combatant's rule set
 * (RULES 1.4, 2.5 [default]); anything the system does not know keeps core's formula.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

describe("a combatant's Initiative roll", () => {
  it("is a Harmonies character's pair the world names, closed, at difficulty 0", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesInitiativeCharacteristic", "intuition");
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesInitiativeMeans", "precision");
    const david = await harmoniesHero("David", {
      characteristics: { agilite: { value: 2 }, intuition: { value: 1 } },
      means: { precision: { value: 3 } },
    });
    const combat = await createCombat([david], { start: false });
    const combatant = must(combat.combatants.contents[0]);
    const roll = combatant.getInitiativeRoll() as unknown as {
      state: { characteristic: string; means: string; difficulty: number; open: boolean; modifier: number };
    };
    expect(roll.state).toMatchObject({ characteristic: "intuition", means: "precision", difficulty: 0, open: false });
    expect(roll.state.modifier).toBe(4);
  });

  it("keeps core's formula for a combatant with no actor of the system's", async () => {
    const ghost = await createActor({ name: "Ghost", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    const combat = await createCombat([ghost], { start: false });
    const combatant = must(combat.combatants.contents[0]);
    await as("gm", () => ghost.delete());
    const roll = combatant.getInitiativeRoll("1d20 + 2");
    expect([roll.constructor.name, roll.formula]).toEqual(["Roll", "1d20 + 2"]);
  });

  it("rolled from a Wuxia combatant is its round start, through its combat", async () => {
    const { combat } = await wuxiaFight();
    const late = await wuxiaHero("Mei Ling");
    const [joined] = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id }] as never),
    )) as Combatant.Implementation[];
    scriptFaces([10, 10, 2]);
    await as("player", () => must(joined).rollInitiative());
    await vi.waitFor(() => expect(roundOf(joined)).toMatchObject({ round: 1, successes: 2 }));
    expect(joined?.initiative).toBe(5);
    expect(must(postedMessages().at(-1)).rolls.map((r) => r.constructor.name)).toEqual(["WuxiaRoll"]);
  });
});

describe("the Initiative roll through the roll pipeline", () => {
  it("shows each rule set's Initiative roll to the preRoll hook, with its checked state", async () => {
    const { PRE_ROLL_HOOK } = await import("../rolls/pipeline");
    const seen: string[] = [];
    foundry.Hooks.on(PRE_ROLL_HOOK, (subject: { name: string }, state: { attribute?: string; sr?: number }) => {
      seen.push(`${subject.name}:${state.attribute ?? "pair"}:${state.sr ?? "-"}`);
    });
    const david = await harmoniesHero("David");
    const combat = await createCombat([david], { start: false });
    must(combat.combatants.contents[0]).getInitiativeRoll();
    await wuxiaFight();
    expect(seen[0]).toBe("David:pair:-");
    expect(seen.slice(1).every((s) => s.endsWith(":metal:10"))).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
  });

  it("cancelled by a preRoll handler, is refused and writes no Initiative", async () => {
    const { PRE_ROLL_HOOK } = await import("../rolls/pipeline");
    const david = await harmoniesHero("David");
    const combat = await createCombat([david], { start: false });
    const combatant = must(combat.combatants.contents[0]);
    const { combat: wuxia } = await wuxiaFight();
    const late = await wuxiaHero("Mei Ling");
    const [joined] = (await as("gm", () =>
      wuxia.createEmbeddedDocuments("Combatant", [{ actorId: late.id }] as never),
    )) as Combatant.Implementation[];
    foundry.Hooks.on(PRE_ROLL_HOOK, () => false);
    await expect(as("gm", () => combat.rollInitiative([combatant.id ?? ""]))).rejects.toMatchObject({
      key: "WH.Combat.Error.InitiativeCancelled",
      data: { name: "David" },
    });
    expect(combatant.initiative).toBeNull();
    await expect(as("gm", () => must(joined).rollInitiative())).rejects.toMatchObject({
      key: "WH.Combat.Error.InitiativeCancelled",
    });
    expect([roundOf(joined).round, joined?.initiative]).toEqual([0, null]);
  });
});
