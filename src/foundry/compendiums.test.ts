import { beforeEach, describe, expect, it, vi } from "vitest";
import { addPack } from "../../test/foundry/packs";
import { actAs, seatUser, startWorld } from "../../test/support/world";
import { compendiumDocuments } from "./compendiums";

/** What the creation dialogs read from the world's compendiums: one kind of document, every pack of it. */
describe("compendiumDocuments", () => {
  beforeEach(async () => {
    await startWorld();
  });

  it("reads every pack of the kind asked, and of it only the types asked", async () => {
    addPack("Item", "wuxia-harmonies.skills", [
      { _id: "skill00000000001", name: "Épée", type: "harmoniesSkill" },
      { _id: "weapon0000000001", name: "Rapière", type: "harmoniesWeapon" },
    ]);
    addPack("Actor", "wuxia-harmonies.archetypes", [
      { _id: "actor00000000001", name: "Lame", type: "wuxiaCharacter" },
      { _id: "actor00000000002", name: "Gardes", type: "group" },
    ]);
    addPack("Item", "some-module.items", [
      { _id: "skill00000000002", name: "Lance", type: "harmoniesSkill" },
      { _id: "hobby00000000001", name: "Barde", type: "harmoniesHobby" },
    ]);
    const items = await compendiumDocuments<{ name: string; uuid: string }>("Item", [
      "harmoniesSkill",
      "harmoniesHobby",
    ]);
    expect(items.map((i) => i.name)).toEqual(["Épée", "Lance", "Barde"]);
    expect(items[0]?.uuid).toBe("Compendium.wuxia-harmonies.skills.Item.skill00000000001");
    const actors = await compendiumDocuments<{ name: string }>("Actor", ["wuxiaCharacter"]);
    expect(actors.map((a) => a.name)).toEqual(["Lame"]);
  });

  it("asks no pack of the other kind: each query is a request to the server", async () => {
    const items = addPack("Item", "wuxia-harmonies.skills", [
      { _id: "skill00000000001", name: "Épée", type: "harmoniesSkill" },
    ]);
    const actors = addPack("Actor", "wuxia-harmonies.archetypes", [
      { _id: "actor00000000001", name: "Lame", type: "wuxiaCharacter" },
    ]);
    const askedItems = vi.spyOn(items, "getDocuments");
    const askedActors = vi.spyOn(actors, "getDocuments");
    await compendiumDocuments("Item", ["harmoniesSkill"]);
    expect(askedItems).toHaveBeenCalledWith({ type__in: ["harmoniesSkill"] });
    expect(askedActors).not.toHaveBeenCalled();
  });

  it("finds nothing in a world without compendiums, or before they are known", async () => {
    expect(await compendiumDocuments("Item", ["harmoniesSkill"])).toEqual([]);
    delete (game as unknown as { packs?: unknown }).packs;
    expect(await compendiumDocuments("Item", ["harmoniesSkill"])).toEqual([]);
  });

  it("asks a player's packs only: a pack hidden from players is neither read nor offered", async () => {
    addPack("Item", "wuxia-harmonies.skills", [{ _id: "skill00000000001", name: "Épée", type: "harmoniesSkill" }]);
    const secret = addPack(
      "Item",
      "world.gm-secrets",
      [{ _id: "skill00000000002", name: "Poison", type: "harmoniesSkill" }],
      { PLAYER: "NONE", ASSISTANT: "OWNER" },
    );
    const asked = vi.spyOn(secret, "getDocuments");
    actAs("player");
    expect((await compendiumDocuments<{ name: string }>("Item", ["harmoniesSkill"])).map((i) => i.name)).toEqual([
      "Épée",
    ]);
    expect(asked).not.toHaveBeenCalled();
    actAs("gm");
    expect((await compendiumDocuments<{ name: string }>("Item", ["harmoniesSkill"])).map((i) => i.name)).toEqual([
      "Épée",
      "Poison",
    ]);
  });

  it("asks, on a GM's client working for a player, only the packs that player may see", async () => {
    addPack("Item", "wuxia-harmonies.skills", [{ _id: "skill00000000001", name: "Épée", type: "harmoniesSkill" }]);
    addPack("Item", "world.gm-secrets", [{ _id: "skill00000000002", name: "Poison", type: "harmoniesSkill" }], {
      PLAYER: "NONE",
      ASSISTANT: "OWNER",
    });
    addPack("Item", "world.trusted", [{ _id: "skill00000000003", name: "Dague", type: "harmoniesSkill" }], {
      PLAYER: "NONE",
      TRUSTED: "OBSERVER",
    });
    actAs("gm");
    const names = async (user: unknown) =>
      (await compendiumDocuments<{ name: string }>("Item", ["harmoniesSkill"], user as never)).map((i) => i.name);
    expect(await names(seatUser("player"))).toEqual(["Épée"]);
    expect(await names(seatUser("gm"))).toEqual(["Épée", "Poison", "Dague"]);
  });

  it("reads the other packs when one cannot be read, and says which in the console", async () => {
    addPack("Item", "wuxia-harmonies.skills", [{ _id: "skill00000000001", name: "Épée", type: "harmoniesSkill" }]);
    const broken = addPack("Item", "some-module.broken", []);
    vi.spyOn(broken, "getDocuments").mockRejectedValue(new Error("the server refused"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await compendiumDocuments<{ name: string }>("Item", ["harmoniesSkill"])).map((i) => i.name)).toEqual([
      "Épée",
    ]);
    expect(String(warn.mock.calls[0]?.[0])).toContain("some-module.broken");
    warn.mockRestore();
  });
});
