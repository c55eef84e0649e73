import { t } from "../core/i18n";
import type { ScenarioBatch } from "./context";
import { ScenarioWorld, systemApi, until } from "./world";

/** The import dialog, as the GM sees it once it is open. */
function importDialog(): HTMLFormElement | null {
  return document.querySelector<HTMLFormElement>("form.wh-import");
}

function groupNames(form: HTMLFormElement): string[] {
  return Array.from(form.querySelectorAll(".wh-import__group-name"), (e) => e.textContent?.trim() ?? "");
}

/** The example files the system ships, each loaded in the import dialog as a GM would, then imported. */
export const importBatch: ScenarioBatch = {
  id: "import",
  label: "WH.Scenario.Batch.Import",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("import");
    beforeAll(() => world.begin("gm"));
    afterAll(async () => {
      importDialog()?.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.click();
      await world.end();
    });

    describe("a file that names no rule set", () => {
      it("is read as the game whose stats it fills, whatever the dialog's choice", async () => {
        await systemApi().importGroups();
        const form = await until("the import dialog", importDialog);
        const text = form.querySelector<HTMLTextAreaElement>('textarea[name="text"]');
        if (!text) throw new Error("The import dialog has no text field");
        text.value = "group,name,count,metal,fire,earth,water,wood\nBandits,Bandit,3,2,3,2,2,2";
        text.dispatchEvent(new Event("input", { bubbles: true }));
        const caption = await until("the preview", () =>
          importDialog()?.querySelector(".wh-import__group caption")?.textContent?.trim(),
        );
        expect(caption).to.include(`(${t("WH.Ruleset.wuxia")})`);
        expect(importDialog()?.querySelectorAll(".wh-import__problem").length, "problems").to.equal(0);
        importDialog()?.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.click();
        await until("the dialog closed", () => !importDialog());
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });

    describe("the example files shipped with the system", () => {
      it("are offered in the import dialog, every one of them", async () => {
        await systemApi().importGroups();
        const form = await until("the import dialog", importDialog);
        const select = form.querySelector<HTMLSelectElement>('select[name="example"]');
        const offered = Array.from(select?.options ?? [], (o) => o.value).filter(Boolean);
        expect(offered).to.deep.equal(["groupes-harmonies.csv", "groups-wuxia.csv", "groups.json"]);
        expect(world.takeErrors()).to.deep.equal([]);
      });

      for (const file of ["groupes-harmonies.csv", "groups-wuxia.csv", "groups.json"]) {
        it(`${file} is read, previewed without a problem, and imports its groups in a new folder`, async () => {
          await systemApi().importGroups();
          const form = await until("the import dialog", importDialog);
          const text = form.querySelector<HTMLTextAreaElement>('textarea[name="text"]');
          const select = form.querySelector<HTMLSelectElement>('select[name="example"]');
          if (!select || !text) throw new Error("The import dialog has no example or text field");
          text.value = "";
          select.value = file;
          select.dispatchEvent(new Event("change", { bubbles: true }));
          const names = await until(`${file} previewed`, () => {
            const shown = importDialog();
            return shown && groupNames(shown).length ? groupNames(shown) : null;
          });
          const shown = await until("the preview", importDialog);
          expect(shown.querySelectorAll(".wh-import__problem--error").length, "errors").to.equal(0);
          // A fresh world has none of these groups: an import that would update a GM's own is not run.
          expect(shown.querySelector(".wh-import__updates"), "groups a re-import would update").to.equal(null);
          const button = shown.querySelector<HTMLButtonElement>("button.wh-import__import");
          expect(button?.disabled).to.equal(false);
          const before = new Set(game.actors.contents.map((a) => a.id));
          button?.click();
          const made = await until(`${file}'s groups`, () => {
            const created = game.actors.contents.filter((a) => !before.has(a.id) && a.type === "group");
            return created.length === names.length ? created : null;
          });
          expect(made.map((a) => a.name).sort()).to.deep.equal([...names].sort());
          for (const group of made) {
            const members = (group as Actor.OfType<"group">).system.members;
            expect(members.length, group.name ?? "").to.be.above(0);
            expect(Boolean(group.folder), `${group.name ?? ""} in a folder`).to.equal(true);
          }
          await until("the dialog closed", () => !importDialog());
          expect(world.takeErrors()).to.deep.equal([]);
          // The next file names some of the same groups: gone, they are created again, not updated.
          for (const group of made) await group.delete();
        });
      }
    });
  },
};
