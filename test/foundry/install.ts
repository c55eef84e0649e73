import {
  ActorSheetV2,
  ApplicationV2,
  DialogV2,
  DocumentSheetConfigDouble,
  DocumentSheetV2,
  HandlebarsApplicationMixin,
  ItemSheetV2,
} from "./applications";
import {
  DataModel,
  DataModelValidationError,
  DataModelValidationFailure,
  TypeDataModel,
  expandObject,
  mergeObject,
} from "./data-model";
import { Die, NumericTerm, OperatorTerm, Roll, RollTerm } from "./dice";
import {
  CollectionDouble,
  DocumentDouble,
  OWNERSHIP,
  USER_PERMISSIONS,
  USER_ROLES,
  randomID,
  userCan,
} from "./documents";
import type { DocumentAction, DocumentConfig, PermissionRule } from "./documents";
import * as fields from "./fields";
import { HooksDouble } from "./hooks";
import Handlebars from "handlebars";
import { templateLoader } from "./templates";
import { LocalizationDouble, localizeDataModel } from "./i18n";
import { growForCombat } from "./combat";
import { ActiveEffectDouble, coreStatusEffects, effectRegistry, statusesOf, toggleStatusEffect } from "./effects";
import { growForRolls } from "./rolls";
import { CombatTrackerDouble } from "./tracker";
import { installQueries } from "./world";
import { installClients, roundTrip, server } from "./clients";
import { SettingsDouble } from "./settings";
import { growForFolders } from "./folders";
import { fetchFromServer, getRoute } from "./system-files";
import { growForScenes, tokenDocumentOf, type SceneDouble, type SceneTokenDouble } from "./scenes";

type AnyObject = Record<string, unknown>;

export interface UserDouble {
  id: string;
  name: string;
  /** A value of `CONST.USER_ROLES`. */
  role: number;
  isGM: boolean;
  active: boolean;
  can(action: string): boolean;
  hasPermission(permission: string): boolean;
  hasRole(role: keyof typeof USER_ROLES | number): boolean;
  flags: Record<string, AnyObject>;
  /** User#targets (API v13, UserTargets: a Set of the Tokens this user targets); empty until a test targets one. */
  targets: Set<{ actor: unknown }>;
  /** This client's own user. */
  readonly isSelf: boolean;
  readonly isActiveGM: boolean;
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<UserDouble>;
  unsetFlag(scope: string, key: string): Promise<UserDouble>;
  update(changes: AnyObject, options?: AnyObject): Promise<UserDouble | undefined>;
}

/** Which roles hold each core permission (`game.permissions`, the `core.permissions` setting). */
export type PermissionTable = Record<keyof typeof USER_PERMISSIONS, number[]>;

/** v13's defaults: every role from the permission's default role up (CONST.USER_PERMISSIONS). */
function defaultPermissions(): PermissionTable {
  const roles = Object.values(USER_ROLES);
  const table = {} as PermissionTable;
  for (const [name, { defaultRole }] of Object.entries(USER_PERMISSIONS))
    table[name as keyof PermissionTable] = roles.filter((r) => r >= defaultRole);
  return table;
}

/** The user whose client is running (see clients.ts). */
function actingUser(): UserDouble {
  return (globalThis as unknown as { game: { user: UserDouble } }).game.user;
}

/**
 * A User with a role (BaseUser, API v13): `isGM` for an assistant or a GM; `hasRole` compares
 * roles; `hasPermission` reads the roles `game.permissions` grants the permission to; `can` takes
 * either, and a GM can do everything. Simpler than Foundry: no per-user permission overrides.
 *
 * A User is a document too: its flags merge on update, and the server lets a user update only
 * their own User, never their own role, while a GM may update any (BaseUser#canUserModify and
 * its update check, API v13: "a User may update their own data except role"; modules keep
 * per-player state in `game.user.setFlag`). `preUpdateUser`/`updateUser` fire with the acting
 * user's id, as for every document.
 */
