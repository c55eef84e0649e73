import { beforeEach, describe, expect, it, vi } from "vitest";
import { startSystem, type TestActor } from "../../test/support/start-system";
import { actAs } from "../../test/support/world";
import type { GroupModel } from "../documents/actors/group";
import type { HarmoniesCharacterModel } from "../documents/actors/harmonies-character";
import { applyInlineEdit } from "./inline-edit";

type Started = Awaited<ReturnType<typeof startSystem>>;
type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;

interface SheetDouble {
  options: { actions: Record<string, Action> };
  lastContext: Record<string, unknown> | null;
  partContexts: Record<string, Record<string, unknown>>;
  render(options?: { force?: boolean }): Promise<unknown>;
  setEditMode(editMode: boolean): void;
  _onDropItem(event: unknown, item: unknown): Promise<unknown>;
  _prepareSubmitData(
    event: unknown,
    form: unknown,
    formData: { object: Record<string, unknown> },
  ): Record<string, unknown>;
}

/** Everything the sheet's parts were drawn with, as one context. */
function drawn(sheet: SheetDouble): Record<string, unknown> {
  return Object.assign({}, sheet.lastContext, ...Object.values(sheet.partContexts));
}

function sheetFor(started: Started, document: { type: string }): SheetDouble {
  const registration = started.foundry.sheets.registrations.find(
    (r) => r.types.includes(document.type) && r.makeDefault,
  );
  const Sheet = registration?.sheetClass as new (options: Record<string, unknown>) => SheetDouble;
  return new Sheet({ document });
}

/** What an action handler reads of the element clicked. */
function target(dataset: Record<string, string>, rowDataset: Record<string, string> = {}) {
  return { dataset, closest: () => ({ dataset: rowDataset }) };
}

async function click(
  sheet: SheetDouble,
  action: string,
  dataset: Record<string, string> = {},
  rowDataset: Record<string, string> = {},
) {
  const handler = sheet.options.actions[action];
  if (!handler) throw new Error(`no action ${action}`);
  await handler.call(sheet, {}, target(dataset, rowDataset));
}

