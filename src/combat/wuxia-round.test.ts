// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { placeToken, serverWrites, turnEventsSettled } from "../../test/foundry/combat";
import type { FoundryDouble } from "../../test/foundry/install";
import type { WuxiaHarmoniesCombat } from "./combat";
import {
  ROUND_ONE_FACES,
  as,
  mirrorOf,
  must,
  roundOf,
  scriptFaces,
  wuxiaFight,
  wuxiaFighters,
} from "../../test/support/combat";
import {
  createCombat,
  harmoniesHero,
  playerId,
  postedMessages,
  seatUser,
  startWorld,
  strangerId,
  wuxiaHero,
  type Seat,
} from "../../test/support/world";

/**
 * A Wuxia fight in Foundry's tracker (RULES 1.4), from every seat: the GM, the player who owns
 * Lin Mei, and a second player who owns Zhao. Three combatants, each with Métal 3; Lin Mei fights
 * with Chasseur 3 (threshold 7), the others with no combat skill (threshold 10).
 */

let foundry: FoundryDouble;

const combatUpdates = () => serverWrites.filter((w) => w.documentName === "Combat" && w.action === "update").length;
const combatantWrites = () => serverWrites.filter((w) => w.documentName === "Combatant").length;

/** Round 1 with `ROUND_ONE_FACES`: Lin Mei 2 successes, Zhao 1, Bandit 2; the server's writes counted from here. */
function roundOne() {
  serverWrites.length = 0;
  return wuxiaFight();
}

beforeEach(async () => {
  foundry = await startWorld();
});

describe("a Wuxia round start", () => {
  it("rolls every combatant's Initiative test in the update that starts the round: one Combat update, one summary", async () => {
    const { combat, lin, zhaoC, banditC } = await roundOne();
    expect(combatUpdates()).toBe(1);
    expect(combatantWrites()).toBe(0);
    expect([lin?.initiative, zhaoC?.initiative, banditC?.initiative]).toEqual([5, 4, 5]);
    expect(roundOf(lin)).toMatchObject({ round: 1, successes: 2, spent: { initiative: 2, actions: 0, defense: 0 } });
    // A tie at 5 goes by name: Bandit first, then Lin Mei, then Zhao.
    expect(combat.turns.map((c) => c.name)).toEqual(["Bandit", "Lin Mei", "Zhao"]);
    expect(combat.combatant?.name).toBe("Bandit");
    const messages = postedMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.rolls).toHaveLength(3);
    const html = await messages[0]?.renderHTML();
    const rows = [...(html?.querySelectorAll(".wh-round-summary__row") ?? [])].map((r) =>
      [...r.children].map((cell) => cell.textContent?.trim()),
    );
    expect(rows).toEqual([
      ["Lin Mei", "5", "892", "2 successes: +0 actions, 0 Defense dice"],
      ["Zhao", "4", "1034", "1 success: +0 actions, 0 Defense dice"],
      ["Bandit", "5", "10105", "2 successes: +0 actions, 0 Defense dice"],
    ]);
    // The summary is not a card: no Destiny dice to click, no opposed result under it.
    expect(html?.querySelector(".wh-opposed, [data-wh-action]")).toBeNull();
  });

  it("spends each actor's successes on its own default when it names one, else the world's", async () => {
    const actors = await wuxiaFighters();
    await as("gm", () => actors.zhao.update({ system: { combat: { spend: "defense" } } } as never));
    await foundry.game.settings.set("wuxia-harmonies", "initiativeSpend", "actions");
    scriptFaces(ROUND_ONE_FACES);
    const combat = await createCombat([actors.linMei, actors.zhao, actors.bandit]);
    const [lin, zhao, bandit] = combat.combatants.contents;
    expect([lin?.initiative, zhao?.initiative, bandit?.initiative]).toEqual([3, 3, 3]);
    expect([roundOf(lin).spent, roundOf(zhao).spent, roundOf(zhao).defenseDice]).toEqual([
      { initiative: 0, actions: 2, defense: 0 },
      { initiative: 0, actions: 0, defense: 1 },
      1,
    ]);
  });
});