function userDouble(
  id: string,
  name: string,
  role: number,
  permissions: PermissionTable,
  hooks: HooksDouble,
): UserDouble {
  return {
    id,
    name,
    role,
    active: true,
    flags: {},
    targets: new Set(),
    get isSelf() {
      return actingUser().id === this.id;
    },
    /** User#isActiveGM (API v13): this user is `game.users.activeGM`, the one GM that runs GM-only work. */
    get isActiveGM() {
      const users = (globalThis as unknown as { game: { users: { activeGM?: { id: string } | null } } }).game.users;
      return users.activeGM?.id === this.id;
    },
    getFlag(scope, key) {
      return this.flags[scope]?.[key];
    },
    setFlag(scope, key, value) {
      return this.update({ [`flags.${scope}.${key}`]: value }) as Promise<UserDouble>;
    },
    /** ClientDocumentMixin#unsetFlag (API v13): deletes the flag, a dotted key its last part. */
    unsetFlag(scope, key) {
      const path = key.split(".");
      const last = path.pop() ?? "";
      return this.update({ [["flags", scope, ...path, `-=${last}`].join(".")]: null }) as Promise<UserDouble>;
    },
    async update(changes, options = {}) {
      const user = actingUser();
      const changed = { ...expandObject(changes), _id: this.id };
      if (hooks.call("preUpdateUser", this, changed, options, user.id) === false) return undefined;
      await roundTrip();
      if (!user.isGM && (user.id !== this.id || "role" in changed))
        throw new Error(`User ${user.name} lacks permission to update User [${this.id}]`);
      const { _id, flags, ...rest } = changed as { _id: string; flags?: AnyObject } & AnyObject;
      if (flags) this.flags = mergeObject(this.flags, flags) as Record<string, AnyObject>;
      Object.assign(this, rest);
      hooks.callAll("updateUser", this, changed, options, user.id);
      return this;
    },
    get isGM() {
      return this.role >= USER_ROLES.ASSISTANT;
    },
    hasRole(wanted) {
      return this.role >= (typeof wanted === "number" ? wanted : USER_ROLES[wanted]);
    },
    hasPermission(permission) {
      return permissions[permission as keyof PermissionTable]?.includes(this.role) ?? false;
    },
    can(action) {
      if (this.role === USER_ROLES.GAMEMASTER) return true;
      if (action in USER_ROLES) return this.hasRole(action as keyof typeof USER_ROLES);
      return this.hasPermission(action);
    },
  };
}

/**
 * A notification shown (`ui.notifications.info/warn/error(message, options)`, API v13/v14
 * Notifications). One asked with `{ progress: true }` has a bar: the returned notification's
 * `update({ pct, message })` moves it (pct from 0 to 1) and may change its text; `progress`
 * records each update. Simpler than Foundry: nothing is drawn, queued or removed.
 */
export interface NotificationDouble {
  level: "info" | "warn" | "error";
  message: string;
  progress?: { pct: number; message: string }[];
}

export interface FoundryDouble {
  Hooks: HooksDouble;
  CONFIG: AnyObject & {
    Actor: DocumentConfig & AnyObject;
    Item: DocumentConfig & AnyObject;
    Dice: { rolls: (typeof Roll)[]; randomUniform: () => number; terms: AnyObject };
  };
  game: AnyObject & {
    i18n: LocalizationDouble;
    settings: SettingsDouble;
    user: UserDouble;
    users: CollectionDouble<UserDouble>;
    permissions: PermissionTable;
    actors: CollectionDouble<ActorDouble>;
    items: CollectionDouble<ItemDouble>;
    messages: CollectionDouble<ChatMessageDouble>;
  };
  notifications: NotificationDouble[];
  /** Connects one more user (a second GM, say); users added later come after the first GM for `activeGM`. */
  addUser(id: string, name: string, role: number): UserDouble;
  /** What `foundry.utils.logCompatibilityWarning` was told: a deprecated API was used. */
  compatibilityWarnings: string[];
  /** The files `foundry.utils.saveDataToFile` handed to the browser, in order. */
  downloads: { data: string; type: string; filename: string }[];
  sheets: typeof DocumentSheetConfigDouble;
  fireStartupHooks(): void;
  /** The startup hooks up to `setup`: the world as a system finds it before `ready`. */
  fireSetupHooks(): void;
  fireReadyHook(): void;
}