describe("actor sheets", () => {
  let started: Started;
  let wuxia: TestActor;
  beforeEach(async () => {
    started = await startSystem();
    wuxia = await started.Actor.create({
      name: "Lin",
      type: "wuxiaCharacter",
      system: { attributes: { metal: 3, feu: 4, terre: 2, eau: 2, bois: 1 } },
    });
  });

  it("shows every derived number beside what it comes from, with the tabs, in play mode by default", async () => {
    const sheet = sheetFor(started, wuxia);
    await sheet.render({ force: true });
    const context = drawn(sheet);
    expect(context.editMode).toBe(false);
    expect(context.attributeSum).toBe(12);
    expect(context.woundThresholds).toEqual([
      { level: 6, penalty: 1, reached: false },
      { level: 12, penalty: 2, reached: false },
      { level: 18, penalty: 3, reached: false },
    ]);
    expect(Object.keys(context.tabs as object)).toEqual(["main", "skills", "powers", "combat", "effects", "biography"]);
    expect(sheet.partContexts.main?.tabs).toMatchObject({ main: { active: true, cssClass: "active" } });
    sheet.setEditMode(true);
    await sheet.render({ force: true });
    expect(drawn(sheet).editMode).toBe(true);
  });

  it("checks the creation priorities with the rules engine and says what is wrong, localised", async () => {
    await wuxia.update({ "system.priorities.skills": 5, "system.heroType": "sorcier" });
    const sheet = sheetFor(started, wuxia);
    await sheet.render({ force: true });
    const creation = drawn(sheet).creation as { valid: boolean; problems: string[] };
    expect(creation.valid).toBe(false);
    expect(creation.problems).toEqual(["Each priority from 1 to 5 must be used exactly once."]);
    await wuxia.update({ "system.priorities.skills": 4 });
    await sheet.render({ force: true });
    expect((drawn(sheet).creation as { problems: string[] }).problems).toEqual([
      "Hero type does not match the Powers priority.",
    ]);
  });

  it("prepares a part's data only when that part is drawn: the header alone builds no table and enriches no text", async () => {
    const sheet = sheetFor(started, wuxia);
    await sheet.render({ force: true });
    const enrich = vi.spyOn(foundry.applications.ux.TextEditor.implementation, "enrichHTML");
    sheet.partContexts = {};
    await sheet.render({ parts: ["header"] } as { force?: boolean });
    expect(Object.keys(sheet.partContexts)).toEqual(["header"]);
    expect(sheet.partContexts.header).toHaveProperty("woundBar");
    for (const other of ["attributes", "skillGroups", "powers", "weapons", "biographyHTML", "effects"])
      expect(sheet.partContexts.header).not.toHaveProperty(other);
    expect(enrich).not.toHaveBeenCalled();
    await sheet.render({ parts: ["biography"] } as { force?: boolean });
    expect(enrich).toHaveBeenCalledTimes(1);
    expect(sheet.partContexts.biography).not.toHaveProperty("woundBar");
  });

  it("hides the player-only parts of an NPC", async () => {
    await wuxia.update({ "system.npc": true });
    const sheet = sheetFor(started, wuxia);
    // In play mode an NPC shows its stat block; the main tab, where creation sits, is drawn in edit mode.
    sheet.setEditMode(true);
    await sheet.render({ force: true });
    expect(sheet.partContexts.main).toHaveProperty("creation", null);
  });

  it("refuses an item of the other rule set dropped on the sheet, and takes one of its own", async () => {
    const harmonies = await started.Actor.create({ name: "H", type: "harmoniesCharacter" });
    await harmonies.createEmbeddedDocuments("Item", [{ name: "Esquive", type: "harmoniesSkill" }]);
    const foreign = harmonies.items.contents[0];
    const sheet = sheetFor(started, wuxia);
    expect(await sheet._onDropItem({}, foreign)).toBeNull();
    expect(started.foundry.notifications.at(-1)).toEqual({
      level: "warn",
      message: "Esquive belongs to Harmonies; this sheet plays Wuxia.",
    });
    expect(wuxia.items.size).toBe(0);
    const other = await started.Actor.create({ name: "W", type: "wuxiaCharacter" });
    await other.createEmbeddedDocuments("Item", [{ name: "Chasseur", type: "wuxiaSkill" }]);
    await sheet._onDropItem({}, other.items.contents[0]);
    expect(wuxia.items.contents.map((i) => i.name)).toEqual(["Chasseur"]);
  });

  it("reports a refused in-place edit with the model's message and keeps the stored value", async () => {
    await wuxia.createEmbeddedDocuments("Item", [{ name: "Chasseur", type: "wuxiaSkill", system: { level: 5 } }]);
    const skill = wuxia.items.contents[0];
    if (!skill) throw new Error("no skill");
    expect(await applyInlineEdit(skill, "system.level", 12)).toBe(false);
    expect(started.foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: "Level must be between 1 and 10 (got 12).",
    });
    expect(await applyInlineEdit(skill, "system.level", 7)).toBe(true);
    expect((skill.system as unknown as { level: number }).level).toBe(7);
  });

  it("refuses a value out of range typed in the sheet's form, says why, and redraws the stored value", async () => {
    const sheet = sheetFor(started, wuxia);
    await sheet.render({ force: true });
    sheet.partContexts = {};
    expect(
      sheet._prepareSubmitData({}, {}, { object: { "system.attributes.metal": 12, "system.attributes.feu": 4 } }),
    ).toEqual({});
    expect(started.foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: "Metal must be between 1 and 10 (got 12).",
    });
    await vi.waitUntil(() => sheet.partContexts.main?.attributes);
    expect((drawn(sheet).attributes as { key: string; value: number }[])[0]).toMatchObject({
      key: "metal",
      value: 3,
    });
    expect(sheet._prepareSubmitData({}, {}, { object: { "system.attributes.metal": 5 } })).toEqual({
      system: { attributes: { metal: 5 } },
    });

    await wuxia.createEmbeddedDocuments("Item", [{ name: "Chasseur", type: "wuxiaSkill", system: { level: 5 } }]);
    const itemSheet = sheetFor(started, wuxia.items.contents[0] as { type: string });
    expect(itemSheet._prepareSubmitData({}, {}, { object: { "system.level": 0 } })).toEqual({});
    expect(started.foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: "Level must be between 1 and 10 (got 0).",
    });
  });

  it("creates an item of the kind clicked and deletes one", async () => {
    const sheet = sheetFor(started, wuxia);
    await click(sheet, "createItem", { type: "wuxiaSkill", category: "narrow" });
    const created = wuxia.items.contents[0];
    expect(created?.name).toBe("New Wuxia skill");
    expect((created?.system as unknown as { category: string }).category).toBe("narrow");
    await click(sheet, "deleteItem", {}, { itemId: created?.id ?? "" });
    expect(wuxia.items.size).toBe(0);
  });
});

