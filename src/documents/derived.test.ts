import { beforeEach, describe, expect, it } from "vitest";
import { startSystem, type TestActor, type TestItem } from "../../test/support/start-system";
import { equippedArmour } from "./actors/armour";
import type { GroupModel } from "./actors/group";
import type { HarmoniesCharacterModel } from "./actors/harmonies-character";
import type { WuxiaCharacterModel } from "./actors/wuxia-character";
import type { HarmoniesSkillModel } from "./items/harmonies-skill";
import type { WuxiaSkillModel } from "./items/wuxia-skill";
import { actorRuleset, itemRuleset } from "./rulesets";

type Started = Awaited<ReturnType<typeof startSystem>>;
let started: Started;
beforeEach(async () => {
  started = await startSystem();
});

function item(actor: TestActor, name: string): TestItem {
  const found = actor.items.contents.find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}

/** An item of the world (the Items sidebar), owned by no actor. */
async function worldItem(data: Record<string, unknown>): Promise<TestItem> {
  const Item = started.foundry.CONFIG.Item.documentClass as unknown as {
    create(data: Record<string, unknown>): Promise<TestItem>;
  };
  return Item.create(data);
}

const wuxia = (actor: TestActor) => actor.system as unknown as WuxiaCharacterModel;
const harmonies = (actor: TestActor) => actor.system as unknown as HarmoniesCharacterModel;
const use = (i: TestItem) => (i.system as unknown as WuxiaSkillModel).use;

describe("what a character sheet shows", () => {
  it("a Wuxia hero keeps the answers of the concept, and wears only armour of its own rule set", async () => {
    const actor = await started.Actor.create({
      name: "Lin",
      type: "wuxiaCharacter",
      system: { concept: { origin: "Hangzhou", flaws: "Orgueil" } },
    });
    expect(wuxia(actor).concept).toMatchObject({ origin: "Hangzhou", flaws: "Orgueil", likes: "" });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Cuirasse", type: "wuxiaArmour", system: { armour: 2 } },
      { name: "Cuir bouilli", type: "harmoniesArmour", system: { armour: 5 } },
    ]);
    expect(wuxia(actor).armour).toBe(2);
    expect(equippedArmour(null, "wuxiaArmour")).toBe(0);
  });

  it("new armour is worn, a new Harmonies weapon is a melee weapon", async () => {
    const actor = await started.Actor.create({ name: "David", type: "harmoniesCharacter" });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Broigne", type: "harmoniesArmour", system: { armour: 3 } },
      { name: "Épée", type: "harmoniesWeapon" },
    ]);
    expect(harmonies(actor).armour).toBe(3);
    expect(item(actor, "Épée").system.range).toBe("melee");
    const hero = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    await hero.createEmbeddedDocuments("Item", [{ name: "Cuirasse", type: "wuxiaArmour" }]);
    expect([item(hero, "Cuirasse").system.equipped, wuxia(hero).armour]).toEqual([true, 1]);
  });

  it("a Harmonies character's token bar counts every wound carried, critical ones too", async () => {
    const actor = await started.Actor.create({
      name: "David",
      type: "harmoniesCharacter",
      system: { wounds: { light: 1, grave: 1, critical: 1 } },
    });
    expect(harmonies(actor).woundSummary).toEqual({ value: 3, max: 7 });
    expect(harmonies(actor).score("agilite")).toBe(0);
    expect(harmonies(actor).score("nonsense" as never)).toBe(0);
  });

  it("a Wuxia weapon keeps its âme, a trait its zodiac sign", async () => {
    const actor = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Lame", type: "wuxiaWeapon", system: { ame: { name: "Saignement", effect: "+1 NB" } } },
      { name: "Ruse", type: "wuxiaTrait", system: { zodiac: "singe" } },
      { name: "Colère", type: "wuxiaDrame", system: { zodiac: "tigre" } },
    ]);
    expect(item(actor, "Lame").system.ame).toEqual({ name: "Saignement", effect: "+1 NB" });
    expect([item(actor, "Ruse").system.zodiac, item(actor, "Colère").system.zodiac]).toEqual(["singe", "tigre"]);
  });
});

