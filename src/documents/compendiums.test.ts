import { beforeEach, describe, expect, it } from "vitest";
import { addPack } from "../../test/foundry/packs";
import { startWorld } from "../../test/support/world";
import { compendiumDocuments } from "./compendiums";

/** What the creation dialogs read from the world's compendiums: one kind of document, every pack of it. */
describe("compendiumDocuments", () => {
  beforeEach(async () => {
    await startWorld();
  });

  it("reads every pack of the kind asked, and only those", async () => {
    addPack("Item", "wuxia-harmonies.skills", [{ _id: "skill00000000001", name: "Épée", type: "harmoniesSkill" }]);
    addPack("Actor", "wuxia-harmonies.archetypes", [{ _id: "actor00000000001", name: "Lame", type: "wuxiaCharacter" }]);
    addPack("Item", "some-module.items", [{ _id: "skill00000000002", name: "Lance", type: "harmoniesSkill" }]);
    const items = await compendiumDocuments<{ name: string; uuid: string }>("Item");
    expect(items.map((i) => i.name)).toEqual(["Épée", "Lance"]);
    expect(items[0]?.uuid).toBe("Compendium.wuxia-harmonies.skills.Item.skill00000000001");
    const actors = await compendiumDocuments<{ name: string }>("Actor");
    expect(actors.map((a) => a.name)).toEqual(["Lame"]);
  });

  it("finds nothing in a world without compendiums, or before they are known", async () => {
    expect(await compendiumDocuments("Item")).toEqual([]);
    delete (game as unknown as { packs?: unknown }).packs;
    expect(await compendiumDocuments("Item")).toEqual([]);
  });
});