describe("an item control for an item no longer on the actor", () => {
  it("opens and deletes nothing, and fails on nothing", async () => {
    const started = await startSystem();
    const hero = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    await hero.createEmbeddedDocuments("Item", [{ name: "Chasseur", type: "wuxiaSkill" }]);
    const sheet = sheetFor(started, hero);
    await expect(click(sheet, "editItem", {}, { itemId: "gone" })).resolves.toBeUndefined();
    await expect(click(sheet, "deleteItem", {}, { itemId: "gone" })).resolves.toBeUndefined();
    // A control outside any item's row.
    for (const action of ["editItem", "deleteItem"])
      await expect(
        sheet.options.actions[action]?.call(sheet, {}, { dataset: {}, closest: () => null }),
      ).resolves.toBeUndefined();
    expect(hero.items.contents.map((i) => i.name)).toEqual(["Chasseur"]);
  });
});

describe("a sheet the user may not edit", () => {
  it("takes no drop, creates, deletes and wounds nothing, and leaves the sub-groups alone", async () => {
    // The GM prepares the actors; the player, who owns none of them, opens the sheets.
    const started = await startSystem();
    const hero = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    await hero.createEmbeddedDocuments("Item", [{ name: "Chasseur", type: "wuxiaSkill" }]);
    const other = await started.Actor.create({ name: "W", type: "wuxiaCharacter" });
    await other.createEmbeddedDocuments("Item", [
      { name: "Criminel", type: "wuxiaSkill" },
      { name: "Esquive", type: "harmoniesSkill" },
    ]);
    const goliath = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { wounds: { light: 1 } },
    });
    const group = await started.Actor.create({
      name: "Garde",
      type: "group",
      system: { members: [{ label: "Gardes", count: 25, stats: {} }] },
    });
    actAs("player");
    const sheet = sheetFor(started, hero);
    for (const item of other.items.contents) expect(await sheet._onDropItem({}, item)).toBeNull();
    await click(sheet, "createItem", { type: "wuxiaPower" });
    await click(sheet, "deleteItem", {}, { itemId: hero.items.contents[0]?.id ?? "" });
    expect(hero.items.contents.map((i) => i.name)).toEqual(["Chasseur"]);
    expect(started.foundry.notifications).toEqual([]);

    const harmoniesSheet = sheetFor(started, goliath);
    await click(harmoniesSheet, "addWound", { severity: "grave" });
    await click(harmoniesSheet, "healWound");
    expect((goliath.system as unknown as HarmoniesCharacterModel).wounds).toMatchObject({ light: 1, grave: 0 });

    const groupSheet = sheetFor(started, group);
    await click(groupSheet, "addMember");
    await click(groupSheet, "removeMember", {}, { memberIndex: "0" });
    expect((group.system as unknown as GroupModel).members.map((m) => m.label)).toEqual(["Gardes"]);
    // Nothing was even tried: the server would have refused it, with a message.
    expect(started.foundry.notifications).toEqual([]);
  });
});

