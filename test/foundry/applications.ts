import { expandObject, mergeObject } from "./data-model";

type AnyObject = Record<string, unknown>;

/** Merges options as ApplicationV2 does down the class chain: arrays (classes) concatenate. */
function mergeDeep(base: AnyObject, extra: AnyObject): AnyObject {
  const out: AnyObject = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const prev = out[k];
    if (Array.isArray(prev) && Array.isArray(v)) out[k] = [...prev, ...v];
    else
      out[k] =
        v && typeof v === "object" && !Array.isArray(v) && prev && typeof prev === "object" && !Array.isArray(prev)
          ? mergeDeep(prev as AnyObject, v as AnyObject)
          : v;
  }
  return out;
}

/**
 * `foundry.applications.api.ApplicationV2`: options merged down the class chain from
 * `DEFAULT_OPTIONS`, `render` calling `_prepareContext`. Simpler than Foundry: nothing is drawn;
 * `render` records the last context so tests can read what a sheet would show, and `element`
 * is only set when a test gives one.
 */
export interface TabConfigDouble {
  tabs: { id: string; icon?: string; label?: string; cssClass?: string; [k: string]: unknown }[];
  initial?: string;
  labelPrefix?: string;
}

export interface PreparedTab {
  id: string;
  group: string;
  active: boolean;
  cssClass: string;
  label?: string;
  icon?: string;
  [k: string]: unknown;
}

export class ApplicationV2 {
  static DEFAULT_OPTIONS: AnyObject = { classes: [], window: {}, actions: {}, position: {} };
  static PARTS: Record<string, { template: string; [k: string]: unknown }> = {};
  static TABS: Record<string, TabConfigDouble> = {};

  options: AnyObject;
  rendered = false;
  lastContext: AnyObject | null = null;
  /** Not in Foundry: the context each part was rendered with, by part id, for tests to read. */
  partContexts: Record<string, AnyObject> = {};
  element: HTMLElement | null = null;
  /** The active tab of each tab group, as Foundry's `tabGroups`. */
  tabGroups: Record<string, string | null> = {};

  constructor(options: AnyObject = {}) {
    const chain: AnyObject[] = [];
    for (let cls: unknown = this.constructor; typeof cls === "function" && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) chain.unshift((cls as typeof ApplicationV2).DEFAULT_OPTIONS);
    }
    this.options = [...chain, options].reduce((acc, o) => mergeDeep(acc, o), {});
  }

  get id(): string {
    return String(this.options.id ?? this.constructor.name);
  }

  get title(): string {
    return String((this.options.window as AnyObject | undefined)?.title ?? "");
  }

  async _prepareContext(_options: AnyObject): Promise<AnyObject> {
    return {};
  }

  async _preparePartContext(_partId: string, context: AnyObject, _options: AnyObject): Promise<AnyObject> {
    return context;
  }

  _getTabsConfig(group: string): TabConfigDouble | null {
    return (this.constructor as typeof ApplicationV2).TABS[group] ?? null;
  }

  /**
   * Foundry v13's `_prepareTabs`: the group's tabs keyed by id, the active one (the group's
   * `initial` until a tab is chosen) marked `active` with the "active" css class, and a label
   * key built from `labelPrefix` when the tab has none.
   */
  _prepareTabs(group: string): Record<string, PreparedTab> {
    const config = this._getTabsConfig(group);
    if (!config) return {};
    this.tabGroups[group] ??= config.initial ?? null;
    const prepared: Record<string, PreparedTab> = {};
    for (const { id, cssClass, ...rest } of config.tabs) {
      const active = this.tabGroups[group] === id;
      const tab: PreparedTab = { ...rest, group, id, active, cssClass: [cssClass, active ? "active" : ""].filter(Boolean).join(" ") };
      if (config.labelPrefix) tab.label ??= `${config.labelPrefix}.${id}`;
      prepared[id] = tab;
    }
    return prepared;
  }

  /** Foundry's `changeTab`, without the DOM: records the group's active tab. */
  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
  }

  async render(options: AnyObject | boolean = {}): Promise<this> {
    const opts = typeof options === "boolean" ? { force: options } : options;
    const context = await this._prepareContext(opts);
    const parts = (this.constructor as typeof ApplicationV2).PARTS;
    this.partContexts = {};
    for (const partId of Object.keys(parts)) this.partContexts[partId] = await this._preparePartContext(partId, { ...context }, opts);
    this.lastContext = context;
    this.rendered = true;
    return this;
  }

  async close(): Promise<this> {
    this.rendered = false;
    return this;
  }
}

