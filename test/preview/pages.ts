import { templateRenderer, registerFoundryHelpers } from "../foundry/templates";
import type { startSystem } from "../support/start-system";
import type { Fixtures } from "./fixtures";
import { rollPages } from "./roll-pages";
import { combatPages } from "./combat-pages";
import { creationPages } from "./creation-pages";

/**
 * What the preview shows: a list of pages, each a window of the system rendered from its real
 * templates. A page source builds its pages in the language the double was started in; add a
 * source to PAGE_SOURCES to preview another window (a roll dialog, a chat card…).
 */
export interface PreviewPage {
  /** Unique, file-name safe: "wuxia-character-play". */
  name: string;
  /** The window title bar's text. */
  title: string;
  /**
   * The window's size: the application's default position. A height of "fit" grows the window to
   * its content (a chat card is as long as it is: none is cut in its picture).
   */
  size: { width: number; height: number | "fit" };
  /** Classes of the application element, as Foundry sets them ("application" + DEFAULT_OPTIONS). */
  classes: string[];
  /** The application element's tag ("form" for document sheets). */
  tag: "form" | "div";
  /** The window content: every rendered part, in order. */
  html: string;
  /** Tab ids shown in turn (each is checked and screenshotted); empty for a single pane. */
  tabs: string[];
}

export type Started = Awaited<ReturnType<typeof startSystem>>;

export interface PreviewEnv {
  started: Started;
  fixtures: Fixtures;
  /** Renders one of the system's templates (`systems/wuxia-harmonies/templates/…`). */
  render(template: string, context: Record<string, unknown>): Promise<string>;
}

export type PageSource = (env: PreviewEnv) => Promise<PreviewPage[]>;

interface SheetLike {
  options: { classes?: string[]; position?: { width?: number; height?: number } };
  partContexts: Record<string, Record<string, unknown>>;
  render(options: { force: boolean }): Promise<unknown>;
  setEditMode?(editMode: boolean): void;
  /** The parts this sheet draws now (an NPC's stat block in play mode), where it chooses them. */
  _configureRenderParts?(): Record<string, { template: string }>;
}

interface SheetClass {
  new (options: Record<string, unknown>): SheetLike;
  PARTS: Record<string, { template: string }>;
  TABS?: Record<string, { tabs: { id: string }[] }>;
}

/** A document's default sheet, rendered through the double: its real `_prepareContext` and templates. */
export async function sheetPage(
  env: PreviewEnv,
  document: { type: string; name: string; documentName?: string },
  page: { name: string; editMode?: boolean },
): Promise<PreviewPage> {
  const registration = env.started.foundry.sheets.registrations.find(
    (r) => r.types.includes(document.type) && r.makeDefault,
  );
  if (!registration) throw new Error(`no sheet registered for ${document.type}`);
  const Sheet = registration.sheetClass as SheetClass;
  const sheet = new Sheet({ document });
  if (page.editMode) sheet.setEditMode?.(true);
  await sheet.render({ force: true });
  const parts: string[] = [];
  const drawn = sheet._configureRenderParts?.() ?? Sheet.PARTS;
  for (const [partId, part] of Object.entries(drawn)) {
    const html = await env.render(part.template, sheet.partContexts[partId] ?? {});
    // Foundry marks each part's root element with its id.
    parts.push(html.replace(/^\s*<([a-z][\w-]*)/i, `<$1 data-application-part="${partId}"`));
  }
  return {
    name: page.name,
    title: document.name,
    size: { width: sheet.options.position?.width ?? 600, height: sheet.options.position?.height ?? 600 },
    classes: ["application", ...(sheet.options.classes ?? [])],
    tag: "form",
    html: parts.join("\n"),
    tabs: "tabs" in drawn ? (Sheet.TABS?.primary?.tabs.map((t) => t.id) ?? []) : [],
  };
}

/** An application as the previews draw one: its options, the context of each part, its title. */
export interface ApplicationLike {
  options: { classes?: string[]; position?: { width?: number } };
  partContexts: Record<string, Record<string, unknown>>;
  title: string;
  render(options: { force: boolean }): Promise<unknown>;
}

/**
 * An application drawn through the double (its real `_prepareContext`), every part rendered from
 * its real template and marked with its id as Foundry marks it.
 */