describe("Harmonies sheet", () => {
  it("records a wound with aggravation and heals one stage (RULES 2.5, 2.6)", async () => {
    const started = await startSystem();
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { wounds: { light: 4, grave: 1 } },
    });
    const sheet = sheetFor(started, actor);
    const wounds = () => (actor.system as unknown as HarmoniesCharacterModel).wounds;
    await click(sheet, "addWound", { severity: "light" });
    expect(wounds()).toMatchObject({ light: 4, grave: 2, critical: 0 });
    await click(sheet, "healWound");
    expect(wounds()).toMatchObject({ light: 5, grave: 1 });
  });

  it("heals nothing of a fatal wound, and fails on nothing (RULES 2.6)", async () => {
    const started = await startSystem();
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { wounds: { critical: 1, fatal: true } },
    });
    const sheet = sheetFor(started, actor);
    await expect(click(sheet, "healWound")).resolves.toBeUndefined();
    expect((actor.system as unknown as HarmoniesCharacterModel).wounds).toMatchObject({ critical: 1, fatal: true });
  });

  it("shows the penalties a roll made now pays: the wounds', and −1 more while stunned", async () => {
    const started = await startSystem();
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { wounds: { light: 2, grave: 1 } },
    });
    await (actor as unknown as { toggleStatusEffect(id: string): Promise<unknown> }).toggleStatusEffect("stun");
    const sheet = sheetFor(started, actor);
    await sheet.render({ force: true });
    expect([drawn(sheet).penaltyAll, drawn(sheet).penaltyPhysical]).toEqual(["−4", "−6"]);
  });

  it("shows weapon damage as the rules compute it: Cp + Pu + weapon, a missile weapon alone", async () => {
    const started = await startSystem();
    const actor = await started.Actor.create({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { characteristics: { corps: { value: 3 } }, means: { puissance: { value: 2 } } },
    });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Bâton", type: "harmoniesWeapon", system: { damage: 1 } },
      { name: "Fronde", type: "harmoniesWeapon", system: { damage: 0, range: "missile" } },
    ]);
    const sheet = sheetFor(started, actor);
    await sheet.render({ force: true });
    const weapons = drawn(sheet).weapons as { name: string; totalDamage: string }[];
    expect(weapons.map((w) => [w.name, w.totalDamage])).toEqual([
      ["Bâton", "+6"],
      ["Fronde", "0"],
    ]);
    await game.settings.set("wuxia-harmonies", "harmoniesMissileStrength", true);
    await sheet.render({ force: true });
    expect((drawn(sheet).weapons as { totalDamage: string }[]).map((w) => w.totalDamage)).toEqual(["+6", "+5"]);
  });
});

describe("group sheet", () => {
  it("adds, edits and removes sub-groups, keeping the others whole", async () => {
    const started = await startSystem();
    const group = await started.Actor.create({
      name: "Garde",
      type: "group",
      system: { members: [{ label: "Gardes", count: 25, stats: { corps: 1 } }] },
    });
    const sheet = sheetFor(started, group);
    const members = () => (group.system as unknown as GroupModel).members;
    await click(sheet, "addMember");
    expect(members()).toHaveLength(2);
    expect(members()[1]).toMatchObject({ label: "Sub-group 2", count: 1, stats: { metal: 2, corps: 0, skill: 0 } });
    expect(members()[0]).toMatchObject({ label: "Gardes", count: 25, stats: { corps: 1 } });
    await click(sheet, "removeMember", {}, { memberIndex: "0" });
    expect(members().map((m) => m.label)).toEqual(["Sub-group 2"]);
  });

  it("writes Harmonies scores signed with a true minus, Wuxia Attributes plain", async () => {
    const started = await startSystem();
    const members = [{ label: "Chien", count: 1, stats: { metal: 3, corps: -10, agilite: 2, skill: -3 } }];
    const shown = async (ruleset: string) => {
      const group = await started.Actor.create({ name: "G", type: "group", system: { ruleset, members } });
      const sheet = sheetFor(started, group);
      await sheet.render({ force: true });
      const [row] = drawn(sheet).members as { stats: { key: string; shown: string }[]; skillShown: string }[];
      return { first: row?.stats[0]?.shown, skill: row?.skillShown };
    };
    expect(await shown("harmonies")).toEqual({ first: "\u221210", skill: "\u22123" });
    expect((await shown("wuxia")).first).toBe("3");
  });
});
