// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { serverWrites } from "../../test/foundry/combat";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, must, roundOf, scriptFaces, wuxiaFight } from "../../test/support/combat";
import {
  createActor,
  createCombat,
  harmoniesHero,
  postedMessages,
  seatUser,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import type { WuxiaHarmoniesCombat } from "./combat";

/**
 * The system's Combat (RULES 1.4, 2.5): which combats run Wuxia rounds, what starts a round and
 * what does not, the late joiner's roll, the turn hooks modules see, and the Harmonies combat left
 * to core's turns.
 */

let foundry: FoundryDouble;
const userId = (who: "gm" | "player") => (seatUser(who) as { id: string }).id;
const combatWrites = () => serverWrites.filter((w) => w.documentName === "Combat" && w.action === "update");

beforeEach(async () => {
  foundry = await startWorld();
});

describe("which combats run Wuxia rounds", () => {
  it("one with a Wuxia character among Harmonies ones: its round start rolls the Wuxia ones only", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const david = await harmoniesHero("David");
    // Lin Mei's Métal 3 without a combat skill: 10 10 2, two successes.
    scriptFaces([10, 10, 2]);
    const combat = (await createCombat([david, linMei], { initiatives: [7, null] })) as WuxiaHarmoniesCombat;
    expect(combat.wuxiaRounds).toBe(true);
    const [dav, lin] = combat.combatants.contents;
    expect([dav?.initiative, lin?.initiative, roundOf(lin).successes]).toEqual([7, 5, 2]);
    expect(roundOf(dav)).toMatchObject({ round: 0, successes: 0, turnsTaken: 0 });
    expect(postedMessages().map((m) => m.rolls.length)).toEqual([1]);
    expect(combat.combatant?.name).toBe("David");
  });
});

describe("a mixed combat over two rounds", () => {
  it("gives the Harmonies combatant its turn again in the next round", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const david = await harmoniesHero("David");
    scriptFaces([2, 2, 2]);
    const combat = (await createCombat([david, linMei], { initiatives: [7, null] })) as WuxiaHarmoniesCombat;
    expect(combat.combatant?.name).toBe("David");
    await as("player", () => combat.nextTurn());
    expect(combat.combatant?.name).toBe("Lin Mei");
    scriptFaces([2, 2, 2]);
    await as("player", () => combat.nextTurn());
    expect([combat.round, combat.combatant?.name]).toEqual([2, "David"]);
    expect(roundOf(combat.combatants.contents[0]).turnsTaken).toBe(0);
  });
});

describe("what starts a round", () => {
  it("ending a turn, a step back to the round before, or a reserve die rolls nothing again", async () => {
    const { combat, lin } = await wuxiaFight();
    const { combatRequests } = await import("./requests");
    await as("gm", () => combat.nextTurn());
    await as("gm", () => combatRequests.adjustPool(combat, "friendly", "up"));
    expect([postedMessages().length, lin.initiative, combat.round]).toEqual([1, 5, 1]);
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.nextRound());
    expect(postedMessages()).toHaveLength(2);
    await as("gm", () => combat.previousRound());
    expect([combat.round, postedMessages().length, lin.initiative]).toEqual([1, 2, 3]);
  });

  it("keeps a combatant change the round's update already carries, next to the new Initiative tests", async () => {
    const { combat, lin, zhaoC, banditC } = await wuxiaFight();
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    serverWrites.length = 0;
    await as("gm", () => combat.update({ round: 2, combatants: [{ _id: zhaoC.id, defeated: true }] } as never));
    expect([zhaoC.defeated, roundOf(zhaoC).round, roundOf(lin).round]).toEqual([true, 2, 2]);
    const [write] = combatWrites();
    const written = (must(write).data[0] as { combatants: { _id: string }[] }).combatants.map((c) => c._id);
    expect(written.sort()).toEqual([lin.id, zhaoC.id, banditC.id].sort());
    expect(combat.combatant?.name).toBe("Bandit");
  });

  it("a round where every combatant is down starts at the first turn", async () => {
    const { combat, lin, zhaoC, banditC } = await wuxiaFight();
    for (const c of [lin, zhaoC, banditC]) await as("gm", () => c.update({ defeated: true } as never));
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.nextRound());
    expect([combat.round, combat.turn]).toEqual([2, 0]);
  });
});

