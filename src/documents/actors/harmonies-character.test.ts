import { beforeEach, describe, expect, it } from "vitest";
import { startSystem, type TestActor } from "../../../test/support/start-system";
import type { HarmoniesCharacterModel } from "./harmonies-character";

type Started = Awaited<ReturnType<typeof startSystem>>;
const sys = (actor: TestActor) => actor.system as unknown as HarmoniesCharacterModel;
type StatusBearer = { toggleStatusEffect(id: string, options: { active: boolean }): Promise<unknown> };

/** Goliath of the book's example: Cp +3, Ag +2, Pu +2, Rs +3 (RULES 2.4). */
const GOLIATH = {
  characteristics: { corps: { value: 3 }, agilite: { value: 2 } },
  means: { puissance: { value: 2 }, resistance: { value: 3 } },
};

describe("Actor harmoniesCharacter", () => {
  let started: Started;
  beforeEach(async () => {
    started = await startSystem();
  });

  it("keeps the race bonus apart from the bought value and adds them for rolls", async () => {
    const actor = await started.Actor.create({
      name: "Elfe",
      type: "harmoniesCharacter",
      system: { characteristics: { agilite: { value: 1, race: 2 } } },
    });
    expect(sys(actor).characteristics.agilite.total).toBe(3);
    expect(sys(actor).score("agilite")).toBe(3);
  });

  it("prices the next level without the race bonus (RULES 2.7: −1 → 0 costs 1000)", async () => {
    const actor = await started.Actor.create({
      name: "X",
      type: "harmoniesCharacter",
      system: { characteristics: { corps: { value: -1, race: 4 } } },
    });
    expect(sys(actor).characteristics.corps.nextLevelCost).toBe(1000);
  });

  it("derives wound penalties, the token bar and the healing time (RULES 2.5, 2.6)", async () => {
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { ...GOLIATH, wounds: { light: 1, grave: 1 } },
    });
    expect(sys(actor).woundPenalty).toEqual({ all: -3, physical: -4 });
    expect(sys(actor).actionPenalty).toEqual({ all: -3, physical: -4 });
    expect(sys(actor).woundSummary).toEqual({ value: 2, max: 7 });
    expect(sys(actor).healingDays).toBe(13);
    await actor.update({ "system.wounds.fatal": true });
    expect(sys(actor).healingDays).toBeNull();
  });

  it("adds a stun's −1 to what an action takes now, not to the wound penalties, while the actor has core's stun status (RULES 2.5)", async () => {
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { ...GOLIATH, wounds: { light: 2, grave: 1 } },
    });
    expect(sys(actor).actionPenalty).toEqual({ all: -3, physical: -5 });
    // As the token HUD stuns it: the status alone, no field of the system's.
    await (actor as unknown as StatusBearer).toggleStatusEffect("stun", { active: true });
    expect(sys(actor).woundPenalty).toEqual({ all: -3, physical: -5 });
    expect(sys(actor).actionPenalty).toEqual({ all: -4, physical: -6 });
    expect(sys(actor).stunned).toBe(true);
    await (actor as unknown as StatusBearer).toggleStatusEffect("stun", { active: false });
    expect(sys(actor).actionPenalty).toEqual({ all: -3, physical: -5 });
    expect(sys(actor).stunned).toBe(false);
  });

  it("drops the stunned box older data kept: the status is the one source", async () => {
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { ...GOLIATH, wounds: { light: 2, stunned: true } },
    });
    expect(sys(actor).stunned).toBe(false);
    expect((actor.system.toObject() as { wounds: Record<string, unknown> }).wounds).not.toHaveProperty("stunned");
  });

  it("heals in the days the world's house rule sets, the book's 3, 7 and 30 by default", async () => {
    const wounded = () =>
      started.Actor.create({
        name: "Goliath",
        type: "harmoniesCharacter",
        system: { ...GOLIATH, wounds: { critical: 1 } },
      });
    expect(sys(await wounded()).healingDays).toBe(40);
    await started.foundry.game.settings.set("wuxia-harmonies", "harmoniesHealingDays", "2, 5, 20");
    expect(sys(await wounded()).healingDays).toBe(27);
    await started.foundry.game.settings.set("wuxia-harmonies", "harmoniesHealingDays", "2, 5");
    expect(started.foundry.notifications.at(-1)?.level).toBe("warn");
    expect(sys(await wounded()).healingDays).toBe(40);
  });

  it("accepts any score on the scale but refuses one past the technical limit, and negative counts", async () => {
    const actor = await started.Actor.create({ name: "X", type: "harmoniesCharacter" });
    await actor.update({ "system.means.precision.value": -7 });
    expect(sys(actor).means.precision.total).toBe(-7);
    await expect(actor.update({ "system.means.precision.value": 5000 })).rejects.toThrow(
      "Value must be between -999 and 999 (got 5000).",
    );
    await expect(actor.update({ "system.wounds.grave": -1 })).rejects.toThrow(
      "Grave wounds must be between 0 and 999 (got -1).",
    );
    expect(sys(actor).means.precision.value).toBe(-7);
  });

  it("allows more wounds than the maxima (healing fills full slots) without clamping", async () => {
    const actor = await started.Actor.create({
      name: "X",
      type: "harmoniesCharacter",
      system: { wounds: { light: 5 } },
    });
    expect(sys(actor).wounds.light).toBe(5);
  });

  it("migrates bare-number scores and `critic`, idempotently", async () => {
    const model = started.documents.ACTOR_MODELS.harmoniesCharacter;
    const old = {
      characteristics: { corps: 2, agilite: -1 },
      means: { precision: 3 },
      wounds: { light: 1, critic: 1 },
    };
    const once = model.migrateData(structuredClone(old));
    expect(once).toMatchObject({
      characteristics: { corps: { value: 2 }, agilite: { value: -1 } },
      means: { precision: { value: 3 } },
      wounds: { critical: 1 },
    });
    expect(once.wounds).not.toHaveProperty("critic");
    expect(model.migrateData(structuredClone(once))).toEqual(once);
    const actor = await started.Actor.create({ name: "Old", type: "harmoniesCharacter", system: old });
    expect(sys(actor).characteristics.corps.total).toBe(2);
    expect(sys(actor).wounds.critical).toBe(1);
  });

  it("sums the armour worn", async () => {
    const actor = await started.Actor.create({ name: "X", type: "harmoniesCharacter" });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Cuir", type: "harmoniesArmour", system: { armour: 2 } },
      { name: "Casque", type: "harmoniesArmour", system: { armour: 1, equipped: false } },
    ]);
    expect(sys(actor).armour).toBe(2);
  });
});
