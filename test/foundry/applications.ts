import { Window } from "happy-dom";
import { expandObject, mergeObject } from "./data-model";
import { OWNERSHIP } from "./documents";

type AnyObject = Record<string, unknown>;
type Handler = (this: unknown, ...args: unknown[]) => unknown;

/**
 * The application classes of Foundry v13 (API: foundry.applications.api.ApplicationV2,
 * DocumentSheetV2, HandlebarsApplicationMixin; foundry.applications.ux.FormDataExtended),
 * drawn into a real DOM (happy-dom): the test's own document under `@vitest-environment
 * happy-dom`, else one the double creates. Simpler than Foundry: no positioning, dragging,
 * minimising or scroll and focus restoring; the window frame is a header with the title and a
 * close button.
 */

let ownWindow: Window | null = null;

/** The document applications are drawn in. */
export function domDocument(): Document {
  const g = globalThis as { document?: Document };
  if (g.document) return g.document;
  ownWindow ??= new Window();
  return ownWindow.document as unknown as Document;
}

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

function hooks(): { callAll(name: string, ...args: unknown[]): unknown } | undefined {
  return (globalThis as unknown as { Hooks?: { callAll(name: string, ...args: unknown[]): unknown } }).Hooks;
}

function notify(level: "warn" | "error", message: string): void {
  (globalThis as unknown as { ui?: { notifications?: Record<string, (m: string) => unknown> } }).ui?.notifications?.[
    level
  ]?.(message);
}

const FIELD_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA", "PROSE-MIRROR"]);

/**
 * `foundry.applications.ux.FormDataExtended`: the form's named fields as a flat object, typed as
 * Foundry types them — a checkbox is its `checked`, a number or range input a number (null when
 * empty), a radio group its checked value, a multiple select an array, a `<prose-mirror>` editor
 * the value it holds. Disabled fields are left out unless `disabled: true`, as in Foundry.
 * Simpler than Foundry: no `data-dtype` other than Number, no custom form elements other than
 * `<prose-mirror>` (whose `value` property is what the editor holds, else its `value` attribute).
 */
export class FormDataExtended {
  object: AnyObject = {};

  constructor(form: HTMLElement, options: { disabled?: boolean } = {}) {
    for (const el of Array.from(form.querySelectorAll<HTMLElement>("[name]"))) {
      const tag = el.tagName.toUpperCase();
      const name = el.getAttribute("name");
      if (!name || !FIELD_TAGS.has(tag)) continue;
      const field = el as HTMLInputElement & { value?: unknown };
      if (field.disabled && !options.disabled) continue;
      if (tag === "PROSE-MIRROR") {
        this.object[name] = typeof field.value === "string" ? field.value : (el.getAttribute("value") ?? "");
        continue;
      }
      const type = tag === "INPUT" ? field.type : "";
      if (type === "checkbox") this.object[name] = field.checked;
      else if (type === "radio") {
        if (field.checked) this.object[name] = field.value;
      } else if (type === "number" || type === "range" || el.dataset.dtype === "Number")
        this.object[name] = field.value.trim() === "" ? null : Number(field.value);
      else if (tag === "SELECT" && (el as HTMLSelectElement).multiple)
        this.object[name] = Array.from((el as HTMLSelectElement).selectedOptions).map((o) => o.value);
      else this.object[name] = field.value;
    }
  }
}

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

interface RenderOptions extends AnyObject {
  force?: boolean;
  isFirstRender?: boolean;
  parts?: string[];
}

/** ApplicationV2.RENDER_STATES. */
const STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 } as const;

let nextAppId = 1;