/** `HandlebarsApplicationMixin`: adds nothing the double needs beyond the class it wraps. */
export function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  const Mixed = class HandlebarsApplication extends (Base as typeof ApplicationV2) {};
  return Mixed as T;
}

/** `DocumentSheetV2`: an application bound to `options.document`. */
export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = { document: null, form: { submitOnChange: true } };
  get document(): unknown {
    return this.options.document;
  }
  get isEditable(): boolean {
    const doc = this.document as { isOwner?: boolean } | null;
    return Boolean(doc?.isOwner);
  }

  /**
   * Foundry v13's base context of a document sheet. Simpler than Foundry: no `fields` (the
   * document's own schema is not modelled by the double).
   */
  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    const document = this.document as { _source?: unknown } | null;
    const user = (globalThis as unknown as { game?: { user?: unknown } }).game?.user;
    return Object.assign(context, { document, source: document?._source, editable: this.isEditable, user, rootId: this.id });
  }

  /** Foundry's `_processFormData`: the form's flat `name: value` pairs, expanded. */
  _processFormData(_event: unknown, _form: unknown, formData: { object: AnyObject }): AnyObject {
    return expandObject(formData.object);
  }

  /**
   * Foundry v13's `_prepareSubmitData`: the form data, plus `updateData`, validated against the
   * document without falling back, so a refused value throws before any update.
   */
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: AnyObject }, updateData?: AnyObject): AnyObject {
    const submitData = this._processFormData(event, form, formData);
    const merged = updateData ? mergeObject(submitData, updateData) : submitData;
    (this.document as { validate(options: AnyObject): boolean }).validate({ changes: merged, clean: true, fallback: false });
    return merged;
  }
}

interface DroppableActor {
  items: { get(id: string): unknown };
  createEmbeddedDocuments(name: string, data: AnyObject[]): Promise<unknown[]>;
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }

  /**
   * Foundry v13's `_onDropItem` on an actor sheet: an item from elsewhere is copied onto the
   * actor. Simpler than Foundry: a drop from the same actor (a sort) does nothing, and no
   * compendium or id-keeping logic.
   */
  async _onDropItem(_event: unknown, item: { parent?: unknown; toObject(): AnyObject }): Promise<unknown> {
    const actor = this.actor as DroppableActor;
    if (!this.isEditable || item.parent === actor) return null;
    const [created] = await actor.createEmbeddedDocuments("Item", [item.toObject()]);
    return created ?? null;
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

/** `DialogV2`: the static helpers resolve with what a test queued in `DialogV2.answers`. */
export class DialogV2 extends ApplicationV2 {
  static answers: unknown[] = [];
  static async wait(_config: AnyObject): Promise<unknown> {
    return DialogV2.answers.shift() ?? null;
  }
  static async prompt(config: AnyObject): Promise<unknown> {
    return DialogV2.wait(config);
  }
  static async confirm(config: AnyObject): Promise<unknown> {
    return DialogV2.wait(config);
  }
}

export interface SheetRegistration {
  documentClass: unknown;
  scope: string;
  sheetClass: unknown;
  types: string[];
  makeDefault: boolean;
  label?: unknown;
}

/** `DocumentSheetConfig.registerSheet` and `unregisterSheet`, recorded for tests to read. */
export const DocumentSheetConfigDouble = {
  registrations: [] as SheetRegistration[],
  registerSheet(
    documentClass: unknown,
    scope: string,
    sheetClass: unknown,
    options: { types?: string[]; makeDefault?: boolean; label?: unknown } = {},
  ): void {
    this.registrations.push({ documentClass, scope, sheetClass, types: options.types ?? [], makeDefault: Boolean(options.makeDefault), label: options.label });
  },
  unregisterSheet(documentClass: unknown, scope: string, sheetClass: unknown): void {
    this.registrations = this.registrations.filter(
      (r) => !(r.documentClass === documentClass && r.scope === scope && r.sheetClass === sheetClass),
    );
  },
};