describe("rolling Initiative in a Wuxia combat", () => {
  it("takes one id or several; the GM's roll of late joiners is one Combat update and one summary", async () => {
    const { combat } = await wuxiaFight();
    const one = await wuxiaHero("Mei Ling");
    const two = await wuxiaHero("Hu");
    const joined = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: one.id }, { actorId: two.id }] as never),
    )) as Combatant.Implementation[];
    const a = must(joined[0]?.id);
    const b = must(joined[1]?.id);
    serverWrites.length = 0;
    scriptFaces([2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.rollInitiative([a, b]));
    expect([combatWrites().length, postedMessages().length]).toEqual([1, 2]);
    expect(must(postedMessages().at(-1)).rolls).toHaveLength(2);
    scriptFaces([10, 2, 2]);
    await as("gm", () => combat.rollInitiative(a));
    expect(combat.combatants.get(a)?.initiative).toBe(4);
  });

  it("keeps the turn with the combatant acting when a late joiner's Initiative puts it first", async () => {
    const { combat } = await wuxiaFight();
    expect(combat.combatant?.name).toBe("Bandit");
    const late = await wuxiaHero("Mei Ling");
    const [joined] = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id }] as never),
    )) as Combatant.Implementation[];
    // Three 10s: Initiative 6, above everyone's 5.
    scriptFaces([10, 10, 10]);
    await as("player", () => combat.rollInitiative([must(joined?.id)]));
    expect(combat.turns[0]?.name).toBe("Mei Ling");
    expect(combat.combatant?.name).toBe("Bandit");
  });

  it("rolls a Harmonies combat's Initiatives as core does, then records them in one Combat update", async () => {
    const david = await harmoniesHero("David");
    const goliath = await harmoniesHero("Goliath");
    const combat = await createCombat([david, goliath], { start: false });
    serverWrites.length = 0;
    scriptFaces([6, 4, 9, 1]);
    await as("gm", () => combat.rollInitiative(combat.combatants.contents.map((c) => c.id ?? "")));
    await vi.waitFor(() => expect(combatWrites()).toHaveLength(1));
    const rolled = combat.combatants.contents.map((c) => [c.id, c.initiative]);
    expect(rolled.every(([, initiative]) => typeof initiative === "number")).toBe(true);
    const rounds = (combat.system as unknown as { rounds: { combatantId: string; initiative: number | null }[] })
      .rounds;
    expect(rounds.map((r) => [r.combatantId, r.initiative])).toEqual(rolled);
  });
});

describe("the turn hooks a module sees", () => {
  it("combatTurn gets the turn's direction and the world time it moves, forward and back", async () => {
    const { combat } = await wuxiaFight();
    const seen: unknown[] = [];
    foundry.Hooks.on("combatTurn", (_combat: unknown, _data: unknown, options: unknown) => seen.push(options));
    await as("gm", () => combat.nextTurn());
    await as("gm", () => combat.previousTurn());
    const turnTime = (foundry.CONFIG as unknown as { time: { turnTime: number } }).time.turnTime;
    expect(seen).toEqual([
      { direction: 1, worldTime: { delta: turnTime } },
      { direction: -1, worldTime: { delta: -turnTime } },
    ]);
    expect([combat.round, combat.combatant?.name]).toEqual([1, "Bandit"]);
  });
});

describe("a player and the round", () => {
  it("moves the round on only by ending the round's last turn, and only their own", async () => {
    const { combat } = await wuxiaFight();
    await expect(as("player", () => combat.nextRound())).rejects.toMatchObject({ key: "WH.Combat.Error.NotYourTurn" });
    await as("gm", () => combat.nextTurn());
    await as("player", () => combat.nextTurn());
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    // Zhao's turn is the round's last: the second player's click starts round 2 (the GM's write).
    serverWrites.length = 0;
    await as("stranger", () => combat.nextTurn());
    expect([combat.round, combatWrites().map((w) => w.userId)]).toEqual([2, [userId("gm")]]);
    await expect(as("player", () => combat.nextRound())).rejects.toMatchObject({ key: "WH.Combat.Error.NotYourTurn" });
    await as("gm", () => combat.nextRound());
    expect(combat.round).toBe(3);
  });
});

describe("a Harmonies combat", () => {
  it("keeps core's turns: a player ends their own turn from their client, the GM steps back a turn", async () => {
    const david = await harmoniesHero("David");
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    const combat = await createCombat([david, goliath], { initiatives: [9, 3] });
    serverWrites.length = 0;
    await as("player", () => combat.nextTurn());
    expect(combatWrites().map((w) => w.userId)).toEqual([userId("player")]);
    expect([combat.round, combat.combatant?.name]).toEqual([1, "Goliath"]);
    await as("gm", () => combat.previousTurn());
    expect([combat.round, combat.combatant?.name]).toEqual([1, "David"]);
  });
});
