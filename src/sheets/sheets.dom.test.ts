// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, guards, harmoniesHero, startWorld, strangerId, wuxiaHero } from "../../test/support/world";
import { defaultSheet, settle, windowFrame } from "../../test/support/dom";

/** The sheets drawn from their templates and clicked through, from each player's seat. */

type AnyObject = Record<string, unknown>;
interface Sheet {
  element: HTMLFormElement;
  rendered: boolean;
  editMode: boolean;
  render(options?: unknown): Promise<unknown>;
  close(): Promise<unknown>;
}
interface Doc {
  type: string;
  system: AnyObject;
  sheet: unknown;
  items: { contents: Doc[]; find(fn: (i: Doc) => boolean): Doc | undefined };
  name: string;
  id: string;
  update(changes: AnyObject): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

function sheetFor(document: { type: string }): Sheet {
  return defaultSheet<Sheet>(foundry, document);
}

async function open(document: unknown): Promise<Sheet> {
  const sheet = sheetFor(document as Doc);
  await sheet.render({ force: true });
  return sheet;
}

/** Clicks as a person does, then lets what the click started finish. */
async function click(sheet: Sheet, selector: string): Promise<void> {
  const target = sheet.element.querySelector<HTMLElement>(selector);
  if (!target) throw new Error(`nothing to click at ${selector}`);
  target.click();
  await settle();
}

/** Foundry redraws the sheets of a document that changed (ClientDocumentMixin#_onUpdate). */
async function redrawn(sheet: Sheet): Promise<void> {
  await sheet.render();
}

async function change(sheet: Sheet, selector: string, value: string): Promise<void> {
  const input = sheet.element.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no field at ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

function row(sheet: Sheet, item: Doc | undefined): string {
  return `[data-item-id="${item?.id ?? ""}"]`;
}

function activeTab(sheet: Sheet): string[] {
  return [...sheet.element.querySelectorAll<HTMLElement>(".active[data-tab]")].map(
    (el) => `${el.tagName}:${el.dataset.tab}`,
  );
}

describe("a character sheet, as the player who owns it", () => {
  beforeEach(() => actAs("player"));

  it("opens resizable, in the system's style and its game's: Wuxia, Harmonies, a group, an item", async () => {
    const wuxia = await open(await wuxiaHero());
    expect(windowFrame(wuxia.element)).toMatchObject({ resizable: true, scoped: true });
    expect(["sheet", "actor", "wuxia"].every((c) => wuxia.element.classList.contains(c))).toBe(true);
    const harmonies = await open(await harmoniesHero());
    expect(harmonies.element.classList.contains("harmonies")).toBe(true);
    expect(harmonies.element.classList.contains("wuxia")).toBe(false);
    const group = await open(await guards());
    expect(windowFrame(group.element).resizable).toBe(true);
    expect(group.element.classList.contains("group")).toBe(true);
    const hero = await harmoniesHero();
    const item = await open(hero.items.contents[0]);
    expect(windowFrame(item.element)).toMatchObject({ resizable: true, scoped: true });
    expect(item.element.classList.contains("item")).toBe(true);
  });

  it("switches between play (rolls) and edit (inputs) with its button", async () => {
    const sheet = await open(await wuxiaHero());
    expect(sheet.element.querySelector("[name='system.attributes.feu']")).toBeNull();
    expect(sheet.element.querySelector("[data-action=roll][data-key=feu]")?.textContent).toBe("5");
    await click(sheet, "[data-action=toggleMode]");
    expect(sheet.editMode).toBe(true);
    expect(sheet.element.querySelector<HTMLInputElement>("[name='system.attributes.feu']")?.value).toBe("5");
    expect(sheet.element.querySelector("[data-action=roll][data-key=feu]")).toBeNull();
    await click(sheet, "[data-action=toggleMode]");
    expect(sheet.element.querySelector("[data-action=roll][data-key=feu]")).not.toBeNull();
  });

  it("keeps the text typed in an editor when it goes back to play mode, and when it closes", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc;
    const sheet = await open(actor);
    await click(sheet, "[data-action=toggleMode]");
    await click(sheet, "[data-action=tab][data-tab=biography]");
    const typing = (text: string) =>
      Object.assign(sheet.element.querySelector("prose-mirror[name='system.biography']") as HTMLElement, {
        value: text,
      });
    typing("<p>Née à Luoyang.</p>");
    await click(sheet, "[data-action=toggleMode]");
    expect(actor.system.biography).toBe("<p>Née à Luoyang.</p>");
    expect(sheet.element.querySelector("[data-tab=biography] .wh-rich-text")?.innerHTML).toBe("<p>Née à Luoyang.</p>");
    await click(sheet, "[data-action=toggleMode]");
    typing("<p>Partie pour Chang'an.</p>");
    await sheet.close();
    expect(actor.system.biography).toBe("<p>Partie pour Chang'an.</p>");
  });

  it("tells each editor its document, where core reads it for drops and uploads (data-document-uuid)", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc & { uuid: string };
    const sheet = await open(actor);
    await click(sheet, "[data-action=toggleMode]");
    await click(sheet, "[data-action=tab][data-tab=biography]");
    const editor = sheet.element.querySelector<HTMLElement>("prose-mirror[name='system.biography']");
    expect(editor?.dataset.documentUuid).toBe(actor.uuid);
    expect(editor?.hasAttribute("document-uuid")).toBe(false);
  });

  it("names the document on every editor of every template", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const files = readdirSync("templates", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".hbs"));
    const editors = files.flatMap((f) => readFileSync(`templates/${f}`, "utf8").match(/<prose-mirror[^>]*>/g) ?? []);
    expect(editors).toHaveLength(4);
    for (const tag of editors) expect(tag).toMatch(/ data-document-uuid="\{\{(actor|item)\.uuid\}\}"/);
  });

  it("writes nothing to an actor deleted while its sheet is in edit mode: core closes it without submitting", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc & { delete(): Promise<unknown> };
    const sheet = await open(actor);
    await click(sheet, "[data-action=toggleMode]");
    const update = vi.spyOn(actor, "update");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    actAs("gm");
    await actor.delete();
    await settle();
    expect(sheet.rendered).toBe(false);
    expect(update).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("writes nothing when it closes in play mode, nor when an observer closes it", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc;
    await actor.update({ ownership: { [strangerId()]: 2 } });
    const update = vi.spyOn(actor, "update");
    await (await open(actor)).close();
    actAs("stranger");
    await (await open(actor)).close();
    expect(update).not.toHaveBeenCalled();
    expect(foundry.notifications).toEqual([]);
  });

  it("switches tabs", async () => {
    const sheet = await open(await wuxiaHero());
    expect(activeTab(sheet)).toEqual(["A:main", "SECTION:main"]);
    await click(sheet, "[data-action=tab][data-tab=skills]");
    expect(activeTab(sheet)).toEqual(["A:skills", "SECTION:skills"]);
  });

  it("edits a skill's level in place, and refuses a level out of range, showing the stored one", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc;
    const chasseur = actor.items.find((i) => i.name === "Chasseur");
    const sheet = await open(actor);
    await change(sheet, `${row(sheet, chasseur)} [data-item-field='system.level']`, "5");
    expect(chasseur?.system.level).toBe(5);
    await change(sheet, `${row(sheet, chasseur)} [data-item-field='system.level']`, "12");
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: "Level must be between 1 and 10 (got 12).",
    });
    expect(chasseur?.system.level).toBe(5);
    expect(
      sheet.element.querySelector<HTMLInputElement>(`${row(sheet, chasseur)} [data-item-field='system.level']`)?.value,
    ).toBe("5");
  });

  it("edits nothing in place for an item deleted meanwhile, and reports no error", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc & {
      deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
    };
    const chasseur = actor.items.find((i) => i.name === "Chasseur") as Doc;
    const sheet = await open(actor);
    const selector = `${row(sheet, chasseur)} [data-item-field='system.level']`;
    await actor.deleteEmbeddedDocuments("Item", [chasseur.id]);
    await change(sheet, selector, "5");
    expect(foundry.notifications).toEqual([]);
    expect(actor.items.find((i) => i.name === "Chasseur")).toBeUndefined();
  });

  it("puts on armour with its box", async () => {
    const actor = (await createActor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [{ name: "Cuirasse", type: "wuxiaArmour", system: { armour: 2, equipped: false } }],
    })) as unknown as Doc;
    const armour = actor.items.contents[0];
    const sheet = await open(actor);
    await click(sheet, `${row(sheet, armour)} [data-item-field='system.equipped']`);
    expect(armour?.system.equipped).toBe(true);
  });

  it("records Harmonies XP in place: a skill's, and a characteristic's through the form", async () => {
    const actor = (await harmoniesHero()) as unknown as Doc;
    const fronde = actor.items.find((i) => i.name === "Fronde");
    const sheet = await open(actor);
    await change(sheet, `${row(sheet, fronde)} [data-item-field='system.xp']`, "4");
    expect(fronde?.system.xp).toBe(4);
    await change(sheet, "[name='system.characteristics.agilite.xp']", "3");
    expect((actor.system.characteristics as Record<string, { xp: number }>).agilite?.xp).toBe(3);
  });

  it("names its mode button after the mode it switches to, on every actor's sheet", async () => {
    const label = (sheet: Sheet) => sheet.element.querySelector("[data-action=toggleMode]")?.textContent?.trim();
    for (const actor of [await wuxiaHero(), await harmoniesHero(), await guards()]) {
      const sheet = await open(actor);
      expect(label(sheet)).toBe(foundry.game.i18n.localize("WH.Sheet.Mode.ToEdit"));
      await click(sheet, "[data-action=toggleMode]");
      expect(label(sheet)).toBe(foundry.game.i18n.localize("WH.Sheet.Mode.ToPlay"));
    }
  });

  it("opens the sheet of an item it adds; an item deleted meanwhile is neither opened nor deleted again", async () => {
    // Foundry's Document#sheet: every document has its registered sheet.
    foundry.Hooks.on("createItem", ((item: Doc) => {
      item.sheet = sheetFor(item);
    }) as never);
    const actor = (await wuxiaHero()) as unknown as Doc & {
      deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
    };
    const before = new Set(actor.items.contents.map((i) => i.id));
    const sheet = await open(actor);
    await click(sheet, "[data-action=toggleMode]");
    await click(sheet, "[data-action=createItem][data-type=wuxiaPower]");
    const created = actor.items.contents.filter((i) => !before.has(i.id));
    expect(created.map((i) => i.type)).toEqual(["wuxiaPower"]);
    expect((created[0]?.sheet as Sheet).rendered).toBe(true);

    const power = actor.items.find((i) => i.name === "Bond du tigre") as Doc;
    const selector = row(sheet, power);
    await actor.deleteEmbeddedDocuments("Item", [power.id]);
    await click(sheet, `${selector} [data-action=editItem]`);
    await click(sheet, `${selector} [data-action=deleteItem]`);
    expect(actor.items.contents).toHaveLength(before.size);
  });

  it("opens the roll dialog from a click on an Attribute", async () => {
    const sheet = await open(await wuxiaHero());
    await click(sheet, "[data-action=roll][data-key=terre]");
    const dialog = document.querySelector<HTMLFormElement>("form.wh-roll-dialog");
    expect(dialog?.querySelector<HTMLSelectElement>("[name=attribute]")?.value).toBe("terre");
    dialog?.querySelector<HTMLButtonElement>("[data-action=cancel]")?.click();
    await settle();
  });
});

