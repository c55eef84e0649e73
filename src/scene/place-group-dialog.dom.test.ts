// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { controlTokens, viewScene, type SceneDouble, type SceneTokenDouble } from "../../test/foundry/scenes";
import { settle, windowFrame } from "../../test/support/dom";
import {
  actAs,
  createActor,
  createCombat,
  guards,
  startWorld,
  wuxiaHero,
  type Generation,
} from "../../test/support/world";
import type * as DialogModule from "./place-group-dialog";

/** The GM places a group's tokens from the Actors directory's menu, and gathers them with the token control. */

type AnyObject = Record<string, unknown>;
interface Dialog {
  element: HTMLFormElement;
  rendered: boolean;
  title: string;
  render(options?: unknown): Promise<unknown>;
}
interface MenuEntry {
  name: string;
  label: string;
  icon: string;
  condition(target: HTMLElement): boolean;
  visible(target: HTMLElement): boolean;
  callback(target: HTMLElement): void;
  onClick(event: Event, target: HTMLElement): void;
}
interface Tool {
  name: string;
  title: string;
  button: boolean;
  visible: boolean;
  order: number;
  onChange(event?: Event, active?: boolean): void;
}

const g = globalThis as unknown as {
  Hooks: { callAll(name: string, ...args: unknown[]): unknown };
  Scene: { create(data: AnyObject): Promise<SceneDouble> };
  game: { actors: { get(id: string): { system: { members: { out: number }[] } } | undefined } };
};

let foundry: FoundryDouble;
let dialogs: typeof DialogModule;
let scene: SceneDouble;

async function start(generation: Generation = 13, lang: "en" | "fr" = "en"): Promise<void> {
  document.body.innerHTML = "";
  foundry = await startWorld({ generation, lang });
  dialogs = await import("./place-group-dialog");
  scene = await g.Scene.create({ name: "Le gué", grid: { size: 100 } });
  viewScene(scene);
}

beforeEach(() => start());

afterEach(() => {
  for (const el of Array.from(document.querySelectorAll("form.wh-place-group"))) el.remove();
});

function band(): Promise<Actor.Implementation> {
  return createActor(
    {
      name: "Gardes",
      type: "group",
      system: {
        members: [
          { label: "Sergent", count: 4, out: 1 },
          { label: "Garde", count: 25 },
        ],
      },
    },
    { ownedByPlayer: false },
  );
}

/** The Actors directory's entry of an actor, as v13 and v14 draw it. */
function entryOf(actor: Actor.Implementation): HTMLElement {
  const li = document.createElement("li");
  li.className = "directory-item entry actor";
  li.dataset.entryId = actor.id ?? "";
  li.innerHTML = `<img class="thumbnail"><a class="entry-name"><span>${actor.name}</span></a>`;
  document.body.append(li);
  return li;
}

/**
 * The context menu items of an Actors list, as core gathers them through the hook: the Actors
 * directory's (its collection the world's actors), or an Actor compendium window's (hookEvents.
 * getDocumentContextOptions, v13 and v14: the hook is handed the application the menu is in).
 */
function menuItems(app: AnyObject = { id: "actors", collection: g.game.actors }): AnyObject[] {
  const items: AnyObject[] = [{ name: "SIDEBAR.Duplicate" }];
  g.Hooks.callAll("getActorContextOptions", app, items);
  return items;
}

function menuEntry(): MenuEntry {
  const entry = menuItems().find((i) => i.name === "WH.Tokens.Place.Entry");
  if (!entry) throw new Error("no placing entry");
  return entry as unknown as MenuEntry;
}

function openDialogs(): HTMLFormElement[] {
  return Array.from(document.querySelectorAll<HTMLFormElement>("form.wh-place-group"));
}

function shownDialog(): HTMLFormElement {
  const [form] = openDialogs();
  if (!form) throw new Error("the dialog is not open");
  return form;
}