export class ApplicationV2 {
  static RENDER_STATES = STATES;
  static DEFAULT_OPTIONS: AnyObject = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: { frame: true, title: "" },
    actions: {},
    position: {},
  };
  static TABS: Record<string, TabConfigDouble> = {};

  options: AnyObject;
  /** One of RENDER_STATES. */
  state: number = STATES.NONE;
  /** Not in Foundry: the context of the last render, for tests to read. */
  lastContext: AnyObject | null = null;
  /** Not in Foundry: the context each part was last rendered with, by part id, for tests to read. */
  partContexts: Record<string, AnyObject> = {};
  /** The active tab of each tab group, as Foundry's `tabGroups`. */
  tabGroups: Record<string, string | null> = {};
  #element: HTMLElement | null = null;
  #content: HTMLElement | null = null;

  constructor(options: AnyObject = {}) {
    const chain: AnyObject[] = [];
    for (
      let cls: unknown = this.constructor;
      typeof cls === "function" && cls !== Function.prototype;
      cls = Object.getPrototypeOf(cls)
    ) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) chain.unshift((cls as typeof ApplicationV2).DEFAULT_OPTIONS);
    }
    const merged = [...chain, options].reduce((acc, o) => mergeDeep(acc, o), {});
    this.options = this._initializeApplicationOptions(merged);
  }

  /** As Foundry: the `{id}` of the id template becomes a number unique to this application. */
  _initializeApplicationOptions(options: AnyObject): AnyObject {
    options.id = String(options.id ?? "app-{id}").replace("{id}", String(nextAppId++));
    return options;
  }

  get id(): string {
    return String(this.options.id);
  }

  get title(): string {
    return String((this.options.window as AnyObject | undefined)?.title ?? "");
  }

  get rendered(): boolean {
    return this.state === STATES.RENDERED;
  }

  /** The application's outer element (null until first rendered, as in Foundry). */
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }

  /** The form: the element itself for `tag: "form"`, else the first form inside it. */
  get form(): HTMLFormElement | null {
    if (!this.#element) return null;
    return this.options.tag === "form" ? (this.#element as HTMLFormElement) : this.#element.querySelector("form");
  }

  get hasFrame(): boolean {
    return (this.options.window as AnyObject | undefined)?.frame !== false;
  }

  async _prepareContext(_options: AnyObject): Promise<AnyObject> {
    return {};
  }

  _configureRenderOptions(_options: RenderOptions): void {}

  /** Returns false (or throws a reason, shown to the user on a forced render) to refuse the render. */
  _canRender(_options: RenderOptions): boolean | undefined {
    return undefined;
  }

  async _preFirstRender(_context: AnyObject, _options: RenderOptions): Promise<void> {}
  async _preRender(_context: AnyObject, _options: RenderOptions): Promise<void> {}
  async _onFirstRender(_context: AnyObject, _options: RenderOptions): Promise<void> {}
  async _onRender(_context: AnyObject, _options: RenderOptions): Promise<void> {}
  async _preClose(_options: AnyObject): Promise<void> {}
  _onClose(_options: AnyObject): void {}

  /** The content of the application; ApplicationV2 leaves it to subclasses (here: nothing). */
  async _renderHTML(_context: AnyObject, _options: RenderOptions): Promise<unknown> {
    return {};
  }

  _replaceHTML(_result: unknown, _content: HTMLElement, _options: RenderOptions): void {}

  /**
   * The outer element: `options.tag` with the id and classes, a header and `.window-content`. As
   * ApplicationWindowConfiguration (API v13) documents: `window.icon`, "an optional Font Awesome
   * icon class displayed left of the window title"; `window.resizable` draws the resize handle
   * (`.window-resize-handle`); `window.contentClasses` are added to `.window-content`.
   */
  async _renderFrame(_options: RenderOptions): Promise<HTMLElement> {
    const doc = domDocument();
    const element = doc.createElement(String(this.options.tag ?? "div"));
    element.id = this.id;
    element.classList.add("application", ...((this.options.classes as string[] | undefined) ?? []));
    if (this.hasFrame) {
      const frame = (this.options.window ?? {}) as AnyObject;
      const header = doc.createElement("header");
      header.className = "window-header";
      if (typeof frame.icon === "string" && frame.icon) {
        const icon = doc.createElement("i");
        icon.className = `window-icon fa-fw ${frame.icon}`;
        header.append(icon);
      }
      const title = doc.createElement("h1");
      title.className = "window-title";
      title.textContent = this.title;
      const close = doc.createElement("button");
      close.type = "button";
      close.className = "header-control";
      close.dataset.action = "close";
      header.append(title, close);
      const content = doc.createElement("section");
      content.classList.add("window-content", ...((frame.contentClasses as string[] | undefined) ?? []));
      element.append(header, content);
      if (frame.resizable === true) {
        const handle = doc.createElement("div");
        handle.className = "window-resize-handle";
        element.append(handle);
      }
    }
    return element;
  }

  /**
   * Foundry's frame listeners: a click on (or inside) a `[data-action]` element runs the action
   * (`close`, `tab`, or `options.actions[action]` called with `this` = the application and
   * `(event, target)`, not awaited); a form submits through `options.form.handler`, and a
   * change submits it too when `submitOnChange` is set.
   */
  _attachFrameListeners(): void {
    const element = this.#element as HTMLElement;
    element.addEventListener("click", (event) => this.#onClick(event as MouseEvent));
    if (this.options.tag === "form") {
      const formConfig = (this.options.form ?? {}) as AnyObject;
      element.addEventListener("submit", (event) => void this._onSubmitForm(formConfig, event));
      element.addEventListener("change", (event) => this._onChangeForm(formConfig, event));
    }
  }

  #onClick(event: MouseEvent): void {
    const target = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("[data-action]");
    if (!target || !this.#element?.contains(target)) return;
    const action = target.dataset.action ?? "";
    const button = event.button ?? 0;
    if (action === "close") {
      event.stopPropagation();
      if (button === 0) void this.close();
      return;
    }
    if (action === "tab") {
      if (button === 0) this._onClickTab(event, target);
      return;
    }
    let handler = (this.options.actions as Record<string, Handler | { handler: Handler; buttons: number[] }>)[action];
    if (!handler) return this._onClickAction(event, target);
    let buttons = [0];
    if (typeof handler === "object") {
      buttons = handler.buttons;
      handler = handler.handler;
    }
    if (buttons.includes(button)) void handler.call(this, event, target);
  }

  /** Actions with no handler in `options.actions` land here. */
  _onClickAction(_event: Event, _target: HTMLElement): void {}

  _onClickTab(event: Event, target: HTMLElement): void {
    const { tab, group } = target.dataset;
    if (!tab || !group || target.classList.contains("active")) return;
    this.changeTab(tab, group, { event, navElement: target.closest(".tabs") });
  }

  _onChangeForm(formConfig: AnyObject, event: Event): void {
    if (formConfig.submitOnChange) void this._onSubmitForm(formConfig, event);
  }

  /** Foundry's form submission: the handler gets `(event, form, formData)`; a throw is shown, not closed. */
  async _onSubmitForm(formConfig: AnyObject, event: Event): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const formData = new FormDataExtended(form);
    const handler = formConfig.handler as Handler | undefined;
    if (typeof handler === "function") {
      try {
        await handler.call(this, event, form, formData);
      } catch (error) {
        notify("error", error instanceof Error ? error.message : String(error));
        return;
      }
    }
    if (formConfig.closeOnSubmit) await this.close();
  }

  /** Foundry's `submit`: the form handler on the current form data, without a DOM event. */
  async submit(submitOptions: AnyObject = {}): Promise<void> {
    const formConfig = (this.options.form ?? {}) as AnyObject;
    const handler = formConfig.handler as Handler | undefined;
    if (typeof handler !== "function")
      throw new Error(`The ${this.constructor.name} application does not support a single top-level form element.`);
    const form = this.element as HTMLFormElement;
    const event = new (form.ownerDocument.defaultView as unknown as typeof globalThis).Event("submit", {
      cancelable: true,
    });
    await handler.call(this, event, form, new FormDataExtended(form), submitOptions);
    if (formConfig.closeOnSubmit) await this.close();
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
      const tab: PreparedTab = {
        ...rest,
        group,
        id,
        active,
        cssClass: [cssClass, active ? "active" : ""].filter(Boolean).join(" "),
      };
      if (config.labelPrefix) tab.label ??= `${config.labelPrefix}.${id}`;
      prepared[id] = tab;
    }
    return prepared;
  }

  /**
   * Foundry's `changeTab`: the group's tab links (`.tabs > [data-group][data-tab]`) and sections
   * (`.tab[data-group]`) get the "active" class on the chosen tab only, and `tabGroups` records it.
   * Before the first render only `tabGroups` changes.
   */
  changeTab(
    tab: string,
    group: string,
    { force = false }: { event?: Event; navElement?: Element | null; force?: boolean } = {},
  ): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !force) return;
    const content = this.#content;
    if (content) {
      if (!content.querySelector(`.tabs > [data-group="${group}"][data-tab="${tab}"]`))
        throw new Error(`No matching tab element found for group "${group}" and tab "${tab}"`);
      for (const link of Array.from(content.querySelectorAll<HTMLElement>(`.tabs > [data-group="${group}"]`)))
        link.classList.toggle("active", link.dataset.tab === tab);
      for (const section of Array.from(content.querySelectorAll<HTMLElement>(`.tab[data-group="${group}"]`)))
        section.classList.toggle("active", section.dataset.tab === tab);
    }
    this.tabGroups[group] = tab;
  }

  /** Fires `${hook}${ClassName}` for every class of the chain, as `_callHooks` does. */
  #callHooks(hook: string, ...args: unknown[]): void {
    for (
      let cls: unknown = this.constructor;
      typeof cls === "function" && cls !== Function.prototype;
      cls = Object.getPrototypeOf(cls)
    ) {
      const name = (cls as { name?: string }).name;
      if (name) hooks()?.callAll(`${hook}${name}`, this, ...args);
      if (cls === ApplicationV2) break;
    }
  }

  /**
   * Foundry v13's render: nothing happens to an application never rendered unless `force` is
   * set; `_canRender` may refuse; then `_prepareContext`, `_preFirstRender` (first time),
   * `_preRender` and the preRender hooks, the frame (first time), the parts, `_onFirstRender`
   * (first time), `_onRender`, and the render hooks `(app, element, context, options)`.
   */
  render(options: RenderOptions | boolean = {}): Promise<this> {
    return this.#inTurn(() => this.#render(options));
  }

  /**
   * An application's render and close run one after another, as core queues both on one
   * `foundry.utils.Semaphore` per application: a close asked during a render waits for it, and a
   * render asked during a close finds the application closed.
   */
  #inTurn(step: () => Promise<this>): Promise<this> {
    const run = this.#turns.then(step);
    this.#turns = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  #turns: Promise<unknown> = Promise.resolve();

  async #render(options: RenderOptions | boolean): Promise<this> {
    const opts: RenderOptions = typeof options === "boolean" ? { force: options } : { ...options };
    const isFirstRender = this.state <= STATES.NONE;
    if (isFirstRender && !opts.force) return this;
    opts.isFirstRender = isFirstRender;
    try {
      if (this._canRender(opts) === false) return this;
    } catch (error) {
      if (opts.force) notify("warn", error instanceof Error ? error.message : String(error));
      return this;
    }
    this._configureRenderOptions(opts);
    const context = await this._prepareContext(opts);
    if (isFirstRender) await this._preFirstRender(context, opts);
    await this._preRender(context, opts);
    this.#callHooks("preRender", context, opts);
    this.state = STATES.RENDERING;
    if (isFirstRender) {
      this.#element = await this._renderFrame(opts);
      this.#content = this.hasFrame ? this.#element.querySelector<HTMLElement>(".window-content") : this.#element;
      this._attachFrameListeners();
    }
    const result = await this._renderHTML(context, opts);
    this._replaceHTML(result, this.#content as HTMLElement, opts);
    if (isFirstRender) domDocument().body.append(this.#element as HTMLElement);
    this.state = STATES.RENDERED;
    this.lastContext = context;
    if (isFirstRender) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    this.#callHooks("render", this.#element, context, opts);
    return this;
  }

  /** Foundry's close: `_preClose`, the element removed, `_onClose`, the close hooks. */
  close(options: AnyObject = {}): Promise<this> {
    return this.#inTurn(() => this.#close(options));
  }

  async #close(options: AnyObject): Promise<this> {
    if (!this.#element) {
      this.state = STATES.CLOSED;
      return this;
    }
    this.state = STATES.CLOSING;
    await this._preClose(options);
    this.#element.remove();
    this.#element = null;
    this.#content = null;
    this.state = STATES.CLOSED;
    this._onClose(options);
    this.#callHooks("close", options);
    return this;
  }
}

