import { SYSTEM_ID } from "../foundry/system";
import { systemSetting } from "../foundry/globals";
import type { ScenarioBatch } from "./context";
import { ScenarioWorld, systemApi } from "./world";

/** The system once the world has started: its API, its settings, its compendiums. */
export const bootBatch: ScenarioBatch = {
  id: "boot",
  label: "WH.Scenario.Batch.Boot",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("boot");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    describe("the system once the world has started", () => {
      // The title carries the version, so a live run's report says which Foundry it checked (Quench
      // registers a batch when the run starts; vitest collects the tests before the double starts).
      const version = (globalThis as { game?: { release?: { version?: string } } }).game?.release?.version;
      it(`runs on Foundry ${version ?? "(the test double)"}`, () => {
        expect(game.release.generation).to.be.above(12);
        expect(game.system.id).to.equal(SYSTEM_ID);
      });

      it("publishes its macro API, with the rules engine", () => {
        const api = systemApi();
        expect(typeof api.roll).to.equal("function");
        expect(api.rules.wuxiaThreshold(10, 2)).to.equal(8);
      });

      it("registers its settings, each reading back a value", () => {
        const ours = [...game.settings.settings.values()].filter((s) => s.namespace === SYSTEM_ID);
        expect(ours.length).to.be.above(10);
        for (const setting of ours) expect(systemSetting(setting.key), setting.key).to.not.equal(undefined);
      });

      it("has every compendium its manifest lists, each entry of it readable", async () => {
        const listed = [...game.system.packs].map((pack) => `${SYSTEM_ID}.${pack.name}`);
        expect(listed.length).to.be.above(0);
        for (const id of listed) {
          const pack = game.packs.get(id);
          expect(Boolean(pack), id).to.equal(true);
          if (!pack) continue;
          const index = await pack.getIndex();
          expect(index.size, id).to.be.above(0);
          if (pack.documentName === "Actor" || pack.documentName === "Item") {
            const documents = await pack.getDocuments();
            expect(documents.length, id).to.equal(index.size);
          }
        }
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};
