import { DataModelValidationError, expandObject, mergeObject } from "./data-model";
import type { TypeDataModel } from "./data-model";
import { onSeatScreen, roundTrip } from "./clients";

type AnyObject = Record<string, unknown>;
type ModelClass = new (data: AnyObject, options: { parent: unknown }) => TypeDataModel;

let nextId = 1;
/** `foundry.utils.randomID`: a fresh 16-character id. */
export function randomID(): string {
  return `double${String(nextId++).padStart(10, "0")}`;
}

function isPlainObject(v: unknown): v is AnyObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A sheet registration, as `DocumentSheetConfig.registerSheet` records it (applications.ts). */
interface SheetRegistrationLike {
  documentClass: unknown;
  sheetClass: unknown;
  types: string[];
  makeDefault: boolean;
}

/** The config each document class reads its sub-type models from (`CONFIG.Actor` …). */
export interface DocumentConfig {
  dataModels: Record<string, ModelClass>;
  documentClass?: unknown;
}

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** `CONST.USER_ROLES`. */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/**
 * The core permissions the system's writes depend on, with their v13 default role
 * (`CONST.USER_PERMISSIONS`, foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html: all
 * ASSISTANT, so a plain player may create neither actors nor items, nor write a world setting,
 * until the GM grants it).
 */
export const USER_PERMISSIONS = {
  ACTOR_CREATE: { defaultRole: 3 },
  ITEM_CREATE: { defaultRole: 3 },
  SETTINGS_MODIFY: { defaultRole: 3 },
  // v13's "Query other users": User#query is refused to a user without it (players by default).
  QUERY_USER: { defaultRole: 1 },
} as const;

/** The acting user as documents see it (`game.user`). */
export interface ActingUser {
  id: string;
  name: string;
  isGM: boolean;
  /** `User#can`: a core permission or a role name. */
  can?(action: string): boolean;
}

export type DocumentAction = "create" | "update" | "delete";

/**
 * One entry of a document class's `metadata.permissions` (DocumentClassMetadata, v13/v14 API): a
 * user permission or role name tested with `User#can`, an ownership level tested with
 * `testUserPermission`, or a test function `(user, document, data)`.
 */
export type PermissionRule =
  | keyof typeof OWNERSHIP
  | keyof typeof USER_PERMISSIONS
  | keyof typeof USER_ROLES
  | ((user: ActingUser, document: DocumentDouble, data: AnyObject) => boolean);

interface WorldLike {
  game?: { user?: ActingUser } & Record<string, unknown>;
  Hooks?: { call(name: string, ...args: unknown[]): boolean; callAll(name: string, ...args: unknown[]): unknown };
}

function world(): WorldLike {
  return globalThis as unknown as WorldLike;
}

function actingUser(): ActingUser {
  const user = world().game?.user;
  if (!user) throw new Error("The double has no game.user");
  return user;
}

/** `User#can`; a GM may take every action (BaseUser#can, API v13). */
export function userCan(user: ActingUser, action: string): boolean {
  if (user.isGM) return true;
  return user.can?.(action) ?? false;
}

/**
 * A document held in memory (Actor, Item, ChatMessage, Macro): `system` is built from the
 * registered sub-type model, updates go through the model's cleaning and validation, and
 * `prepareData` runs the model's base and derived preparation as Foundry does.
 *
 * Every create, update and delete goes through Foundry's client workflow and the server's
 * check (API v13 hookEvents and DatabaseUpdateOperation):
 * - `preCreate<Name>(document, data, options, userId)`, `preUpdate<Name>(document, changed,
 *   options, userId)` (after the document's `_preUpdate`), `preDelete<Name>(document, options,
 *   userId)` run first; a `false` from one cancels the operation, which then resolves with undefined;
 * - the "server" then tests the acting user's permission (`canUserModify` against the class's
 *   `permissions`) and refuses as Foundry's server does: the promise rejects with
 *   "User <name> lacks permission to <action> <Document> [<id>]" (foundryvtt/foundryvtt#11311);
 * - an update merges the change into the source recursively (`recursive: true`, the
 *   DatabaseUpdateOperation default), `flags` and `ownership` included;
 * - `create<Name>(document, options, userId)`, `update<Name>(document, changed, options,
 *   userId)`, `delete<Name>(document, options, userId)` follow, with the acting user's id.
 * Embedded documents take their parent's ownership and get `options.parent`.
 * Simpler than Foundry: no round trip (hooks run synchronously), no diffing (`changed` is the
 * requested change with its `_id`), no compendium, ownership a plain map of user id to level.
 */