function modeInput(form: HTMLElement, mode: string): HTMLInputElement {
  const input = form.querySelector<HTMLInputElement>(`input[name="mode"][value="${mode}"]`);
  if (!input) throw new Error(`no ${mode} choice`);
  return input;
}

function labels(form: HTMLElement): string[] {
  return Array.from(form.querySelectorAll(".wh-place-group__mode span")).map((s) => s.textContent ?? "");
}

async function submit(form: HTMLFormElement): Promise<void> {
  form.dispatchEvent(new Event("submit", { cancelable: true }));
  await settle();
}

function warnings(): string[] {
  return foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message);
}

describe("the Actors directory's entry", () => {
  it("is not offered in an Actor compendium's window, whose entries are not the world's actors", () => {
    const pack = { collection: "wuxia-harmonies.sample-groups", documentName: "Actor", metadata: { type: "Actor" } };
    const items = menuItems({ id: "compendium-wuxia-harmonies.sample-groups", collection: pack });
    expect(items.map((i) => i.name)).toEqual(["SIDEBAR.Duplicate"]);
  });

  it.each([13, 14] as const)("shows on a group for a GM and opens the placing dialog (v%s)", async (generation) => {
    await start(generation);
    const group = await band();
    const entry = menuEntry();
    expect(entry.label).toBe(entry.name);
    expect(entry.icon).toContain("fa-people-group");
    const li = entryOf(group);
    expect(entry.condition(li.querySelector("span") as HTMLElement)).toBe(true);
    expect(entry.visible(li)).toBe(true);
    if (generation === 13) entry.callback(li);
    else entry.onClick(new Event("click"), li);
    await settle();
    const form = shownDialog();
    expect(form.querySelector(".wh-place-group__name")?.textContent).toBe("Gardes");
    expect(labels(form)).toEqual(["One token per member still fighting (28)", "One token per sub-group (2)"]);
  });

  it("does not show on a character, nor for a player or the second player", async () => {
    const group = await band();
    const hero = await wuxiaHero();
    const entry = menuEntry();
    expect(entry.condition(entryOf(hero))).toBe(false);
    expect(entry.condition(document.createElement("li"))).toBe(false);
    for (const seat of ["player", "stranger"] as const) {
      actAs(seat);
      expect(entry.condition(entryOf(group))).toBe(false);
      expect(entry.visible(entryOf(group))).toBe(false);
    }
  });

  it("a player who reaches the entry anyway is refused: no dialog, no token", async () => {
    const group = await band();
    const entry = menuEntry();
    actAs("player");
    entry.callback(entryOf(group));
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(warnings()).toEqual(["Only a GM places and gathers a group's tokens."]);
    expect(scene.tokens.size).toBe(0);
  });
});