describe("what a round start keeps", () => {
  it("loses the Defense dice left at the next round, unless the world keeps them", async () => {
    for (const keep of [false, true]) {
      foundry = await startWorld();
      await foundry.game.settings.set("wuxia-harmonies", "defenseDiceCarryOver", keep);
      const { combat, lin } = await roundOne();
      const { combatRequests } = await import("./requests");
      await as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 0, actions: 0, defense: 2 }));
      scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
      await as("gm", () => combat.nextRound());
      expect(roundOf(lin).defenseDice).toBe(keep ? 2 : 0);
    }
  });

  it("rolls without a skill when the combat skill named is a power or no longer held", async () => {
    const { linMei, zhao, bandit } = await wuxiaFighters();
    const power = linMei.items.find((i) => i.type === "wuxiaPower");
    await as("gm", () => linMei.update({ system: { combat: { skill: power?.id ?? "" } } } as never));
    // 8 and 9 succeed at Chasseur's threshold 7, not at 10 without a skill.
    scriptFaces(ROUND_ONE_FACES);
    const combat = await createCombat([linMei, zhao, bandit]);
    const lin = combat.combatants.contents.find((c) => c.actorId === linMei.id);
    expect([roundOf(lin).successes, lin?.initiative]).toEqual([0, 3]);
    await as("gm", () => linMei.update({ system: { combat: { skill: "gone00000000000" } } } as never));
    const { wuxiaInitiativeRoll } = await import("./fighters/wuxia");
    expect(wuxiaInitiativeRoll(linMei as never).state).toMatchObject({ skillName: null, competence: 0, sr: 10 });
  });

  it("refuses a round start for a combatant that is not a Wuxia fighter, naming it, and writes nothing", async () => {
    const { harmoniesHero } = await import("../../test/support/world");
    const david = await harmoniesHero("David");
    const combat = (await createCombat([david], { start: false })) as WuxiaHarmoniesCombat;
    const c = must(combat.combatants.contents[0]);
    const { fighterOf } = await import("./fighters");
    await expect(must(fighterOf(c)).roundStart(c, 1)).resolves.toBeNull();
    await expect(as("gm", () => combat.rollRoundStarts([c.id ?? ""]))).rejects.toMatchObject({
      key: "WH.Combat.Error.NotWuxia",
      data: { name: "David" },
    });
    expect(roundOf(c).round).toBe(0);
  });
});

describe("spending the successes in the tracker", () => {
  it("lets the owner move a success to an extra action before acting; the turn stays with the combatant acting", async () => {
    const { combat, lin } = await roundOne();
    const { combatRequests } = await import("./requests");
    await as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 1, actions: 1, defense: 0 }));
    expect(lin?.initiative).toBe(4);
    expect(roundOf(lin)).toMatchObject({ chosen: true, spent: { initiative: 1, actions: 1, defense: 0 } });
    expect(combat.turns.map((c) => c.name)).toEqual(["Bandit", "Lin Mei", "Zhao"]);
    expect(combat.combatant?.name).toBe("Bandit");
  });

  it("refuses a split of someone else's combatant, more successes than were rolled, and a split after acting", async () => {
    const { combat, lin, banditC } = await roundOne();
    const { combatRequests } = await import("./requests");
    await expect(
      as("stranger", () => combatRequests.spendInitiative(combat, lin, { initiative: 0, actions: 2, defense: 0 })),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    await expect(
      as("player", () => combatRequests.spendInitiative(combat, banditC, { initiative: 0, actions: 2, defense: 0 })),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    await expect(
      as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 1, actions: 1, defense: 1 })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.OverSpent", data: { count: 2, asked: 3 } });
    await as("gm", () => combat.nextTurn());
    await as("player", () => combat.nextTurn());
    await expect(
      as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 0, actions: 2, defense: 0 })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.AlreadyActed" });
    expect(roundOf(lin).spent).toEqual({ initiative: 2, actions: 0, defense: 0 });
  });

  it("lets the owner use a Defense die they bought, once per click even when clicked twice", async () => {
    const { combat, lin } = await roundOne();
    const { combatRequests } = await import("./requests");
    await as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 0, actions: 0, defense: 2 }));
    expect(roundOf(lin).defenseDice).toBe(2);
    const clicks = await Promise.allSettled([
      as("player", () => combatRequests.spendDefenseDie(combat, lin)),
      as("player", () => combatRequests.spendDefenseDie(combat, lin)),
    ]);
    expect(clicks.map((c) => c.status)).toEqual(["fulfilled", "rejected"]);
    expect(roundOf(lin).defenseDice).toBe(1);
    await expect(as("stranger", () => combatRequests.spendDefenseDie(combat, lin))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    await expect(
      as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 2, actions: 0, defense: 0 })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.DefenseDiceUsed", data: { name: "Lin Mei" } });
  });
});

