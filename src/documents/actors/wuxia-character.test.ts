import { beforeEach, describe, expect, it } from "vitest";
import { DataModelValidationError } from "../../../test/foundry/install";
import { startSystem, type TestActor } from "../../../test/support/start-system";
import type { WuxiaCharacterModel } from "./wuxia-character";

type Started = Awaited<ReturnType<typeof startSystem>>;

const HERO = { metal: 3, feu: 4, terre: 2, eau: 2, bois: 1 };

async function hero(started: Started, system: Record<string, unknown> = {}): Promise<TestActor> {
  return started.Actor.create({ name: "Lin", type: "wuxiaCharacter", system: { attributes: HERO, ...system } });
}

const sys = (actor: TestActor) => actor.system as unknown as WuxiaCharacterModel;

describe("Actor wuxiaCharacter", () => {
  let started: Started;
  beforeEach(async () => {
    started = await startSystem();
  });

  it("derives the death threshold, chi reserve and wound/panic thresholds from the Attributes (RULES 1.1)", async () => {
    const system = sys(await hero(started));
    expect(system.wounds.max).toBe((2 * 3 + 2) * 3);
    expect(system.wounds.thresholds).toEqual([6, 12, 18]);
    expect(system.chi.max).toBe(6);
    expect(system.panic.thresholds).toEqual([4, 8, 12]);
    expect(system.panic.max).toBe(12);
  });

  it("turns wound and panic levels into SR penalties, death and flight", async () => {
    const actor = await hero(started, { wounds: { value: 12 }, panic: { value: 5 } });
    expect(sys(actor).wounds.penalty).toBe(2);
    expect(sys(actor).panic.penalty).toBe(1);
    await actor.update({ "system.wounds.value": 24, "system.panic.value": 12 });
    expect(sys(actor).wounds.dead).toBe(true);
    expect(sys(actor).panic.mustFlee).toBe(true);
  });

  it("refuses an Attribute outside 1..10 with a message naming the field, and keeps the stored value", async () => {
    const actor = await hero(started);
    const attempt = actor.update({ "system.attributes.metal": 12 });
    await expect(attempt).rejects.toBeInstanceOf(DataModelValidationError);
    await expect(actor.update({ "system.attributes.metal": 12 })).rejects.toThrow(
      "Metal must be between 1 and 10 (got 12).",
    );
    expect(sys(actor).attributes.metal).toBe(3);
    await expect(actor.update({ "system.attributes.eau": 0 })).rejects.toThrow(
      "Water must be between 1 and 10 (got 0).",
    );
  });

  it("says so in French for a French client", async () => {
    const fr = await startSystem({ lang: "fr" });
    const actor = await fr.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    await expect(actor.update({ "system.attributes.feu": 11 })).rejects.toThrow(
      "Feu doit être compris entre 1 et 10 (reçu : 11).",
    );
  });

  it("refuses negative counters and creation priorities outside 1..5", async () => {
    const actor = await hero(started);
    await expect(actor.update({ "system.wounds.value": -1 })).rejects.toThrow(
      "Wound level (NB) must be between 0 and 999 (got -1).",
    );
    await expect(actor.update({ "system.destiny": -2 })).rejects.toThrow("Destiny dice must be between 0 and 999");
    await expect(actor.update({ "system.priorities.powers": 6 })).rejects.toThrow(
      "Powers must be between 1 and 5 (got 6).",
    );
  });

  it("refuses a zodiac sign or hero type it does not know", async () => {
    const actor = await hero(started);
    await expect(actor.update({ "system.zodiac": "licorne" })).rejects.toThrow(DataModelValidationError);
    await actor.update({ "system.zodiac": "dragon", "system.heroType": "moine" });
    expect(sys(actor).zodiac).toBe("dragon");
  });

  it("migrates bare-number counters and a one-line concept, and migrating twice changes nothing", async () => {
    const model = started.documents.ACTOR_MODELS.wuxiaCharacter;
    const old = { attributes: HERO, wounds: 7, panic: "2", chi: 4, concept: "Fils de pêcheur" };
    const once = model.migrateData(structuredClone(old));
    expect(once).toMatchObject({
      wounds: { value: 7 },
      panic: { value: 2 },
      chi: { value: 4 },
      concept: { origin: "Fils de pêcheur" },
    });
    expect(model.migrateData(structuredClone(once))).toEqual(once);
    const actor = await started.Actor.create({ name: "Old", type: "wuxiaCharacter", system: old });
    expect(sys(actor).wounds.value).toBe(7);
    expect(sys(actor).wounds.max).toBe(24);
  });

  it("follows the world's house rules for thresholds, and falls back to the defaults on a malformed list", async () => {
    await started.foundry.game.settings.set("wuxia-harmonies", "wuxiaWoundThresholds", "50");
    await started.foundry.game.settings.set("wuxia-harmonies", "wuxiaWoundPenalties", "2");
    const actor = await hero(started, { wounds: { value: 12 } });
    expect(sys(actor).wounds.thresholds).toEqual([12]);
    expect(sys(actor).wounds.penalty).toBe(2);
    await started.foundry.game.settings.set("wuxia-harmonies", "wuxiaWoundThresholds", "lots");
    expect(started.foundry.notifications.at(-1)?.level).toBe("warn");
    const other = await hero(started);
    expect(sys(other).wounds.thresholds).toEqual([6, 12, 18]);
    expect(sys(other).wounds.penalty).toBe(0);
  });

  it("uses the defaults of a pair of house-rule lists that do not fit together, and says so", async () => {
    await started.foundry.game.settings.set("wuxia-harmonies", "wuxiaPanicPenalties", "1");
    expect(started.foundry.notifications.at(-1)).toMatchObject({ level: "warn" });
    await started.foundry.game.settings.set("wuxia-harmonies", "wuxiaRerollLevels", "2, 5");
    const actor = await hero(started, { panic: { value: 8 } });
    expect(sys(actor).panic.penalty).toBe(2);
  });

  it("starts a new hero with a full chi reserve unless told otherwise", async () => {
    expect(sys(await hero(started)).chi.value).toBe(6);
    expect(sys(await hero(started, { chi: { value: 2 } })).chi.value).toBe(2);
  });

  it("keeps the chi an older hero was created with, stored as a bare number (Foundry hands _preCreate the data as sent)", async () => {
    expect(sys(await hero(started, { chi: 2 })).chi.value).toBe(2);
    expect(sys(await hero(started, { chi: "3" })).chi.value).toBe(3);
  });

  it("sums the AR of the armour worn", async () => {
    const actor = await hero(started);
    await actor.createEmbeddedDocuments("Item", [
      { name: "Cuirasse", type: "wuxiaArmour", system: { armour: 3, equipped: true } },
      { name: "Bouclier", type: "wuxiaArmour", system: { armour: 1, equipped: false } },
    ]);
    expect(sys(actor).armour).toBe(3);
  });
});
