// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { as, must, reserveOf, roundOf, scriptFaces, wuxiaFight } from "../../test/support/combat";
import { carryOutAs, createCombat, startWorld, wuxiaHero } from "../../test/support/world";
import type { WuxiaHarmoniesCombat } from "./combat";

/**
 * The combat requests the GM carries out, each refusal from the seat that would try it: a combat
 * or combatant that is gone, a turn that moved, a round not rolled, dice already used, a late
 * joiner's own test, the GM's pools.
 */

beforeEach(async () => {
  await startWorld();
});

/** Lin Mei (the player's; Chasseur 3: 8 9 2 → 2 successes), Zhao (the stranger's: 1), Bandit (the GM's: 2). */
const fight = (start = true) => wuxiaFight({ start });

describe("what the combat requests refuse", () => {
  it("a combat that is gone, and a combatant no longer in it", async () => {
    const { combat } = await fight();
    await expect(
      carryOutAs("player", "combatSpendInitiative", {
        combatId: "gone00000000000",
        combatantId: "x",
        initiative: 0,
        actions: 0,
        defense: 0,
      }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NoCombat" });
    await expect(
      carryOutAs("player", "combatSpendInitiative", {
        combatId: combat.id,
        combatantId: "gone00000000000",
        initiative: 0,
        actions: 0,
        defense: 0,
      }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NoCombatant" });
  });

  it("a GM's second click on a turn that already moved: the turn advances once", async () => {
    const { combat } = await fight();
    const clicks = await Promise.allSettled([as("gm", () => combat.nextTurn()), as("gm", () => combat.nextTurn())]);
    expect(clicks.map((c) => c.status)).toEqual(["fulfilled", "rejected"]);
    expect((clicks[1] as PromiseRejectedResult).reason).toMatchObject({ key: "WH.Combat.Error.TurnMoved" });
    expect(combat.combatant?.name).toBe("Lin Mei");
  });

  it("a split before the combat has begun: nothing was rolled", async () => {
    const { combat, lin } = await fight(false);
    const { combatRequests } = await import("./requests");
    await expect(
      as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 0, actions: 0, defense: 0 })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotRolled" });
  });

  it("keeps the turn with the combatant acting when its own split moves it down the order", async () => {
    const { combat, lin } = await fight();
    await as("gm", () => combat.nextTurn());
    expect(combat.combatant?.name).toBe("Lin Mei");
    const { combatRequests } = await import("./requests");
    await as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 0, actions: 2, defense: 0 }));
    expect(combat.turns.map((c) => c.name)).toEqual(["Bandit", "Zhao", "Lin Mei"]);
    expect([combat.combatant?.name, combat.turn]).toEqual(["Lin Mei", 2]);
  });

  it("a Defense die nobody holds, and a click on dice that changed meanwhile", async () => {
    const { combat, lin } = await fight();
    const { combatRequests } = await import("./requests");
    await expect(as("player", () => combatRequests.spendDefenseDie(combat, lin))).rejects.toMatchObject({
      key: "WH.Combat.Error.NoDefenseDice",
      data: { name: "Lin Mei" },
    });
    await expect(
      carryOutAs("player", "combatSpendDefenseDie", { combatId: combat.id, combatantId: lin.id, seen: 3 }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.DiceMoved" });
  });
});

describe("a combatant joining late", () => {
  it("makes its own round start through the GM, once per round; a stranger cannot make it", async () => {
    const { combat } = await fight();
    const late = await wuxiaHero("Mei Ling");
    const [joined] = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id }] as never),
    )) as Combatant.Implementation[];
    await expect(as("stranger", () => combat.rollInitiative([must(joined).id ?? ""]))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    scriptFaces([10, 10, 10]);
    await as("player", () => combat.rollInitiative([must(joined).id ?? ""]));
    expect([roundOf(joined).round, joined?.initiative]).toEqual([1, 6]);
    await expect(as("player", () => combat.rollInitiative([must(joined).id ?? ""]))).rejects.toMatchObject({
      key: "WH.Combat.Error.AlreadyRolled",
      data: { name: "Mei Ling" },
    });
  });
});

describe("the GM's pools", () => {
  it("raises and lowers a side's reserve and a row's Defense dice, never below 0, and only for a GM", async () => {
    const { combat, banditC } = await fight();
    const { combatRequests } = await import("./requests");
    await as("gm", () => combatRequests.adjustPool(combat, "friendly", "up"));
    await as("gm", () => combatRequests.adjustPool(combat, "friendly", "up"));
    await as("gm", () => combatRequests.adjustPool(combat, "friendly", "down"));
    expect(reserveOf(combat)).toEqual({ friendly: 1, hostile: 0 });
    await as("gm", () => combatRequests.adjustPool(combat, "hostile", "down"));
    expect(reserveOf(combat).hostile).toBe(0);
    await as("gm", () => combatRequests.adjustPool(combat, "defense", "up", banditC));
    await as("gm", () => combatRequests.adjustPool(combat, "defense", "down", banditC));
    await as("gm", () => combatRequests.adjustPool(combat, "defense", "down", banditC));
    expect(roundOf(banditC).defenseDice).toBe(0);
    await expect(as("player", () => combatRequests.adjustPool(combat, "friendly", "up"))).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    await expect(
      carryOutAs("gm", "combatAdjustPool", { combatId: combat.id, pool: "friendly", direction: "up", seen: 5 }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.DiceMoved" });
    await expect(
      carryOutAs("gm", "combatAdjustPool", { combatId: combat.id, pool: "mana", direction: "up", seen: 0 }),
    ).rejects.toMatchObject({ key: "WH.Request.Error.BadField", data: { field: "pool" } });
    expect(reserveOf(combat)).toEqual({ friendly: 1, hostile: 0 });
  });
});

describe("a combat of both rule sets", () => {
  it("rolls Wuxia combatants by their round start and Harmonies ones by core's roll, from one click", async () => {
    const { harmoniesHero, postedMessages } = await import("../../test/support/world");
    const linMei = await wuxiaHero("Lin Mei");
    const david = await harmoniesHero("David");
    const combat = (await createCombat([linMei, david], { start: false })) as WuxiaHarmoniesCombat;
    const [lin, dav] = combat.combatants.contents;
    scriptFaces([10, 10, 2, 6, 4]);
    await as("gm", () => combat.rollInitiative([must(lin).id ?? "", must(dav).id ?? ""]));
    // Lin Mei: Métal 3 + 2 successes (no combat skill: only 10s). David: Ag 2 + Mn 0 + (6 − 4).
    expect([lin?.initiative, dav?.initiative]).toEqual([5, 4]);
    const kinds = postedMessages().map((m) => m.rolls.map((r) => r.constructor.name).join("+"));
    expect(kinds).toEqual(["WuxiaRoll", "HarmoniesRoll"]);
  });

  it("steps back from a round's first turn to the round before", async () => {
    const { combat } = await fight();
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.nextRound());
    expect(combat.round).toBe(2);
    await as("gm", () => combat.previousTurn());
    expect(combat.round).toBe(1);
  });
});
