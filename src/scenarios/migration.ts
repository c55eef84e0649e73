import { chiReserve, combineValueCounts, deathThreshold } from "../rules";
import { t } from "../core/i18n";
import { updateSystem } from "../foundry/write";
import type { ScenarioBatch } from "./context";
import { openSheet, textOf, type Window } from "./dom";
import { ScenarioWorld, until } from "./world";

/**
 * Old-shaped data brought up to date as Foundry reads it. Each data model's `migrateData` runs
 * whenever a document is built from its source: when a world loads (the client builds every
 * stored actor, `new Actor(source)`, and its items with it) and when one is created (the
 * creating client builds the pending document from the creation data, so what is stored is
 * the migrated, cleaned source). So a scenario drives both paths a GM's old data takes:
 * `world.actor(old)`, the creation a module or an old compendium entry makes, and
 * `new Actor.implementation(old)`, the in-memory build a world load makes, which writes nothing
 * and needs no clean-up.
 */

type Source = Record<string, unknown>;

/** A document's stored `system`, as the database keeps it. */
function storedSystem(doc: { toObject(): object }): Source {
  return (doc.toObject() as { system: Source }).system;
}

/** Each owned item's stored `system` by name, the identifier left out (creation may fill it). */
function storedItems(actor: Actor.Implementation): Record<string, Source> {
  return Object.fromEntries(
    actor.items.contents.map((item) => {
      const { identifier: _identifier, ...system } = storedSystem(item);
      return [item.name ?? "", system];
    }),
  );
}

function ownedItem(actor: Actor.Implementation, name: string): Item.Implementation {
  const item = actor.items.find((i) => i.name === name);
  if (!item) throw new Error(`${actor.name ?? "The actor"} has no item ${name}`);
  return item;
}

/** The actor as a world that stores this source builds it when it loads. */
function loaded(data: Actor.CreateData): Actor.Implementation {
  return new Actor.implementation(data);
}

function inputValue(root: ParentNode, selector: string): string {
  return root.querySelector<HTMLInputElement>(selector)?.value ?? "";
}

function itemRow(sheet: Window, item: Item.Implementation): HTMLElement {
  const row = sheet.element.querySelector<HTMLElement>(`[data-item-id="${item.id ?? ""}"]`);
  if (!row) throw new Error(`The sheet shows no row for ${item.name ?? "the item"}`);
  return row;
}

/** Signed numbers as the sheets write them (a true minus sign), read as plain text. */
function plain(value: string): string {
  return value.replace(/\u2212/g, "-");
}

const HERO_ATTRIBUTES = { metal: 3, feu: 4, terre: 2, eau: 2, bois: 1 };

/** A Wuxia hero as an earlier version stored it: bare counters, a one-line concept, older item fields. */
function oldWuxiaHero(): Actor.CreateData {
  return {
    name: "Lin Mei",
    type: "wuxiaCharacter",
    system: { attributes: HERO_ATTRIBUTES, wounds: 7, panic: "2", concept: "Fille de pêcheur" },
    items: [
      { name: "Chasseur", type: "wuxiaSkill", system: { kind: "profession", level: 5 } },
      {
        name: "Pistage",
        type: "wuxiaSkill",
        system: { kind: "specialisation", specialisationOf: "Chasseur", level: 5 },
      },
      { name: "Épée", type: "wuxiaSkill", system: { kind: "metier", level: 3 } },
      { name: "Paume de fer", type: "wuxiaPower", system: { cost: 2, heroType: "Moine", level: 2 } },
      { name: "Sabre", type: "wuxiaWeapon", system: { nd: 4, ame: "Saignement", skill: "Épée" } },
      { name: "Cuirasse", type: "wuxiaArmour", system: { ar: 2 } },
      { name: "Agile", type: "wuxiaTrait", system: { zodiac: "Lièvre" } },
      { name: "Rancunière", type: "wuxiaDrame", system: { zodiac: "Chèvre" } },
    ],
  } as Actor.CreateData;
}

