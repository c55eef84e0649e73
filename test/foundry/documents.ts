import { DataModelValidationError, expandObject, mergeObject } from "./data-model";
import type { TypeDataModel } from "./data-model";

type AnyObject = Record<string, unknown>;
type ModelClass = new (data: AnyObject, options: { parent: unknown }) => TypeDataModel;

let nextId = 1;
function randomID(): string {
  return `double${String(nextId++).padStart(10, "0")}`;
}

/** The config each document class reads its sub-type models from (`CONFIG.Actor` …). */
export interface DocumentConfig {
  dataModels: Record<string, ModelClass>;
  documentClass?: unknown;
}

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/**
 * A world document (Actor, Item, ChatMessage) held in memory: `system` is built from the
 * registered sub-type model, updates go through the model's cleaning and validation, and
 * `prepareData` runs the model's base and derived preparation as Foundry does.
 * Simpler than Foundry: no server round trip (updates apply at once and hooks fire
 * synchronously), no compendium, ownership is a plain map of user id to level.
 */
export class DocumentDouble {
  static documentName = "Document";
  static config: () => DocumentConfig | undefined = () => undefined;

  _id: string;
  name: string;
  /** Simpler than Foundry: no per-type default image; a stand-in path when none is given. */
  img: string;
  sort: number;
  type: string;
  system: TypeDataModel | AnyObject;
  flags: Record<string, AnyObject>;
  ownership: Record<string, number>;
  parent: DocumentDouble | null;
  sheet: unknown = null;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    this._id = (data._id as string | undefined) ?? randomID();
    this.name = String(data.name ?? "");
    this.img = String(data.img ?? "icons/svg/mystery-man.svg");
    this.sort = Number(data.sort ?? 0);
    this.type = String(data.type ?? "base");
    this.flags = structuredClone((data.flags as Record<string, AnyObject> | undefined) ?? {});
    this.ownership = structuredClone((data.ownership as Record<string, number> | undefined) ?? { default: 0 });
    this.parent = options.parent ?? null;
    this.system = this.#buildSystem((data.system as AnyObject | undefined) ?? {});
  }

  get id(): string {
    return this._id;
  }

  /** The document's source data (a fresh copy here; Foundry keeps the object itself). */
  get _source(): AnyObject {
    return this.toObject();
  }

  get documentName(): string {
    return (this.constructor as typeof DocumentDouble).documentName;
  }

  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.${this.documentName}.${this._id}` : `${this.documentName}.${this._id}`;
  }

  #buildSystem(data: AnyObject): TypeDataModel | AnyObject {
    const model = (this.constructor as typeof DocumentDouble).config()?.dataModels[this.type];
    return model ? new model(data, { parent: this }) : structuredClone(data);
  }

  prepareData(): void {
    const system = this.system as Partial<TypeDataModel>;
    system.prepareBaseData?.();
    this.prepareEmbeddedDocuments();
    system.prepareDerivedData?.();
  }

  prepareEmbeddedDocuments(): void {}

  testUserPermission(user: { id: string; isGM?: boolean }, level: keyof typeof OWNERSHIP | number): boolean {
    if (user.isGM) return true;
    const wanted = typeof level === "number" ? level : OWNERSHIP[level];
    const has = this.ownership[user.id] ?? this.ownership.default ?? 0;
    return has >= wanted;
  }

  get isOwner(): boolean {
    const user = (globalThis as unknown as { game?: { user?: { id: string; isGM?: boolean } } }).game?.user;
    return user ? this.testUserPermission(user, "OWNER") : false;
  }

  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async update(changes: AnyObject): Promise<this> {
    const expanded = expandObject(changes);
    const { system, flags, name, ...rest } = expanded as { system?: AnyObject; flags?: AnyObject; name?: string };
    if (system) {
      const model = this.system as Partial<TypeDataModel>;
      if (typeof model.updateSource === "function") model.updateSource(system);
      else this.system = mergeObject(this.system as AnyObject, system);
    }
    if (flags) this.flags = mergeObject(this.flags, flags) as Record<string, AnyObject>;
    if (name !== undefined) this.name = String(name);
    if (Object.keys(rest).length) Object.assign(this, rest);
    this.prepareData();
    return this;
  }

  /**
   * Foundry's `validate({ changes, clean: true, fallback: false })` as a sheet's submission runs
   * it: throws the model's DataModelValidationError for changes it refuses. Simpler than Foundry:
   * only the `system` part is checked.
   */
  validate(options: { changes?: AnyObject; clean?: boolean; fallback?: boolean } = {}): boolean {
    const system = (expandObject(options.changes ?? {}) as { system?: AnyObject }).system;
    const model = this.system as Partial<TypeDataModel>;
    if (!system || typeof model.validate !== "function") return true;
    return model.validate({ changes: system, clean: options.clean, strict: options.fallback === false });
  }

  toObject(): AnyObject {
    const system = this.system as Partial<TypeDataModel>;
    return {
      _id: this._id,
      name: this.name,
      img: this.img,
      sort: this.sort,
      type: this.type,
      system: typeof system.toObject === "function" ? system.toObject() : structuredClone(this.system),
      flags: structuredClone(this.flags),
      ownership: structuredClone(this.ownership),
    };
  }

  /**
   * Foundry's `_preCreate`, which lets the sub-type model adjust the new document's source.
   * Simpler than Foundry: a `false` result (cancelling the creation) is not honoured.
   */
  async _preCreate(data: AnyObject, options: AnyObject = {}): Promise<unknown> {
    const system = this.system as { _preCreate?: (data: AnyObject, options: AnyObject, user: unknown) => Promise<unknown> };
    const user = (globalThis as unknown as { game?: { user?: unknown } }).game?.user;
    return system._preCreate?.(data, options, user);
  }

  static async create(data: AnyObject, options: { parent?: DocumentDouble | null } = {}): Promise<DocumentDouble> {
    const doc = new this(data, options);
    await doc._preCreate(data);
    doc.prepareData();
    return doc;
  }

  static async createDocuments(data: AnyObject[], options: { parent?: DocumentDouble | null } = {}): Promise<DocumentDouble[]> {
    return Promise.all(data.map((d) => this.create(d, options)));
  }

  /** Foundry's `Document.TYPES`: "base" plus the sub-types (here: those with a registered model). */
  static get TYPES(): string[] {
    return ["base", ...Object.keys(this.config()?.dataModels ?? {})];
  }

  /** The configured document class (`CONFIG.Actor.documentClass`), as Foundry's `implementation`. */
  static get implementation(): typeof DocumentDouble {
    return (this.config()?.documentClass as typeof DocumentDouble | undefined) ?? this;
  }

  /** What each `createDialog` call offered; the double shows nothing and resolves with null. */
  static createDialogCalls: { documentName: string; types: string[]; data: AnyObject }[] = [];

  /**
   * Foundry's `createDialog(data, createOptions, { types, ...dialogOptions })`: the sub-types
   * offered are `types` (when given) among `TYPES`, never "base". Simpler than Foundry: nothing is
   * drawn and no document is created.
   */
  static async createDialog(data: AnyObject = {}, _createOptions: AnyObject = {}, context: { types?: string[] } = {}): Promise<null> {
    if (context.types?.length === 0) throw new Error("The array of sub-types to restrict to must not be empty");
    const types = this.TYPES.filter((t) => t !== "base" && (!context.types || context.types.includes(t)));
    DocumentDouble.createDialogCalls.push({ documentName: this.documentName, types, data });
    return null;
  }

  /** Foundry's `reset`: prepares the data again from the source. */
  reset(): void {
    this.prepareData();
  }
}

/** A Collection keyed by id, as Foundry's `Collection` (a Map with array helpers). */
export class CollectionDouble<T extends { id: string }> extends Map<string, T> {
  get contents(): T[] {
    return [...this.values()];
  }
  filter(fn: (v: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  find(fn: (v: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  getName(name: string): T | undefined {
    return this.find((v) => (v as unknown as { name: string }).name === name);
  }
  add(doc: T): T {
    this.set(doc.id, doc);
    return doc;
  }
  /**
   * As Foundry's Collection, unlike a Map: `for (const doc of collection)` and spreading yield
   * the documents, not [id, document] pairs. (Typed as the Map's iterator, which it replaces.)
   */
  override [Symbol.iterator](): MapIterator<[string, T]> {
    return this.values() as unknown as MapIterator<[string, T]>;
  }
}

export { DataModelValidationError };
