// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openSheet, settle, type DrawnSheet } from "../../test/support/dom";

/** A weapon's skill is chosen among its actor's skills, not typed: a typo cannot silently drop it. */

let foundry: FoundryDouble;

async function openItem(item: Item.Implementation | undefined): Promise<DrawnSheet> {
  if (!item) throw new Error("no such item");
  return openSheet(foundry, item);
}

const skillField = (sheet: DrawnSheet) =>
  sheet.element.querySelector<HTMLSelectElement | HTMLInputElement>('[name="system.skill"]');
const offered = (sheet: DrawnSheet) =>
  [...(sheet.element.querySelector<HTMLSelectElement>('select[name="system.skill"]')?.options ?? [])].map((o) => [
    o.value,
    o.textContent,
  ]);

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

describe("a weapon's skill", () => {
  it("of a Wuxia hero's weapon is chosen among the hero's skills, and the choice is saved", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("player");
    const sheet = await openItem(hero.items.find((i) => i.name === "Arc long"));
    expect(skillField(sheet)?.tagName).toBe("SELECT");
    expect(offered(sheet)).toEqual([
      ["", ""],
      ["Chasseur", "Chasseur"],
      ["Tir à l'arc", "Tir à l'arc"],
    ]);
    expect(skillField(sheet)?.value).toBe("Tir à l'arc");
    const select = skillField(sheet) as HTMLSelectElement;
    select.value = "Chasseur";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect((hero.items.find((i) => i.name === "Arc long")?.system as unknown as { skill: string }).skill).toBe(
      "Chasseur",
    );
  });

  it("offers the hero's skills once each, in alphabetical order whatever order they were added in", async () => {
    const hero = await wuxiaHero("Lin Mei");
    await hero.createEmbeddedDocuments("Item", [
      { name: "Acrobatie", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
      { name: "Chasseur", type: "wuxiaSkill", system: { category: "profession", level: 1 } },
    ] as never);
    actAs("player");
    const sheet = await openItem(hero.items.find((i) => i.name === "Arc long"));
    expect(offered(sheet).map(([value]) => value)).toEqual(["", "Acrobatie", "Chasseur", "Tir à l'arc"]);
  });

  it("keeps a name the hero no longer has, marked, until another is chosen", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await hero.items.find((i) => i.name === "Arc long")?.update({ system: { skill: "Tir a l'arc" } } as never);
    actAs("player");
    const sheet = await openItem(hero.items.find((i) => i.name === "Arc long"));
    expect(offered(sheet)).toContainEqual([
      "Tir a l'arc",
      foundry.game.i18n.format("WH.Sheet.SkillNotOwned", { name: "Tir a l'arc" }),
    ]);
    expect(skillField(sheet)?.value).toBe("Tir a l'arc");
  });

  it("of a Harmonies weapon is chosen among the character's Harmonies skills", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const sheet = await openItem(david.items.find((i) => i.name === "Lance-pierre"));
    expect(offered(sheet)).toEqual([
      ["", ""],
      ["Fronde", "Fronde"],
    ]);
  });

  it("is typed for a weapon of no actor, or of an actor with no skill", async () => {
    actAs("gm");
    const loose = (await (Item as unknown as { create(d: unknown): Promise<Item.Implementation> }).create({
      name: "Sabre",
      type: "wuxiaWeapon",
    })) as Item.Implementation;
    expect(skillField(await openItem(loose))?.tagName).toBe("INPUT");
    const bare = await createActor({
      name: "Nu",
      type: "wuxiaCharacter",
      items: [{ name: "Bâton", type: "wuxiaWeapon" }],
    });
    expect(skillField(await openItem(bare.items.find((i) => i.name === "Bâton")))?.tagName).toBe("INPUT");
  });
});
