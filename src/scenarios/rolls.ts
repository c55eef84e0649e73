import { combineValues } from "../rules";
import { SYSTEM_ID } from "../foundry/system";
import { untypedHooks } from "../foundry/hooks";
import { t } from "../core/i18n";
import type { ScenarioBatch } from "./context";
import { openSheet, signedNumber, textOf, typeInto } from "./dom";
import { ScenarioWorld, systemApi, until } from "./world";

/** A raw i18n key left in a card: a string the reader's language file lacks. */
const RAW_KEY = /WH\.[A-Z]/;

/** Private to the GM who runs the batch: the table's players see none of its cards. */
const SELF = "self";

/** A count as the cards print it, grouping spaces or commas of the reader's language left out. */
function countNumber(text: string): number {
  return Number(text.replace(/\D/g, ""));
}

function sum(faces: readonly number[]): number {
  return faces.reduce((total, face) => total + face, 0);
}

/** The odds panel's facts, which a roll dialog draws again once its fields are read. */
function oddsFacts(form: HTMLElement): string {
  return textOf(form, ".wh-odds-panel__facts");
}

/**
 * Starts a roll that asks with its dialog, and resolves with the dialog's form once drawn: every
 * roll dialog of the system is a RollDialog, whose render hook names it in both generations.
 */
async function openedDialog(start: () => unknown): Promise<{ form: HTMLElement; started: unknown }> {
  const seen: { form: HTMLElement | null } = { form: null };
  const hook = untypedHooks.on("renderRollDialog", (_app: unknown, element: HTMLElement) => {
    seen.form ??= element;
  });
  try {
    const started = start();
    const form = await until("the roll dialog to be drawn", () => seen.form);
    return { form, started };
  } finally {
    untypedHooks.off("renderRollDialog", hook);
  }
}

/** Clicks a dialog's Roll button. */
function clickRoll(form: HTMLElement): void {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!button) throw new Error("The roll dialog has no Roll button");
  button.click();
}