describe("which skill a Wuxia spécialisation hangs on (RULES 1.1)", () => {
  it("only a Métier or Profession of the same name, spacing and case aside", async () => {
    const actor = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Chasseur", type: "wuxiaPower", system: { level: 9 } },
      { name: "Lettré", type: "wuxiaSkill", system: { category: "metier", level: 6 } },
      { name: "Pistage", type: "wuxiaSkill", system: { category: "narrow", level: 4 } },
      { name: "Magistrat  impérial", type: "wuxiaSkill", system: { category: "profession", level: 7 } },
      { name: "Tir", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Chasseur", level: 2 } },
      { name: "Traque", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Pistage", level: 3 } },
      {
        name: "Enquête",
        type: "wuxiaSkill",
        system: { category: "narrow", parentSkill: "magistrat impérial", level: 1 },
      },
      { name: "Faux", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Magistratimpérial", level: 1 } },
    ]);
    expect(use(item(actor, "Tir"))).toEqual({ kind: "hobby", competence: 2, rerolls: 0, parentId: null });
    expect(use(item(actor, "Traque"))).toEqual({ kind: "hobby", competence: 3, rerolls: 0, parentId: null });
    expect(use(item(actor, "Enquête"))).toEqual({
      kind: "specialisation",
      competence: 7,
      rerolls: 3,
      parentId: item(actor, "Magistrat  impérial").id,
    });
    expect(use(item(actor, "Faux")).kind).toBe("hobby");
  });

  it("a skill of the world, on no character, is used at its own level", async () => {
    const skill = await worldItem({
      name: "Tir",
      type: "wuxiaSkill",
      system: { category: "narrow", parentSkill: "Chasseur", level: 2 },
    });
    expect(use(skill)).toEqual({ kind: "hobby", competence: 2, rerolls: 0, parentId: null });
    const harmoniesSkill = await worldItem({ name: "Esquive", type: "harmoniesSkill" });
    expect((harmoniesSkill.system as unknown as HarmoniesSkillModel).effective).toEqual({
      level: -15,
      source: "technical",
    });
    expect((harmoniesSkill.system as unknown as HarmoniesSkillModel).metiers).toEqual([]);
  });

  it("a skill's data checked on its own, with no item around it, reads as unowned", () => {
    type Standalone = new (data: Record<string, unknown>) => { prepareDerivedData(): void };
    const Wuxia = started.documents.ITEM_MODELS.wuxiaSkill as unknown as Standalone;
    const narrow = new Wuxia({ category: "narrow", parentSkill: "Chasseur", level: 4 });
    narrow.prepareDerivedData();
    expect((narrow as unknown as WuxiaSkillModel).use).toEqual({
      kind: "hobby",
      competence: 4,
      rerolls: 0,
      parentId: null,
    });
    const Harmonies = started.documents.ITEM_MODELS.harmoniesSkill as unknown as Standalone;
    const skill = new Harmonies({ level: -4 });
    skill.prepareDerivedData();
    expect((skill as unknown as HarmoniesSkillModel).effective).toEqual({ level: -4, source: "own" });
  });

  it("a métier's list names skills, never a blank", async () => {
    const actor = await started.Actor.create({ name: "David", type: "harmoniesCharacter" });
    const [metier] = await actor.createEmbeddedDocuments("Item", [
      { name: "Fantassin", type: "harmoniesMetier", system: { skills: ["Esquive"] } },
    ]);
    await expect(metier?.update({ "system.skills": ["Esquive", ""] }) ?? Promise.resolve()).rejects.toThrow();
    expect(metier?.system.skills).toEqual(["Esquive"]);
  });
});

describe("older shapes", () => {
  it("a Wuxia skill once kept as a hobby or spécialisation is a narrow skill", () => {
    const model = started.documents.ITEM_MODELS.wuxiaSkill;
    expect(model.migrateData({ kind: "hobby" })).toEqual({ category: "narrow" });
    expect(model.migrateData({ kind: "metier" })).toEqual({ category: "metier" });
  });

  it("a Harmonies weapon once flagged as no missile is a melee weapon", () => {
    expect(started.documents.ITEM_MODELS.harmoniesWeapon.migrateData({ missile: false })).toEqual({ range: "melee" });
  });

  it("current data, and no data, pass through every migration unchanged", async () => {
    const models = { ...started.documents.ACTOR_MODELS, ...started.documents.ITEM_MODELS } as unknown as Record<
      string,
      { migrateData(s: Record<string, unknown>): Record<string, unknown> }
    >;
    for (const [type, model] of Object.entries(models)) {
      expect(model.migrateData({}), type).toStrictEqual({});
      const document =
        type in started.documents.ACTOR_MODELS
          ? await started.Actor.create({ name: type, type })
          : await worldItem({ name: type, type });
      const current = document.system.toObject();
      expect(model.migrateData(structuredClone(current)), type).toStrictEqual(current);
    }
  });

  it("a sub-group keeps its own label, count and stats over the older keys beside them", () => {
    const model = started.documents.ACTOR_MODELS.group;
    const migrated = model.migrateData({
      members: [
        { label: "Gardes", name: "Garde", count: 5, number: 3, stats: { corps: 2 }, corps: 1 },
        { name: "Chien", metal: 3, label2: "kept" },
        { label: "Vide", count: 1 },
        "junk",
      ],
    });
    expect(migrated.members).toStrictEqual([
      { label: "Gardes", count: 5, stats: { corps: 2 } },
      { label: "Chien", label2: "kept", stats: { metal: 3 } },
      { label: "Vide", count: 1 },
      "junk",
    ]);
  });
});

describe("a new sub-group", () => {
  it("is complete: what the schema would fill, with the label given", async () => {
    const { newMember } = await import("./actors/group");
    const actor = await started.Actor.create({
      name: "Bande",
      type: "group",
      system: { members: [{ label: "Recrue" }] },
    });
    expect(newMember("Recrue")).toEqual((actor.system as unknown as GroupModel).members[0]);
  });
});

describe("which rule set a document plays", () => {
  it("each item type belongs to its rule set, and nothing else to any", () => {
    expect(["wuxiaSkill", "wuxiaArmour", "harmoniesSkill", "harmoniesHobby", "base", ""].map(itemRuleset)).toEqual([
      "wuxia",
      "wuxia",
      "harmonies",
      "harmonies",
      null,
      null,
    ]);
  });

  it("a character plays its type's rule set, a group the one it names", () => {
    expect(actorRuleset({ type: "wuxiaCharacter" })).toBe("wuxia");
    expect(actorRuleset({ type: "harmoniesCharacter", system: { ruleset: "wuxia" } })).toBe("harmonies");
    expect(actorRuleset({ type: "group", system: { ruleset: "wuxia" } })).toBe("wuxia");
    expect(actorRuleset({ type: "group", system: { ruleset: "harmonies" } })).toBe("harmonies");
    expect(actorRuleset({ type: "group" })).toBeNull();
    expect(actorRuleset({ type: "base", system: { ruleset: "wuxia" } })).toBeNull();
  });
});

describe("what a token offers", () => {
  it("the counters each type offers as a token value are numbers on the prepared actor", async () => {
    const trackable = started.foundry.CONFIG.Actor.trackableAttributes as Record<
      string,
      { bar: string[]; value: string[] }
    >;
    expect(Object.fromEntries(Object.entries(trackable).map(([type, t]) => [type, t.value]))).toEqual({
      wuxiaCharacter: ["destiny", "experience"],
      harmoniesCharacter: [],
      group: [],
    });
    expect(trackable.group?.bar).toEqual([]);
    for (const [type, { value }] of Object.entries(trackable)) {
      const actor = await started.Actor.create({ name: type, type });
      for (const path of value) expect(typeof actor.system[path], `${type}.${path}`).toBe("number");
    }
  });
});
