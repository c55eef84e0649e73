// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, startWorld } from "../../test/support/world";
import { defaultSheet, settle } from "../../test/support/dom";

/**
 * A character whose creation is finished (the Wuxia builder marks it; the owner ticks *Creation
 * finished* in edit mode): its creation check is frozen and folded away, and the creation buttons
 * leave play mode. Unfinished, both stay where a new character needs them. From the owner's seat.
 */

interface Sheet {
  element: HTMLFormElement;
  render(options?: unknown): Promise<unknown>;
  setEditMode(editMode: boolean): void;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  actAs("player");
});

async function open(actor: Actor.Implementation, edit = false): Promise<Sheet> {
  const sheet = defaultSheet<Sheet>(foundry, actor);
  sheet.setEditMode(edit);
  await sheet.render({ force: true });
  return sheet;
}

const finished = { flags: { "wuxia-harmonies": { created: true } } };
const query = (sheet: Sheet, selector: string) => sheet.element.querySelector<HTMLElement>(selector);

/** A veteran: priorities 3 everywhere, then Métal 9 and 40 XP bought in play — far over its creation budget. */
function veteran(data: object = {}) {
  return createActor({
    name: "Lin Mei",
    type: "wuxiaCharacter",
    system: { attributes: { metal: 9, feu: 6, terre: 6, eau: 6, bois: 6 }, experience: 40 },
    ...data,
  }) as Promise<Actor.Implementation>;
}

describe("a Wuxia hero's creation check", () => {
  it("unfinished, compares the hero with its budget, open, with the builder in play mode", async () => {
    const sheet = await open(await veteran());
    const block = query(sheet, "details.wh-creation-block") as HTMLDetailsElement;
    expect(block.open).toBe(true);
    expect(sheet.element.querySelectorAll(".wh-creation thead th")).toHaveLength(4);
    expect(sheet.element.querySelectorAll(".wh-warnings li").length).toBeGreaterThan(0);
    expect(query(sheet, '[data-action="openBuilder"]')).not.toBeNull();
    expect(query(sheet, '[data-action="toggleCreated"]')).toBeNull();
  });

  it("finished, is frozen and folded away: no spent column, no warning, no builder in play mode", async () => {
    const sheet = await open(await veteran(finished));
    const block = query(sheet, "details.wh-creation-block") as HTMLDetailsElement;
    expect(block.open).toBe(false);
    expect(query(sheet, ".wh-creation-block__done")?.textContent).toContain("creation finished");
    expect(sheet.element.querySelectorAll(".wh-creation thead th")).toHaveLength(3);
    expect(query(sheet, ".wh-warnings")).toBeNull();
    expect(query(sheet, ".wh-ok")).toBeNull();
    expect(query(sheet, '[data-action="openBuilder"]')).toBeNull();
  });

  it("in edit mode, offers the builder and the box; unticking it brings the check back", async () => {
    const lin = await veteran(finished);
    const sheet = await open(lin, true);
    expect(query(sheet, '[data-action="openBuilder"]')).not.toBeNull();
    const box = query(sheet, '[data-action="toggleCreated"]') as HTMLInputElement;
    expect(box.checked).toBe(true);
    box.click();
    await settle();
    expect(lin.getFlag("wuxia-harmonies", "created")).toBeFalsy();
    expect(sheet.element.querySelectorAll(".wh-warnings li").length).toBeGreaterThan(0);
    (query(sheet, '[data-action="toggleCreated"]') as HTMLInputElement).click();
    await settle();
    expect(lin.getFlag("wuxia-harmonies", "created")).toBe(true);
  });
});

describe("a Harmonies character's creation buttons", () => {
  const david = (data: object = {}) =>
    createActor({ name: "David", type: "harmoniesCharacter", ...data }) as Promise<Actor.Implementation>;

  it("unfinished, show in play mode: Roll attributes and Beginner package", async () => {
    const sheet = await open(await david());
    expect(query(sheet, '[data-action="generateAttributes"]')).not.toBeNull();
    expect(query(sheet, '[data-action="beginnerPackage"]')).not.toBeNull();
    expect(query(sheet, '[data-action="toggleCreated"]')).toBeNull();
  });

  it("finished, leave play mode and come back in edit mode, with the box", async () => {
    const typedIn = await david(finished);
    const sheet = await open(typedIn);
    expect(query(sheet, '[data-action="generateAttributes"]')).toBeNull();
    expect(query(sheet, '[data-action="beginnerPackage"]')).toBeNull();
    sheet.setEditMode(true);
    await sheet.render({ force: true });
    expect(query(sheet, '[data-action="generateAttributes"]')).not.toBeNull();
    expect(query(sheet, '[data-action="beginnerPackage"]')).not.toBeNull();
    expect((query(sheet, '[data-action="toggleCreated"]') as HTMLInputElement).checked).toBe(true);
  });

  it("the box marks a character typed in by hand finished, for its owner only", async () => {
    const typedIn = await david();
    const sheet = await open(typedIn, true);
    (query(sheet, '[data-action="toggleCreated"]') as HTMLInputElement).click();
    await settle();
    expect(typedIn.getFlag("wuxia-harmonies", "created")).toBe(true);
    const { setCreated } = await import("../creation/finished");
    actAs("stranger");
    await expect(setCreated(typedIn, false)).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    expect(typedIn.getFlag("wuxia-harmonies", "created")).toBe(true);
  });
});