describe("the placing dialog", () => {
  it("places one token per member by default, and closes", async () => {
    await dialogs.openPlaceGroupDialog(await band());
    const form = shownDialog();
    expect(modeInput(form, "members").checked).toBe(true);
    expect(windowFrame(form)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-people-group",
      resizable: false,
      scoped: true,
    });
    await submit(form);
    expect(scene.tokens.size).toBe(28);
    expect(openDialogs()).toEqual([]);
  });

  it("offers to add the group to the combat under way, and adds it once, standing on its first token", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const combat = await createCombat([hero]);
    const group = await band();
    await dialogs.openPlaceGroupDialog(group);
    const form = shownDialog();
    const join = form.querySelector<HTMLInputElement>('input[name="addToCombat"]');
    expect(join?.checked).toBe(true);
    expect(form.querySelector(".wh-place-group__combat")?.textContent).toContain("Gardes");
    await submit(form);
    const first = scene.tokens.contents[0];
    const added = combat.combatants.contents.filter((c) => c.actorId === group.id);
    expect(added.map((c) => c.tokenId)).toEqual([first?.id]);
    // Placed again, the group already fights: no second offer, no second combatant.
    await dialogs.openPlaceGroupDialog(group);
    expect(shownDialog().querySelector('input[name="addToCombat"]')).toBeNull();
    await submit(shownDialog());
    expect(combat.combatants.contents.filter((c) => c.actorId === group.id)).toHaveLength(1);
  });

  it("adds nothing to the combat when the GM unticks it, and offers nothing without a combat", async () => {
    const group = await band();
    await dialogs.openPlaceGroupDialog(group);
    expect(shownDialog().querySelector('input[name="addToCombat"]')).toBeNull();
    await submit(shownDialog());
    const combat = await createCombat([await wuxiaHero("Lin Mei")]);
    await dialogs.openPlaceGroupDialog(group);
    const join = shownDialog().querySelector<HTMLInputElement>('input[name="addToCombat"]');
    if (join) join.checked = false;
    await submit(shownDialog());
    expect(combat.combatants.contents.filter((c) => c.actorId === group.id)).toEqual([]);
  });

  it("places one token per sub-group when the GM chooses it", async () => {
    await dialogs.openPlaceGroupDialog(await band());
    const form = shownDialog();
    modeInput(form, "subgroups").click();
    await submit(form);
    expect(scene.tokens.contents.map((t) => t.name)).toEqual(["Sergent ×3", "Garde ×25"]);
  });

  it("does not offer one token per member above 100 members, and says why", async () => {
    await dialogs.openPlaceGroupDialog(await guards(150));
    const form = shownDialog();
    expect(modeInput(form, "members").disabled).toBe(true);
    expect(modeInput(form, "subgroups").checked).toBe(true);
    // The hint stands under the choice it explains, and only there.
    expect(Array.from(form.querySelectorAll(".hint"), (h) => h.textContent)).toEqual([
      "More than 100 members: place one token per sub-group.",
    ]);
    await submit(form);
    expect(scene.tokens.contents.map((t) => t.name)).toEqual(["Garde ×150"]);
  });

  it("offers neither mode above 100 sub-groups still fighting, says why, and cannot place", async () => {
    const members = Array.from({ length: 120 }, (_, i) => ({ label: `Bandit ${i + 1}`, count: 2 }));
    const horde = await createActor({ name: "Horde", type: "group", system: { members } }, { ownedByPlayer: false });
    await dialogs.openPlaceGroupDialog(horde);
    const form = shownDialog();
    expect([modeInput(form, "members").disabled, modeInput(form, "subgroups").disabled]).toEqual([true, true]);
    expect(Array.from(form.querySelectorAll(".hint"), (h) => h.textContent)).toEqual([
      "More than 100 members: place one token per sub-group.",
      "More than 100 sub-groups still fighting: too many tokens for one scene.",
    ]);
    expect(form.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
  });

  it("says no scene is viewed and cannot place; the dialog stays open", async () => {
    viewScene(null);
    await dialogs.openPlaceGroupDialog(await band());
    const form = shownDialog();
    expect(form.querySelector(".wh-warning")?.textContent).toBe(
      "No scene is viewed: open a scene to place the tokens on.",
    );
    expect(form.querySelector<HTMLButtonElement>(".wh-place-group__place")?.disabled).toBe(true);
    await submit(form);
    expect(openDialogs()).toHaveLength(1);
  });

  it("cannot place a group nobody of which still fights", async () => {
    const group = await guards(2);
    await group.update({ "system.members": [{ label: "Garde", count: 2, out: 2 }] } as never);
    await dialogs.openPlaceGroupDialog(group);
    const form = shownDialog();
    expect(modeInput(form, "members").disabled).toBe(true);
    expect(modeInput(form, "subgroups").disabled).toBe(true);
    expect(form.querySelector<HTMLButtonElement>(".wh-place-group__place")?.disabled).toBe(true);
  });

  it("Cancel closes it without placing anything", async () => {
    await dialogs.openPlaceGroupDialog(await band());
    shownDialog().querySelector<HTMLButtonElement>('[data-action="cancel"]')?.click();
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(scene.tokens.size).toBe(0);
  });

  it("opening it again for the same group brings the open one forward", async () => {
    const group = await band();
    const first = await dialogs.openPlaceGroupDialog(group);
    const second = await dialogs.openPlaceGroupDialog(group);
    expect(second).toBe(first);
    expect(openDialogs()).toHaveLength(1);
  });

  it("is titled after the group, in French in a French world", async () => {
    await start(13, "fr");
    const dialog = (await dialogs.openPlaceGroupDialog(await band())) as unknown as Dialog;
    expect(dialog.title).toBe("Gardes : jetons sur la scène");
    expect(labels(dialog.element)).toEqual([
      "Un jeton par membre encore au combat (28)",
      "Un jeton par sous-groupe (2)",
    ]);
  });

  it("refuses what is not a group", async () => {
    expect(await dialogs.openPlaceGroupDialog(await wuxiaHero())).toBeNull();
    expect(warnings()).toEqual(["This is not a group of NPCs."]);
  });

  it.each(["player", "stranger"] as const)("is not drawn for the %s, however it is opened", async (seat) => {
    const group = await band();
    actAs(seat);
    expect(await dialogs.openPlaceGroupDialog(group)).toBeNull();
    const dialog = new dialogs.PlaceGroupDialog(group as never) as unknown as Dialog;
    await dialog.render({ force: true });
    expect(dialog.rendered).toBe(false);
    expect(openDialogs()).toEqual([]);
  });
});