describe("a group's sub-group table, as the player who owns it", () => {
  it("adds, edits and removes sub-groups, one row each", async () => {
    const group = (await guards()) as unknown as Doc;
    actAs("player");
    const sheet = await open(group);
    const members = () => group.system.members as { label: string; count: number; stats: Record<string, number> }[];
    await click(sheet, "[data-action=toggleMode]");
    await click(sheet, "[data-action=addMember]");
    await redrawn(sheet);
    expect(sheet.element.querySelectorAll("[data-member-index]")).toHaveLength(2);
    await change(sheet, "[data-member-index='0'] [data-member-field=count]", "30");
    await change(sheet, "[data-member-index='1'] [data-member-field=label]", "Archers");
    await change(sheet, "[data-member-index='1'] [data-member-field='stats.agilite']", "2");
    expect(members().map((m) => [m.label, m.count, m.stats.agilite])).toEqual([
      ["Garde", 30, 1],
      ["Archers", 1, 2],
    ]);
    await click(sheet, "[data-member-index='0'] [data-action=removeMember]");
    await redrawn(sheet);
    expect(members().map((m) => m.label)).toEqual(["Archers"]);
    expect(sheet.element.querySelectorAll("[data-member-index]")).toHaveLength(1);
  });
});

describe("a group's sub-group table, as its owner types a value the model refuses", () => {
  it("says why, keeps the stored sub-groups and redraws them, and says when the group is no longer homogeneous", async () => {
    const group = (await guards(25)) as unknown as Doc;
    actAs("player");
    const sheet = await open(group);
    const members = () => group.system.members as { label: string; count: number; stats: Record<string, number> }[];
    await click(sheet, "[data-action=toggleMode]");
    await change(sheet, "[data-member-index='0'] [data-member-field=count]", "0");
    expect(foundry.notifications.at(-1)?.level).toBe("error");
    expect(members()[0]?.count).toBe(25);
    expect(
      sheet.element.querySelector<HTMLInputElement>("[data-member-index='0'] [data-member-field=count]")?.value,
    ).toBe("25");

    await click(sheet, "[data-action=addMember]");
    await redrawn(sheet);
    await change(sheet, "[data-member-index='1'] [data-member-field='stats.agilite']", "9");
    await redrawn(sheet);
    const spread = (group.system.homogeneity as { spread: number }).spread;
    expect(spread).toBeGreaterThan(5);
    expect(sheet.element.querySelector(".wh-warning")?.textContent?.trim()).toBe(
      `Not homogeneous: the scores are ${spread} points apart (at most 5). Roll for each sub-group instead.`,
    );
    expect(sheet.element.querySelector(".wh-ok")).toBeNull();
  });
});