describe("turns and rounds", () => {
  it("gives the extra actions after every first turn, then re-rolls everyone at the next round", async () => {
    const { combat, lin, zhaoC } = await roundOne();
    const { combatRequests } = await import("./requests");
    await as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 1, actions: 1, defense: 0 }));
    const order: string[] = [combat.combatant?.name ?? ""];
    const enders: Seat[] = ["gm", "player", "stranger"];
    for (const who of enders) {
      await as(who, () => combat.nextTurn());
      order.push(combat.combatant?.name ?? "");
    }
    // Bandit, Lin Mei, Zhao, then Lin Mei's extra action.
    expect(order).toEqual(["Bandit", "Lin Mei", "Zhao", "Lin Mei"]);
    expect([combat.round, roundOf(lin).turnsTaken, roundOf(zhaoC).turnsTaken]).toEqual([1, 1, 1]);

    scriptFaces([1, 1, 1, 10, 10, 10, 2, 2, 2]);
    serverWrites.length = 0;
    await as("player", () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(combatUpdates()).toBe(1);
    expect(postedMessages()).toHaveLength(2);
    expect([lin?.initiative, zhaoC?.initiative]).toEqual([3, 6]);
    expect(combat.combatant?.name).toBe("Zhao");
    expect([roundOf(lin).turnsTaken, roundOf(lin).spent.actions, roundOf(lin).chosen]).toEqual([0, 0, false]);
  });

  it("starts and ends every turn of the round, extra actions too: core's turn events and combatTurnChange on each", async () => {
    const { combat, lin, zhaoC } = await roundOne();
    const { combatRequests } = await import("./requests");
    await as("player", () => combatRequests.spendInitiative(combat, lin, { initiative: 1, actions: 1, defense: 0 }));
    await as("stranger", () =>
      combatRequests.spendInitiative(combat, zhaoC, { initiative: 0, actions: 1, defense: 0 }),
    );
    const events: string[] = [];
    const name = (id: unknown) => combat.combatants.get(String(id))?.name ?? "?";
    const started = vi.spyOn(
      combat as unknown as { _onStartTurn(c: unknown, x: unknown): Promise<void> },
      "_onStartTurn",
    );
    const ended = vi.spyOn(combat as unknown as { _onEndTurn(c: unknown, x: unknown): Promise<void> }, "_onEndTurn");
    started.mockImplementation(async (c) => void events.push(`start ${(c as { name: string }).name}`));
    ended.mockImplementation(async (c) => void events.push(`end ${(c as { name: string }).name}`));
    const changes: string[] = [];
    foundry.Hooks.on("combatTurnChange", (_combat: unknown, _prior: unknown, current: { combatantId: string }) => {
      changes.push(name(current.combatantId));
    });
    const order: string[] = [combat.combatant?.name ?? ""];
    for (const who of ["gm", "player", "stranger", "player"] as Seat[]) {
      await as(who, () => combat.nextTurn());
      await turnEventsSettled();
      order.push(combat.combatant?.name ?? "");
    }
    // Bandit, Lin Mei, Zhao, then the extra actions: Lin Mei (back up the order), Zhao.
    expect(order).toEqual(["Bandit", "Lin Mei", "Zhao", "Lin Mei", "Zhao"]);
    expect(events).toEqual([
      "end Bandit",
      "start Lin Mei",
      "end Lin Mei",
      "start Zhao",
      "end Zhao",
      "start Lin Mei",
      "end Lin Mei",
      "start Zhao",
    ]);
    // Every connected client runs the hook once per turn change, extra actions included.
    const clients = changes.length / 4;
    expect(clients).toBeGreaterThanOrEqual(1);
    expect(changes).toEqual(order.slice(1).flatMap((n) => Array<string>(clients).fill(n)));
  });

  it("ends and starts the turn again when one combatant takes two turns in a row", async () => {
    const { combat, zhaoC } = await roundOne();
    const { combatRequests } = await import("./requests");
    await as("stranger", () =>
      combatRequests.spendInitiative(combat, zhaoC, { initiative: 0, actions: 1, defense: 0 }),
    );
    const events: string[] = [];
    const on: string[] = [];
    vi.spyOn(combat as unknown as { _onStartTurn(c: unknown): Promise<void> }, "_onStartTurn").mockImplementation(
      async (c) => void (events.push(`start ${(c as { name: string }).name}`), on.push(String(game.user.id))),
    );
    vi.spyOn(combat as unknown as { _onEndTurn(c: unknown): Promise<void> }, "_onEndTurn").mockImplementation(
      async (c) => void events.push(`end ${(c as { name: string }).name}`),
    );
    for (const who of ["gm", "player"] as Seat[]) await as(who, () => combat.nextTurn());
    await turnEventsSettled();
    events.length = 0;
    // Zhao is last in the order and the only one with an extra action: he acts twice in a row.
    await as("stranger", () => combat.nextTurn());
    await turnEventsSettled();
    expect(combat.combatant?.name).toBe("Zhao");
    expect(events).toEqual(["end Zhao", "start Zhao"]);
    // On the active GM's client only, though the player's client asked.
    expect(on.slice(-1)).toEqual([String((seatUser("gm") as { id: string }).id)]);
  });

  it("lets only the owner of the combatant whose turn it is, or a GM, end the turn; a double click ends it once", async () => {
    const { combat } = await roundOne();
    await expect(as("player", () => combat.nextTurn())).rejects.toMatchObject({ key: "WH.Combat.Error.NotYourTurn" });
    await as("gm", () => combat.nextTurn());
    expect(combat.combatant?.name).toBe("Lin Mei");
    await expect(as("stranger", () => combat.nextTurn())).rejects.toMatchObject({
      key: "WH.Combat.Error.NotYourTurn",
    });
    const clicks = await Promise.allSettled([
      as("player", () => combat.nextTurn()),
      as("player", () => combat.nextTurn()),
    ]);
    expect(clicks.map((c) => c.status)).toEqual(["fulfilled", "rejected"]);
    expect(combat.combatant?.name).toBe("Zhao");
    expect(combat.round).toBe(1);
  });

  it("writes every turn change from the GM's client, never the player's", async () => {
    const { combat } = await roundOne();
    await as("gm", () => combat.nextTurn());
    serverWrites.length = 0;
    await as("player", () => combat.nextTurn());
    expect(serverWrites.map((w) => [w.documentName, w.userId])).toEqual([["Combat", gmId()]]);
  });

  it("refuses a player who tries to step the turn back; the GM may, undoing the turn taken", async () => {
    const { combat, banditC } = await roundOne();
    await as("gm", () => combat.nextTurn());
    await expect(as("player", () => combat.previousTurn())).rejects.toMatchObject({ key: "WH.Chat.Error.GmOnly" });
    await as("gm", () => combat.previousTurn());
    expect([combat.combatant?.name, roundOf(banditC).turnsTaken]).toEqual(["Bandit", 0]);
  });
});

