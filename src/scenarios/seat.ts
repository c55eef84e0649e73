import { SYSTEM_ID } from "../foundry/system";
import { t } from "../core/i18n";
import type { ScenarioBatch } from "./context";
import { openSheet } from "./dom";
import { SCENARIO_FLAG, SEAT_FIXTURE, ScenarioWorld, systemApi, until } from "./world";

/**
 * The player's seat, across two browsers: a GM batch leaves a hero every player owns and an NPC
 * no player owns; a batch run in a player's browser acts on them as that player; a GM batch
 * removes them. In the double all three run in one world, the second as the connected player.
 */

const HERO = "Lin Mei (test)";
const NPC = "Bandit (test)";

function fixtures(): Actor.Implementation[] {
  return game.actors.filter((a) => a.getFlag(SYSTEM_ID, SCENARIO_FLAG) === SEAT_FIXTURE);
}

function fixture(name: string): Actor.Implementation {
  const actor = fixtures().find((a) => a.name === name);
  if (!actor) throw new Error(t("WH.Scenario.Error.NoFixtures", { prepare: t("WH.Scenario.Batch.SeatPrepare") }));
  return actor;
}

export const seatPrepareBatch: ScenarioBatch = {
  id: "seat-prepare",
  label: "WH.Scenario.Batch.SeatPrepare",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("seat-prepare");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    describe("the GM prepares the player's seat", () => {
      it("leaves a Wuxia hero every player owns, and an NPC none of them owns", async () => {
        for (const actor of fixtures()) await actor.delete();
        const players = game.users.filter((u) => !u.isGM);
        expect(players.length, "a player account in this world").to.be.above(0);
        const { NONE, LIMITED, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
        const owners = Object.fromEntries(players.map((u) => [u.id ?? "", OWNER]));
        await world.fixture({
          name: HERO,
          type: "wuxiaCharacter",
          ownership: { default: NONE, ...owners },
          system: { attributes: { metal: 3, feu: 5, terre: 4, eau: 3, bois: 2 }, destiny: 2 },
        });
        await world.fixture({ name: NPC, type: "wuxiaCharacter", ownership: { default: LIMITED } });
        expect(
          fixtures()
            .map((a) => a.name)
            .sort(),
        ).to.deep.equal([NPC, HERO].sort());
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};

export const seatBatch: ScenarioBatch = {
  id: "seat",
  label: "WH.Scenario.Batch.Seat",
  seat: "player",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("seat");
    beforeAll(() => world.begin("player"));
    afterAll(async () => {
      for (const actor of fixtures()) await actor.sheet?.close();
      await world.end();
    });

    describe("a player in their own browser", () => {
      it("finds what the GM prepared: their hero, and an NPC they do not own", () => {
        expect(game.user.isGM).to.equal(false);
        expect(fixture(HERO).isOwner).to.equal(true);
        expect(fixture(NPC).isOwner).to.equal(false);
      });

      it("rolls their hero from a macro: the card is theirs and speaks for the hero", async () => {
        const message = await systemApi().roll(fixture(HERO), { dialog: false });
        expect(Boolean(message)).to.equal(true);
        const posted = world.messages().at(-1);
        expect(posted?.author?.id).to.equal(game.user.id);
        expect(posted?.speaker.actor).to.equal(fixture(HERO).id);
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("is refused a roll for the NPC, and nothing is posted", async () => {
        const before = world.messages().length;
        expect(await systemApi().roll(fixture(NPC), { dialog: false })).to.equal(null);
        expect(world.messages().length).to.equal(before);
        expect(world.takeErrors()).to.deep.equal([]);
      });

      it("opens their hero's sheet and switches it to edit mode", async () => {
        const sheet = await openSheet(fixture(HERO));
        sheet.element.querySelector<HTMLElement>('[data-action="toggleMode"]')?.click();
        await until("edit mode", () => sheet.element.querySelector('input[name="name"]:not([readonly])'));
        await sheet.close();
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};

export const seatCleanupBatch: ScenarioBatch = {
  id: "cleanup",
  label: "WH.Scenario.Batch.Cleanup",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("cleanup");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    describe("the GM clears away what the tests left", () => {
      it("removes every actor, folder and card a test left, and nothing else", async () => {
        const marked = (doc: { getFlag(scope: string, key: string): unknown }) =>
          doc.getFlag(SYSTEM_ID, SCENARIO_FLAG) !== undefined;
        const actors = game.actors.filter((a) => marked(a));
        const ids = new Set(actors.map((a) => String(a.id)));
        for (const message of game.messages.filter((m) => ids.has(String(m.speaker.actor)))) await message.delete();
        for (const actor of actors) await actor.delete();
        for (const folder of game.folders.filter((f) => marked(f))) await folder.delete();
        expect(game.actors.filter((a) => marked(a)).length).to.equal(0);
        expect(game.folders.filter((f) => marked(f)).length).to.equal(0);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};