describe("the Gather into group control", () => {
  function controls(): { tokens: { tools: Record<string, Tool> } } {
    const set = { tokens: { name: "tokens", tools: { select: { name: "select", order: 0 } } } };
    g.Hooks.callAll("getSceneControlButtons", set);
    return set as unknown as { tokens: { tools: Record<string, Tool> } };
  }

  it.each([13, 14] as const)(
    "is a GM's button among the token tools that gathers the selection (v%s)",
    async (generation) => {
      await start(generation);
      const group = await band();
      await dialogs.openPlaceGroupDialog(group);
      await submit(shownDialog());
      const tool = controls().tokens.tools.whGatherGroup as Tool;
      expect(tool).toMatchObject({
        name: "whGatherGroup",
        title: "WH.Tokens.Gather.Tool",
        button: true,
        visible: true,
        order: 1,
      });
      const placed = scene.tokens.contents as SceneTokenDouble[];
      await (
        placed[3]?.actor as unknown as { toggleStatusEffect(id: string, o: AnyObject): Promise<unknown> }
      ).toggleStatusEffect("dead", { active: true });
      controlTokens(placed);
      tool.onChange(new Event("click"), true);
      await settle();
      expect(scene.tokens.contents.map((t) => t.name)).toEqual(["Gardes"]);
      expect(g.game.actors.get(group.id ?? "")?.system.members.map((m) => m.out)).toEqual([1, 1]);
    },
  );

  it("is hidden from players; clicked anyway, it removes nothing", async () => {
    const group = await band();
    await dialogs.openPlaceGroupDialog(group);
    await submit(shownDialog());
    controlTokens(scene.tokens.contents as SceneTokenDouble[]);
    for (const seat of ["player", "stranger"] as const) {
      actAs(seat);
      const tool = controls().tokens.tools.whGatherGroup as Tool;
      expect(tool.visible).toBe(false);
      tool.onChange();
      await settle();
    }
    expect(scene.tokens.size).toBe(28);
    expect(warnings()).toEqual([
      "Only a GM places and gathers a group's tokens.",
      "Only a GM places and gathers a group's tokens.",
    ]);
  });

  it("leaves controls without a token set alone", () => {
    const set: Record<string, unknown> = { lighting: { tools: {} } };
    g.Hooks.callAll("getSceneControlButtons", set);
    expect(set).toEqual({ lighting: { tools: {} } });
  });
});