describe("a character sheet, as a player who does not own it", () => {
  it("is refused to a player with no permission on the actor", async () => {
    const actor = await wuxiaHero();
    actAs("stranger");
    const sheet = await open(actor);
    expect(sheet.rendered).toBe(false);
    expect(foundry.notifications.at(-1)).toEqual({
      level: "warn",
      message: "You do not have permission to view this Actor sheet.",
    });
  });

  it("is read-only to an observer, who may still open the items", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc;
    await actor.update({ ownership: { [strangerId()]: 2 } });
    actAs("stranger");
    const sheet = await open(actor);
    expect(sheet.element.querySelector("[data-action=toggleMode]")).toBeNull();
    const controls = [
      ...sheet.element.querySelectorAll<HTMLInputElement>(".window-content :is(input, select, button)"),
    ];
    const live = controls.filter((c) => !c.disabled).map((c) => c.dataset.action);
    expect(live.length).toBeGreaterThan(0);
    expect(new Set(live)).toEqual(new Set(["editItem"]));
    await click(sheet, "[data-action=tab][data-tab=skills]");
    expect(activeTab(sheet)).toEqual(["A:skills", "SECTION:skills"]);

    const chasseur = actor.items.find((i) => i.name === "Chasseur") as Doc;
    // Foundry's Document#sheet: the registered sheet of the item.
    chasseur.sheet = sheetFor(chasseur);
    await click(sheet, `${row(sheet, chasseur)} [data-action=editItem]`);
    const itemSheet = chasseur.sheet as Sheet;
    expect(itemSheet.rendered).toBe(true);
    expect(
      [...itemSheet.element.querySelectorAll<HTMLInputElement>(".window-content :is(input, select, textarea)")].every(
        (c) => c.disabled,
      ),
    ).toBe(true);
  });

  it("shows a player with limited permission only the name, portrait and biography", async () => {
    const actor = (await wuxiaHero("Lin Mei", {
      biography: "<p>Une archère.</p>",
      wounds: { value: 4 },
    })) as unknown as Doc;
    await actor.update({ ownership: { [strangerId()]: 1 } });
    actAs("stranger");
    const sheet = await open(actor);
    expect(sheet.element.classList.contains("limited")).toBe(true);
    expect(sheet.element.querySelector(".wh-name")?.textContent).toBe("Lin Mei");
    expect(sheet.element.querySelector(".wh-subtitle")?.textContent).toBe(
      foundry.game.i18n.localize("TYPES.Actor.wuxiaCharacter"),
    );
    expect(sheet.element.querySelector(".wh-rich-text")?.innerHTML).toBe("<p>Une archère.</p>");
    expect(sheet.element.querySelectorAll(".window-content :is(input, select, button, [data-tab])")).toHaveLength(0);
    expect(sheet.element.querySelector(".window-content")?.textContent).not.toContain("Chasseur");
  });
});

