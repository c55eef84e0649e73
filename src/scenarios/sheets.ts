import { RULESETS, type Ruleset } from "../rules/vocabulary";
import type { Assertion, ScenarioBatch } from "./context";
import { typeInto, type Window } from "./dom";
import { ScenarioWorld, until } from "./world";

type Sheet = Window;

type Doc = Actor.Implementation | Item.Implementation;

/**
 * The sub-types the system declares for a document class, read at run time so that a type added
 * later is covered: the manifest's `documentTypes` as the world loaded it (`game.system`, API v13),
 * else (the Foundry double, whose `game.system` has none) the data models the system registered.
 */
function subTypes(documentName: "Actor" | "Item"): string[] {
  const declared: object | undefined = game.system.documentTypes?.[documentName];
  const types = Object.keys(declared ?? CONFIG[documentName].dataModels);
  return types.filter((type) => type !== "base");
}

/** The types of one rule set: those named after it, and those of no rule set (a group serves both). */
function typesOf(documentName: "Actor" | "Item", ruleset: Ruleset): string[] {
  return subTypes(documentName).filter((type) => type.startsWith(ruleset) || !RULESETS.some((r) => type.startsWith(r)));
}

/** How a scenario names a document in its messages: its type, and its rule set when it has no type of its own. */
function labelOf(doc: Doc): string {
  const ruleset = (doc.system as { ruleset?: string }).ruleset;
  return ruleset && !doc.type.startsWith(ruleset) ? `${doc.type} (${ruleset})` : doc.type;
}

function sheetOf(doc: Doc): Sheet {
  const sheet = doc.sheet as Sheet | null;
  if (!sheet) throw new Error(`${labelOf(doc)} has no sheet`);
  return sheet;
}

function nameInput(sheet: Sheet): HTMLInputElement | null {
  return sheet.element?.querySelector<HTMLInputElement>('input[name="name"]') ?? null;
}

function modeToggle(sheet: Sheet): HTMLElement | null {
  return sheet.element?.querySelector<HTMLElement>('[data-action="toggleMode"]') ?? null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Whether a user may change the control: enabled and not read-only (a select has no read-only state). */
function editable(control: Control): boolean {
  return !control.disabled && !("readOnly" in control && control.readOnly);
}

/** The form controls a user may type in or change: enabled, not read-only, not hidden. */
function editableControls(sheet: Sheet): string[] {
  const controls = sheet.element?.querySelectorAll<Control>("input[name], select[name], textarea[name]");
  return Array.from(controls ?? [])
    .filter((c) => c.type !== "hidden" && editable(c))
    .map((c) => c.name);
}

/** Opens the document's sheet, as a click in the sidebar or on an owned item does, and waits until it is drawn. */
async function open(doc: Doc): Promise<Sheet> {
  const sheet = sheetOf(doc);
  await sheet.render({ force: true });
  await until(`${labelOf(doc)}'s sheet drawn`, () => sheet.rendered && nameInput(sheet));
  return sheet;
}

async function close(doc: Doc, sheet: Sheet): Promise<void> {
  await sheet.close();
  await until(`${labelOf(doc)}'s sheet closed`, () => !sheet.rendered && !sheet.element?.isConnected);
}

/** Clicks the mode toggle and waits for the name to become editable (edit mode) or read-only (play mode). */
async function switchMode(doc: Doc, sheet: Sheet, to: "edit" | "play"): Promise<void> {
  const toggle = modeToggle(sheet);
  if (!toggle) throw new Error(`${labelOf(doc)}'s sheet has no mode toggle`);
  toggle.click();
  await until(`${labelOf(doc)}'s sheet in ${to} mode`, () => {
    const name = nameInput(sheet);
    return sheet.rendered && name && (to === "edit") === editable(name);
  });
}

/**
 * A number each actor type's sheet edits in edit mode, and where the actor keeps it (`0`: an
 * array's first entry). A type not listed here is edited through its name only.
 */
const NUMBER_FIELDS: Partial<Record<string, { selector: string; path: string }>> = {
  wuxiaCharacter: { selector: 'input[name="system.attributes.metal"]', path: "system.attributes.metal" },
  harmoniesCharacter: {
    selector: 'input[name="system.characteristics.corps.value"]',
    path: "system.characteristics.corps.value",
  },
  group: { selector: '[data-member-field="count"]', path: "system.members.0.count" },
};

/** The value at a dotted path of a document, as its sheet shows it. */
function valueAt(doc: Doc, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], doc);
}

/** The field's next value, within the bounds its input sets. */
function nextValue(input: HTMLInputElement): number {
  const current = Number(input.value);
  return input.max !== "" && current + 1 > Number(input.max) ? current - 1 : current + 1;
}

/**
 * Opens the sheet, checks it names its document, goes through its modes (edit mode offers more to
 * change than play mode, the name among it), closes it: no console error on the way.
 */