export class DocumentDouble {
  static documentName = "Document";
  /** The world collection (`game.<collectionName>`) holding documents of this class. */
  static collectionName = "";
  /** Whether the class has an `ownership` field (ChatMessage has none). */
  static hasOwnership = true;
  /** Foundry's default metadata permissions: only an assistant GM or a GM may write. */
  static permissions: Record<DocumentAction, PermissionRule> = {
    create: "ASSISTANT",
    update: "ASSISTANT",
    delete: "ASSISTANT",
  };
  static config: () => DocumentConfig | undefined = () => undefined;
  /**
   * Whether the class has a `folder` field (BaseActor, BaseItem and BaseFolder do: a
   * ForeignDocumentField holding the Folder's id, API v13); its `folder` then reads the Folder.
   */
  static hasFolder = false;

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
  #folderId: string | null;
  #sheet: unknown = undefined;
  #wasDeleted = false;
  /** The applications showing this document, by id (ClientDocumentMixin#apps, API v13). */
  apps: Record<string, { render(options?: AnyObject): unknown }> = {};

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    this._id = (data._id as string | undefined) ?? randomID();
    this.name = String(data.name ?? "");
    this.img = String(data.img ?? "icons/svg/mystery-man.svg");
    this.sort = Number(data.sort ?? 0);
    this.type = String(data.type ?? "base");
    this.flags = structuredClone((data.flags as Record<string, AnyObject> | undefined) ?? {});
    this.ownership = structuredClone((data.ownership as Record<string, number> | undefined) ?? { default: 0 });
    this.parent = options.parent ?? null;
    this.#folderId = typeof data.folder === "string" ? data.folder : null;
    this.system = this.#buildSystem((data.system as AnyObject | undefined) ?? {});
  }

  /**
   * ClientDocument#folder (API v13): the Folder holding the document, read from `game.folders`
   * by the id its source keeps; an update writes the id (`update({ folder: id })`).
   */
  get folder(): DocumentDouble | null {
    const folders = world().game?.folders as CollectionDouble<DocumentDouble> | undefined;
    return this.#folderId ? (folders?.get(this.#folderId) ?? null) : null;
  }

  set folder(value: string | { id: string } | null) {
    this.#folderId = value === null ? null : typeof value === "string" ? value : value.id;
  }

  get id(): string {
    return this._id;
  }

  /**
   * ClientDocumentMixin#sheet (API v13): the document's sheet, built the first time it is read
   * from the sheet class registered as the default for its class and type, then kept; null when
   * none is registered. Simpler than Foundry: no core sheet stands in, and a user's or world's
   * choice of another sheet is not read.
   */
  get sheet(): unknown {
    if (this.#sheet !== undefined) return this.#sheet;
    const registrations = (
      globalThis as unknown as {
        foundry?: { applications?: { apps?: { DocumentSheetConfig?: { registrations: SheetRegistrationLike[] } } } };
      }
    ).foundry?.applications?.apps?.DocumentSheetConfig?.registrations;
    const configured = (this.constructor as typeof DocumentDouble).config()?.documentClass;
    const registration = registrations?.find(
      (r) =>
        r.makeDefault &&
        r.types.includes(this.type) &&
        (r.documentClass === configured || r.documentClass === this.constructor),
    );
    const Sheet = registration?.sheetClass as (new (options: AnyObject) => unknown) | undefined;
    this.#sheet = Sheet ? new Sheet({ document: this }) : null;
    return this.#sheet;
  }

  /** A subclass with a sheet of its own (the double's effects) sets it. */
  set sheet(value: unknown) {
    this.#sheet = value;
  }

  /** The document's source data (a fresh copy here; Foundry keeps the object itself). */
  get _source(): AnyObject {
    return this.toObject();
  }

  get documentName(): string {
    return (this.constructor as typeof DocumentDouble).documentName;
  }

  /** The compendium a document was read from (`pack.collection`), null for a world document. */
  pack: string | null = null;

  get uuid(): string {
    if (this.parent) return `${this.parent.uuid}.${this.documentName}.${this._id}`;
    return this.pack ? `Compendium.${this.pack}.${this.documentName}.${this._id}` : `${this.documentName}.${this._id}`;
  }

  get isEmbedded(): boolean {
    return this.parent !== null;
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

  /** An embedded document has its parent's ownership (DocumentClassMetadata "INHERIT"). */
  testUserPermission(user: { id: string; isGM?: boolean }, level: keyof typeof OWNERSHIP | number): boolean {
    if (this.parent) return this.parent.testUserPermission(user, level);
    if (user.isGM) return true;
    const wanted = typeof level === "number" ? level : OWNERSHIP[level];
    const has = this.ownership[user.id] ?? this.ownership.default ?? 0;
    return has >= wanted;
  }

  get isOwner(): boolean {
    const user = world().game?.user;
    return user ? this.testUserPermission(user, "OWNER") : false;
  }

  /** Foundry's `Document#canUserModify`: the class's rule for the action, for this user. */
  canUserModify(user: ActingUser, action: DocumentAction, data: AnyObject = {}): boolean {
    const rule = (this.constructor as typeof DocumentDouble).permissions[action];
    if (typeof rule === "function") return rule(user, this, data);
    if (rule in USER_PERMISSIONS || rule in USER_ROLES) return userCan(user, rule);
    return this.testUserPermission(user, rule as keyof typeof OWNERSHIP);
  }

  /** The server's refusal of a write the user may not make. */
  #assertPermitted(user: ActingUser, action: DocumentAction, data: AnyObject = {}): void {
    if (!this.canUserModify(user, action, data))
      throw new Error(`User ${user.name} lacks permission to ${action} ${this.documentName} [${this.id}]`);
  }

  /** Runs a pre-operation hook; false when a handler cancels the operation. */
  static _callPreHook(name: string, ...args: unknown[]): boolean {
    return world().Hooks?.call(name, ...args) !== false;
  }

  static _callHook(name: string, ...args: unknown[]): void {
    world().Hooks?.callAll(name, ...args);
  }

  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  /** ClientDocumentMixin#unsetFlag (API v13): deletes the flag, a dotted key its last part. */
  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    const path = key.split(".");
    const last = path.pop() ?? "";
    return this.update({ [["flags", scope, ...path, `-=${last}`].join(".")]: null });
  }

  /**
   * Foundry's `Document#_preUpdate(changes, options, user)`, run on the writing client before the
   * `preUpdate` hook (ClientDatabaseBackend, API v13): the sub-type model's `_preUpdate` may adjust
   * the changes in place or return false to cancel the update.
   */
  async _preUpdate(changes: AnyObject, options: AnyObject, user: ActingUser): Promise<boolean | undefined> {
    const system = this.system as { _preUpdate?: (c: AnyObject, o: AnyObject, u: ActingUser) => unknown };
    return (await system._preUpdate?.(changes, options, user)) === false ? false : undefined;
  }

  async update(changes: AnyObject, options: AnyObject = {}): Promise<this | undefined> {
    const user = actingUser();
    const ctor = this.constructor as typeof DocumentDouble;
    const changed = { ...expandObject(changes), _id: this.id };
    const operation = this.parent ? { ...options, parent: this.parent } : options;
    if ((await this._preUpdate(changed, operation, user)) === false) return undefined;
    if (!ctor._callPreHook(`preUpdate${this.documentName}`, this, changed, operation, user.id)) return undefined;
    await roundTrip();
    // The server holds no such document once it is deleted, and refuses the update.
    if (this.#wasDeleted) throw new Error(`${this.documentName} "${this.id}" does not exist!`);
    this.#assertPermitted(user, "update", changed);
    this._applyChanges(changed);
    this.prepareData();
    // ClientDocumentMixin#_onUpdate redraws the applications showing the document, and an
    // embedded document's parent redraws its own (_onUpdateDescendantDocuments), before the hook.
    this.render(false, { action: "update" });
    this.parent?.render(false, { action: "update" });
    ctor._callHook(`update${this.documentName}`, this, changed, operation, user.id);
    return this;
  }

  /**
   * `Document#updateSource` (API v13): applies a change to this copy of the source, with no
   * database write, no permission check and no hook; `_preCreate` uses it to adjust a new
   * document before it is sent. Returns the expanded change.
   */
  updateSource(changes: AnyObject): AnyObject {
    const changed = expandObject(changes);
    this._applyChanges(changed);
    return changed;
  }

  /**
   * Merges an expanded change into the document, recursively: `system` through the model's
   * cleaning and validation, every other object (flags, ownership, speaker) merged key by key.
   */
  protected _applyChanges(changed: AnyObject): void {
    const { _id, system, ...rest } = changed as { _id?: string; system?: AnyObject };
    if (system) {
      const model = this.system as Partial<TypeDataModel>;
      if (typeof model.updateSource === "function") model.updateSource(system);
      else this.system = mergeObject(this.system as AnyObject, system);
    }
    const self = this as unknown as AnyObject;
    for (const [key, value] of Object.entries(rest)) {
      const current = self[key];
      self[key] = isPlainObject(value) && isPlainObject(current) ? mergeObject(current, value) : structuredClone(value);
    }
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
    const hasFolder = (this.constructor as typeof DocumentDouble).hasFolder;
    return {
      ...(hasFolder ? { folder: this.#folderId } : {}),
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

  /** The collection an embedded document of that name lives in (`actor.items` for "Item"). */
  getEmbeddedCollection(_name: string): CollectionDouble<DocumentDouble> | undefined {
    return undefined;
  }

  /** Where this document lives: its parent's embedded collection, or the world collection. */
  #collection(): CollectionDouble<DocumentDouble> | undefined {
    if (this.parent) return this.parent.getEmbeddedCollection(this.documentName);
    return world().game?.[(this.constructor as typeof DocumentDouble).collectionName] as
      CollectionDouble<DocumentDouble> | undefined;
  }

  /**
   * Foundry's `_preCreate`, which lets the sub-type model adjust the new document's source.
   * Simpler than Foundry: a `false` result (cancelling the creation) is not honoured.
   */
  async _preCreate(data: AnyObject, options: AnyObject = {}): Promise<unknown> {
    const system = this.system as {
      _preCreate?: (data: AnyObject, options: AnyObject, user: unknown) => Promise<unknown>;
    };
    return system._preCreate?.(data, options, actingUser());
  }

  /**
   * The creation workflow for a document already constructed (world or embedded): `_preCreate`,
   * the `preCreate` hook, the server's check, the creator made owner of a world document
   * (Foundry gives the creating user OWNER: Jagusti/fvtt-wfrp4e-gmtoolkit#250), then the
   * `create` hook. Returns undefined when a hook cancelled it.
   */
  static async _runCreation<D extends DocumentDouble>(
    doc: D,
    data: AnyObject,
    options: AnyObject,
  ): Promise<D | undefined> {
    const user = actingUser();
    const ctor = doc.constructor as typeof DocumentDouble;
    const operation = doc.parent ? { ...options, parent: doc.parent } : options;
    await doc._preCreate(data, operation);
    if (!ctor._callPreHook(`preCreate${doc.documentName}`, doc, data, operation, user.id)) return undefined;
    await roundTrip();
    doc.#assertPermitted(user, "create", data);
    if (ctor.hasOwnership && !doc.parent) doc.ownership[user.id] = OWNERSHIP.OWNER;
    doc.prepareData();
    doc.#collection()?.add(doc);
    ctor._callHook(`create${doc.documentName}`, doc, operation, user.id);
    return doc;
  }

  static async create(
    data: AnyObject,
    options: { parent?: DocumentDouble | null } & AnyObject = {},
  ): Promise<DocumentDouble | undefined> {
    return DocumentDouble._runCreation(new this(data, options), data, options);
  }

  static async createDocuments(
    data: AnyObject[],
    options: { parent?: DocumentDouble | null } = {},
  ): Promise<DocumentDouble[]> {
    const created = await Promise.all(data.map((d) => this.create(d, options)));
    return created.filter((d): d is DocumentDouble => d !== undefined);
  }

  /**
   * Foundry's `updateDocuments(updates, operation)`: each change names its document by `_id`;
   * resolves with the documents updated. Simpler than Foundry: one update workflow per document
   * (hooks and permission each), not one request; an unknown id rejects before anything is written.
   */
  static async updateDocuments(updates: AnyObject[], options: AnyObject = {}): Promise<DocumentDouble[]> {
    const collection = world().game?.[this.collectionName] as CollectionDouble<DocumentDouble> | undefined;
    const targets = updates.map(({ _id, ...changes }) => {
      const doc = collection?.get(String(_id));
      if (!doc) throw new Error(`${this.documentName} [${String(_id)}] does not exist`);
      return { doc, changes };
    });
    const updated: DocumentDouble[] = [];
    for (const { doc, changes } of targets) {
      const done = await doc.update(changes, options);
      if (done) updated.push(done);
    }
    return updated;
  }

  /**
   * Foundry's `deleteDocuments(ids, operation)`: resolves with the documents deleted. Simpler
   * than Foundry: one deletion workflow per document; ids of documents already gone are skipped.
   */
  static async deleteDocuments(ids: string[], options: AnyObject = {}): Promise<DocumentDouble[]> {
    const collection = world().game?.[this.collectionName] as CollectionDouble<DocumentDouble> | undefined;
    const deleted: DocumentDouble[] = [];
    for (const id of ids) {
      const doc = collection?.get(id);
      if (doc && (await DocumentDouble._runDeletion(doc, options))) deleted.push(doc);
    }
    return deleted;
  }

  /** Deletes a world document, or asks its parent to delete this embedded one. */
  async delete(options: AnyObject = {}): Promise<this | undefined> {
    if (this.parent) {
      const [deleted] = await (this.parent as unknown as EmbeddingDocument).deleteEmbeddedDocuments(
        this.documentName,
        [this.id],
        options,
      );
      return deleted === this.id ? this : undefined;
    }
    return (await DocumentDouble._runDeletion(this, options)) ? this : undefined;
  }

  /** The deletion workflow: the `preDelete` hook, the server's check, the `delete` hook. */
  static async _runDeletion(doc: DocumentDouble, options: AnyObject): Promise<boolean> {
    const user = actingUser();
    const ctor = doc.constructor as typeof DocumentDouble;
    const operation = doc.parent ? { ...options, parent: doc.parent } : options;
    if (!ctor._callPreHook(`preDelete${doc.documentName}`, doc, operation, user.id)) return false;
    await roundTrip();
    doc.#assertPermitted(user, "delete");
    doc.#collection()?.delete(doc.id);
    doc.#wasDeleted = true;
    // ClientDocumentMixin#_onDelete (API v13): the document's applications close, without submitting.
    for (const app of Object.values(doc.apps))
      void (app as { close?(options: AnyObject): unknown }).close?.({ submit: false });
    ctor._callHook(`delete${doc.documentName}`, doc, operation, user.id);
    return true;
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
  static async createDialog(
    data: AnyObject = {},
    _createOptions: AnyObject = {},
    context: { types?: string[] } = {},
  ): Promise<null> {
    if (context.types?.length === 0) throw new Error("The array of sub-types to restrict to must not be empty");
    const types = this.TYPES.filter((t) => t !== "base" && (!context.types || context.types.includes(t)));
    DocumentDouble.createDialogCalls.push({ documentName: this.documentName, types, data });
    return null;
  }

  /**
   * ClientDocumentMixin#render(force, context): redraws every application showing the document,
   * on the seat's screen (see `onSeatScreen`), whichever client's write asked for it.
   */
  render(force = false, context: AnyObject = {}): void {
    onSeatScreen(() => {
      for (const app of Object.values(this.apps)) void app.render({ ...context, force });
    });
  }

  /** Foundry's `reset`: prepares the data again from the source. */
  reset(): void {
    this.prepareData();
  }
}

/** A document that embeds others (an Actor its Items). */
interface EmbeddingDocument {
  deleteEmbeddedDocuments(name: string, ids: string[], options?: AnyObject): Promise<string[]>;
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
