import { beforeEach, describe, expect, it } from "vitest";
import { DataModelValidationError } from "../../../test/foundry/install";
import { startSystem, type TestActor, type TestItem } from "../../../test/support/start-system";
import type { HarmoniesSkillModel } from "./harmonies-skill";
import type { WuxiaSkillModel } from "./wuxia-skill";

type Started = Awaited<ReturnType<typeof startSystem>>;

function item(actor: TestActor, name: string): TestItem {
  const found = actor.items.contents.find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}
const wuxiaSkill = (i: TestItem) => i.system as unknown as WuxiaSkillModel;
const harmoniesSkill = (i: TestItem) => i.system as unknown as HarmoniesSkillModel;

describe("Wuxia skills", () => {
  let started: Started;
  let actor: TestActor;
  beforeEach(async () => {
    started = await startSystem();
    actor = await started.Actor.create({ name: "Rebelle", type: "wuxiaCharacter" });
  });

  it("makes a narrow skill a spécialisation when the character has its parent: parent's level, rerolls (RULES 1.1, 1.3)", async () => {
    await actor.createEmbeddedDocuments("Item", [
      { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 5 } },
      { name: "Tir à l'arc", type: "wuxiaSkill", system: { category: "narrow", parentSkill: " chasseur ", level: 2 } },
    ]);
    const bow = wuxiaSkill(item(actor, "Tir à l'arc"));
    expect(bow.use).toEqual({
      kind: "specialisation",
      competence: 5,
      rerolls: 2,
      parentId: item(actor, "Chasseur").id,
    });
    expect(wuxiaSkill(item(actor, "Chasseur")).use).toEqual({
      kind: "metier",
      competence: 5,
      rerolls: 0,
      parentId: null,
    });
  });

  it("makes it a hobby with its own level and no rerolls without the parent", async () => {
    await actor.createEmbeddedDocuments("Item", [
      { name: "Tir à l'arc", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Chasseur", level: 3 } },
    ]);
    expect(wuxiaSkill(item(actor, "Tir à l'arc")).use).toEqual({
      kind: "hobby",
      competence: 3,
      rerolls: 0,
      parentId: null,
    });
  });

  it("follows the parent's level when it changes", async () => {
    await actor.createEmbeddedDocuments("Item", [
      { name: "Magistrat", type: "wuxiaSkill", system: { category: "profession", level: 3 } },
      { name: "Analyse de scène", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Magistrat" } },
    ]);
    await item(actor, "Magistrat").update({ "system.level": 8 });
    expect(wuxiaSkill(item(actor, "Analyse de scène")).use).toMatchObject({ competence: 8, rerolls: 3 });
  });

  it("refuses a level outside 1..10", async () => {
    await actor.createEmbeddedDocuments("Item", [{ name: "Lettré", type: "wuxiaSkill", system: { level: 4 } }]);
    const skill = item(actor, "Lettré");
    await expect(skill.update({ "system.level": 11 })).rejects.toThrow("Level must be between 1 and 10 (got 11).");
    expect(wuxiaSkill(skill).level).toBe(4);
  });

  it("migrates `kind` and `specialisationOf`, idempotently", () => {
    const model = started.documents.ITEM_MODELS.wuxiaSkill;
    const once = model.migrateData({ kind: "specialisation", specialisationOf: "Chasseur" });
    expect(once).toEqual({ category: "narrow", parentSkill: "Chasseur" });
    expect(model.migrateData(structuredClone(once))).toEqual(once);
    expect(model.migrateData({ kind: "profession" })).toEqual({ category: "profession" });
  });
});

describe("Harmonies skills", () => {
  let started: Started;
  let actor: TestActor;
  beforeEach(async () => {
    started = await startSystem();
    actor = await started.Actor.create({ name: "Fantassin", type: "harmoniesCharacter" });
  });

  it("raises a skill to the floor of the métier or hobby that lists it, or −15/−20 (RULES 2.3)", async () => {
    await actor.createEmbeddedDocuments("Item", [
      { name: "Fantassin", type: "harmoniesMetier", system: { skills: ["Combat à l'épée", "Esquive"] } },
      { name: "Cambrioleur", type: "harmoniesHobby", system: { skills: ["Crochetage", "Désamorçage"] } },
      { name: "Esquive", type: "harmoniesSkill", system: { level: -8 } },
      { name: "Désamorçage", type: "harmoniesSkill" },
      { name: "Occultisme", type: "harmoniesSkill", system: { hermetic: true } },
      { name: "Escalade", type: "harmoniesSkill" },
      { name: "Chants", type: "harmoniesSkill", system: { level: -12, talent: true } },
      { name: "combat à l'épée", type: "harmoniesSkill", system: { level: 1 } },
    ]);
    expect(harmoniesSkill(item(actor, "Esquive")).effective).toEqual({ level: -3, source: "metier" });
    expect(harmoniesSkill(item(actor, "Esquive")).metiers).toEqual(["Fantassin"]);
    expect(harmoniesSkill(item(actor, "Désamorçage")).effective).toEqual({ level: -7, source: "hobby" });
    expect(harmoniesSkill(item(actor, "Occultisme")).effective).toEqual({ level: -20, source: "hermetic" });
    expect(harmoniesSkill(item(actor, "Escalade")).effective).toEqual({ level: -15, source: "technical" });
    expect(harmoniesSkill(item(actor, "Chants")).effective).toEqual({ level: -10, source: "talent" });
    expect(harmoniesSkill(item(actor, "combat à l'épée")).effective).toEqual({ level: 1, source: "own" });
  });

  it("prices the next level (RULES 2.7: 0 → +1 costs 125) and leaves an unlearnt skill unpriced", async () => {
    await actor.createEmbeddedDocuments("Item", [
      { name: "Esquive", type: "harmoniesSkill", system: { level: 0 } },
      { name: "Escalade", type: "harmoniesSkill" },
    ]);
    expect(harmoniesSkill(item(actor, "Esquive")).nextLevelCost).toBe(125);
    expect(harmoniesSkill(item(actor, "Escalade")).nextLevelCost).toBeNull();
  });

  it("migrates `nature` into the hermetic flag and a comma-separated skill list into a list", () => {
    const skill = started.documents.ITEM_MODELS.harmoniesSkill;
    expect(skill.migrateData({ nature: "hermétique" })).toEqual({ hermetic: true });
    expect(skill.migrateData({ nature: "technique" })).toEqual({ hermetic: false });
    const metier = started.documents.ITEM_MODELS.harmoniesMetier;
    const once = metier.migrateData({ skills: "Crochetage, Discrétion,, crochetage" });
    expect(once).toEqual({ skills: ["Crochetage", "Discrétion"] });
    expect(metier.migrateData(structuredClone(once))).toEqual(once);
  });
});

describe("powers, traits and equipment", () => {
  let started: Started;
  beforeEach(async () => {
    started = await startSystem();
  });

  it("migrates earlier shapes of powers, traits, weapons and armour, idempotently", () => {
    const models = started.documents.ITEM_MODELS;
    const cases: [
      { migrateData(s: Record<string, unknown>): Record<string, unknown> },
      Record<string, unknown>,
      Record<string, unknown>,
    ][] = [
      [models.wuxiaPower, { cost: 2, heroType: "Moine" }, { chiCost: 2, heroType: "moine" }],
      [models.wuxiaTrait, { zodiac: "Lièvre" }, { zodiac: "lievre" }],
      [models.wuxiaDrame, { zodiac: "Chèvre" }, { zodiac: "chevre" }],
      [models.wuxiaWeapon, { nd: 4, ame: "Saignement" }, { damage: 4, ame: { name: "Saignement", effect: "" } }],
      [models.wuxiaArmour, { ar: 2 }, { armour: 2 }],
      [models.harmoniesWeapon, { missile: true }, { range: "missile" }],
      [models.harmoniesArmour, { value: 3 }, { armour: 3 }],
    ];
    for (const [model, old, expected] of cases) {
      const once = model.migrateData(structuredClone(old));
      expect(once).toEqual(expected);
      expect(model.migrateData(structuredClone(once))).toEqual(once);
    }
  });

  it("refuses a negative ND, AR or chi cost, and an unknown weapon range", async () => {
    const actor = await started.Actor.create({ name: "X", type: "wuxiaCharacter" });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Épée", type: "wuxiaWeapon", system: { damage: 3 } },
      { name: "Cuirasse", type: "wuxiaArmour" },
      { name: "Kiai", type: "wuxiaPower" },
    ]);
    await expect(item(actor, "Épée").update({ "system.damage": -1 })).rejects.toThrow(
      "Damage level (ND) must be between 0 and 999 (got -1).",
    );
    await expect(item(actor, "Cuirasse").update({ "system.armour": -2 })).rejects.toThrow(
      "Armour (AR) must be between 0 and 999",
    );
    await expect(item(actor, "Kiai").update({ "system.chiCost": -1 })).rejects.toThrow(
      "Chi cost must be between 0 and 999",
    );
    expect((item(actor, "Kiai").system as unknown as { chiCost: number }).chiCost).toBe(1);
    const other = await started.Actor.create({ name: "Y", type: "harmoniesCharacter" });
    await other.createEmbeddedDocuments("Item", [
      { name: "Fronde", type: "harmoniesWeapon", system: { range: "missile" } },
    ]);
    await expect(item(other, "Fronde").update({ "system.range": "thrown" })).rejects.toBeInstanceOf(
      DataModelValidationError,
    );
  });
});
