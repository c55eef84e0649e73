import { SYSTEM_ID } from "../foundry/system";
import { systemFlag } from "../foundry/flags";
import type { AttributeRollRecord } from "../creation/attribute-generation";
import { HARMONIES_DEFAULTS, WUXIA_DEFAULTS, chiReserve, wuxiaCreationBudget } from "../rules";
import {
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  WUXIA_ATTRIBUTES,
  WUXIA_PRIORITY_KEYS,
  ZODIAC_SIGNS,
} from "../rules/vocabulary";
import type { ScenarioBatch } from "./context";
import { openSheet, signedNumber } from "./dom";
import { ScenarioWorld, until } from "./world";

/** A character's creation record, as the GMs' world setting holds it. */
function creationRecord(actor: Actor.Implementation, key: "attributeRoll" | "beginnerPackage"): unknown {
  return game.settings.get(SYSTEM_ID, "creationRecords")[actor.uuid]?.[key];
}
const attributeRoll = (actor: Actor.Implementation) =>
  creationRecord(actor, "attributeRoll") as AttributeRollRecord | undefined;

/** The archetype the system ships with skills of its own: the Rebelle mystérieux (a fixed id). */
const REBEL_UUID = `Compendium.${SYSTEM_ID}.wuxia-archetypes.Actor.fEN9UZXEBbx3c6Ed`;
const HARMONIES_SKILLS_PACK = `${SYSTEM_ID}.harmonies-skills`;

/** The world settings of the Wuxia creation table, and the book's values the archetypes are made for. */
const CREATION_TABLE: Record<string, readonly number[]> = {
  wuxiaCreationAttributePoints: WUXIA_DEFAULTS.creation.attributePoints,
  wuxiaCreationAttributeMaximum: WUXIA_DEFAULTS.creation.attributeMaximum,
  wuxiaCreationSkillPoints: WUXIA_DEFAULTS.creation.skillPoints,
  wuxiaCreationPowerPoints: WUXIA_DEFAULTS.creation.powerPoints,
  wuxiaCreationTraits: WUXIA_DEFAULTS.creation.traits,
  wuxiaCreationExperience: WUXIA_DEFAULTS.creation.experience,
};

/** The eight Harmonies attributes in the order of the creation pairs Cp/Ag, It/Ig, Pu/Rs, Mn/Pr. */
const PAIRED_ATTRIBUTES = [
  ["characteristics", HARMONIES_CHARACTERISTICS[0], HARMONIES_CHARACTERISTICS[1]],
  ["characteristics", HARMONIES_CHARACTERISTICS[2], HARMONIES_CHARACTERISTICS[3]],
  ["means", HARMONIES_MEANS[0], HARMONIES_MEANS[1]],
  ["means", HARMONIES_MEANS[2], HARMONIES_MEANS[3]],
] as const;

/** A window of the system, found in the DOM by its application id. */
function shownWindow(id: string): HTMLElement | null {
  return document.getElementById(id);
}

function fieldOf<T extends HTMLElement>(root: HTMLElement, selector: string): T {
  const field = root.querySelector<T>(selector);
  if (!field) throw new Error(`Nothing matches ${selector}`);
  return field;
}

/**
 * Sets a form field as a user does (its value, then `change`); when the dialog draws itself again
 * on that change, waits until the field drawn before is replaced.
 */
async function change(root: HTMLElement, name: string, value: string, redraws = true): Promise<void> {
  const field = fieldOf<HTMLInputElement | HTMLSelectElement>(root, `[name="${name}"]`);
  field.value = value;
  field.dispatchEvent(new Event("change", { bubbles: true }));
  if (redraws) await until(`the dialog drawn again after ${name}`, () => !field.isConnected);
}

/** Ticks a check box as a user does, and waits for the dialog drawn again. */
async function tick(box: HTMLInputElement): Promise<void> {
  box.checked = true;
  box.dispatchEvent(new Event("change", { bubbles: true }));
  await until(`the dialog drawn again after ${box.value}`, () => !box.isConnected);
}