describe("a sheet popped out into another window (v14)", () => {
  it("reads a box and a number from elements that are not this window's classes", async () => {
    const { inputValue } = await import("./inline-edit");
    // Elements of another window: the same tags and properties, other classes (no instanceof).
    const foreign = (tagName: string, props: AnyObject) => ({ tagName, ...props }) as unknown as HTMLInputElement;
    const fields = [
      foreign("INPUT", { type: "checkbox", checked: true, value: "on" }),
      foreign("input", { type: "checkbox", checked: false, value: "on" }),
      foreign("INPUT", { type: "number", value: " " }),
      foreign("INPUT", { type: "number", value: "7" }),
      foreign("TEXTAREA", { type: "textarea", value: "Arc" }),
      foreign("SELECT", { type: "select-one", value: "feu" }),
    ];
    expect(fields.map((el) => inputValue(el))).toEqual([true, false, null, 7, "Arc", "feu"]);
  });
});

describe("an item sheet", () => {
  it("writes a field through the form as its owner types, and a list one entry a line", async () => {
    const actor = (await createActor({
      name: "H",
      type: "harmoniesCharacter",
      items: [
        { name: "Chasseur", type: "harmoniesMetier" },
        { name: "Fronde", type: "harmoniesSkill" },
      ],
    })) as unknown as Doc;
    actAs("player");
    const [metier, skill] = actor.items.contents;
    const skillSheet = await open(skill);
    await change(skillSheet, "[name='system.level']", "-3");
    expect(skill?.system.level).toBe(-3);
    const metierSheet = await open(metier);
    await change(metierSheet, "[data-list-field='system.skills']", " Pister\n\nTir à l'arc \n");
    expect(metier?.system.skills).toEqual(["Pister", "Tir à l'arc"]);
  });

  it("is read-only to an observer of its actor, and refused to a player who may not see it", async () => {
    const actor = (await wuxiaHero()) as unknown as Doc;
    const chasseur = actor.items.find((i) => i.name === "Chasseur");
    actAs("stranger");
    expect((await open(chasseur)).rendered).toBe(false);
    actAs("gm");
    await actor.update({ ownership: { [strangerId()]: 2 } });
    actAs("stranger");
    const sheet = await open(chasseur);
    const fields = [
      ...sheet.element.querySelectorAll<HTMLInputElement>(".window-content :is(input, select, textarea)"),
    ];
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.every((f) => f.disabled)).toBe(true);
    expect(sheet.element.querySelector("prose-mirror")).toBeNull();
  });
});
