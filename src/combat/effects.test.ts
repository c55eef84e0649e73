// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { turnEventsSettled } from "../../test/foundry/combat";
import { as, must, woundsOf } from "../../test/support/combat";
import { createActor, createCombat, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";

/**
 * The system's timed effects (RULES 1.4 Estourbir, 2.5 stunned) and statuses: each ends after the
 * round its combat names, only in that combat, and with the fight; a stun is core's status alone.
 */

let foundry: FoundryDouble;
const SYSTEM = "wuxia-harmonies";

beforeEach(async () => {
  foundry = await startWorld();
});

type Effect = { id: string; name: string; statuses: Set<string>; getFlag(scope: string, key: string): unknown };
const effectsOf = (actor: Actor.Implementation) => actor.effects.contents as unknown as Effect[];

/** An effect of the system's, ending after this round of this combat (as `stun` and `markStunned` write it). */
async function timedEffect(actor: Actor.Implementation, name: string, expiry: object | null, clears?: string) {
  await as("gm", () =>
    actor.createEmbeddedDocuments("ActiveEffect", [
      { name, img: "icons/svg/daze.svg", flags: { [SYSTEM]: { expiry, ...(clears ? { clears } : {}) } } },
    ] as never),
  );
}

describe("the system's timed effects", () => {
  it("outside a combat, Estourbir and stunned have no end a combat could reach", async () => {
    const bandit = await wuxiaHero("Bandit");
    const david = await harmoniesHero("David");
    const { expireEffects, markStunned, stun } = await import("./effects");
    await as("gm", () => stun(bandit, 2));
    await as("gm", () => markStunned(david));
    const [estourbi] = effectsOf(bandit);
    const [stunned] = effectsOf(david);
    expect([estourbi?.name, estourbi?.getFlag(SYSTEM, "expiry")]).toEqual(["Stun (Estourbir, Earth −2)", null]);
    expect([[...(stunned?.statuses ?? [])], stunned?.getFlag(SYSTEM, "expiry")]).toEqual([["stun"], null]);
    const combat = await createCombat([bandit, david]);
    await as("gm", () => expireEffects(combat, 50));
    expect([effectsOf(bandit).length, effectsOf(david).length]).toEqual([1, 1]);
  });

  it("in a combat, end after the round after the one they began in, that combat's only", async () => {
    const david = await harmoniesHero("David");
    const combat = await createCombat([david]);
    const { expireEffects, markStunned } = await import("./effects");
    await as("gm", () => markStunned(david));
    expect(must(effectsOf(david)[0]).getFlag(SYSTEM, "expiry")).toEqual({ combatId: combat.id, afterRound: 2 });
    await timedEffect(david, "Elsewhere", { combatId: "otherCombat00001", afterRound: 1 });
    await as("gm", () => expireEffects(combat, 1));
    expect(effectsOf(david).map((e) => e.name)).toHaveLength(2);
    await as("gm", () => expireEffects(combat, 3));
    expect(effectsOf(david).map((e) => e.name)).toEqual(["Elsewhere"]);
  });

  it("removes only the system's effects: a status the GM set stays, and the stun's end ends its −1", async () => {
    const david = await harmoniesHero("David");
    const combat = await createCombat([david]);
    const { expireEffects, markStunned } = await import("./effects");
    await as("gm", () => david.toggleStatusEffect("prone", { active: true }));
    await as("gm", () => markStunned(david));
    expect(woundsOf(david).stunned).toBe(true);
    await as("gm", () => expireEffects(combat, 2));
    expect(woundsOf(david).stunned).toBe(false);
    expect(effectsOf(david).map((e) => [...e.statuses])).toEqual([["prone"]]);
  });

  it("passes over a combatant whose actor is gone", async () => {
    const gone = await createActor({ name: "Ghost", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    const david = await harmoniesHero("David");
    const combat = await createCombat([gone, david]);
    await timedEffect(david, "Dazed", { combatId: combat.id, afterRound: 1 });
    await as("gm", () => gone.delete());
    const { expireEffects } = await import("./effects");
    await as("gm", () => expireEffects(combat, 1));
    expect(effectsOf(david)).toEqual([]);
  });
});

describe("effects that end with the fight", () => {
  type Timed = Effect & { isTemporary: boolean; duration: Record<string, unknown>; start?: Record<string, unknown> };
  const timed = (actor: Actor.Implementation) => effectsOf(actor) as Timed[];

  for (const generation of [13, 14] as const) {
    it(`carry Foundry's duration of one more round, in the victim's fight, so core shows them (generation ${generation})`, async () => {
      foundry = await startWorld({ generation });
      const bandit = await wuxiaHero("Bandit");
      const david = await harmoniesHero("David");
      const fight = await createCombat([bandit, david]);
      // The GM's client views another encounter: the effects still belong to the victims' fight.
      const elsewhere = await createCombat([await wuxiaHero("Elsewhere")], { start: false });
      await as("gm", async () => {
        (game.combats as unknown as { viewed: unknown }).viewed = elsewhere;
      });
      const { markStunned, stun } = await import("./effects");
      await as("gm", () => stun(bandit, 2));
      await as("gm", () => markStunned(david));
      for (const effect of [...timed(bandit), ...timed(david)]) {
        expect(effect.isTemporary).toBe(true);
        if (generation === 13)
          expect(effect.duration).toMatchObject({ combat: fight.id, rounds: 1, startRound: fight.round });
        else {
          expect(effect.duration).toMatchObject({ value: 1, units: "rounds", expiry: "roundEnd" });
          expect(effect.start).toMatchObject({ combat: fight.id, round: fight.round });
        }
      }
    });

    it(`are removed when the GM ends the fight before they run out, from every combatant's actor (generation ${generation})`, async () => {
      foundry = await startWorld({ generation });
      const bandit = await wuxiaHero("Bandit");
      const david = await harmoniesHero("David");
      const combat = await createCombat([bandit, david]);
      const { markStunned, stun } = await import("./effects");
      await as("gm", () => stun(bandit, 2));
      await as("gm", () => markStunned(david));
      await as("gm", () => david.toggleStatusEffect("prone", { active: true }));
      await timedEffect(david, "Another fight's", { combatId: "otherCombat00001", afterRound: 1 });
      await as("gm", () => combat.delete());
      await turnEventsSettled();
      expect(effectsOf(bandit)).toEqual([]);
      expect(
        effectsOf(david)
          .map((e) => e.name)
          .sort(),
      ).toEqual(["Another fight's", "Prone"]);
      expect(woundsOf(david).stunned).toBe(false);
    });
  }

  for (const expiryAction of ["delete", "update"] as const)
    it(`end with the round after the one they began in, beside v14's own expiry (${expiryAction})`, async () => {
      foundry = await startWorld({ generation: 14 });
      (foundry.CONFIG.ActiveEffect as { expiryAction?: string }).expiryAction = expiryAction;
      const david = await harmoniesHero("David", { wounds: { light: 1 } });
      const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
      const combat = await createCombat([goliath, david], { initiatives: [9, 3] });
      const { markStunned } = await import("./effects");
      await as("gm", () => markStunned(david));
      await as("gm", () => combat.nextRound());
      await turnEventsSettled();
      expect(david.statuses.has("stun")).toBe(true);
      await as("gm", () => combat.nextRound());
      await turnEventsSettled();
      expect([effectsOf(david), woundsOf(david).stunned]).toEqual([[], false]);
    });

  it("are removed from a combatant's actor when the GM removes it from the fight, and only from it", async () => {
    const bandit = await wuxiaHero("Bandit");
    const ogre = await wuxiaHero("Ogre");
    const combat = await createCombat([bandit, ogre]);
    const { stun } = await import("./effects");
    await as("gm", () => stun(bandit, 1));
    await as("gm", () => stun(ogre, 1));
    await as("gm", () => must(combat.combatants.find((c) => c.actor === bandit)).delete());
    await turnEventsSettled();
    expect([effectsOf(bandit).length, effectsOf(ogre).length]).toEqual([0, 1]);
  });
});

describe("the fleeing status", () => {
  for (const generation of [13, 14] as const) {
    it(`is registered once, however often the system registers it (generation ${generation})`, async () => {
      foundry = await startWorld({ generation });
      const { registerStatusEffects } = await import("./effects");
      registerStatusEffects();
      const config = foundry.CONFIG.statusEffects as unknown;
      const entries = Array.isArray(config) ? config : Object.values(config as Record<string, unknown>);
      expect(entries.filter((s) => (s as { id: string }).id === "fleeing")).toHaveLength(1);
    });
  }
});