/** A Harmonies character as an earlier version stored it: bare scores, `critic`, `nature`, a skill list as text. */
function oldHarmoniesCharacter(): Actor.CreateData {
  return {
    name: "David",
    type: "harmoniesCharacter",
    system: {
      characteristics: { corps: 2, agilite: "-1", intuition: 1, intelligence: 0 },
      means: { puissance: 1, resistance: 0, manoeuvre: 2, precision: 3 },
      wounds: { light: 1, critic: 1 },
    },
    items: [
      { name: "Occultisme", type: "harmoniesSkill", system: { nature: "hermétique" } },
      { name: "Escalade", type: "harmoniesSkill", system: { nature: "technique", level: 1 } },
      { name: "Crochetage", type: "harmoniesSkill", system: {} },
      { name: "Fantassin", type: "harmoniesMetier", system: { skills: "Esquive, Combat à l'épée,, esquive" } },
      { name: "Cambrioleur", type: "harmoniesHobby", system: { skills: "Crochetage;Discrétion" } },
      { name: "Fronde", type: "harmoniesWeapon", system: { missile: true, damage: 2, skill: "Escalade" } },
      { name: "Cuir", type: "harmoniesArmour", system: { value: 3 } },
    ],
  } as Actor.CreateData;
}

/** NPC groups as an earlier version stored them: members with `name`/`number` and flat stats. */
function oldHarmoniesGroup(): Actor.CreateData {
  return {
    name: "La garde du pont",
    type: "group",
    system: {
      ruleset: "harmonies",
      action: { characteristic: "corps", means: "puissance" },
      members: [
        { name: "Gardes", number: 25, corps: 1, puissance: 0, skill: 2 },
        { name: "Sergents", number: 3, corps: 2, puissance: 0, skill: 3 },
      ],
    },
  } as Actor.CreateData;
}

function oldWuxiaGroup(): Actor.CreateData {
  return {
    name: "Les bandits du col",
    type: "group",
    system: {
      ruleset: "wuxia",
      action: { attribute: "feu" },
      members: [{ name: "Bandits", number: 6, feu: 3, skill: 2 }],
    },
  } as Actor.CreateData;
}

