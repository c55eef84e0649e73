// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  facesRandom,
  guards,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/** The one pipeline every roll goes through: its stages, its hooks, and the state it keeps. */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

describe("the roll pipeline", () => {
  it("makes every roll of a rule set from its kind: one check, whose state is the roll's, and one message", async () => {
    const { ROLL_KINDS } = await import("./kinds");
    const { rollActor } = await import("./pipeline");
    const check = vi.spyOn(ROLL_KINDS.wuxia, "check");
    const made = vi.spyOn(ROLL_KINDS.wuxia, "roll");
    const actor = await wuxiaHero("Lin Mei");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 10, 10, 10]);
    const message = await rollActor(actor, { dialog: false, values: { sr: 9 } });
    expect(check).toHaveBeenCalledOnce();
    const state = check.mock.results[0]?.value as object;
    expect(made.mock.calls).toEqual([[state]]);
    expect(made.mock.calls[0]?.[0]).toBe(state);
    expect((message?.rolls[0] as unknown as { state: object }).state).toMatchObject({ sr: 9, threshold: 9 });
    expect(postedMessages()).toHaveLength(1);
  });

  it("lets a module cancel a roll before it is made (preRoll returns false): nothing is posted or paid", async () => {
    const { PRE_ROLL_HOOK, rollActor } = await import("./pipeline");
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const actor = await wuxiaHero("Lin Mei", { destiny: 2 });
    const seen: unknown[] = [];
    foundry.Hooks.on(PRE_ROLL_HOOK, (subject: { name: string }, state: { destinyDice: number }) => {
      seen.push([subject.name, state.destinyDice]);
      return false;
    });
    actAs("player");
    expect(await rollActor(actor, { dialog: false, values: { destinyDice: 1 } })).toBeNull();
    expect(seen).toEqual([["Lin Mei", 1]]);
    expect(postedMessages()).toEqual([]);
    expect((actor.system as unknown as { destiny: number }).destiny).toBe(2);
  });

  it("tells modules of every posted roll (rollPosted), for each rule set, with the message and the roll", async () => {
    const { ROLL_POSTED_HOOK, rollActor } = await import("./pipeline");
    const { SystemRoll } = await import("./system-roll");
    const posted: [string, string][] = [];
    foundry.Hooks.on(ROLL_POSTED_HOOK, (message: { id: string; rolls: Roll[] }, roll: Roll) => {
      expect([(message.rolls[0] as unknown as { state: object }).state, message.rolls[0]?.total]).toEqual([
        (roll as unknown as { state: object }).state,
        roll.total,
      ]);
      posted.push([message.id, roll instanceof SystemRoll ? roll.constructor.name : "other"]);
    });
    actAs("gm");
    for (const actor of [await wuxiaHero("Lin Mei"), await harmoniesHero("David"), await guards(25)]) {
      await rollActor(actor, { dialog: false });
    }
    expect(posted.map(([, name]) => name)).toEqual(["WuxiaRoll", "HarmoniesRoll", "HarmoniesGroupRoll"]);
    expect(posted.map(([id]) => id)).toEqual(postedMessages().map((m) => m.id));
  });

  it("refuses values the rules refuse before any dialog opens or any hook runs", async () => {
    const { PRE_ROLL_HOOK, rollActor } = await import("./pipeline");
    const opening = await import("./ask");
    const prompt = vi.spyOn(opening, "promptRoll");
    const hook = vi.fn();
    foundry.Hooks.on(PRE_ROLL_HOOK, hook);
    const actor = await harmoniesHero("David");
    actAs("player");
    await expect(rollActor(actor, { dialog: true, values: { difficulty: 2.5 } })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotWholeNumber",
    });
    expect([prompt.mock.calls.length, hook.mock.calls.length, postedMessages().length]).toEqual([0, 0, 0]);
  });
});

describe("the system's Roll", () => {
  it("keeps each dice system's state under its own key, and rebuilds a saved roll by name from it alone", async () => {
    const { WuxiaRoll } = await import("./wuxia/roll");
    const { HarmoniesRoll } = await import("./harmonies/roll");
    const { HarmoniesGroupRoll } = await import("./groups/group-roll");
    const { SystemRoll } = await import("./system-roll");
    expect([WuxiaRoll, HarmoniesRoll, HarmoniesGroupRoll].map((c) => c.STATE_KEY)).toEqual([
      "wuxia",
      "harmonies",
      "group",
    ]);
    actAs("gm");
    const { rollActor } = await import("./pipeline");
    const message = await rollActor(await wuxiaHero("Lin Mei"), { dialog: false });
    const json = JSON.parse(JSON.stringify(message?.rolls[0]?.toJSON())) as { options: Record<string, unknown> };
    expect(Object.keys(json.options)).toContain("wuxia");
    const rebuilt = Roll.fromData(json as never);
    expect(rebuilt).toBeInstanceOf(SystemRoll);
    expect((rebuilt as InstanceType<typeof WuxiaRoll>).state).toEqual(
      (message?.rolls[0] as InstanceType<typeof WuxiaRoll>).state,
    );
    expect(() => new WuxiaRoll("2d10").state).toThrow("WuxiaRoll: options.wuxia is missing");
  });
});