export class ActorDouble extends DocumentDouble {
  static override documentName = "Actor";
  static override collectionName = "actors";
  static override hasFolder = true;
  /** BaseActor: a world actor needs ACTOR_CREATE; its owners may update and delete it. */
  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: (user) => userCan(user, "ACTOR_CREATE"),
    update: "OWNER",
    delete: "OWNER",
  };
  static override config = (): DocumentConfig =>
    (globalThis as unknown as { CONFIG: { Actor: DocumentConfig } }).CONFIG.Actor;
  items = new CollectionDouble<ItemDouble>();
  /** The actor's ActiveEffects (see effects.ts). */
  effects = new CollectionDouble<ActiveEffectDouble>();
  /** Actor#statuses: the statuses of its active effects, prepared with its embedded documents. */
  statuses = new Set<string>();
  /**
   * BaseActor's `prototypeToken` (a PrototypeToken, API v13): unlinked and without bars unless the
   * creation data says otherwise. Simpler than Foundry: only the fields the system sets, and the
   * bars do not default to the manifest's primary and secondary token attributes.
   */
  prototypeToken: AnyObject;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    const given = data.prototypeToken;
    const token = { name: this.name, actorLink: false, bar1: { attribute: null }, bar2: { attribute: null } };
    this.prototypeToken = given && typeof given === "object" ? mergeObject(token, given as AnyObject) : token;
    for (const item of (data.items as AnyObject[] | undefined) ?? [])
      this.items.add(new ItemDouble(item, { parent: this }));
    for (const effect of (data.effects as AnyObject[] | undefined) ?? [])
      this.effects.add(new (ActorDouble.#effectClass())(effect, { parent: this }));
    this.statuses = statusesOf(this.effects);
  }

  static #effectClass(): typeof ActiveEffectDouble {
    const config = (
      globalThis as unknown as { CONFIG: { ActiveEffect?: { documentClass?: typeof ActiveEffectDouble } } }
    ).CONFIG.ActiveEffect;
    return config?.documentClass ?? ActiveEffectDouble;
  }

  override prepareEmbeddedDocuments(): void {
    for (const item of this.items.values()) item.prepareData();
    for (const effect of this.effects.values()) effect.prepareData();
    this.statuses = statusesOf(this.effects);
  }

  /** Actor#temporaryEffects: its active effects with a duration or a status (the tracker's icons). */
  get temporaryEffects(): ActiveEffectDouble[] {
    return this.effects.filter((e) => e.active && e.isTemporary);
  }

  /** Actor#appliedEffects: the effects that apply (here: the active ones). */
  get appliedEffects(): ActiveEffectDouble[] {
    return this.effects.filter((e) => e.active);
  }

  /** Actor#toggleStatusEffect (see effects.ts). */
  toggleStatusEffect(
    statusId: string,
    options: { active?: boolean; overlay?: boolean } = {},
  ): Promise<ActiveEffectDouble | boolean | undefined> {
    return toggleStatusEffect(this, statusId, options);
  }

  /** Actor#getTokenDocument(data, options) (see scenes.ts): a new, unsaved Token of this actor. */
  async getTokenDocument(
    data: AnyObject = {},
    options: { parent?: SceneDouble | null } = {},
  ): Promise<SceneTokenDouble> {
    return tokenDocumentOf(this, data, options);
  }

  /** Actor#isToken (API v13): a synthetic actor, whose parent is its unlinked token. */
  get isToken(): boolean {
    return this.parent?.documentName === "Token";
  }

  /** Actor#token: the token of a synthetic actor, else null. */
  get token(): DocumentDouble | null {
    return this.isToken ? this.parent : null;
  }

  override getEmbeddedCollection(name: string): CollectionDouble<DocumentDouble> | undefined {
    if (name === "Item") return this.items as unknown as CollectionDouble<DocumentDouble>;
    if (name === "ActiveEffect") return this.effects as unknown as CollectionDouble<DocumentDouble>;
    return undefined;
  }

  #embeddedClass(name: string): new (data: AnyObject, options: { parent: DocumentDouble }) => DocumentDouble {
    if (name === "Item") return ItemDouble;
    if (name === "ActiveEffect") return ActorDouble.#effectClass();
    throw new Error(`The double embeds only Items and ActiveEffects in an Actor, not ${name}`);
  }

  /** Each item or effect goes through the creation workflow, with the actor's ownership deciding. */
  async createEmbeddedDocuments(name: string, data: AnyObject[], options: AnyObject = {}): Promise<DocumentDouble[]> {
    const Embedded = this.#embeddedClass(name);
    const created: DocumentDouble[] = [];
    for (const d of data) {
      const doc = await DocumentDouble._runCreation(new Embedded(d, { parent: this }), d, options);
      if (doc) created.push(doc);
    }
    this.prepareData();
    return created;
  }

  /**
   * ClientDocumentMixin#updateEmbeddedDocuments (API v13): `updateDocuments(updates, {parent})`,
   * each change by its `_id` through the update workflow, the embedded document's permission
   * being its parent's; an id the actor does not hold is refused, as the server refuses it.
   */
  async updateEmbeddedDocuments(
    name: string,
    updates: AnyObject[],
    options: AnyObject = {},
  ): Promise<DocumentDouble[]> {
    this.#embeddedClass(name);
    const collection = this.getEmbeddedCollection(name) as CollectionDouble<DocumentDouble>;
    const docs = updates.map((u) => {
      const doc = collection.get(String(u._id));
      if (!doc) throw new Error(`${name} "${String(u._id)}" does not exist in ${this.name ?? "the actor"}`);
      return doc;
    });
    const updated: DocumentDouble[] = [];
    for (const [i, doc] of docs.entries()) {
      const { _id, ...changes } = updates[i] as AnyObject;
      if (await doc.update(changes, options)) updated.push(doc);
    }
    this.prepareData();
    return updated;
  }

  async deleteEmbeddedDocuments(name: string, ids: string[], options: AnyObject = {}): Promise<string[]> {
    this.#embeddedClass(name);
    const collection = this.getEmbeddedCollection(name) as CollectionDouble<DocumentDouble>;
    const deleted: string[] = [];
    for (const id of ids) {
      const doc = collection.get(id);
      if (doc && (await DocumentDouble._runDeletion(doc, options))) deleted.push(id);
    }
    this.prepareData();
    return deleted;
  }

  override toObject(): AnyObject {
    return {
      ...super.toObject(),
      prototypeToken: structuredClone(this.prototypeToken),
      items: this.items.contents.map((i) => i.toObject()),
      effects: this.effects.contents.map((e) => e.toObject()),
    };
  }
}