export const migrationBatch: ScenarioBatch = {
  id: "migration",
  label: "WH.Scenario.Batch.Migration",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("migration");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    describe("a Wuxia hero stored in an older shape", () => {
      let hero: Actor.Implementation;
      beforeAll(async () => {
        hero = await world.actor(oldWuxiaHero());
      });

      it("reads its bare counters and one-line concept in the current shape, and stores that shape", () => {
        const system = (hero as Actor.OfType<"wuxiaCharacter">).system;
        expect(system.wounds.value).to.equal(7);
        expect(system.wounds.max).to.equal(deathThreshold(HERO_ATTRIBUTES.metal, HERO_ATTRIBUTES.eau));
        expect(system.panic.value).to.equal(2);
        expect(system.concept.origin).to.equal("Fille de pêcheur");
        // Created without a chi count, a hero starts with a full reserve.
        expect(system.chi.value).to.equal(chiReserve(HERO_ATTRIBUTES));
        const stored = storedSystem(hero);
        expect(stored.wounds).to.deep.equal({ value: 7 });
        expect(stored.panic).to.deep.equal({ value: 2 });
        expect((stored.concept as Source).origin).to.equal("Fille de pêcheur");
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("reads its skills, power, weapon, armour, trait and drame under their current fields", () => {
        const hunter = ownedItem(hero, "Chasseur") as Item.OfType<"wuxiaSkill">;
        const tracking = ownedItem(hero, "Pistage") as Item.OfType<"wuxiaSkill">;
        expect(hunter.system.category).to.equal("profession");
        expect(tracking.system.category).to.equal("narrow");
        expect(tracking.system.parentSkill).to.equal("Chasseur");
        expect(tracking.system.use.kind).to.equal("specialisation");
        expect(tracking.system.use.parentId).to.equal(hunter.id);
        const power = ownedItem(hero, "Paume de fer") as Item.OfType<"wuxiaPower">;
        expect(power.system.chiCost).to.equal(2);
        expect(power.system.heroType).to.equal("moine");
        const sabre = ownedItem(hero, "Sabre") as Item.OfType<"wuxiaWeapon">;
        expect(sabre.system.damage).to.equal(4);
        expect(sabre.system.ame).to.deep.equal({ name: "Saignement", effect: "" });
        expect((ownedItem(hero, "Cuirasse") as Item.OfType<"wuxiaArmour">).system.armour).to.equal(2);
        expect((hero as Actor.OfType<"wuxiaCharacter">).system.armour).to.equal(2);
        expect((ownedItem(hero, "Agile") as Item.OfType<"wuxiaTrait">).system.zodiac).to.equal("lievre");
        expect((ownedItem(hero, "Rancunière") as Item.OfType<"wuxiaDrame">).system.zodiac).to.equal("chevre");
        const stored = storedItems(hero);
        expect(Object.keys(stored.Pistage ?? {})).to.not.include("specialisationOf");
        expect(Object.keys(stored.Sabre ?? {})).to.not.include("nd");
        expect(Object.keys(stored["Paume de fer"] ?? {})).to.not.include("cost");
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("draws the current values on its sheet without a console error", async () => {
        const sheet = await openSheet(hero);
        try {
          const root = sheet.element;
          expect(inputValue(root, 'input[name="system.wounds.value"]')).to.equal("7");
          expect(inputValue(root, 'input[name="system.panic.value"]')).to.equal("2");
          expect(textOf(root, ".wh-concept-answers")).to.include("Fille de pêcheur");
          expect(textOf(itemRow(sheet, ownedItem(hero, "Pistage")), ".wh-use")).to.include("Chasseur");
          const power = itemRow(sheet, ownedItem(hero, "Paume de fer"));
          expect(power.textContent).to.include(t("WH.HeroType.moine"));
          expect(textOf(power, "td:nth-child(5)")).to.equal("2");
          const sabre = itemRow(sheet, ownedItem(hero, "Sabre"));
          expect(textOf(sabre, "td:nth-child(2)")).to.equal("4");
          expect(textOf(sabre, "td:nth-child(3)")).to.equal("Épée");
          expect(textOf(sabre, "td:nth-child(4)")).to.equal("Saignement");
          expect(textOf(itemRow(sheet, ownedItem(hero, "Cuirasse")), "td:nth-child(2)")).to.equal("2");
          expect(itemRow(sheet, ownedItem(hero, "Agile")).textContent).to.include(t("WH.Zodiac.lievre"));
        } finally {
          await sheet.close();
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("reads the same when the world loads it again, or loads the old data itself", () => {
        const again = loaded(hero.toObject());
        expect(storedSystem(again)).to.deep.equal(storedSystem(hero));
        expect(storedItems(again)).to.deep.equal(storedItems(hero));
        // A stored hero keeps its chi count, even a bare one.
        const old = oldWuxiaHero();
        const fromOld = loaded({ ...old, system: { ...(old.system as Source), chi: 4 } } as Actor.CreateData);
        expect(storedSystem(fromOld)).to.deep.equal({ ...storedSystem(hero), chi: { value: 4 } });
        expect(storedItems(fromOld)).to.deep.equal(storedItems(hero));
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("keeps the current shape through an update of the hero and of its weapon", async () => {
        await updateSystem(hero as Actor.OfType<"wuxiaCharacter">, { wounds: { value: 8 } });
        const system = (hero as Actor.OfType<"wuxiaCharacter">).system;
        expect(system.wounds.value).to.equal(8);
        expect(system.panic.value).to.equal(2);
        expect(system.concept.origin).to.equal("Fille de pêcheur");
        expect(storedSystem(hero).panic).to.deep.equal({ value: 2 });
        const sabre = ownedItem(hero, "Sabre") as Item.OfType<"wuxiaWeapon">;
        await updateSystem(sabre, { damage: 5 });
        expect(sabre.system.damage).to.equal(5);
        expect(sabre.system.ame).to.deep.equal({ name: "Saignement", effect: "" });
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("a Harmonies character stored in an older shape", () => {
      let david: Actor.Implementation;
      beforeAll(async () => {
        david = await world.actor(oldHarmoniesCharacter());
      });

      it("reads its bare scores and its `critic` wounds in the current shape, and stores that shape", () => {
        const system = (david as Actor.OfType<"harmoniesCharacter">).system;
        expect(system.characteristics.corps.total).to.equal(2);
        expect(system.characteristics.agilite.value).to.equal(-1);
        expect(system.means.precision.total).to.equal(3);
        expect(system.wounds.critical).to.equal(1);
        expect(system.wounds.light).to.equal(1);
        const stored = storedSystem(david);
        expect((stored.characteristics as Source).agilite).to.deep.equal({ value: -1, race: 0, xp: 0 });
        expect(Object.keys(stored.wounds as Source)).to.not.include("critic");
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("reads its skills, skill sets, weapon and armour under their current fields", () => {
        const occult = ownedItem(david, "Occultisme") as Item.OfType<"harmoniesSkill">;
        expect(occult.system.hermetic).to.equal(true);
        expect(occult.system.effective).to.deep.equal({ level: -20, source: "hermetic" });
        expect((ownedItem(david, "Escalade") as Item.OfType<"harmoniesSkill">).system.hermetic).to.equal(false);
        const metier = ownedItem(david, "Fantassin") as Item.OfType<"harmoniesMetier">;
        expect(metier.system.skills).to.deep.equal(["Esquive", "Combat à l'épée"]);
        const hobby = ownedItem(david, "Cambrioleur") as Item.OfType<"harmoniesHobby">;
        expect(hobby.system.skills).to.deep.equal(["Crochetage", "Discrétion"]);
        const lockpicking = ownedItem(david, "Crochetage") as Item.OfType<"harmoniesSkill">;
        expect(lockpicking.system.hobbies).to.deep.equal(["Cambrioleur"]);
        expect(lockpicking.system.effective.source).to.equal("hobby");
        expect((ownedItem(david, "Fronde") as Item.OfType<"harmoniesWeapon">).system.range).to.equal("missile");
        expect((ownedItem(david, "Cuir") as Item.OfType<"harmoniesArmour">).system.armour).to.equal(3);
        expect((david as Actor.OfType<"harmoniesCharacter">).system.armour).to.equal(3);
        const stored = storedItems(david);
        expect(Object.keys(stored.Occultisme ?? {})).to.not.include("nature");
        expect(Object.keys(stored.Fronde ?? {})).to.not.include("missile");
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("draws the current values on its sheet without a console error", async () => {
        const sheet = await openSheet(david);
        try {
          const root = sheet.element;
          expect(plain(textOf(root, '.wh-scores [data-key="corps"]'))).to.equal("+2");
          expect(plain(textOf(root, '.wh-scores [data-key="agilite"]'))).to.equal("-1");
          expect(plain(textOf(root, '.wh-scores [data-key="precision"]'))).to.equal("+3");
          const track = [...root.querySelectorAll(".wh-wound-track .wh-count")].map((c) => c.textContent?.trim());
          expect(track[0]).to.match(/^1 \/ \d+$/);
          expect(track[2]).to.match(/^1 \/ \d+$/);
          expect(plain(textOf(itemRow(sheet, ownedItem(david, "Occultisme")), "strong"))).to.equal("-20");
          const chips = [...itemRow(sheet, ownedItem(david, "Fantassin")).querySelectorAll(".wh-chip")];
          expect(chips.map((c) => c.textContent)).to.deep.equal(["Esquive", "Combat à l'épée"]);
          const sling = itemRow(sheet, ownedItem(david, "Fronde"));
          expect(textOf(sling, "td:nth-child(2)")).to.equal(t("WH.Item.HarmoniesWeapon.Range.missile"));
          expect(textOf(sling, "td:nth-child(5)")).to.equal("Escalade");
        } finally {
          await sheet.close();
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("reads the same when the world loads it again, or loads the old data itself", () => {
        const again = loaded(david.toObject());
        expect(storedSystem(again)).to.deep.equal(storedSystem(david));
        expect(storedItems(again)).to.deep.equal(storedItems(david));
        const fromOld = loaded(oldHarmoniesCharacter());
        expect(storedSystem(fromOld)).to.deep.equal(storedSystem(david));
        expect(storedItems(fromOld)).to.deep.equal(storedItems(david));
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("keeps the current shape through an update of the character and of its métier", async () => {
        await updateSystem(david as Actor.OfType<"harmoniesCharacter">, { characteristics: { corps: { xp: 10 } } });
        const system = (david as Actor.OfType<"harmoniesCharacter">).system;
        expect(system.characteristics.corps).to.deep.include({ value: 2, xp: 10 });
        expect(system.characteristics.agilite.value).to.equal(-1);
        expect(system.wounds.critical).to.equal(1);
        const metier = ownedItem(david, "Fantassin") as Item.OfType<"harmoniesMetier">;
        await updateSystem(metier, { skills: [...metier.system.skills, "Discrétion"] });
        expect(metier.system.skills).to.deep.equal(["Esquive", "Combat à l'épée", "Discrétion"]);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("a skill stored before skills had identifiers", () => {
      let archer: Actor.Implementation;
      beforeAll(async () => {
        archer = await world.actor({
          name: "Élise",
          type: "harmoniesCharacter",
          items: [
            { name: "Tir", type: "harmoniesSkill", system: { level: 2 } },
            { name: "Arc court", type: "harmoniesWeapon", system: { range: "missile", damage: 1, skill: "Tir" } },
          ],
        });
        // Creation gives a new skill its identifier; an older one stored none, so it is blanked.
        await updateSystem(ownedItem(archer, "Tir") as Item.OfType<"harmoniesSkill">, { identifier: "" });
      });

      it("answers to its name, so its weapon still finds it, also once renamed", async () => {
        const skill = ownedItem(archer, "Tir") as Item.OfType<"harmoniesSkill">;
        expect(skill.system.identifier).to.equal("");
        const bow = ownedItem(archer, "Arc court");
        const sheet = await openSheet(archer);
        try {
          expect(textOf(itemRow(sheet, bow), "td:nth-child(5)")).to.equal("Tir");
          await skill.update({ name: "Tir à l'arc" });
          expect(skill.system.identifier).to.equal("tir");
          await until("the weapon's skill renamed on the sheet", () =>
            sheet.rendered && textOf(itemRow(sheet, bow), "td:nth-child(5)") === "Tir à l'arc" ? true : null,
          );
        } finally {
          await sheet.close();
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("NPC groups stored in an older shape", () => {
      let guards: Actor.Implementation;
      let bandits: Actor.Implementation;
      beforeAll(async () => {
        guards = await world.actor(oldHarmoniesGroup());
        bandits = await world.actor(oldWuxiaGroup());
      });

      it("reads each sub-group's label, count and stats in the current shape, and stores that shape", () => {
        const system = (guards as Actor.OfType<"group">).system;
        const [gardes, sergents] = system.members;
        expect(gardes?.label).to.equal("Gardes");
        expect(gardes?.count).to.equal(25);
        expect(gardes?.out).to.equal(0);
        expect(gardes?.stats).to.deep.include({ corps: 1, puissance: 0, skill: 2 });
        expect(sergents?.label).to.equal("Sergents");
        expect(sergents?.count).to.equal(3);
        expect(system.size).to.equal(28);
        expect(system.actionScores).to.deep.equal([3, 5]);
        const corps = system.combined.find((c) => c.key === "corps");
        expect(corps?.value).to.equal(
          combineValueCounts([
            { value: 1, count: 25 },
            { value: 2, count: 3 },
          ]).value,
        );
        const stored = (storedSystem(guards).members as Source[])[0] ?? {};
        for (const old of ["name", "number", "corps", "skill"]) expect(Object.keys(stored)).to.not.include(old);
        const wuxia = (bandits as Actor.OfType<"group">).system;
        expect(wuxia.members[0]?.label).to.equal("Bandits");
        expect(wuxia.members[0]?.stats).to.deep.include({ feu: 3, skill: 2 });
        expect(wuxia.actionScores).to.deep.equal([5]);
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("draws the sub-groups on the sheets of both rule sets without a console error", async () => {
        const sheet = await openSheet(guards);
        try {
          const second = sheet.element.querySelector('[data-member-index="1"]');
          expect(second?.textContent).to.include("Sergents");
          expect(inputValue(sheet.element, '[data-member-index="0"] [data-member-field="count"]')).to.equal("25");
          expect(plain(textOf(sheet.element, '[data-member-index="1"] strong'))).to.equal("+5");
        } finally {
          await sheet.close();
        }
        const wuxiaSheet = await openSheet(bandits);
        try {
          expect(textOf(wuxiaSheet.element, '[data-member-index="0"]')).to.include("Bandits");
          expect(inputValue(wuxiaSheet.element, '[data-member-index="0"] [data-member-field="count"]')).to.equal("6");
          expect(textOf(wuxiaSheet.element, '[data-member-index="0"] strong')).to.equal("5");
        } finally {
          await wuxiaSheet.close();
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("reads the same when the world loads them again, or loads the old data itself", () => {
        for (const [group, old] of [
          [guards, oldHarmoniesGroup()],
          [bandits, oldWuxiaGroup()],
        ] as const) {
          expect(storedSystem(loaded(group.toObject()))).to.deep.equal(storedSystem(group));
          expect(storedSystem(loaded(old))).to.deep.equal(storedSystem(group));
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("keeps the current shape when a sub-group loses members", async () => {
        const system = (guards as Actor.OfType<"group">).system;
        // A sub-group is written as the whole list, as the group sheet writes it.
        await updateSystem(guards as Actor.OfType<"group">, {
          members: system.members.map((m, i) => (i === 0 ? { ...m, out: 5 } : m)),
        });
        expect(system.members[0]).to.deep.include({ label: "Gardes", count: 25, out: 5 });
        expect(system.members[1]?.label).to.equal("Sergents");
        expect(system.size).to.equal(23);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};