interface PartConfig {
  template: string;
  id?: string;
  classes?: string[];
  [k: string]: unknown;
}

/**
 * Gives each select the option its HTML marks `selected` (the last one, as the HTML parser's
 * selectedness algorithm does). happy-dom 21 can leave another option selected after parsing,
 * which no browser does.
 */
function selectMarkedOptions(root: HTMLElement): void {
  for (const select of Array.from(root.querySelectorAll("select"))) {
    for (const option of Array.from(select.options)) if (option.hasAttribute("selected")) option.selected = true;
  }
}

function renderTemplate(): (path: string, data: AnyObject) => Promise<string> {
  return (
    globalThis as unknown as {
      foundry: { applications: { handlebars: { renderTemplate(path: string, data: AnyObject): Promise<string> } } };
    }
  ).foundry.applications.handlebars.renderTemplate;
}

/**
 * `HandlebarsApplicationMixin`: each part of `PARTS` is its template rendered through
 * `foundry.applications.handlebars.renderTemplate` with the context `_preparePartContext` gives
 * it (a shallow copy of the application's, plus `partId`), and must be one HTML element, marked
 * `data-application-part`. The first render draws every part (`_configureRenderParts`), later
 * ones the parts asked for (`options.parts`), each replacing its old element. Simpler than
 * Foundry: the double's default `renderTemplate` (no `renderTemplatesFromDisk()`) renders "",
 * drawn as an empty `<div>`; no scroll or focus kept across renders.
 */
