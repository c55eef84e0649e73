import { addWound, type SoakSeverity } from "../rules";
import { untypedHooks } from "../foundry/hooks";
import type { ScenarioBatch } from "./context";
import { openSheet, textOf } from "./dom";
import { ScenarioWorld, systemApi, until } from "./world";

/** What the tracker and the round summary read of a Wuxia combatant's round, as the combat records it. */
interface RecordedRound {
  combatantId: string;
  initiative: number | null;
  round: number;
  successes: number;
  spent: { initiative: number; actions: number; defense: number };
}

/** The Wuxia round records of a combat (its system data, which only a GM writes). */
function recordedRounds(combat: Combat.Implementation): readonly RecordedRound[] {
  const rounds: unknown = Reflect.get(combat.system as object, "rounds");
  return Array.isArray(rounds) ? (rounds as RecordedRound[]) : [];
}

/**
 * A fight in the tracker as the GM runs it on game night, in each rule set: the Wuxia round's
 * Initiative tests and turns (extra actions are turns of their own), a group that is one
 * combatant however many of its tokens join, a Harmonies stun set from the token HUD, and the
 * critical wound's check at the start of each turn taken, none for a turn skipped.
 */
export const combatBatch: ScenarioBatch = {
  id: "combat",
  label: "WH.Scenario.Batch.Combat",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("combat");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    /** A combat of these actors, created by the GM and not yet begun. */
    async function encounter(actors: Actor.Implementation[]): Promise<Combat.Implementation> {
      const scene = await world.scene();
      const combat = await Combat.create({
        scene: scene.id,
        combatants: actors.map((actor) => ({ actorId: actor.id })),
      } as Combat.CreateData);
      if (!combat) throw new Error("Could not create the combat");
      return combat as Combat.Implementation;
    }

    /** Lin Mei, Feu 8 and Chasseur 3 (threshold 7), with an Arc long of this ND. */
    function archer(damage: number): Promise<Actor.Implementation> {
      return world.actor({
        name: "Lin Mei",
        type: "wuxiaCharacter",
        system: { attributes: { metal: 3, feu: 8, terre: 3, eau: 3, bois: 3 } },
        items: [
          { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
          { name: "Arc long", type: "wuxiaWeapon", system: { damage, skill: "Chasseur" } },
        ],
      });
    }

    /**
     * David (Ag +2, Pr +3, a sling of damage 0: the shot's dice +5 at difficulty 0) and Goliath
     * (Cp 0, Rs 0, no armour: its soak is its dice alone), with these wounds.
     */
    async function davidAndGoliath(wounds: Record<string, number> = {}) {
      const david = await world.actor({
        name: "David",
        type: "harmoniesCharacter",
        system: { characteristics: { agilite: { value: 2 } }, means: { precision: { value: 3 } } },
        items: [
          {
            name: "Fronde",
            type: "harmoniesSkill",
            system: { level: 0, characteristic: "agilite", means: "precision" },
          },
          { name: "Lance-pierre", type: "harmoniesWeapon", system: { damage: 0, range: "missile", skill: "Fronde" } },
        ],
      });
      const goliath = (await world.actor({
        name: "Goliath",
        type: "harmoniesCharacter",
        system: { characteristics: { corps: { value: 0 } }, means: { resistance: { value: 0 } }, wounds },
      })) as Actor.OfType<"harmoniesCharacter">;
      return { david, goliath };
    }

    /**
     * David's shot at the target (dice 10 − 1: it hits), the hit taken from the card, then the
     * soak's dice as given; resolves with the severity the card records.
     */
    async function slingAndSoak(david: Actor.Implementation, target: Actor.Implementation, soak: [number, number]) {
      world.scriptFaces([10, 1]);
      const { card, recorded } = await attackCard(david, "Lance-pierre", target);
      await clickOnCard(card, "take", () => recorded("defence"));
      world.scriptFaces(soak);
      await clickOnCard(card, "soak", () => recorded("soak"));
      expect(world.facesLeft).to.equal(0);
      return { card, severity: (recorded("soak") as { severity: SoakSeverity }).severity };
    }

    /** Attacks from the macro API and resolves with the attack card the GM's client posts, and its record's reader. */
    async function attackCard(attacker: Actor.Implementation, weapon: string, target: Actor.Implementation) {
      const posted = world.messages().length;
      await systemApi().attack(attacker, weapon, target.uuid, { dialog: false });
      const card = await until("the attack card", () => world.messages()[posted]);
      const recorded = (key: string): unknown => Reflect.get(card.system as object, key);
      return { card, recorded };
    }

    /** Clicks the card's button for this action, as drawn for this user, and waits until the record shows `done`. */
    async function clickOnCard(card: ChatMessage.Implementation, action: string, done: () => unknown): Promise<void> {
      const button = (await card.renderHTML()).querySelector<HTMLButtonElement>(`[data-wh-attack="${action}"]`);
      if (!button) throw new Error(`The card offers no "${action}" to this user`);
      button.click();
      await until(`"${action}" on the card`, done);
    }

    describe("a Wuxia round", () => {
      it("rolls every fighter's Initiative test as the fight begins, and each turn, extra actions too, is a turn for Foundry", async () => {
        // Every success buys an extra action: the round's second pass goes back up the order.
        await world.setSetting("initiativeSpend", "actions");
        // Métal 6 and a combat skill of 3 (threshold 7): each fighter has almost surely a success
        // to spend (0.6⁶ ≈ 5 % has none; all three none, 1 in 10 000).
        const fighters = await Promise.all(
          ["Lin Mei", "Zhao", "Bandit"].map(async (name) => {
            const fighter = await world.actor({
              name,
              type: "wuxiaCharacter",
              system: { attributes: { metal: 6, feu: 3, terre: 3, eau: 3, bois: 3 } },
              items: [{ name: "Épée", type: "wuxiaSkill", system: { category: "metier", level: 3 } }],
            });
            await fighter.update({ system: { combat: { skill: fighter.items.getName("Épée")?.id ?? "" } } });
            return fighter;
          }),
        );
        const combat = await encounter(fighters);
        const changes: string[] = [];
        const runner = game.user.id;
        // Every connected client runs the hook: this one's calls are counted.
        const hook = untypedHooks.on("combatTurnChange", (changed: Combat.Implementation) => {
          if (changed.id === combat.id && game.user.id === runner) changes.push(changed.combatant?.name ?? "");
        });
        try {
          await combat.startCombat();
          await until("the first turn to start", () => changes.length === 1);
          await until("the round start to be recorded", () => recordedRounds(combat).length === 3);
          const rounds = recordedRounds(combat);
          for (const recorded of rounds) {
            expect(recorded.round).to.equal(1);
            expect(recorded.spent.actions).to.equal(recorded.successes);
          }
          const turns = rounds.reduce((n, r) => n + 1 + r.spent.actions, 0);
          const taken: string[] = [combat.combatant?.name ?? ""];
          for (let i = 1; i < turns; i += 1) {
            const ended = changes.length;
            await combat.nextTurn();
            await until("the next turn's change", () => changes.length > ended);
            taken.push(combat.combatant?.name ?? "");
          }
          expect(combat.round).to.equal(1);
          // Each turn started with its own change, even a second one in a row.
          expect(changes).to.deep.equal(taken);
          // The first pass gives every fighter one turn before anyone's extra action.
          expect(new Set(taken.slice(0, 3)).size).to.equal(3);
        } finally {
          untypedHooks.off("combatTurnChange", hook);
        }
      });
    });

    describe("a Wuxia attack", () => {
      it("is one card: the defence joins it from the card, and Apply damage adds the damage it names, once", async () => {
        const lin = await archer(3);
        const bandit = (await world.actor({
          name: "Bandit",
          type: "wuxiaCharacter",
          system: { attributes: { metal: 3, feu: 3, terre: 3, eau: 3, bois: 3 } },
        })) as Actor.OfType<"wuxiaCharacter">;
        const { card, recorded } = await attackCard(lin, "Arc long", bandit);
        await clickOnCard(card, "defend", () => recorded("defence"));
        expect(card.rolls).to.have.lengthOf(2);

        const drawn = await card.renderHTML();
        const apply = drawn.querySelector<HTMLButtonElement>('[data-wh-attack="apply"]');
        // The verdict of the attack, below the two tests (each test's own banner says only its own outcome).
        const hit = drawn.querySelector(".wh-attack .wh-outcome--success") !== null;
        expect(hit || drawn.querySelector(".wh-attack .wh-outcome--failure") !== null).to.equal(true);
        expect(apply !== null).to.equal(hit);
        if (!apply) return;
        const damage = Number((apply.textContent ?? "").replace(/\D/g, ""));
        const before = bandit.system.wounds.value;
        apply.click();
        await until("the damage applied", () => recorded("applied"));
        expect(bandit.system.wounds.value).to.equal(before + damage);
        // Applied once: the card offers it no more.
        expect((await card.renderHTML()).querySelector('[data-wh-attack="apply"]')).to.equal(null);
      });
    });

    describe("a Harmonies attack", () => {
      it("is one card: the hit taken, the victim's soak places the wound the rules give, and a stun is the stun status", async () => {
        const david = await world.actor({
          name: "David",
          type: "harmoniesCharacter",
          system: { characteristics: { agilite: { value: 3 } }, means: { precision: { value: 3 } } },
          items: [
            {
              name: "Fronde",
              type: "harmoniesSkill",
              system: { level: 2, characteristic: "agilite", means: "precision" },
            },
            { name: "Lance-pierre", type: "harmoniesWeapon", system: { damage: 4, range: "missile", skill: "Fronde" } },
          ],
        });
        const goliath = (await world.actor({
          name: "Goliath",
          type: "harmoniesCharacter",
          system: { wounds: { light: 3 } },
        })) as Actor.OfType<"harmoniesCharacter">;
        // Dice 10 − 1 on Ag 3 + Pr 3 + Fronde 2: the shot succeeds, so there is a hit to take.
        world.scriptFaces([10, 1]);
        const { card, recorded } = await attackCard(david, "Lance-pierre", goliath);
        await clickOnCard(card, "take", () => recorded("defence"));
        const drawn = await card.renderHTML();
        const soak = drawn.querySelector<HTMLButtonElement>('[data-wh-attack="soak"]');
        expect(drawn.querySelector(".wh-attack .wh-outcome--success")).to.not.equal(null);
        if (!soak) throw new Error("The card offers no soak for a hit taken");
        const { light, grave, critical, fatal } = goliath.system.wounds;
        soak.click();
        const done = await until("the soak on the card", () => recorded("soak") as { severity: SoakSeverity } | null);
        const expected = addWound({ light, grave, critical, fatal }, done.severity, {
          woundMaxima: goliath.system.woundMaxima,
        });
        expect({ ...goliath.system.wounds }).to.deep.include(expected);
        expect(goliath.statuses.has("stun")).to.equal(done.severity === "stunned");
        expect(textOf(await card.renderHTML(), ".wh-attack__soak")).to.not.equal("");
      });
    });

    describe("a Harmonies attack that fails", () => {
      it("has missed at once: the card says so and offers nobody a parry or a hit to take", async () => {
        const david = await world.actor({
          name: "David",
          type: "harmoniesCharacter",
          items: [{ name: "Lance-pierre", type: "harmoniesWeapon", system: { damage: 4, range: "missile" } }],
        });
        const goliath = await world.actor({ name: "Goliath", type: "harmoniesCharacter" });
        // Dice 1 − 10 on Ag 0 + Pr 0: −9, a failure.
        world.scriptFaces([1, 10]);
        const { card } = await attackCard(david, "Lance-pierre", goliath);
        expect(world.facesLeft).to.equal(0);
        const drawn = await card.renderHTML();
        expect(drawn.querySelector(".wh-attack .wh-outcome--failure")).to.not.equal(null);
        expect(drawn.querySelectorAll("[data-wh-attack]").length).to.equal(0);
      });
    });

    describe("a group in the fight", () => {
      it("is one combatant however many of its tokens join the combat", async () => {
        const band = await world.actor({
          name: "Gardes du yamen",
          type: "group",
          system: { ruleset: "wuxia", members: [{ label: "Garde", count: 3, stats: { metal: 2, skill: 1 } }] },
        });
        const hero = await world.actor({ name: "Lin Mei", type: "wuxiaCharacter" });
        const combat = await encounter([hero]);
        const scene = await world.scene();
        const placed = (await systemApi().placeGroupTokens(band, { mode: "members", scene })) as
          TokenDocument.Implementation[] | null;
        if (!placed) throw new Error("The group's tokens were not placed");
        expect(placed).to.have.lengthOf(3);
        await combat.createEmbeddedDocuments(
          "Combatant",
          placed.map((token) => ({ actorId: band.id, tokenId: token.id, sceneId: scene.id })),
        );
        await until(
          "the group's extra combatants to be removed",
          () => combat.combatants.contents.filter((c) => c.actorId === band.id).length === 1,
        );
        expect(combat.combatants.contents.filter((c) => c.actorId === band.id)[0]?.tokenId).to.equal(placed[0]?.id);
      });

      it("is put out member by member by the cards, each member out marking its token, and the routed group defeated", async () => {
        const lin = await archer(5);
        // Two guards with a death threshold of (2 × 1 + 1) × 3 = 9 NB: two hits put one out.
        const band = (await world.actor({
          name: "Gardes du gué",
          type: "group",
          system: {
            ruleset: "wuxia",
            members: [{ label: "Garde", count: 2, stats: { metal: 1, eau: 1, terre: 1, skill: 0 } }],
          },
        })) as Actor.OfType<"group">;
        const scene = await world.scene();
        const tokens = (await systemApi().placeGroupTokens(band, { mode: "members", scene })) as
          TokenDocument.Implementation[] | null;
        if (!tokens) throw new Error("The group's tokens were not placed");
        const combat = await encounter([lin]);
        await combat.createEmbeddedDocuments("Combatant", [
          { actorId: band.id, tokenId: tokens[0]?.id, sceneId: scene.id },
        ]);
        const defeated = () =>
          tokens.filter((token) => token.actor?.statuses.has(CONFIG.specialStatusEffects.DEFEATED));
        const out = () => band.system.members.reduce((n, m) => n + m.out, 0);
        for (let arrow = 0; arrow < 40 && out() < 2; arrow += 1) {
          // Always at the second guard's token: the cards count a member out there first.
          const { card, recorded } = await attackCard(lin, "Arc long", tokens[1]?.actor as Actor.Implementation);
          await clickOnCard(card, "defend", () => recorded("defence"));
          const apply = (await card.renderHTML()).querySelector<HTMLButtonElement>('[data-wh-attack="apply"]');
          if (!apply) continue;
          apply.click();
          await until("the damage applied", () => recorded("applied"));
          expect(defeated()).to.have.lengthOf(out());
          if (out() === 1) expect(defeated()[0]?.id).to.equal(tokens[1]?.id);
        }
        expect(out()).to.equal(2);
        expect(combat.combatants.contents.find((c) => c.actorId === band.id)?.defeated).to.equal(true);
      });
    });

    describe("a Harmonies fight", () => {
      it("rolls each fighter's Initiative once, its margin the Initiative: the higher acts first", async () => {
        const { david, goliath } = await davidAndGoliath();
        const combat = await encounter([goliath, david]);
        const posted = world.messages().length;
        // The first to roll shows 9 − 1, the second 1 − 9: 16 apart, more than any pair's difference here.
        world.scriptFaces([9, 1, 1, 9]);
        await combat.rollAll();
        await until("both Initiatives", () => combat.combatants.contents.every((c) => c.initiative !== null));
        const rolls = world
          .messages()
          .slice(posted)
          .map((message) => ({ actor: message.speaker.actor, roll: message.rolls[0] }));
        expect(rolls).to.have.lengthOf(2);
        for (const { actor, roll } of rolls) {
          const combatant = combat.combatants.contents.find((c) => c.actorId === actor);
          expect(combatant?.initiative).to.equal(roll?.total);
          const state = Reflect.get(roll as object, "state") as { difficulty: number; open: boolean };
          expect([state.difficulty, state.open]).to.deep.equal([0, false]);
        }
        await combat.startCombat();
        expect(combat.combatant?.actorId).to.equal(rolls[0]?.actor);
      });

      it("stuns on a soak of −1 to −3: core's stun status, gone when the victim's next round ends", async () => {
        const { david, goliath } = await davidAndGoliath();
        const combat = await encounter([david, goliath]);
        await combat.startCombat();
        const { severity } = await slingAndSoak(david, goliath, [1, 3]);
        expect(severity).to.equal("stunned");
        expect(goliath.statuses.has("stun")).to.equal(true);
        await combat.nextRound();
        await until("round 2", () => combat.round === 2);
        expect(goliath.statuses.has("stun")).to.equal(true);
        await combat.nextRound();
        await until("the stun to end with round 2", () => !goliath.statuses.has("stun"));
      });

      it("aggravates a wound whose track is full: a light wound on a full light track is a grave one", async () => {
        const { david, goliath } = await davidAndGoliath();
        const full = goliath.system.woundMaxima.light;
        await goliath.update({ system: { wounds: { light: full } } } as Actor.UpdateData);
        const { severity } = await slingAndSoak(david, goliath, [1, 6]);
        expect(severity).to.equal("light");
        expect([goliath.system.wounds.light, goliath.system.wounds.grave]).to.deep.equal([full, 1]);
      });

      it("puts a group out soldier by soldier, each soldier out marking a token, the routed group defeated", async () => {
        const { david } = await davidAndGoliath();
        const band = (await world.actor({
          name: "Soldats",
          type: "group",
          system: {
            ruleset: "harmonies",
            members: [
              { label: "Soldat", count: 2, stats: { agilite: 1, manoeuvre: 1, corps: 0, resistance: 0, skill: 0 } },
            ],
            action: { characteristic: "agilite", means: "manoeuvre" },
          },
        })) as Actor.OfType<"group">;
        const scene = await world.scene();
        const tokens = (await systemApi().placeGroupTokens(band, { mode: "members", scene })) as
          TokenDocument.Implementation[] | null;
        if (!tokens) throw new Error("The group's tokens were not placed");
        const combat = await encounter([david]);
        await combat.createEmbeddedDocuments("Combatant", [
          { actorId: band.id, tokenId: tokens[0]?.id, sceneId: scene.id },
        ]);
        const defeated = () =>
          tokens.filter((token) => token.actor?.statuses.has(CONFIG.specialStatusEffects.DEFEATED));
        // Soak 1 − 9 = −8: a grave wound, which puts a soldier out ([default] RULES 3.4).
        const first = await slingAndSoak(david, tokens[1]?.actor as Actor.Implementation, [1, 9]);
        expect(first.severity).to.equal("grave");
        expect(band.system.members[0]?.out).to.equal(1);
        expect(defeated().map((token) => token.id)).to.deep.equal([tokens[1]?.id]);
        await slingAndSoak(david, tokens[0]?.actor as Actor.Implementation, [1, 9]);
        expect(band.system.members[0]?.out).to.equal(2);
        expect(defeated()).to.have.lengthOf(2);
        expect(combat.combatants.contents.find((c) => c.actorId === band.id)?.defeated).to.equal(true);
      });

      it("takes the stun the token HUD sets: −1 on every action, the sheet's box ticked; gone with the status", async () => {
        const david = (await world.actor({
          name: "David",
          type: "harmoniesCharacter",
          system: { wounds: { light: 2 } },
        })) as Actor.OfType<"harmoniesCharacter">;
        const before = david.system.actionPenalty.all;
        await david.toggleStatusEffect("stun", { active: true });
        expect(david.system.actionPenalty.all).to.equal(before - 1);
        const sheet = await openSheet(david);
        const box = sheet.element.querySelector<HTMLInputElement>('[data-action="toggleStunned"]');
        expect(box?.checked).to.equal(true);
        await sheet.close();
        await david.toggleStatusEffect("stun", { active: false });
        expect(david.system.actionPenalty.all).to.equal(before);
      });

      it("checks a critical wound at the start of each turn the character takes, and none for a turn Next round skips", async () => {
        const david = await world.actor({
          name: "David",
          type: "harmoniesCharacter",
          system: { wounds: { light: 4, critical: 1 } },
        });
        const goliath = await world.actor({ name: "Goliath", type: "harmoniesCharacter" });
        const combat = await encounter([goliath, david]);
        const [goliathC, davidC] = combat.combatants.contents;
        await combat.setInitiative(goliathC?.id ?? "", 9);
        await combat.setInitiative(davidC?.id ?? "", 3);
        await combat.startCombat();
        expect(combat.combatant?.name).to.equal("Goliath");
        const posted = world.messages().length;
        // Next round from Goliath's turn: David's turn of round 1 never came.
        await combat.nextRound();
        await until("round 2", () => combat.round === 2);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(world.messages().length).to.equal(posted);
        await combat.nextTurn();
        await until("David's check", () => world.messages().length > posted);
        expect(world.messages().length).to.equal(posted + 1);
      });
    });
  },
};