/** Clicks a button whose action draws the dialog again, and waits for it. */
async function clickAndRedraw(button: HTMLElement): Promise<void> {
  button.click();
  await until("the dialog drawn again", () => !button.isConnected);
}

/** The actor's sheet drawn, as a user opens it from the Actors directory. */
async function closeSheet(actor: Actor.Implementation): Promise<void> {
  if (actor.sheet?.rendered) await actor.sheet.close();
}

const selectedLabel = (root: HTMLElement, name: string): string =>
  fieldOf<HTMLSelectElement>(root, `select[name="${name}"]`).selectedOptions[0]?.textContent ?? "";

const optionValues = (root: HTMLElement, name: string): string[] =>
  Array.from(root.querySelectorAll<HTMLOptionElement>(`select[name="${name}"] option`), (o) => o.value);

/** A Wuxia hero built with the creation builder; a Harmonies character rolled and given its beginner package. */
export const creationBatch: ScenarioBatch = {
  id: "creation",
  label: "WH.Scenario.Batch.Creation",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("creation");
    const opened: Actor.Implementation[] = [];
    /** The dialogs a test may leave open when it fails: closed at the end. */
    const dialogIds: string[] = [];
    beforeAll(() => world.begin("gm"));
    afterAll(async () => {
      for (const id of dialogIds) shownWindow(id)?.querySelector<HTMLElement>('[data-action="cancel"]')?.click();
      for (const actor of opened) await closeSheet(actor);
      await world.end();
    });

    describe("the Wuxia creation builder", () => {
      beforeAll(async () => {
        // The book's creation table, which the system's archetypes are made for, whatever the GM's house rules.
        for (const [key, values] of Object.entries(CREATION_TABLE)) await world.setSetting(key, values.join(", "));
      });

      it("finishes a hero from an archetype: its Attributes, items and concept as the builder showed, chi full, marked created", async () => {
        // An empty chi reserve, so that a full one is the builder's doing.
        const hero = await world.actor({ name: "Aiko", type: "wuxiaCharacter", system: { chi: { value: 0 } } });
        opened.push(hero);
        const id = `wh-wuxia-builder-${hero.id ?? ""}`;
        dialogIds.push(id);
        const sheet = (await openSheet(hero)).element;
        fieldOf<HTMLElement>(sheet, '[data-action="openBuilder"]').click();
        const builder = await until("the builder", () =>
          shownWindow(id)?.querySelector('[name="priorities.attributes"]') ? shownWindow(id) : null,
        );

        // The system's own archetype, from its compendium.
        expect(optionValues(builder, "archetype")).to.include(REBEL_UUID);
        await change(builder, "archetype", REBEL_UUID);
        const skillRows = () => builder.querySelectorAll('[data-list="skills"] li[data-index]').length;
        expect(skillRows()).to.be.above(0);

        // Every Attribute point the archetype's priority buys, each within the maximum.
        const priorities = Object.fromEntries(
          WUXIA_PRIORITY_KEYS.map((key) => [
            key,
            Number(fieldOf<HTMLSelectElement>(builder, `[name="priorities.${key}"]`).value),
          ]),
        ) as Record<(typeof WUXIA_PRIORITY_KEYS)[number], number>;
        const budget = wuxiaCreationBudget(priorities).attributes;
        let left = budget.points;
        for (const [i, key] of WUXIA_ATTRIBUTES.entries()) {
          const value = Math.min(budget.maximum, left - (WUXIA_ATTRIBUTES.length - 1 - i));
          left -= value;
          await change(builder, `attributes.${key}`, String(value));
        }
        await change(builder, "concept.origin", "Fille de pêcheurs");
        const sign = ZODIAC_SIGNS[0];
        await change(builder, "zodiac", sign);
        await change(builder, "level.0", "3");
        // A power and a trait, each added from its list: the system's compendium's if offered (a
        // world item of the same name is offered in its place).
        for (const [list, pack] of [
          ["powers", "wuxia-powers"],
          ["traits", "wuxia-traits"],
        ] as const) {
          const offers = optionValues(builder, `add-${list}`);
          const offer = offers.find((v) => v.startsWith(`Compendium.${SYSTEM_ID}.${pack}.`)) ?? offers[0];
          if (!offer) throw new Error(`The builder offers no ${list}`);
          await change(builder, `add-${list}`, offer, false);
          await clickAndRedraw(fieldOf(builder, `[data-action="addItem"][data-list="${list}"]`));
        }

        // What the builder shows before Finish: valid, the budget spent, the rows and their levels.
        expect(builder.querySelectorAll(".wh-wuxia-builder__problems li").length, "problems").to.equal(0);
        const shownAttributes = Object.fromEntries(
          WUXIA_ATTRIBUTES.map((key) => [
            key,
            Number(fieldOf<HTMLInputElement>(builder, `[name="attributes.${key}"]`).value),
          ]),
        ) as Record<(typeof WUXIA_ATTRIBUTES)[number], number>;
        expect(Object.values(shownAttributes).reduce((a, b) => a + b, 0)).to.equal(budget.points);
        const shownItems = Array.from(builder.querySelectorAll<HTMLElement>("[data-list] li[data-index]"), (li) => {
          const level = li.querySelector<HTMLInputElement>('input[name^="level."]');
          const name = li.querySelector(".wh-wuxia-builder__name")?.firstChild?.textContent?.trim() ?? "";
          return [name, level ? Number(level.value) : null] as const;
        });
        expect(shownItems.length).to.equal(skillRows() + 2);
        const finish = fieldOf<HTMLButtonElement>(builder, 'button[type="submit"]');
        expect(finish.disabled).to.equal(false);
        finish.click();
        await until("the builder closed", () => !shownWindow(id));

        const system = (hero as Actor.OfType<"wuxiaCharacter">).system;
        expect(systemFlag(hero, "created")).to.equal(true);
        expect({ ...system.attributes }).to.deep.equal(shownAttributes);
        expect(system.concept.origin).to.equal("Fille de pêcheurs");
        expect(system.zodiac).to.equal(sign);
        const items = hero.items.contents.map((item) => {
          const level = (item.system as { level?: unknown }).level;
          return [item.name, typeof level === "number" ? level : null] as const;
        });
        const byName = (a: readonly [string, unknown], b: readonly [string, unknown]) => a[0].localeCompare(b[0]);
        expect([...items].sort(byName)).to.deep.equal([...shownItems].sort(byName));
        expect(system.chi.max).to.equal(chiReserve(shownAttributes));
        expect(system.chi.value).to.equal(system.chi.max);
        // Finished: the creation check is folded away, and the builder has left play mode.
        const redrawn = (await openSheet(hero)).element;
        await until("the creation check folded", () => redrawn.querySelector("details.wh-creation-block:not([open])"));
        expect(redrawn.querySelector('[data-action="openBuilder"]')).to.equal(null);
        expect(redrawn.querySelector(".wh-creation .wh-warnings")).to.equal(null);
        await closeSheet(hero);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("a Harmonies character's attributes and beginner package", () => {
      let david: Actor.Implementation | null = null;
      /** The eight attributes the first test shared out, by field. */
      let applied: Record<string, number> | null = null;
      beforeAll(async () => {
        david = await world.actor({ name: "David", type: "harmoniesCharacter" });
        opened.push(david);
      });

      it("rolls the attributes on a public card and shares the four kept results out among the pairs", async () => {
        if (!david) throw new Error("No character");
        const id = `wh-attribute-generation-${david.id ?? ""}`;
        dialogIds.push(id);
        const sheet = (await openSheet(david)).element;
        fieldOf<HTMLElement>(sheet, '[data-action="generateAttributes"]').click();
        const dialog = await until("the attribute roll", () =>
          shownWindow(id)?.querySelector('[data-action="roll"]') ? shownWindow(id) : null,
        );
        const before = world.messages().length;
        fieldOf<HTMLElement>(dialog, '[data-action="roll"]').click();
        // Dice So Nice, if the world has it, shows the dice before the card is posted.
        await until("the pairs to share out", () => dialog.querySelectorAll("tr[data-pair]").length === 4, 20_000);

        const record = attributeRoll(david);
        if (!record) throw new Error("No roll recorded on the character");
        const { rolls, kept, droppedAt } = record;
        expect(rolls).to.have.lengthOf(6);
        expect(kept).to.have.lengthOf(4);
        expect(droppedAt.highest).to.not.equal(droppedAt.lowest);
        expect(rolls[droppedAt.highest]).to.equal(Math.max(...rolls));
        expect(rolls[droppedAt.lowest]).to.equal(Math.min(...rolls));
        expect(kept).to.deep.equal(rolls.filter((_, i) => i !== droppedAt.highest && i !== droppedAt.lowest));
        for (const result of rolls) expect(Math.abs(result) <= 5, `${result} in −5..+5`).to.equal(true);

        // One card, public, listing the same six results, the same two struck out.
        const cards = world.messages().slice(before);
        expect(cards).to.have.lengthOf(1);
        const card = cards[0] as ChatMessage.Implementation;
        expect(card.id).to.equal(record.messageId);
        expect([...card.whisper]).to.deep.equal([]);
        expect(card.blind).to.equal(false);
        const results = (root: ParentNode) =>
          Array.from(root.querySelectorAll(".wh-creation-results__result"), (li) => [
            signedNumber(li.querySelector("s, b")?.textContent),
            li.classList.contains("is-dropped"),
          ]);
        const expected = rolls.map((r, i) => [r, i === droppedAt.highest || i === droppedAt.lowest]);
        expect(results(dialog)).to.deep.equal(expected);
        expect(results(await card.renderHTML())).to.deep.equal(expected);

        // Each pair takes another kept result (a swap each), then a legal split of its own.
        await change(dialog, "result-0", "3");
        await change(dialog, "result-1", "2");
        const order = [0, 1, 2, 3].map((p) => Number(fieldOf<HTMLSelectElement>(dialog, `[name="result-${p}"]`).value));
        expect(order).to.deep.equal([3, 2, 1, 0]);
        const shares: [number, number][] = [];
        for (const p of [0, 1, 2, 3]) {
          const splits = optionValues(dialog, `split-${p}`);
          expect(splits.length).to.be.above(0);
          await change(dialog, `split-${p}`, splits[p % splits.length] ?? "", false);
          const [first, second] = selectedLabel(dialog, `split-${p}`).split("/").map(signedNumber) as [number, number];
          const result = signedNumber(selectedLabel(dialog, `result-${p}`));
          expect(result).to.equal(kept[order[p] ?? -1]);
          expect(first + second, `pair ${p}`).to.equal(result);
          expect(Math.abs(first - second) <= HARMONIES_DEFAULTS.creationMaxGap, `pair ${p}'s gap`).to.equal(true);
          shares.push([first, second]);
        }
        fieldOf<HTMLButtonElement>(dialog, 'button[type="submit"]').click();
        await until("the attribute roll closed", () => !shownWindow(id));

        expect(attributeRoll(david)?.applied).to.equal(true);
        const system = (david as Actor.OfType<"harmoniesCharacter">).system;
        const values: Record<string, number> = {};
        PAIRED_ATTRIBUTES.forEach(([group, first, second], p) => {
          const scores = system[group] as Record<string, { value: number }>;
          values[first] = scores[first]?.value ?? Number.NaN;
          values[second] = scores[second]?.value ?? Number.NaN;
          expect([values[first], values[second]], `${first} / ${second}`).to.deep.equal(shares[p]);
        });
        applied = values;
        await closeSheet(david);
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("takes a beginner package of the system's métiers and hobbies: sets, skills at their levels, recorded", async () => {
        if (!david) throw new Error("No character");
        const id = `wh-beginner-package-${david.id ?? ""}`;
        dialogIds.push(id);
        const pack = game.packs.get(HARMONIES_SKILLS_PACK);
        if (!pack) throw new Error(`No compendium ${HARMONIES_SKILLS_PACK}`);
        const index = [...(await pack.getIndex()).values()];
        const named = (type: string) => index.filter((e) => "type" in e && e.type === type).map((e) => e.name ?? "");

        const sheet = (await openSheet(david)).element;
        fieldOf<HTMLElement>(sheet, '[data-action="tab"][data-tab="metiers"]').click();
        fieldOf<HTMLElement>(sheet, '[data-action="beginnerPackage"]').click();
        const dialog = await until("the beginner package", () =>
          shownWindow(id)?.querySelector('select[name="metier"]') ? shownWindow(id) : null,
        );

        const taken: string[] = [];
        /** Picks the first set of the system's compendium the dialog offers, then as many of its skills as the package takes. */
        const pickSet = async (field: string, names: string[], count: number) => {
          const name = optionValues(dialog, field).find((v) => names.includes(v) && !taken.includes(`set:${v}`));
          if (!name) throw new Error(`The dialog offers none of ${names.join(", ")} for ${field}`);
          taken.push(`set:${name}`);
          await change(dialog, field, name);
          const skills: string[] = [];
          while (skills.length < count) {
            const box = Array.from(dialog.querySelectorAll<HTMLInputElement>(`input[name="${field}-skill"]`)).find(
              (b) => !b.checked && !taken.includes(b.value),
            );
            if (!box) throw new Error(`${name} lists too few skills`);
            skills.push(box.value);
            taken.push(box.value);
            await tick(box);
          }
          return { name, skills };
        };
        const { masteredSkills, beginner, mastery } = HARMONIES_DEFAULTS;
        const metier = await pickSet("metier", named("harmoniesMetier"), masteredSkills.metier);
        const hobbies = [];
        for (let i = 0; i < beginner.hobbies; i++)
          hobbies.push(await pickSet(`hobby-${i}`, named("harmoniesHobby"), masteredSkills.hobby));
        const talents: string[] = [];
        for (let i = 0; i < beginner.talents; i++) {
          const talent = optionValues(dialog, `talent-${i}`).find((v) => v !== "" && !taken.includes(v));
          if (!talent) throw new Error(`No skill left for talent ${i + 1}`);
          talents.push(talent);
          taken.push(talent);
          await change(dialog, `talent-${i}`, talent);
        }
        expect(dialog.querySelectorAll(".wh-beginner-package__problems li").length, "problems").to.equal(0);
        const apply = fieldOf<HTMLButtonElement>(dialog, 'button[type="submit"]');
        expect(apply.disabled).to.equal(false);
        apply.click();
        await until("the beginner package closed", () => !shownWindow(id));

        expect(creationRecord(david, "beginnerPackage")).to.deep.equal({
          metier: metier.name,
          hobbies: hobbies.map((h) => h.name),
        });
        const has = (type: string, name: string) =>
          david?.items.contents.some((i) => i.type === type && i.name === name);
        expect(has("harmoniesMetier", metier.name), metier.name).to.equal(true);
        for (const hobby of hobbies) expect(has("harmoniesHobby", hobby.name), hobby.name).to.equal(true);
        const skill = (name: string) => {
          const found = david?.items.contents.filter((i) => i.type === "harmoniesSkill" && i.name === name) ?? [];
          expect(found, name).to.have.lengthOf(1);
          const { level, talent } = (found[0] as Item.OfType<"harmoniesSkill">).system;
          return [level, talent];
        };
        for (const name of metier.skills) expect(skill(name), name).to.deep.equal([mastery.metier, false]);
        for (const name of hobbies.flatMap((h) => h.skills))
          expect(skill(name), name).to.deep.equal([mastery.hobby, false]);
        for (const name of talents) expect(skill(name), name).to.deep.equal([mastery.talent, true]);

        // The attributes shared out before are still the character's.
        expect(applied).to.not.equal(null);
        const system = (david as Actor.OfType<"harmoniesCharacter">).system;
        for (const [group, first, second] of PAIRED_ATTRIBUTES) {
          const scores = system[group] as Record<string, { value: number }>;
          for (const key of [first, second]) expect(scores[key]?.value, key).to.equal(applied?.[key]);
        }
        await closeSheet(david);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};