export function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  class HandlebarsApplication extends (Base as typeof ApplicationV2) {
    static PARTS: Record<string, PartConfig> = {};
    parts: Record<string, HTMLElement> = {};
    #partsConfig: Record<string, PartConfig> = {};

    _configureRenderParts(_options: RenderOptions): Record<string, PartConfig> {
      return structuredClone((this.constructor as typeof HandlebarsApplication).PARTS);
    }

    override _configureRenderOptions(options: RenderOptions): void {
      super._configureRenderOptions(options);
      this.#partsConfig = this._configureRenderParts(options);
      const all = Object.keys(this.#partsConfig);
      options.parts = options.isFirstRender || !options.parts ? all : options.parts.filter((p) => all.includes(p));
    }

    async _preparePartContext(partId: string, context: AnyObject, _options: RenderOptions): Promise<AnyObject> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    override async _renderHTML(context: AnyObject, options: RenderOptions): Promise<Record<string, HTMLElement>> {
      const rendered: Record<string, HTMLElement> = {};
      for (const partId of options.parts ?? []) {
        const part = this.#partsConfig[partId];
        if (!part) continue;
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        this.partContexts[partId] = partContext;
        const html = await renderTemplate()(part.template, partContext);
        rendered[partId] = this.#parsePart(partId, part, html);
      }
      return rendered;
    }

    #parsePart(partId: string, part: PartConfig, html: string): HTMLElement {
      const template = domDocument().createElement("template");
      template.innerHTML = html.trim() === "" ? "<div></div>" : html;
      if (template.content.children.length !== 1)
        throw new Error(`Template part "${partId}" must render a single HTML element.`);
      const element = template.content.firstElementChild as HTMLElement;
      selectMarkedOptions(element);
      element.dataset.applicationPart = partId;
      if (part.id) element.id = `${this.id}-${part.id}`;
      if (part.classes) element.classList.add(...part.classes);
      return element;
    }

    override _replaceHTML(result: unknown, content: HTMLElement, _options: RenderOptions): void {
      for (const [partId, element] of Object.entries(result as Record<string, HTMLElement>)) {
        const prior = content.querySelector(`[data-application-part="${partId}"]`);
        if (prior) prior.replaceWith(element);
        else content.append(element);
        this.parts[partId] = element;
      }
    }
  }
  return HandlebarsApplication as unknown as T;
}

