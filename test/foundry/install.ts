import { ActorSheetV2, ApplicationV2, DialogV2, DocumentSheetConfigDouble, DocumentSheetV2, HandlebarsApplicationMixin, ItemSheetV2 } from "./applications";
import { DataModel, DataModelValidationError, TypeDataModel, expandObject, mergeObject } from "./data-model";
import { Die, NumericTerm, OperatorTerm, Roll, RollTerm } from "./dice";
import { CollectionDouble, DocumentDouble, OWNERSHIP } from "./documents";
import type { DocumentConfig } from "./documents";
import * as fields from "./fields";
import { HooksDouble } from "./hooks";
import Handlebars from "handlebars";
import { LocalizationDouble, localizeDataModel } from "./i18n";
import { growForRolls } from "./rolls";
import { SettingsDouble } from "./settings";

type AnyObject = Record<string, unknown>;

export interface UserDouble {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
}

export interface FoundryDouble {
  Hooks: HooksDouble;
  CONFIG: AnyObject & { Actor: DocumentConfig & AnyObject; Item: DocumentConfig & AnyObject; Dice: { rolls: (typeof Roll)[]; randomUniform: () => number; terms: AnyObject } };
  game: AnyObject & { i18n: LocalizationDouble; settings: SettingsDouble; user: UserDouble; users: CollectionDouble<UserDouble> };
  notifications: { level: "info" | "warn" | "error"; message: string }[];
  sheets: typeof DocumentSheetConfigDouble;
  fireStartupHooks(): void;
}

export class ActorDouble extends DocumentDouble {
  static override documentName = "Actor";
  static override config = (): DocumentConfig => (globalThis as unknown as { CONFIG: { Actor: DocumentConfig } }).CONFIG.Actor;
  items = new CollectionDouble<ItemDouble>();

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    for (const item of (data.items as AnyObject[] | undefined) ?? []) this.items.add(new ItemDouble(item, { parent: this }));
  }

  override prepareEmbeddedDocuments(): void {
    for (const item of this.items.values()) item.prepareData();
  }

  async createEmbeddedDocuments(name: string, data: AnyObject[]): Promise<ItemDouble[]> {
    if (name !== "Item") throw new Error(`The double embeds only Items, not ${name}`);
    const created = data.map((d) => this.items.add(new ItemDouble(d, { parent: this })));
    for (const [i, item] of created.entries()) await item._preCreate(data[i] ?? {});
    this.prepareData();
    return created;
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]> {
    if (name !== "Item") throw new Error(`The double embeds only Items, not ${name}`);
    for (const id of ids) this.items.delete(id);
    this.prepareData();
    return ids;
  }

  override toObject(): AnyObject {
    return { ...super.toObject(), items: this.items.contents.map((i) => i.toObject()) };
  }
}

export class ItemDouble extends DocumentDouble {
  static override documentName = "Item";
  static override config = (): DocumentConfig => (globalThis as unknown as { CONFIG: { Item: DocumentConfig } }).CONFIG.Item;
  get actor(): ActorDouble | null {
    return this.parent instanceof ActorDouble ? this.parent : null;
  }

  /** As in Foundry, changing an owned item prepares its actor again (derived data may use it). */
  override async update(changes: AnyObject): Promise<this> {
    await super.update(changes);
    this.actor?.prepareData();
    return this;
  }

  async delete(): Promise<this> {
    await this.actor?.deleteEmbeddedDocuments("Item", [this.id]);
    return this;
  }
}

export class ChatMessageDouble extends DocumentDouble {
  static override documentName = "ChatMessage";
  static override config = (): undefined => undefined;
  rolls: Roll[];
  content: string;
  whisper: string[];
  blind: boolean;
  speaker: AnyObject;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    this.rolls = ((data.rolls as (Roll | AnyObject)[] | undefined) ?? []).map((r) => (r instanceof Roll ? r : Roll.fromData(r)));
    this.content = String(data.content ?? "");
    this.whisper = (data.whisper as string[] | undefined) ?? [];
    this.blind = Boolean(data.blind);
    this.speaker = (data.speaker as AnyObject | undefined) ?? {};
  }

  override toObject(): AnyObject {
    return { ...super.toObject(), rolls: this.rolls.map((r) => r.toJSON()), content: this.content, whisper: [...this.whisper], blind: this.blind, speaker: this.speaker };
  }
}

