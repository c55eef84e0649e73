import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Window } from "happy-dom";
import { applicationPage, type ApplicationLike, type PageSource, type PreviewEnv, type PreviewPage } from "./pages";

type AnyObject = Record<string, unknown>;

interface DialogLike extends ApplicationLike {
  order: number[];
  choice: AnyObject;
}

/** A Foundry RNG that yields chosen d6 faces: six added, then six subtracted. */
function d6Faces(list: number[]): () => number {
  let next = 0;
  return () => 1 - ((list[next++] ?? 3) - 0.5) / 6;
}

/**
 * Character creation's windows at each step: the Harmonies attribute roll before the roll, once
 * rolled (the pairs to share out, a result swapped), and once applied, as the GM sees it; the
 * roll's chat card; the beginner package, empty and filled in.
 */
export const creationPages: PageSource = async (env: PreviewEnv) => {
  const { foundry, Actor } = env.started;
  const handlebars = (
    globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate: unknown } } } }
  ).foundry.applications.handlebars;
  const renderTemplate = handlebars.renderTemplate;
  handlebars.renderTemplate = env.render;
  // The roll classes and the chat hooks are registered already: rollPages runs first in the one world;
  // creation's settings and actions come with the system's start.
  const { AttributeGenerationDialog } = await import("../../src/creation/attribute-generation-dialog");
  const { rollAttributes, applyAttributes } = await import("../../src/creation/attribute-generation");
  const game = foundry.game as unknown as {
    actors: { add(a: unknown): void };
    messages: { get(id: string): { renderHTML(): Promise<HTMLElement> } };
  };
  const hero = await Actor.create({ name: "Aiko de Lune-Haute", type: "harmoniesCharacter" });
  game.actors.add(hero);

  const page = async (
    name: string,
    prepare?: (app: DialogLike) => void,
    Dialog: new (actor: never) => unknown = AttributeGenerationDialog,
  ): Promise<PreviewPage> => {
    const app = new Dialog(hero as never) as unknown as DialogLike;
    prepare?.(app);
    return applicationPage(env, app, { name, height: name.includes("package") ? 900 : 640 });
  };

  const pages = [await page("creation-harmonies-roll")];
  foundry.CONFIG.Dice.randomUniform = d6Faces([6, 3, 1, 4, 2, 5, 1, 3, 6, 2, 4, 3]);
  const record = await rollAttributes(hero as never);
  // Body / Agility given the +2 that Intuition / Intelligence held: the swap a player makes.
  pages.push(await page("creation-harmonies-share", (app) => void (app.order = [1, 0, 2, 3])));
  await applyAttributes(hero as never, { cp: 1, ag: 1, it: 0, ig: 0, pu: -1, rs: -1, mn: 1, pr: 1 });
  pages.push(await page("creation-harmonies-applied"));

  // The card as the chat log draws it (Node: happy-dom gives the document).
  const dom = new Window();
  const g = globalThis as unknown as { document?: unknown };
  const previous = g.document;
  g.document = dom.document;
  const card = (await game.messages.get(record?.messageId ?? "").renderHTML()).outerHTML;
  g.document = previous;
  pages.push({
    name: "creation-harmonies-card",
    title: "Chat",
    size: { width: 300, height: 600 },
    classes: ["application", "wh-preview-chat"],
    tag: "div",
    html: `<ol class="chat-log" style="margin:0;padding:0;list-style:none">${card}</ol>`,
    tabs: [],
  });

  const { BeginnerPackageDialog } = await import("../../src/creation/beginner-package-dialog");
  const Item = (globalThis as unknown as { Item: { create(data: AnyObject): Promise<unknown> } }).Item;
  // The métier and hobbies the system ships (packs-src), as a world holds them once imported.
  for (const name of ["Fantassin", "Barde", "Cambrioleur", "Fronde", "Équitation", "Marchandage", "Cartographie"])
    await Item.create(packEntry("harmonies-skills", name));
  pages.push(await page("creation-harmonies-package", undefined, BeginnerPackageDialog));
  pages.push(
    await page(
      "creation-harmonies-package-filled",
      (app) =>
        void (app.choice = {
          metier: "Fantassin",
          metierSkills: ["Combat à l'épée", "Esquive", "Combat à mains nues", "Lancer du couteau"],
          hobbies: [
            { name: "Barde", skills: ["Chants", "Mandoline"] },
            { name: "Cambrioleur", skills: ["Crochetage", "Discrétion"] },
          ],
          talents: ["Fronde", "Équitation", "Marchandage", "Cartographie"],
        }),
      BeginnerPackageDialog,
    ),
  );

  // The Wuxia builder from the archetype the system ships, for a hero whose Attributes are dealt.
  const { WuxiaBuilderDialog } = await import("../../src/creation/wuxia-builder-dialog");
  for (const item of [
    { name: "Course du vent", type: "wuxiaPower", system: { heroType: "assassin" } },
    { name: "Sixième sens", type: "wuxiaPower", system: { heroType: "general" } },
    { name: "Mémoire", type: "wuxiaTrait", system: {} },
  ])
    await Item.create(item);
  const rebel = (await Actor.create(packEntry("wuxia-archetypes", "Rebelle mystérieux"))) as unknown as {
    uuid: string;
  };
  game.actors.add(rebel);
  const wuxiaHero = await Actor.create({
    name: "Aiko",
    type: "wuxiaCharacter",
    system: { attributes: { metal: 6, feu: 7, terre: 6, eau: 5, bois: 6 } },
  });
  game.actors.add(wuxiaHero);
  const { draftFromArchetype, draftOf } = await import("../../src/creation/wuxia-creation");
  const builder = new WuxiaBuilderDialog(wuxiaHero as never) as unknown as DialogLike & {
    draft: unknown;
    archetype: string;
  };
  builder.draft = draftFromArchetype(rebel as never, draftOf(wuxiaHero as never));
  builder.archetype = rebel.uuid;
  pages.push(await applicationPage(env, builder, { name: "creation-wuxia-builder", height: "fit" }));

  // The GM's odds tables: the Wuxia table with 1 reroll, and the Harmonies table.
  const { OddsTablesDialog } = await import("../../src/dialogs/odds-tables-dialog");
  for (const table of ["wuxia-1", "harmonies"]) {
    const tables = new OddsTablesDialog() as unknown as DialogLike & { table: string };
    tables.table = table;
    pages.push(await applicationPage(env, tables, { name: `gm-odds-${table}`, height: 1100, tag: "div" }));
  }
  const { ValueCalculatorDialog } = await import("../../src/dialogs/value-calculator-dialog");
  const values = new ValueCalculatorDialog() as unknown as DialogLike & { fields: Record<string, string> };
  values.fields = { a: "+3", b: "-2", list: "9 × +1, +3", count: "300" };
  pages.push(await applicationPage(env, values, { name: "gm-values", height: 640 }));

  // The group import: empty (the columns it reads, the templates), then the book's French example read.
  const { GroupImportDialog, importReader } = await import("../../src/dialogs/import-dialog");
  const empty = new GroupImportDialog() as unknown as DialogLike;
  pages.push(await applicationPage(env, empty, { name: "gm-import-empty", height: 900 }));
  const example = readFileSync("assets/examples/groupes-harmonies.csv", "utf8");
  const filled = new GroupImportDialog() as unknown as DialogLike & {
    text: string;
    result: unknown;
    rows: unknown;
  };
  filled.text = example;
  filled.result = importReader.parse(example, {});
  filled.rows = importReader.rows(example);
  pages.push(await applicationPage(env, filled, { name: "gm-import-preview", height: 900 }));
  // A file with mistakes: a count in words, a row with no name, a letter in a stat.
  const faulty = [
    "Groupe;Nom;Nombre;Jeu;Corps;Agilité;Compétence",
    "Garde du palais;Gardes;vingt-cinq;harmonies;0;1;2",
    "Garde du palais;;1;harmonies;1;1;4",
    "Légion d'Aquitaine;Soldats;300;harmonies;0;x;1",
  ].join("\r\n");
  const errors = new GroupImportDialog() as unknown as DialogLike & { text: string; result: unknown; rows: unknown };
  errors.text = faulty;
  errors.result = importReader.parse(faulty, {});
  errors.rows = importReader.rows(faulty);
  pages.push(await applicationPage(env, errors, { name: "gm-import-errors", height: 900 }));

  // Placing the palace guards on a scene the GM views, with a combat under way to join.
  const { PlaceGroupDialog } = await import("../../src/scene/place-group-dialog");
  const { viewScene } = await import("../foundry/scenes");
  const { Scene } = globalThis as unknown as { Scene: { create(data: Record<string, unknown>): Promise<unknown> } };
  const scene = await Scene.create({ name: "Palais", width: 3000, height: 2000, grid: { size: 100 } });
  viewScene(scene as never);
  const place = new PlaceGroupDialog(env.fixtures.harmoniesGroup as never) as unknown as DialogLike;
  pages.push(await applicationPage(env, place, { name: "gm-place", height: "fit" }));
  viewScene(null);
  handlebars.renderTemplate = renderTemplate;
  return pages;
};

/** A pack entry's own keys, which the world gives anew when it imports the entry. */
const DOCUMENT_KEYS = ["_id", "_key", "_stats", "folder"];
const bare = (entry: AnyObject): AnyObject =>
  Object.fromEntries(Object.entries(entry).filter(([key]) => !DOCUMENT_KEYS.includes(key)));

/** An entry of one of the system's packs (packs-src), as creation data: what a world imports. */
function packEntry(pack: string, name: string): AnyObject {
  const dir = resolve("packs-src", pack);
  for (const file of readdirSync(dir)) {
    const entry = JSON.parse(readFileSync(resolve(dir, file), "utf8")) as AnyObject;
    if (entry.name !== name) continue;
    const items = (entry.items as AnyObject[] | undefined)?.map(bare);
    return items ? { ...bare(entry), items } : bare(entry);
  }
  throw new Error(`${pack} has no ${name}`);
}