interface SheetDocument {
  uuid: string;
  documentName?: string;
  testUserPermission(user: unknown, level: number): boolean;
  validate(options: AnyObject): boolean;
  update(changes: AnyObject): Promise<unknown>;
  _source?: unknown;
}

function currentUser(): unknown {
  return (globalThis as unknown as { game?: { user?: unknown } }).game?.user;
}

/**
 * `DocumentSheetV2`: an application bound to `options.document`, a form (`tag: "form"`) whose
 * handler validates and writes the form data to the document; `submitOnChange` is off unless a
 * subclass sets it, as in v13. Viewing needs `viewPermission` (LIMITED) — below it the render is
 * refused with a warning — and editing `editPermission` (OWNER): a sheet the user may not edit
 * has every form control of its content disabled after each render (`_toggleDisabled`).
 */
export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: OWNERSHIP.LIMITED,
    editPermission: OWNERSHIP.OWNER,
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  /** As Foundry: a sheet's id names its class and its document, so each document has one. */
  override _initializeApplicationOptions(options: AnyObject): AnyObject {
    const document = options.document as SheetDocument | null;
    if (document && options.id === "{id}")
      options.id = `${this.constructor.name}-${document.uuid.replaceAll(".", "-")}`;
    return super._initializeApplicationOptions(options);
  }

  get document(): unknown {
    return this.options.document;
  }

  get isEditable(): boolean {
    const doc = this.document as SheetDocument | null;
    return Boolean(doc?.testUserPermission(currentUser(), Number(this.options.editPermission)));
  }

  override _canRender(options: RenderOptions): boolean | undefined {
    if (super._canRender(options) === false) return false;
    const doc = this.document as SheetDocument;
    if (!doc.testUserPermission(currentUser(), Number(this.options.viewPermission))) {
      throw new Error(`You do not have permission to view this ${doc.documentName ?? "Document"} sheet.`);
    }
    return undefined;
  }

  /**
   * Foundry v13's base context of a document sheet. Simpler than Foundry: no `fields` (the
   * document's own schema is not modelled by the double).
   */
  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    const document = this.document as { _source?: unknown } | null;
    return Object.assign(context, {
      document,
      source: document?._source,
      editable: this.isEditable,
      user: currentUser(),
      rootId: this.id,
    });
  }

  /** As Foundry, a drawn sheet is one of its document's `apps`, redrawn when the document changes. */
  override async _onFirstRender(context: AnyObject, options: RenderOptions): Promise<void> {
    await super._onFirstRender(context, options);
    const apps = (this.document as { apps?: Record<string, unknown> }).apps;
    if (apps) apps[this.id] = this;
  }

  override _onClose(options: AnyObject): void {
    super._onClose(options);
    const apps = (this.document as { apps?: Record<string, unknown> }).apps;
    if (apps) Reflect.deleteProperty(apps, this.id);
  }

  override async _onRender(context: AnyObject, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }

  /** Disables (or enables) every form control of the sheet's content, buttons included. */
  _toggleDisabled(disabled: boolean): void {
    const content = this.hasFrame ? this.element.querySelector(".window-content") : this.element;
    for (const control of Array.from(
      content?.querySelectorAll<HTMLInputElement>("input, select, textarea, button, fieldset, prose-mirror") ?? [],
    ))
      control.disabled = disabled;
  }

  /** Foundry's `_processFormData`: the form's flat `name: value` pairs, expanded. */
  _processFormData(_event: unknown, _form: unknown, formData: { object: AnyObject }): AnyObject {
    return expandObject(formData.object);
  }

  /**
   * Foundry v13's `_prepareSubmitData`: the form data, plus `updateData`, validated against the
   * document without falling back, so a refused value throws before any update.
   */
  _prepareSubmitData(
    event: unknown,
    form: unknown,
    formData: { object: AnyObject },
    updateData?: AnyObject,
  ): AnyObject {
    const submitData = this._processFormData(event, form, formData);
    const merged = updateData ? mergeObject(submitData, updateData) : submitData;
    (this.document as SheetDocument).validate({ changes: merged, clean: true, fallback: false });
    return merged;
  }

  /** Foundry's `_processSubmitData`: the document is updated with the submitted data. */
  async _processSubmitData(_event: unknown, _form: unknown, submitData: AnyObject): Promise<void> {
    await (this.document as SheetDocument).update(submitData);
  }

  static async #onSubmitDocumentForm(
    this: DocumentSheetV2,
    event: Event,
    form: HTMLFormElement,
    formData: { object: AnyObject },
    updateData?: AnyObject,
  ): Promise<void> {
    const submitData = this._prepareSubmitData(event, form, formData, updateData);
    await this._processSubmitData(event, form, submitData);
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

/**
 * `DialogV2`: the static helpers resolve with what a test queued in `DialogV2.answers` (null, as
 * a dialog closed unanswered, when none is queued); what each was asked is kept in `asked`.
 */
export class DialogV2 extends ApplicationV2 {
  static answers: unknown[] = [];
  static asked: AnyObject[] = [];
  static async wait(config: AnyObject): Promise<unknown> {
    DialogV2.asked.push(config);
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
    this.registrations.push({
      documentClass,
      scope,
      sheetClass,
      types: options.types ?? [],
      makeDefault: Boolean(options.makeDefault),
      label: options.label,
    });
  },
  unregisterSheet(documentClass: unknown, scope: string, sheetClass: unknown): void {
    this.registrations = this.registrations.filter(
      (r) => !(r.documentClass === documentClass && r.scope === scope && r.sheetClass === sheetClass),
    );
  },
};

/**
 * Puts `FormDataExtended` at `foundry.applications.ux.FormDataExtended`, where the system reads
 * it, on an installed double.
 */
export function installFormDataExtended(): void {
  const ux = (globalThis as unknown as { foundry: { applications: { ux: AnyObject } } }).foundry.applications.ux;
  ux.FormDataExtended ??= FormDataExtended;
}