/**
 * Installs the double's globals (`Hooks`, `CONFIG`, `game`, `foundry`, `ui`, `Roll`, `Actor`,
 * `Item`, `ChatMessage`) on `globalThis`. Call it in `beforeEach`; each call starts clean.
 */
export function installFoundry(options: { lang?: "en" | "fr"; generation?: 13 | 14; isGM?: boolean } = {}): FoundryDouble {
  const g = globalThis as unknown as AnyObject;
  const hooks = new HooksDouble();
  const i18n = new LocalizationDouble(options.lang ?? "en");
  const settings = new SettingsDouble();
  const notifications: FoundryDouble["notifications"] = [];
  const gm: UserDouble = { id: "gmUser000000001", name: "Gamemaster", isGM: true, active: true };
  const player: UserDouble = { id: "player000000001", name: "Player", isGM: false, active: true };
  // A second connected player who owns nothing: a permission test acts as them too.
  const stranger: UserDouble = { id: "player000000002", name: "Second player", isGM: false, active: true };
  const users = new CollectionDouble<UserDouble>();
  users.add(gm);
  users.add(player);
  users.add(stranger);
  DocumentSheetConfigDouble.registrations = [];
  DocumentDouble.createDialogCalls = [];

  const CONFIG = {
    Actor: { dataModels: {}, documentClass: ActorDouble, trackableAttributes: {}, typeLabels: {} },
    Item: { dataModels: {}, documentClass: ItemDouble, typeLabels: {} },
    ChatMessage: { documentClass: ChatMessageDouble },
    Combat: {},
    Combatant: { dataModels: {} },
    Dice: { rolls: [Roll], randomUniform: Math.random, terms: { d: Die } },
    statusEffects: [],
    queries: {},
  };

  const notify = (level: "info" | "warn" | "error") => (message: string) => {
    notifications.push({ level, message });
    return { id: notifications.length };
  };

  const game = {
    i18n,
    settings,
    user: options.isGM === false ? player : gm,
    users,
    actors: new CollectionDouble<ActorDouble>(),
    items: new CollectionDouble<ItemDouble>(),
    messages: new CollectionDouble<ChatMessageDouble>(),
    system: { id: "wuxia-harmonies", version: "0.0.0-double" },
    release: { generation: options.generation ?? 13 },
    ready: false,
  };

  Object.assign(g, {
    Hooks: hooks,
    CONFIG,
    game,
    ui: { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error"), update: () => undefined } },
    Roll,
    // The real handlebars package: templates and helpers behave as in Foundry, which bundles it.
    Handlebars: Handlebars.create(),
    Actor: ActorDouble,
    Item: ItemDouble,
    ChatMessage: ChatMessageDouble,
    foundry: {
      abstract: { DataModel, TypeDataModel },
      data: { fields, validation: { DataModelValidationError } },
      dice: { Roll, terms: { Die, NumericTerm, OperatorTerm, RollTerm } },
      documents: { Actor: ActorDouble, Item: ItemDouble, ChatMessage: ChatMessageDouble },
      applications: {
        api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
        sheets: { ActorSheetV2, ItemSheetV2 },
        apps: { DocumentSheetConfig: DocumentSheetConfigDouble },
        handlebars: { loadTemplates: async (paths: string[] | AnyObject) => paths, renderTemplate: async () => "" },
        // Simpler than Foundry: no enrichers run (links, rolls, secrets); the HTML comes back as is.
        ux: { TextEditor: { implementation: { enrichHTML: async (html: string | null | undefined) => html ?? "" } } },
      },
      utils: { expandObject, mergeObject, deepClone: structuredClone },
      CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP },
    },
    CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP },
  });
  growForRolls({ CONFIG, game, settings, generation: game.release.generation as 13 | 14, ChatMessageBase: ChatMessageDouble });

  return {
    Hooks: hooks,
    CONFIG: CONFIG as unknown as FoundryDouble["CONFIG"],
    game: game as unknown as FoundryDouble["game"],
    notifications,
    sheets: DocumentSheetConfigDouble,
    fireStartupHooks() {
      hooks.callAll("init");
      // Foundry localises the registered data models' field labels once the language is loaded.
      for (const documentConfig of [CONFIG.Actor, CONFIG.Item]) {
        for (const model of Object.values(documentConfig.dataModels)) localizeDataModel(model as unknown as Parameters<typeof localizeDataModel>[0], i18n);
      }
      hooks.callAll("i18nInit");
      hooks.callAll("setup");
      game.ready = true;
      hooks.callAll("ready");
    },
  };
}

export { DataModelValidationError };