async function goThrough(
  doc: Doc,
  expect: (actual: unknown, message?: string) => Assertion,
  { modes }: { modes: boolean },
): Promise<void> {
  const label = labelOf(doc);
  const sheet = await open(doc);
  expect(nameInput(sheet)?.value, `${label}: its name`).to.equal(doc.name);
  if (modes || modeToggle(sheet)) {
    const name = nameInput(sheet);
    expect(Boolean(name && editable(name)), `${label}: name editable in play mode`).to.equal(false);
    const inPlay = editableControls(sheet);
    await switchMode(doc, sheet, "edit");
    const inEdit = editableControls(sheet);
    expect(inEdit, `${label}: editable in edit mode`).to.include("name");
    expect(inEdit.length, `${label}: fields to change in edit mode, ${inPlay.length} in play`).to.be.above(
      inPlay.length,
    );
    await switchMode(doc, sheet, "play");
    expect(editableControls(sheet), `${label}: editable in play mode, back from edit`).to.deep.equal(inPlay);
  } else {
    expect(editableControls(sheet), `${label}: editable`).to.include("name");
  }
  await close(doc, sheet);
}

/** Every sheet of the system, for a GM, in each game: opened, through its modes, edited, closed. */
export const sheetsBatch: ScenarioBatch = {
  id: "sheets",
  label: "WH.Scenario.Batch.Sheets",
  seat: "gm",
  register({ describe, it, beforeAll, afterAll, expect }) {
    const world = new ScenarioWorld("sheets");
    beforeAll(() => world.begin("gm"));
    afterAll(() => world.end());

    /** A world actor of each type the rule set plays, each of its items owned by its character; made once. */
    const casts = new Map<Ruleset, Promise<{ actors: Actor.Implementation[]; items: Item.Implementation[] }>>();
    async function makeCast(ruleset: Ruleset) {
      const actors: Actor.Implementation[] = [];
      for (const type of typesOf("Actor", ruleset)) {
        // Types of no rule set (a group) are told which game they play; other types drop the field.
        const system = type.startsWith(ruleset) ? {} : { ruleset, members: [{ label: "Gardes", count: 3 }] };
        actors.push(await world.actor({ name: `${type} ${ruleset}`, type, system } as Actor.CreateData));
      }
      const owner = actors.find((a) => a.type.startsWith(ruleset));
      if (!owner) throw new Error(`No ${ruleset} actor type to own the ${ruleset} items`);
      const data = typesOf("Item", ruleset).map((type) => ({ name: `${type} ${ruleset}`, type }));
      const items = (await owner.createEmbeddedDocuments("Item", data as Item.CreateData[])) ?? [];
      expect(items.map((i) => i.type)).to.deep.equal(data.map((d) => d.type));
      return { actors, items };
    }
    const cast = (ruleset: Ruleset) => {
      if (!casts.has(ruleset)) casts.set(ruleset, makeCast(ruleset));
      return casts.get(ruleset) as ReturnType<typeof makeCast>;
    };

    for (const ruleset of RULESETS) {
      describe(`every sheet of a ${ruleset} game`, () => {
        it("each actor's opens, switches to edit mode and back, and closes, with no console error", async () => {
          const { actors } = await cast(ruleset);
          expect(actors.length).to.be.above(1);
          for (const actor of actors) await goThrough(actor, expect, { modes: true });
          expect(world.takeErrors()).to.deep.equal([]);
        });

        it("each item's, owned by a character, opens editable (an item sheet has no play mode) and closes, with no console error", async () => {
          const { items } = await cast(ruleset);
          expect(items.length).to.be.above(1);
          for (const item of items) await goThrough(item, expect, { modes: false });
          expect(world.takeErrors()).to.deep.equal([]);
        });

        it("a name and a number typed in each actor's sheet, in edit mode, reach the actor", async () => {
          const { actors } = await cast(ruleset);
          for (const actor of actors) {
            const sheet = await open(actor);
            await switchMode(actor, sheet, "edit");
            const renamed = `${actor.name} (renamed)`;
            typeInto(sheet.element, 'input[name="name"]', renamed);
            await until(`${labelOf(actor)} renamed`, () => actor.name === renamed);
            await until(`${labelOf(actor)}'s sheet showing its new name`, () => nameInput(sheet)?.value === renamed);
            const field = NUMBER_FIELDS[actor.type];
            if (field) {
              const input = sheet.element?.querySelector<HTMLInputElement>(field.selector);
              if (!input) throw new Error(`${labelOf(actor)}'s sheet has no field ${field.selector} in edit mode`);
              const value = nextValue(input);
              typeInto(sheet.element, field.selector, String(value));
              await until(`${labelOf(actor)}'s ${field.path} at ${value}`, () => valueAt(actor, field.path) === value);
            }
            await switchMode(actor, sheet, "play");
            await close(actor, sheet);
          }
          expect(world.takeErrors()).to.deep.equal([]);
        });

        it("a name typed in each item's sheet is the item's name", async () => {
          const { items } = await cast(ruleset);
          for (const item of items) {
            const sheet = await open(item);
            const renamed = `${item.name} (renamed)`;
            typeInto(sheet.element, 'input[name="name"]', renamed);
            await until(`${labelOf(item)} renamed`, () => item.name === renamed);
            await close(item, sheet);
          }
          expect(world.takeErrors()).to.deep.equal([]);
        });
      });
    }

    describe("a sheet whose actor is deleted", () => {
      it("closes while in edit mode without writing to the deleted actor, and with no console error", async () => {
        const actor = await world.actor({ name: "Deleted while open", type: "wuxiaCharacter" });
        const sheet = await open(actor);
        await switchMode(actor, sheet, "edit");
        await actor.delete();
        await until("the deleted actor's sheet closed", () => !sheet.rendered);
        expect(game.actors.get(actor.id ?? "")).to.equal(undefined);
        expect(world.takeErrors()).to.deep.equal([]);
      });
    });
  },
};