export async function applicationPage(
  env: PreviewEnv,
  app: ApplicationLike,
  page: { name: string; height: number | "fit"; tag?: "form" | "div"; title?: string },
): Promise<PreviewPage> {
  await app.render({ force: true });
  const parts = (app.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
  const html = await Promise.all(
    Object.entries(parts).map(async ([id, part]) =>
      (await env.render(part.template, app.partContexts[id] ?? {})).replace(
        /^\s*<([a-z][\w-]*)/i,
        `<$1 data-application-part="${id}"`,
      ),
    ),
  );
  return {
    name: page.name,
    title: page.title ?? app.title,
    size: { width: app.options.position?.width ?? 520, height: page.height },
    classes: ["application", ...(app.options.classes ?? [])],
    tag: page.tag ?? "form",
    html: html.join("\n"),
    tabs: [],
  };
}

/** The hero once its creation is finished: the creation check frozen and folded away (the mark taken off after). */
async function veteranPage(env: PreviewEnv, hero: Fixtures["wuxiaHero"]): Promise<PreviewPage> {
  const marked = hero as unknown as {
    setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
    unsetFlag(scope: string, key: string): Promise<unknown>;
  };
  await marked.setFlag("wuxia-harmonies", "created", true);
  const page = await sheetPage(env, hero, { name: "wuxia-character-veteran" });
  await marked.unsetFlag("wuxia-harmonies", "created");
  return page;
}

/** Every actor sheet in play and edit mode, and a sheet for every item type. */
export const sheetPages: PageSource = async (env) => {
  const { wuxiaHero, wuxiaNpc, harmoniesHero, harmoniesNpc, harmoniesGroup, wuxiaGroup } = env.fixtures;
  const pages = [
    await sheetPage(env, wuxiaHero, { name: "wuxia-character-play" }),
    await sheetPage(env, wuxiaHero, { name: "wuxia-character-edit", editMode: true }),
    await veteranPage(env, wuxiaHero),
    await sheetPage(env, wuxiaNpc, { name: "wuxia-npc-play" }),
    await sheetPage(env, harmoniesHero, { name: "harmonies-character-play" }),
    await sheetPage(env, harmoniesHero, { name: "harmonies-character-edit", editMode: true }),
    await sheetPage(env, harmoniesNpc, { name: "harmonies-npc-play" }),
    await sheetPage(env, harmoniesGroup, { name: "group-harmonies-play" }),
    await sheetPage(env, harmoniesGroup, { name: "group-harmonies-edit", editMode: true }),
    await sheetPage(env, wuxiaGroup, { name: "group-wuxia-play" }),
  ];
  const seen = new Set<string>();
  for (const owner of [wuxiaHero, harmoniesHero]) {
    for (const item of owner.items.contents) {
      if (seen.has(item.type)) continue;
      seen.add(item.type);
      pages.push(await sheetPage(env, item, { name: `item-${item.type}` }));
    }
  }
  const specialisation = wuxiaHero.items.contents.find((i) => i.name === "Tir à l'arc");
  if (specialisation) pages.push(await sheetPage(env, specialisation, { name: "item-wuxiaSkill-specialisation" }));
  return pages;
};

/** The pages the preview renders, in order. */
export const PAGE_SOURCES: PageSource[] = [sheetPages, rollPages, combatPages, creationPages];

/** A renderer of the system's templates on the double's Handlebars, with Foundry's helpers. */
export function systemTemplateRenderer(): PreviewEnv["render"] {
  const hb = (globalThis as unknown as { Handlebars: Parameters<typeof registerFoundryHelpers>[0] }).Handlebars;
  registerFoundryHelpers(hb);
  return templateRenderer(hb);
}

/** The chat log as the previews draw it: core's list of messages, as little of its style as needed. */
export const CHAT_LOG_STYLE = `<style>
  .chat-log { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 8px; }
  .chat-log > .chat-message { padding: 6px; border: 1px solid var(--input-border); border-radius: 5px; }
</style>`;

/** A chat column of 300 px holding these cards, as long as they are. */
export function chatPage(name: string, cards: string[]): PreviewPage {
  return {
    name,
    title: "Chat",
    size: { width: 300, height: "fit" },
    classes: ["application", "wh-preview-chat"],
    tag: "div",
    html: `${CHAT_LOG_STYLE}<ol class="chat-log">${cards.join("\n")}</ol>`,
    tabs: [],
  };
}