/** Each kind of roll posts its card: a macro's rolls, a dialog's, a group's under every reading. */
export const rollsBatch: ScenarioBatch = {
  id: "rolls",
  label: "WH.Scenario.Batch.Rolls",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("rolls");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    /** The messages posted since `before` (a count of `world.messages()`): exactly `count` of them. */
    function postedSince(before: number, count: number): ChatMessage.Implementation[] {
      const posted = world.messages().slice(before);
      expect(posted).to.have.lengthOf(count);
      return posted;
    }

    /** The message as the chat log draws it for this user, checked for raw i18n keys. */
    async function drawnCard(message: ChatMessage.Implementation): Promise<HTMLElement> {
      const html = await message.renderHTML();
      expect(html.outerHTML).to.not.match(RAW_KEY);
      return html;
    }

    /** Runs a macro's roll: it resolves with the one message it posted. */
    async function postsOne(
      roll: () => Promise<ChatMessage.Implementation | null>,
    ): Promise<ChatMessage.Implementation> {
      const before = world.messages().length;
      const message = await roll();
      if (!message) throw new Error("The roll posted nothing");
      const [posted] = postedSince(before, 1);
      expect(posted?.id).to.equal(message.id);
      return message;
    }

    /** A Harmonies group: 6 soldiers (1 out of the fight) and 3 sergeants. */
    function harmoniesGroupData(): Actor.CreateData {
      return {
        name: "Patrouille",
        type: "group",
        system: {
          ruleset: "harmonies",
          action: { characteristic: "agilite", means: "manoeuvre" },
          members: [
            { label: "Soldats", count: 6, out: 1, stats: { agilite: 1, manoeuvre: 1, skill: 1 } },
            { label: "Sergents", count: 3, out: 0, stats: { agilite: 2, manoeuvre: 1, skill: 1 } },
          ],
        },
      };
    }
    const HARMONIES_GROUP_FIGHTING = 5 + 3;

    describe("a Wuxia test", () => {
      it("rolls a specialisation's rerolls and the Destiny dice added, and takes the Destiny spent", async () => {
        await world.setSetting("destinyMode", "extraDie");
        const hero = (await world.actor({
          name: "Lin Mei",
          type: "wuxiaCharacter",
          system: { attributes: { metal: 3, feu: 8, terre: 4, eau: 3, bois: 2 }, destiny: 3 },
          items: [
            { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
            {
              name: "Tir à l'arc",
              type: "wuxiaSkill",
              system: { category: "narrow", parentSkill: "Chasseur", level: 1 },
            },
          ],
        })) as Actor.OfType<"wuxiaCharacter">;
        const narrow = hero.items.getName("Tir à l'arc") as Item.OfType<"wuxiaSkill"> | undefined;
        if (!narrow) throw new Error("The hero has no specialisation");
        const rerolls = narrow.system.use.rerolls;
        expect(narrow.system.use.kind).to.equal("specialisation");
        expect(rerolls).to.be.above(0);

        // SR 14 − Chasseur 3 puts the threshold above 10: only a 10 succeeds, so among 10 dice
        // the specialisation all but certainly has a failure to reroll (all tens: 10⁻¹⁰).
        const message = await postsOne(() =>
          systemApi().roll(hero, {
            item: narrow,
            dialog: false,
            values: { attribute: "feu", sr: 14, destinyDice: 2, visibility: SELF },
          }),
        );
        const roll = message.rolls[0];
        if (!(roll instanceof systemApi().dice.WuxiaRoll)) throw new Error("The card holds no Wuxia roll");
        expect(roll.state.attributeValue + roll.state.destinyDice).to.equal(8 + 2);
        expect(roll.state.destinyDice).to.equal(2);
        expect(roll.state.rerolls).to.equal(rerolls);
        expect(roll.positions).to.have.lengthOf(10);
        expect(hero.system.destiny).to.equal(3 - 2);

        // The specialisation rerolls min(k, failures of the first throw) dice, whatever the faces.
        const firstFailures = roll.positions.filter((p) => (p.faces[0] as number) < 10).length;
        const bySpecialisation = roll.state.rerolled.filter((r) => r.by === "specialisation").length;
        expect(bySpecialisation).to.equal(Math.min(rerolls, firstFailures));
        expect(bySpecialisation).to.be.above(0);

        const card = await drawnCard(message);
        expect(card.querySelector('[data-wh-card="wuxia"]')).to.not.equal(null);
        expect(card.querySelectorAll(".wh-dice > .wh-die")).to.have.lengthOf(10);
        expect(card.querySelectorAll(".wh-die__by")).to.have.lengthOf(bySpecialisation);
        expect(card.querySelectorAll(".wh-die__old")).to.have.lengthOf(bySpecialisation);
        const notes = [...card.querySelectorAll(".wh-card__notes li")].map((li) => li.textContent?.trim());
        expect(notes).to.include(
          t("WH.Chat.Wuxia.SpecialisationNote", { name: "Tir à l'arc", rerolled: bySpecialisation, count: rerolls }),
        );
        expect(notes).to.include(t("WH.Chat.Wuxia.DestinyAdded", { count: 2 }));
        expect(textOf(card, ".wh-card__title")).to.equal("Tir à l'arc");
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("a Harmonies action", () => {
      async function david(): Promise<Actor.Implementation> {
        return world.actor({
          name: "David",
          type: "harmoniesCharacter",
          system: { characteristics: { agilite: { value: 2 } }, means: { precision: { value: 3 } } },
          items: [
            {
              name: "Fronde",
              type: "harmoniesSkill",
              system: { level: 1, characteristic: "agilite", means: "precision" },
            },
          ],
        });
      }

      it("posts a closed and an open roll of a skill, each card with its margin", async () => {
        const hero = await david();
        const before = world.messages().length;
        for (const open of [false, true]) {
          const message = await postsOne(() =>
            systemApi().roll(hero, {
              item: "Fronde",
              dialog: false,
              values: { difficulty: -2, open, visibility: SELF },
            }),
          );
          const roll = message.rolls[0];
          if (!(roll instanceof systemApi().dice.HarmoniesRoll)) throw new Error("The card holds no Harmonies roll");
          const { modifier } = roll.state;
          expect(roll.state.open).to.equal(open);
          expect(roll.state.skillName).to.equal("Fronde");
          expect(modifier).to.equal(
            roll.state.characteristicValue + roll.state.meansValue + roll.state.skillLevel - 2 + roll.state.penalty,
          );
          const margin = roll.action.margin;
          expect(roll.total).to.equal(margin);
          expect(margin).to.equal(modifier + sum(roll.plus) - sum(roll.minus));
          if (open) {
            // Each die: tens roll again, the last face is not a ten.
            for (const faces of [roll.plus, roll.minus]) {
              expect(faces.length).to.be.above(0);
              faces.forEach((face, i) => expect(face === 10).to.equal(i < faces.length - 1));
            }
          } else {
            expect(roll.plus).to.have.lengthOf(1);
            expect(roll.minus).to.have.lengthOf(1);
            expect(margin).to.be.above(modifier - 10);
            expect(margin).to.be.below(modifier + 10);
          }

          const card = await drawnCard(message);
          expect(card.querySelector('[data-wh-card="harmonies"]')).to.not.equal(null);
          expect(textOf(card, ".wh-card__badge")).to.equal(
            t(open ? "WH.Chat.Harmonies.Open" : "WH.Chat.Harmonies.Closed"),
          );
          expect(signedNumber(textOf(card, ".wh-margin"))).to.equal(margin);
        }
        postedSince(before, 2);
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("rolls through its dialog with the difficulty typed in", async () => {
        const hero = await david();
        const before = world.messages().length;
        const { form, started } = await openedDialog(() =>
          systemApi().roll(hero, { item: "Fronde", dialog: true, values: { visibility: SELF } }),
        );
        const facts = oddsFacts(form);
        typeInto(form, '[name="difficulty"]', "-3");
        await until("the odds to be drawn again", () => oddsFacts(form) !== facts);
        clickRoll(form);
        const message = (await started) as ChatMessage.Implementation | null;
        if (!message) throw new Error("The dialog's roll posted nothing");
        postedSince(before, 1);
        await until("the dialog to close", () => !form.isConnected);

        const roll = message.rolls[0];
        if (!(roll instanceof systemApi().dice.HarmoniesRoll)) throw new Error("The card holds no Harmonies roll");
        expect(roll.state.difficulty).to.equal(-3);
        const card = await drawnCard(message);
        const details = [...card.querySelectorAll(".wh-card__details li")].map((li) => li.textContent?.trim());
        expect(details).to.include(t("WH.Chat.Harmonies.Difficulty", { difficulty: "\u22123" }));
        expect(signedNumber(textOf(card, ".wh-margin"))).to.equal(roll.total);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("a group of NPCs", () => {
      it("posts a group card under every reading of the world's group roll mode, counting the members fighting", async () => {
        const group = (await world.actor(harmoniesGroupData())) as Actor.OfType<"group">;
        expect(group.system.size).to.equal(HARMONIES_GROUP_FIGHTING);
        const modes = Object.entries(game.settings.settings.get(`${SYSTEM_ID}.groupRollMode`)?.choices ?? {});
        expect(modes.length).to.be.above(1);
        for (const [mode, label] of modes) {
          await world.setSetting("groupRollMode", mode);
          const message = await postsOne(() =>
            systemApi().roll(group, { dialog: false, values: { visibility: SELF } }),
          );
          const roll = message.rolls[0];
          if (!(roll instanceof systemApi().dice.HarmoniesGroupRoll)) throw new Error(`No group roll (${mode})`);
          expect(roll.state.mode, mode).to.equal(mode);
          expect(roll.state.size, mode).to.equal(HARMONIES_GROUP_FIGHTING);
          const { succeeded, failed } = roll.outcome;
          expect(succeeded + failed, mode).to.equal(HARMONIES_GROUP_FIGHTING);

          const card = await drawnCard(message);
          expect(card.querySelector('[data-wh-card="group"]'), mode).to.not.equal(null);
          expect(textOf(card, ".wh-card__badge"), mode).to.equal(game.i18n?.localize(String(label)));
          const shownSucceeded = countNumber(textOf(card, ".wh-group__totals .wh-outcome--success b"));
          const shownFailed = countNumber(textOf(card, ".wh-group__totals .wh-outcome--failure b"));
          expect(shownSucceeded, mode).to.equal(succeeded);
          expect(shownSucceeded + shownFailed, mode).to.equal(HARMONIES_GROUP_FIGHTING);
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("acts as one body on its combined Values from the group sheet, through the roll dialog", async () => {
        // The sheet's button asks with the dialog unless this client skips it.
        await world.setSetting("skipRollDialog", false);
        const group = (await world.actor(harmoniesGroupData())) as Actor.OfType<"group">;
        const sheet = await openSheet(group);
        try {
          const button = await until("the combined Agilité's button", () =>
            sheet.element?.querySelector<HTMLButtonElement>('[data-action="rollCombined"][data-key="agilite"]'),
          );
          const before = world.messages().length;
          const { form } = await openedDialog(() => button.click());
          const facts = oddsFacts(form);
          typeInto(form, '[name="difficulty"]', "-2");
          await until("the odds to be drawn again", () => oddsFacts(form) !== facts);
          clickRoll(form);
          const [message] = await until("the combined card", () => {
            const posted = world.messages().slice(before);
            return posted.length ? posted : null;
          });
          if (!message) throw new Error("The combined roll posted nothing");
          postedSince(before, 1);

          const roll = message.rolls[0];
          if (!(roll instanceof systemApi().dice.HarmoniesCombinedRoll)) throw new Error("No combined roll");
          const state = roll.state;
          expect(state.size).to.equal(HARMONIES_GROUP_FIGHTING);
          expect(state.characteristic).to.equal("agilite");
          // The members still fighting only: 5 soldiers at +1, 3 sergeants at +2 (RULES 3.1).
          expect(state.characteristicValue).to.equal(combineValues([1, 1, 1, 1, 1, 2, 2, 2]).value);
          expect(state.difficulty).to.equal(-2);
          expect(state.modifier).to.equal(
            state.characteristicValue + state.meansValue + state.skillLevel + state.difficulty,
          );
          expect(roll.total).to.be.above(state.modifier - 10);
          expect(roll.total).to.be.below(state.modifier + 10);

          const card = await drawnCard(message);
          expect(card.querySelector('[data-wh-card="combined"]')).to.not.equal(null);
          expect(signedNumber(textOf(card, ".wh-margin"))).to.equal(roll.total);
          const details = [...card.querySelectorAll(".wh-card__details li")].map((li) => li.textContent?.trim());
          expect(details).to.include(
            t("WH.Chat.Combined.Members", { count: HARMONIES_GROUP_FIGHTING, size: HARMONIES_GROUP_FIGHTING }),
          );
        } finally {
          await sheet.close();
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("posts a Wuxia group's card listing each sub-group still fighting", async () => {
        const group = (await world.actor({
          name: "Bandits",
          type: "group",
          system: {
            ruleset: "wuxia",
            action: { attribute: "feu" },
            members: [
              { label: "Archers", count: 5, out: 0, stats: { feu: 3, skill: 2 } },
              { label: "Lanciers", count: 4, out: 1, stats: { feu: 2, skill: 1 } },
              { label: "Fuyards", count: 2, out: 2, stats: { feu: 4, skill: 0 } },
            ],
          },
        })) as Actor.OfType<"group">;
        const message = await postsOne(() =>
          systemApi().roll(group, { dialog: false, values: { attribute: "feu", sr: 10, visibility: SELF } }),
        );
        const roll = message.rolls[0];
        if (!(roll instanceof systemApi().dice.WuxiaGroupRoll)) throw new Error("The card holds no Wuxia group roll");
        const { succeeded, failed } = roll.outcome;
        expect(succeeded + failed).to.equal(5 + 3);

        const card = await drawnCard(message);
        expect(card.querySelector('[data-wh-card="wuxia-group"]')).to.not.equal(null);
        const rows = [...card.querySelectorAll(".wh-subgroup")];
        expect(rows.map((row) => textOf(row, ".wh-subgroup__name strong"))).to.deep.equal(["Archers", "Lanciers"]);
        expect(rows.map((row) => row.querySelectorAll(".wh-die").length)).to.deep.equal([3, 2]);
        const shownSucceeded = countNumber(textOf(card, '[data-wh-total="succeeded"]'));
        const shownFailed = countNumber(textOf(card, '[data-wh-total="failed"]'));
        expect(shownSucceeded).to.equal(succeeded);
        expect(shownSucceeded + shownFailed).to.equal(5 + 3);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};