function gmId(): string {
  return (seatUser("gm") as { id: string }).id;
}

describe("writes that skip the GM", () => {
  it("puts back what a player writes straight to their Wuxia combatant: its Initiative and its round", async () => {
    const { lin } = await roundOne();
    await as("player", () => lin.update({ initiative: 50, system: { defenseDice: 99 } } as never));
    await vi.waitFor(() => expect([lin?.initiative, roundOf(lin).defenseDice]).toEqual([5, 0]));
    expect(roundOf(lin).successes).toBe(2);
  });

  it("reads the combat's record, so a player's write changes nothing even before the GM's client puts it back", async () => {
    const { combat, lin } = await roundOne();
    const before = roundOf(lin);
    const order = combat.turns.map((c) => c.name);
    await as("player", () => lin.update({ initiative: 50, system: { defenseDice: 99, successes: 30 } } as never));
    expect(roundOf(lin)).toEqual(before);
    // The turn order reads the record too: Initiative 50 on the combatant moves no one.
    expect(combat.turns.map((c) => c.name)).toEqual(order);
    await vi.waitFor(() =>
      expect([lin.initiative, mirrorOf(lin).defenseDice, mirrorOf(lin).successes]).toEqual([5, 0, 2]),
    );
    expect(foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toContain(
      "Player wrote Lin Mei's combat data directly; it was put back as the GM's record has it.",
    );
  });

  it("puts back a round or turn a player writes straight to the combat, where the GM left it", async () => {
    const { combat } = await roundOne();
    // Bring the turn to Lin Mei's, the player's: core then lets the player write the turn.
    while (combat.combatant?.name !== "Lin Mei") await as("gm", () => combat.nextTurn());
    const at = { round: combat.round, turn: combat.turn };
    await as("player", () => combat.update({ turn: (combat.turn ?? 0) + 1 } as never));
    await vi.waitFor(() => expect({ round: combat.round, turn: combat.turn }).toEqual(at));
    expect(foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toContain(
      "Player moved the Wuxia round or turn directly; it was put back where the GM left it.",
    );
  });

  it.each([
    ["round", { round: 7 }],
    ["successes", { successes: 9 }],
    ["spent.initiative", { spent: { initiative: 2 } }],
    ["spent.actions", { spent: { actions: 5 } }],
    ["spent.defense", { spent: { defense: 6 } }],
    ["chosen", { chosen: true }],
    ["defenseDice", { defenseDice: 4 }],
    ["turnsTaken", { turnsTaken: 3 }],
  ])("puts back a player's write of %s alone", async (_field, system) => {
    const { lin } = await roundOne();
    const before = roundOf(lin);
    await as("player", () => lin.update({ system } as never));
    await vi.waitFor(() => expect(mirrorOf(lin)).toMatchObject(before));
  });

  it("writes nothing back, and tells no one, when a player's write changes nothing", async () => {
    const { lin } = await roundOne();
    serverWrites.length = 0;
    await as("player", () => lin.update({ system: { defenseDice: roundOf(lin).defenseDice } } as never));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(serverWrites.filter((w) => w.userId === gmId())).toEqual([]);
    expect(foundry.notifications.filter((n) => n.level === "warn")).toEqual([]);
  });

  it("leaves a GM's second combatant for one hero: a GM may add what they like", async () => {
    const { combat, linMei } = await roundOne();
    await as("gm", () => combat.createEmbeddedDocuments("Combatant", [{ actorId: linMei.id }] as never));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(combat.combatants.contents.filter((c) => c.actorId === linMei.id)).toHaveLength(2);
  });

  it("keeps core's combatant groups out of a Wuxia round: each fighter keeps its own Initiative, and the GM is told", async () => {
    const { combat, lin } = await roundOne();
    const initiative = lin?.initiative;
    await as("gm", () => must(lin).update({ group: "sharedGroup00001" } as never));
    await vi.waitFor(() => expect((lin as unknown as { group: unknown }).group).toBeNull());
    expect(lin?.initiative).toBe(initiative);
    const warnings = foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message);
    expect(warnings).toContain(foundry.game.i18n.format("WH.Combat.Guard.NoGroups", { name: "Lin Mei" }));
    // A combatant added already grouped enters ungrouped.
    const late = await wuxiaHero("Late");
    const [added] = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id, group: "sharedGroup00001" }] as never),
    )) as Combatant.Implementation[];
    await vi.waitFor(() => expect((added as unknown as { group: unknown }).group).toBeNull());
  });

  it("leaves combatant groups to core in a Harmonies combat", async () => {
    const david = await harmoniesHero("David");
    const combat = await createCombat([david], { initiatives: [5] });
    const davidC = must(combat.combatants.contents[0]);
    await as("gm", () => davidC.update({ group: "sharedGroup00001" } as never));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((davidC as unknown as { group: unknown }).group).toBe("sharedGroup00001");
  });

  it("leaves a Harmonies combat's turn to core: its owner ends their own turn there", async () => {
    const { harmoniesHero } = await import("../../test/support/world");
    const david = await harmoniesHero("David");
    const saul = await harmoniesHero("Saül");
    const combat = await createCombat([david, saul], { initiatives: [5, 3] });
    expect(combat.combatant?.name).toBe("David");
    await as("player", () => combat.nextTurn());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(combat.combatant?.name).toBe("Saül");
  });

  it("puts back a player's change that rides inside a Combat update", async () => {
    const { combat, lin } = await roundOne();
    const order = combat.turns.map((c) => c.name);
    await as("player", () =>
      combat.update({ combatants: [{ _id: lin.id, initiative: 60, system: { defenseDice: 40 } }] } as never),
    );
    expect(roundOf(lin).defenseDice).toBe(0);
    await vi.waitFor(() => expect([lin.initiative, mirrorOf(lin).defenseDice]).toEqual([5, 0]));
    expect(combat.turns.map((c) => c.name)).toEqual(order);
  });

  it("puts back, as the GM's client starts, what a player wrote while no GM was connected", async () => {
    const { lin } = await roundOne();
    const gm = seatUser("gm") as { active: boolean };
    gm.active = false;
    await as("player", () => lin.update({ initiative: 70, system: { defenseDice: 20 } } as never));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([lin.initiative, mirrorOf(lin).defenseDice, roundOf(lin).defenseDice]).toEqual([70, 20, 0]);
    // The GM's client loads: it remembers nothing, and reads the combat's record.
    gm.active = true;
    await as("gm", async () => foundry.fireReadyHook());
    await vi.waitFor(() => expect([lin.initiative, mirrorOf(lin).defenseDice]).toEqual([5, 0]));
  });

  it("removes a second combatant a player adds for a hero already in the combat, and tells the GM", async () => {
    const { combat, linMei } = await roundOne();
    const created = (await as("player", () =>
      combat.createEmbeddedDocuments("Combatant", [
        { actorId: linMei.id, initiative: 99, system: { round: 1, successes: 30, spent: { actions: 30 } } },
      ] as never),
    )) as Combatant.Implementation[];
    expect(created).toHaveLength(1);
    await vi.waitFor(() => expect(combat.combatants.contents.filter((c) => c.actorId === linMei.id)).toHaveLength(1));
    expect(combat.combatants.contents.map((c) => c.initiative)).not.toContain(99);
    expect(foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toContain(
      "Player added Lin Mei to the combat a second time; the second entry was removed.",
    );
  });

  it("names the hero to the GMs as text when a player adds it twice: markup in its name is escaped", async () => {
    const { combat, linMei } = await roundOne();
    await as("gm", () => linMei.update({ name: "<b>Lin</b>" } as never));
    await as("player", () => combat.createEmbeddedDocuments("Combatant", [{ actorId: linMei.id }] as never));
    await vi.waitFor(() =>
      expect(foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toContain(
        "Player added &lt;b&gt;Lin&lt;/b&gt; to the combat a second time; the second entry was removed.",
      ),
    );
  });

  it("lets a player add a hero of theirs, who enters with no Initiative and a fresh round", async () => {
    const { combat } = await roundOne();
    const late = await wuxiaHero("Mei Ling");
    const [joined] = (await as("player", () =>
      combat.createEmbeddedDocuments("Combatant", [
        {
          actorId: late.id,
          initiative: 99,
          system: { round: 1, successes: 30, spent: { actions: 30, defense: 30 }, defenseDice: 30 },
        },
      ] as never),
    )) as Combatant.Implementation[];
    expect(roundOf(joined)).toMatchObject({ round: 0, successes: 0, defenseDice: 0, spent: { actions: 0 } });
    await vi.waitFor(() => expect([joined?.initiative, mirrorOf(joined).defenseDice]).toEqual([null, 0]));
    expect(combat.combatants.contents).toHaveLength(4);
    expect(combat.turns.at(-1)?.name).toBe("Mei Ling");
  });

  it("keeps two combatants a player adds for two unlinked tokens of one of their actors", async () => {
    const { combat } = await roundOne();
    const shadow = await wuxiaHero("Ombre");
    const first = placeToken(shadow as never, { actorLink: false, name: "Ombre A" });
    const second = placeToken(shadow as never, { actorLink: false, name: "Ombre B" });
    await as("player", () =>
      combat.createEmbeddedDocuments("Combatant", [
        { actorId: shadow.id, tokenId: first.id },
        { actorId: shadow.id, tokenId: second.id },
      ] as never),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(combat.combatants.contents.filter((c) => c.actorId === shadow.id)).toHaveLength(2);
  });

  it("keeps, once, the rounds an earlier version kept on the combatants of a fight in progress", async () => {
    const { linMei, bandit } = await wuxiaFighters();
    const { setWorldSetting } = await import("../../test/support/world");
    const Combat = (globalThis as unknown as { Combat: { create(data: object): Promise<Combat.Implementation> } })
      .Combat;
    const legacy = { round: 1, successes: 2, spent: { initiative: 0, actions: 0, defense: 2 }, defenseDice: 2 };
    const combat = await as("gm", () =>
      Combat.create({
        round: 1,
        turn: 0,
        combatants: [
          { actorId: linMei.id, initiative: 3, system: legacy },
          { actorId: bandit.id, initiative: 3, system: legacy },
        ],
      }),
    );
    const lin = must(combat.combatants.contents.find((c) => c.actorId === linMei.id));
    expect(roundOf(lin).defenseDice).toBe(0);
    await setWorldSetting("combatRoundsAdopted", false);
    await as("gm", async () => foundry.fireReadyHook());
    await vi.waitFor(() => expect([roundOf(lin).defenseDice, roundOf(lin).spent.defense]).toEqual([2, 2]));
    await vi.waitFor(() => expect(foundry.game.settings.get("wuxia-harmonies", "combatRoundsAdopted")).toBe(true));
    // Taken once: a copy a player writes afterwards is put back, never taken.
    await as("player", () => lin.update({ system: { defenseDice: 9 } } as never));
    await vi.waitFor(() => expect(mirrorOf(lin).defenseDice).toBe(2));
    expect(roundOf(lin).defenseDice).toBe(2);
  });

  it("puts back only what was written, to the state a GM last left, and leaves other keys alone", async () => {
    const { lin } = await roundOne();
    await as("gm", () => lin.update({ system: { defenseDice: 3 } } as never));
    await as("player", () => lin.update({ system: { defenseDice: 9 } } as never));
    await vi.waitFor(() => expect(roundOf(lin).defenseDice).toBe(3));
    await as("player", () => lin.update({ initiative: 40 } as never));
    await vi.waitFor(() => expect(lin?.initiative).toBe(5));
    expect(roundOf(lin).defenseDice).toBe(3);
    await as("player", () => lin.update({ defeated: true } as never));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([lin?.defeated, lin?.initiative, roundOf(lin).defenseDice]).toEqual([true, 5, 3]);
  });

  it("puts a late joiner back as the GM created it, before any round was written for it", async () => {
    const { combat } = await roundOne();
    const late = await wuxiaHero("Mei Ling");
    const [joined] = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id }] as never),
    )) as Combatant.Implementation[];
    await as("player", () => must(joined).update({ initiative: 30, system: { defenseDice: 7 } } as never));
    await vi.waitFor(() => expect([joined?.initiative, roundOf(joined).defenseDice]).toEqual([null, 0]));
  });

  it("puts back a Harmonies combatant's Initiative its owner writes, in a Wuxia combat or its own", async () => {
    const { harmoniesHero } = await import("../../test/support/world");
    const david = await harmoniesHero("David");
    const { combat } = await roundOne();
    const [c] = (await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: david.id }] as never),
    )) as Combatant.Implementation[];
    await as("player", () => must(c).update({ initiative: 12 } as never));
    await vi.waitFor(() => expect(c?.initiative).toBeNull());
    const alone = await createCombat([await harmoniesHero("Saül")], { start: false });
    const [s] = alone.combatants.contents;
    await as("player", () => must(s).update({ initiative: 12 } as never));
    await vi.waitFor(() => expect(s?.initiative).toBeNull());
  });

  it("rolls a player's Harmonies Initiative by the GM's hand, once; the GM may roll it again", async () => {
    const { harmoniesHero } = await import("../../test/support/world");
    const david = await harmoniesHero("David");
    const combat = await createCombat([david], { start: false });
    const [c] = combat.combatants.contents;
    scriptFaces([6, 4]);
    // From the tracker's row (the combatant's own roll) as from the combat's.
    await as("player", () => must(c).rollInitiative());
    expect(c?.initiative).toBe(4);
    await expect(as("player", () => combat.rollInitiative([must(c).id ?? ""]))).rejects.toMatchObject({
      key: "WH.Combat.Error.AlreadyRolled",
    });
    await expect(as("stranger", () => combat.rollInitiative([must(c).id ?? ""]))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    scriptFaces([9, 1]);
    await as("gm", () => combat.rollInitiative([must(c).id ?? ""]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(c?.initiative).not.toBe(4);
  });
});

describe("who owns what", () => {
  it("seats the player on Lin Mei and the stranger on Zhao only", async () => {
    const { lin, zhaoC, banditC } = await roundOne();
    const player = seatUser("player") as User.Implementation;
    const stranger = seatUser("stranger") as User.Implementation;
    expect([lin, zhaoC, banditC].map((c) => c?.testUserPermission(player, "OWNER"))).toEqual([true, false, false]);
    expect([lin, zhaoC, banditC].map((c) => c?.testUserPermission(stranger, "OWNER"))).toEqual([false, true, false]);
    expect(playerId()).not.toBe(strangerId());
  });
});