export class ItemDouble extends DocumentDouble {
  static override documentName = "Item";
  static override collectionName = "items";
  static override hasFolder = true;
  /** BaseItem: a world item needs ITEM_CREATE; an owned item is its actor's owners' to write. */
  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: (user, doc) => (doc.parent ? doc.parent.testUserPermission(user, "OWNER") : userCan(user, "ITEM_CREATE")),
    update: "OWNER",
    delete: "OWNER",
  };
  static override config = (): DocumentConfig =>
    (globalThis as unknown as { CONFIG: { Item: DocumentConfig } }).CONFIG.Item;
  get actor(): ActorDouble | null {
    return this.parent instanceof ActorDouble ? this.parent : null;
  }

  /** As in Foundry, changing an owned item prepares its actor again (derived data may use it). */
  override async update(changes: AnyObject, options: AnyObject = {}): Promise<this | undefined> {
    const updated = await super.update(changes, options);
    this.actor?.prepareData();
    return updated;
  }
}

export class ChatMessageDouble extends DocumentDouble {
  static override documentName = "ChatMessage";
  static override collectionName = "messages";
  static override hasOwnership = false;
  /** Its sub-types' data models from `CONFIG.ChatMessage.dataModels`, as any document's (dnd5e's message types). */
  static override config = (): DocumentConfig =>
    (globalThis as unknown as { CONFIG: { ChatMessage: DocumentConfig } }).CONFIG.ChatMessage;
  rolls: Roll[];
  content: string;
  whisper: string[];
  blind: boolean;
  speaker: AnyObject;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    this.rolls = ((data.rolls as (Roll | AnyObject)[] | undefined) ?? []).map((r) =>
      r instanceof Roll ? r : Roll.fromData(r),
    );
    this.content = String(data.content ?? "");
    this.whisper = (data.whisper as string[] | undefined) ?? [];
    this.blind = Boolean(data.blind);
    this.speaker = (data.speaker as AnyObject | undefined) ?? {};
  }

  override toObject(): AnyObject {
    return {
      ...super.toObject(),
      rolls: this.rolls.map((r) => r.toJSON()),
      content: this.content,
      whisper: [...this.whisper],
      blind: this.blind,
      speaker: this.speaker,
    };
  }
}

/** Stand-ins for core's ApplicationV1 sheets: only their identity matters to the system. */
class LegacyDocumentSheet {
  readonly legacy = true;
}
class LegacyActorSheet extends LegacyDocumentSheet {}
class LegacyItemSheet extends LegacyDocumentSheet {}

/**
 * Installs the double's globals (`Hooks`, `CONFIG`, `game`, `foundry`, `ui`, `Roll`, `Actor`,
 * `Item`, `ChatMessage`) on `globalThis`. Call it in `beforeEach`; each call starts clean.
 */
