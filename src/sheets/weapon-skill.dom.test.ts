// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { openSheet, settle, type DrawnSheet } from "../../test/support/dom";

/**
 * A weapon's skill is chosen among its actor's skills, not typed: a typo cannot silently drop it.
 * It is stored by the skill's identifier, so renaming the skill keeps it.
 */

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
      ["chasseur", "Chasseur"],
      ["tir-a-l-arc", "Tir à l'arc"],
    ]);
    // The fixture's bow names its skill as a weapon made before identifiers did: by name.
    expect(skillField(sheet)?.value).toBe("tir-a-l-arc");
    const select = skillField(sheet) as HTMLSelectElement;
    select.value = "chasseur";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect((hero.items.find((i) => i.name === "Arc long")?.system as unknown as { skill: string }).skill).toBe(
      "chasseur",
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
    expect(offered(sheet).map(([, label]) => label)).toEqual(["", "Acrobatie", "Chasseur", "Tir à l'arc"]);
  });

  it("keeps a name the hero no longer has, marked, until another is chosen", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await hero.items.find((i) => i.name === "Arc long")?.update({ system: { skill: "Équitation" } } as never);
    actAs("player");
    const sheet = await openItem(hero.items.find((i) => i.name === "Arc long"));
    expect(offered(sheet)).toContainEqual([
      "Équitation",
      foundry.game.i18n.format("WH.Sheet.SkillNotOwned", { name: "Équitation" }),
    ]);
    expect(skillField(sheet)?.value).toBe("Équitation");
  });

  it("of a Harmonies weapon is chosen among the character's Harmonies skills", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const sheet = await openItem(david.items.find((i) => i.name === "Lance-pierre"));
    expect(offered(sheet)).toEqual([
      ["", ""],
      ["fronde", "Fronde"],
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

  it("follows its skill when the skill is renamed: the sheet shows the new name and the attack rolls it", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const bow = hero.items.find((i) => i.name === "Arc long");
    const hunter = hero.items.find((i) => i.name === "Chasseur");
    expect((hunter?.system as unknown as { identifier: string }).identifier).toBe("chasseur");
    await bow?.update({ system: { skill: "chasseur" } } as never);
    await hunter?.update({ name: "Chasseur de primes" } as never);
    expect((hunter?.system as unknown as { identifier: string }).identifier).toBe("chasseur");
    actAs("player");
    const sheet = await openSheet(foundry, hero);
    const row = sheet.element.querySelector(`[data-item-id="${bow?.id ?? ""}"]`);
    expect([...(row?.querySelectorAll("td") ?? [])].map((td) => td.textContent?.trim())).toContain(
      "Chasseur de primes",
    );
    const { rollSubject, rollStart } = await import("../rolls/subject");
    expect(rollStart(rollSubject(hero), bow).skillId).toBe(hunter?.id);
  });

  it("keeps the identifier given at creation, and takes the name's otherwise", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const [given, derived] = (await hero.createEmbeddedDocuments("Item", [
      { name: "Épée du Nord", type: "wuxiaSkill", system: { identifier: "epee" } },
      { name: "Épée du Nord", type: "wuxiaPower" },
    ] as never)) as Item.Implementation[];
    expect([given, derived].map((item) => (item?.system as unknown as { identifier: string }).identifier)).toEqual([
      "epee",
      "epee-du-nord",
    ]);
  });

  it("gives a skill made before identifiers, when renamed, its old name's, so its weapons still find it", async () => {
    const david = await harmoniesHero("David");
    const sling = david.items.find((i) => i.name === "Fronde");
    await sling?.update({ system: { identifier: "" } } as never);
    await sling?.update({ name: "Fronde de berger" } as never);
    expect((sling?.system as unknown as { identifier: string }).identifier).toBe("fronde");
    const { rollSubject, rollStart } = await import("../rolls/subject");
    expect(
      rollStart(
        rollSubject(david),
        david.items.find((i) => i.name === "Lance-pierre"),
      ).skillId,
    ).toBe(sling?.id);
    await sling?.update({ name: "Fronde" } as never);
    await sling?.update({ name: "Fronde longue", system: { identifier: "longue" } } as never);
    expect((sling?.system as unknown as { identifier: string }).identifier).toBe("longue");
  });

  it("is shown on the combat tab by the name of the skill of that kind, else as stored, else blank", async () => {
    const hero = await createActor({
      name: "Zhao",
      type: "wuxiaCharacter",
      items: [
        // A trait whose name gives the same identifier, listed first, is not a skill.
        { name: "Chasseur!", type: "wuxiaTrait" },
        { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
        { name: "Arc", type: "wuxiaWeapon", system: { skill: "chasseur" } },
        { name: "Sabre", type: "wuxiaWeapon", system: { skill: "" } },
        { name: "Lance", type: "wuxiaWeapon", system: { skill: "Équitation" } },
      ],
    });
    actAs("player");
    const sheet = await openSheet(foundry, hero);
    const cells = (name: string) =>
      [
        ...(sheet.element
          .querySelector(`[data-item-id="${hero.items.find((i) => i.name === name)?.id ?? ""}"]`)
          ?.querySelectorAll("td") ?? []),
      ].map((td) => td.textContent?.trim());
    expect(cells("Arc")).toContain("Chasseur");
    expect(cells("Arc")).not.toContain("Chasseur!");
    expect(cells("Lance")).toContain("Équitation");
    expect(cells("Sabre")).not.toContain("undefined");
  });
});