export function installFoundry(
  options: { lang?: "en" | "fr"; generation?: 13 | 14; isGM?: boolean } = {},
): FoundryDouble {
  const g = globalThis as unknown as AnyObject;
  const hooks = new HooksDouble();
  const i18n = new LocalizationDouble(options.lang ?? "en");
  const settings = new SettingsDouble();
  const notifications: FoundryDouble["notifications"] = [];
  const compatibilityWarnings: string[] = [];
  const downloads: { data: string; type: string; filename: string }[] = [];
  const permissions = defaultPermissions();
  const gm = userDouble("gmUser000000001", "Gamemaster", USER_ROLES.GAMEMASTER, permissions, hooks);
  const player = userDouble("player000000001", "Player", USER_ROLES.PLAYER, permissions, hooks);
  // A second connected player who owns nothing: a permission test acts as them too.
  const stranger = userDouble("player000000002", "Second player", USER_ROLES.PLAYER, permissions, hooks);
  const users = new CollectionDouble<UserDouble>();
  users.add(gm);
  users.add(player);
  users.add(stranger);
  DocumentSheetConfigDouble.registrations = [];
  DocumentDouble.createDialogCalls = [];

  const CONFIG = {
    Actor: { dataModels: {}, documentClass: ActorDouble, trackableAttributes: {}, typeLabels: {} },
    Item: { dataModels: {}, documentClass: ItemDouble, typeLabels: {} },
    ChatMessage: { documentClass: ChatMessageDouble, dataModels: {} },
    Combat: {},
    ActiveEffect: {
      documentClass: ActiveEffectDouble,
      dataModels: {},
      // v14's expiry action (CONFIG.ActiveEffect.expiryAction): core's default is not documented;
      // "update" (mark expired, keep the effect), since systems set "delete" to have them removed.
      ...(options.generation === 14 ? { expiryAction: "update" } : {}),
    },
    Combatant: { dataModels: {} },
    Dice: { rolls: [Roll], randomUniform: Math.random, terms: { d: Die } },
    statusEffects: coreStatusEffects(options.generation ?? 13),
    // The UI classes Foundry instantiates once set up (`ui.combat` from `CONFIG.ui.combat`).
    ui: { combat: CombatTrackerDouble },
    queries: {},
  };

  /** `&`, `<`, `>`, `"` and `'` as entities, as Foundry's escapeHTML does. */
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c] ?? c);
  /**
   * NotificationOptions (API v13/v14): `format` fills a localisation key's placeholders, each
   * value escaped unless `escape: false`; `localize` localises a key given without `format`.
   */
  const notify =
    (level: "info" | "warn" | "error") =>
    (
      text: string,
      notifyOptions: { progress?: boolean; localize?: boolean; format?: Record<string, string>; escape?: boolean } = {},
    ) => {
      const { format, escape = true } = notifyOptions;
      const message = format
        ? i18n.format(
            text,
            Object.fromEntries(Object.entries(format).map(([k, v]) => [k, escape ? escapeHtml(String(v)) : String(v)])),
          )
        : notifyOptions.localize
          ? i18n.localize(text)
          : text;
      const shown: NotificationDouble = { level, message };
      notifications.push(shown);
      const id = notifications.length;
      if (!notifyOptions.progress) return { id };
      const progress: { pct: number; message: string }[] = [];
      shown.progress = progress;
      return {
        id,
        update(change: { pct?: number; message?: string } = {}) {
          if (change.message !== undefined) shown.message = change.message;
          progress.push({ pct: change.pct ?? progress.at(-1)?.pct ?? 0, message: shown.message });
        },
      };
    };

  const game = {
    i18n,
    settings,
    user: options.isGM === false ? player : gm,
    users,
    permissions,
    actors: new CollectionDouble<ActorDouble>(),
    items: new CollectionDouble<ItemDouble>(),
    messages: new CollectionDouble<ChatMessageDouble>(),
    /** The compendiums (see packs.ts), none unless a test adds one. */
    packs: new CollectionDouble<{ id: string }>(),
    system: { id: "wuxia-harmonies", version: "0.0.0-double" },
    // Game#release (API v13): the generation, and a version string the double names as its own.
    release: { generation: options.generation ?? 13, version: `${options.generation ?? 13}.double` },
    ready: false,
  };

  installClients(game);
  server.latencyMs = 0;

  const handlebars = Handlebars.create();
  Object.assign(g, {
    Hooks: hooks,
    CONFIG,
    game,
    ui: {
      notifications: { info: notify("info"), warn: notify("warn"), error: notify("error"), update: () => undefined },
    },
    Roll,
    // The real handlebars package: templates and helpers behave as in Foundry, which bundles it.
    Handlebars: handlebars,
    Actor: ActorDouble,
    Item: ItemDouble,
    ActiveEffect: ActiveEffectDouble,
    ChatMessage: ChatMessageDouble,
    foundry: {
      abstract: { DataModel, TypeDataModel },
      data: { fields, validation: { DataModelValidationError, DataModelValidationFailure } },
      dice: { Roll, terms: { Die, NumericTerm, OperatorTerm, RollTerm } },
      documents: {
        Actor: ActorDouble,
        Item: ItemDouble,
        ChatMessage: ChatMessageDouble,
        ActiveEffect: ActiveEffectDouble,
      },
      applications: {
        api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
        sheets: { ActorSheetV2, ItemSheetV2 },
        sidebar: { tabs: { CombatTracker: CombatTrackerDouble } },
        apps: { DocumentSheetConfig: DocumentSheetConfigDouble },
        // Loading reads the real files, as Foundry fetches them, so partials exist wherever a part is drawn.
        handlebars: { loadTemplates: templateLoader(handlebars), renderTemplate: async () => "" },
        // Simpler than Foundry: no enrichers run (links, rolls, secrets); the HTML comes back as is.
        ux: { TextEditor: { implementation: { enrichHTML: async (html: string | null | undefined) => html ?? "" } } },
      },
      // Core's ApplicationV1 sheets, still registered for every type on v13 and v14 (until v16).
      appv1: { sheets: { ActorSheet: LegacyActorSheet, ItemSheet: LegacyItemSheet } },
      utils: {
        expandObject,
        mergeObject,
        randomID,
        deepClone: structuredClone,
        getRoute,
        /** Foundry logs a deprecated API's use (a warning by default); the double records it. */
        logCompatibilityWarning: (message: string) => void compatibilityWarnings.push(message),
        /**
         * API v13/v14 `saveDataToFile(data, type, filename)`: "Export data content to be saved to a
         * local file" — the browser's download; the double records it in `downloads`.
         */
        saveDataToFile: (data: string, type: string, filename: string) => void downloads.push({ data, type, filename }),
      },
      CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP, USER_ROLES },
    },
    CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP, USER_ROLES },
  });
  g.fetch = fetchFromServer;
  growForCombat({ CONFIG, game, settings });
  growForFolders(game);
  growForScenes(game);
  // v14's ActiveEffectRegistry, for systems announcing their own expiry events.
  Object.assign(ActiveEffectDouble, { registry: options.generation === 14 ? effectRegistry : undefined });
  growForRolls({
    CONFIG,
    game,
    settings,
    generation: game.release.generation as 13 | 14,
    ChatMessageBase: ChatMessageDouble,
  });

  return {
    Hooks: hooks,
    CONFIG: CONFIG as unknown as FoundryDouble["CONFIG"],
    game: game as unknown as FoundryDouble["game"],
    notifications,
    compatibilityWarnings,
    downloads,
    sheets: DocumentSheetConfigDouble,
    addUser(id, name, role) {
      const user = userDouble(id, name, role, permissions, hooks);
      users.add(user);
      installQueries(
        game as unknown as Parameters<typeof installQueries>[0],
        CONFIG.queries as Parameters<typeof installQueries>[1],
        [user],
      );
      return user;
    },
    fireStartupHooks() {
      this.fireSetupHooks();
      this.fireReadyHook();
    },
    fireSetupHooks() {
      hooks.callAll("init");
      // Foundry localises the registered data models' field labels once the language is loaded.
      for (const documentConfig of [CONFIG.Actor, CONFIG.Item]) {
        for (const model of Object.values(documentConfig.dataModels))
          localizeDataModel(model as unknown as Parameters<typeof localizeDataModel>[0], i18n);
      }
      hooks.callAll("i18nInit");
      hooks.callAll("setup");
      // Foundry builds its UI between setup and ready (Game#initializeUI); the tracker is not drawn
      // until a test renders it.
      (g.ui as AnyObject).combat = new CONFIG.ui.combat();
    },
    fireReadyHook() {
      game.ready = true;
      hooks.callAll("ready");
    },
  };
}

export { DataModelValidationError };
