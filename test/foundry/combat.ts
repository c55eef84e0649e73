import { asClient, roundTrip } from "./clients";
import { expandObject, mergeObject } from "./data-model";
import type { Roll } from "./dice";
import { CollectionDouble, DocumentDouble } from "./documents";
import type { OWNERSHIP } from "./documents";
import type { ActingUser, DocumentAction, DocumentConfig, PermissionRule } from "./documents";
import { refreshExpiry } from "./effects";
import { placeSyntheticActor } from "./world";

/**
 * Combat, Combatant and the tokens combatants stand for, as Foundry v13's client and common
 * documents define them. Sources: the API pages (foundryvtt.com/api/v13 and v14: Combat,
 * Combatant, CombatantData, hookEvents.combatStart/Round/Turn/TurnChange) and v13's
 * `common/documents/combat.mjs`, `combatant.mjs` and `client/documents/combat.mjs` as public
 * repositories carry them (read for the rules, schemaVersion 13.341).
 *
 * Foundry runs each document hook and `_onUpdate` on every connected client; the double runs
 * the Combat and Combatant hooks once per active user, each inside that user's client
 * (`asClient`), so `game.user` is the client's own user in every handler. The turn events run
 * on the active GM's client only and are not awaited by the update that causes them:
 * `turnEventsSettled()` waits for them (and rethrows what they threw).
 */

type AnyObject = Record<string, unknown>;

interface UserLike extends ActingUser {
  active: boolean;
}

interface ActorLike extends DocumentDouble {
  getRollData?(): AnyObject;
  statuses?: Set<string>;
}

interface CombatConfig extends DocumentConfig {
  initiative: { formula: string | null; decimals: number };
}

interface CombatWorld {
  game: {
    user: UserLike;
    users: CollectionDouble<UserLike> & { activeGM?: UserLike | null };
    actors: CollectionDouble<ActorLike>;
    combats: CombatEncountersDouble;
    settings: { get(namespace: string, key: string): unknown };
    release: { generation: number };
    system: { initiative?: string };
  };
  CONFIG: {
    Combat: CombatConfig;
    Combatant: DocumentConfig;
    Actor: { documentClass: new (data: AnyObject, options: { parent?: DocumentDouble | null }) => ActorLike };
    Dice: { rolls: (new (formula: string, data?: AnyObject, options?: AnyObject) => Roll)[] };
    ChatMessage: {
      documentClass: {
        createDocuments(data: AnyObject[]): Promise<unknown[]>;
        getSpeaker(options: AnyObject): AnyObject;
        applyRollMode?(data: AnyObject, mode: string): AnyObject;
        applyMode?(data: AnyObject, mode: string): AnyObject;
      };
    };
    specialStatusEffects: { DEFEATED: string };
    time: { turnTime: number; roundTime: number };
  };
  Hooks: { call(name: string, ...args: unknown[]): boolean; callAll(name: string, ...args: unknown[]): unknown };
}

function world(): CombatWorld {
  return globalThis as unknown as CombatWorld;
}

function actingUser(): UserLike {
  return world().game.user;
}

/** The running client, by its user's id (an empty id before any user). */
function currentUserId(): string {
  return String((world().game.user as { id?: unknown } | null)?.id ?? "");
}

/** Runs `fn` once on the client of each connected user, as Foundry runs `_onUpdate` and hooks on every client. */
function onEveryClient(fn: () => void): void {
  for (const user of world().game.users.contents.filter((u) => u.active)) asClient(user, fn);
}

interface DialogApi {
  DialogV2: { confirm(config: AnyObject): Promise<unknown> };
}

interface TrackerLike {
  rendered: boolean;
  viewed: unknown;
  render(options?: AnyObject): Promise<unknown>;
}

/** Redraws the combat tracker when it shows this combat (Combat##onModifyCombatants, `_onUpdate`), not awaited. */
function renderTracker(combat: unknown, options: AnyObject = {}): void {
  const tracker = (globalThis as unknown as { ui?: { combat?: TrackerLike } }).ui?.combat;
  if (tracker?.rendered && tracker.viewed === combat && options.render !== false) track(tracker.render());
}

/** One request the server carried out: a test counts them ("one Combat update"). */
export interface ServerWrite {
  action: DocumentAction;
  documentName: string;
  userId: string;
  data: AnyObject[];
}

/** Not in Foundry: every Combat and Combatant write the server accepted, in order. */
export const serverWrites: ServerWrite[] = [];

const pendingEvents = new Set<Promise<unknown>>();
const eventErrors: unknown[] = [];

/** Keeps a turn-event promise so tests can wait for it; its failure is kept for `turnEventsSettled`. */
function track(result: unknown): void {
  if (!(result instanceof Promise)) return;
  const promise = result.catch((error: unknown) => void eventErrors.push(error));
  pendingEvents.add(promise);
  void promise.finally(() => pendingEvents.delete(promise));
}

/**
 * Not in Foundry: waits until the turn events (and `_onEnter`/`_onExit`) started by earlier
 * writes have finished, including those they caused, and rethrows the first error one threw.
 */
export async function turnEventsSettled(): Promise<void> {
  while (pendingEvents.size) await Promise.all([...pendingEvents]);
  const [error] = eventErrors.splice(0);
  if (error !== undefined) throw error;
}

function refuse(user: ActingUser, action: DocumentAction, doc: DocumentDouble): never {
  const parent = doc.parent ? ` in parent ${doc.parent.documentName} [${doc.parent.id}]` : "";
  throw new Error(`User ${user.name} lacks permission to ${action} ${doc.documentName} [${doc.id}]${parent}`);
}

/** `Number.isNumeric`, as `_sortCombatants` tests an initiative. */
function isNumeric(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/* -------------------------------------------------------------------------------------------- */
/*  Tokens                                                                                      */
/* -------------------------------------------------------------------------------------------- */

const placedTokens = new Map<string, TokenDocumentDouble>();

/** A scene as a combatant reads it: its tokens (see scenes.ts). */
interface SceneLike {
  tokens: { get(id: string): TokenDocumentDouble | undefined };
}

/** What changed from one source to the next: changed leaves, and whole arrays that differ. */
function changedValues(before: AnyObject, after: AnyObject): AnyObject {
  const changed: AnyObject = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    const nested = value !== null && typeof value === "object" && !Array.isArray(value);
    const wasNested = old !== null && typeof old === "object" && !Array.isArray(old);
    changed[key] = nested && wasNested ? changedValues(old as AnyObject, value as AnyObject) : structuredClone(value);
  }
  return changed;
}

/**
 * A TokenDocument on a scene, as far as combat reads it: its actor (the world actor for a
 * linked token; for an unlinked one, a synthetic actor built from the world actor's data, whose
 * UUID is `Scene.<id>.Token.<id>.Actor.<id>`), its name and image, and its ownership, which is
 * its actor's (TokenDocument#getUserLevel, API v13). Simpler than Foundry: no scene document, no
 * canvas object, no actor delta beyond the data given when it is placed.
 */
export class TokenDocumentDouble extends DocumentDouble {
  static override documentName = "Token";
  static override hasOwnership = false;
  actorId: string | null;
  actorLink: boolean;
  sceneId: string;
  texture: { src: string };
  #delta: AnyObject;
  #synthetic: ActorLike | null = null;
  /** The world actor's data the synthetic actor last took. */
  #baseSource: AnyObject | null = null;

  constructor(data: AnyObject) {
    super(data);
    this.actorId = (data.actorId as string | undefined) ?? null;
    this.actorLink = Boolean(data.actorLink);
    this.sceneId = String(data.sceneId ?? "doubleScene00001");
    this.texture = { src: String((data.texture as AnyObject | undefined)?.src ?? this.img) };
    this.#delta = (data.delta as AnyObject | undefined) ?? {};
  }

  override get uuid(): string {
    return `Scene.${this.sceneId}.Token.${this.id}`;
  }

  get baseActor(): ActorLike | null {
    return this.actorId ? (world().game.actors.get(this.actorId) ?? null) : null;
  }

  /**
   * A linked token's actor is the world actor; an unlinked token has its own synthetic actor,
   * the world actor's data under its delta. It follows the world actor's later changes where the
   * delta does not override them (ActorDelta, v11+; TokenDocument#_onUpdateBaseActor, API v13).
   */
  get actor(): ActorLike | null {
    const base = this.baseActor;
    if (!base || this.actorLink) return base;
    const source = base.toObject();
    if (!this.#synthetic) {
      const ActorClass = world().CONFIG.Actor.documentClass;
      this.#synthetic = new ActorClass(mergeObject(structuredClone(source), this.#delta), { parent: this });
      this.#synthetic.prepareData();
      placeSyntheticActor(this.#synthetic);
    } else if (this.#baseSource && JSON.stringify(this.#baseSource) !== JSON.stringify(source)) {
      const changed = changedValues(this.#baseSource, source);
      this.#synthetic.updateSource(mergeObject(changed, this.#delta));
      this.#synthetic.prepareData();
    }
    this.#baseSource = source;
    return this.#synthetic;
  }

  override testUserPermission(user: { id: string; isGM?: boolean }, level: keyof typeof OWNERSHIP | number): boolean {
    if (user.isGM) return true;
    return this.baseActor?.testUserPermission(user, level) ?? false;
  }
}

/**
 * Not in Foundry: places a token of an actor on the double's scene, so a combatant can stand for
 * it (`tokenId`). `actorLink` defaults to the actor's prototype token, the name to the actor's.
 */
export function placeToken(
  actor: DocumentDouble & { prototypeToken?: AnyObject },
  data: { _id?: string; name?: string; actorLink?: boolean; delta?: AnyObject; sceneId?: string } = {},
): TokenDocumentDouble {
  const token = new TokenDocumentDouble({
    name: actor.name,
    img: actor.img,
    actorLink: actor.prototypeToken?.actorLink ?? false,
    ...data,
    actorId: actor.id,
  });
  placedTokens.set(token.id, token);
  return token;
}

/* -------------------------------------------------------------------------------------------- */
/*  Combatant                                                                                   */
/* -------------------------------------------------------------------------------------------- */

/**
 * The keys a non-GM owner may send in a Combatant update (v13 BaseCombatant#canUpdate: "Players
 * may only update a subset of fields"; `initiative` is one, foundryvtt/foundryvtt#10501, `type` is
 * not, #12386). Every other key (hidden, name, img, actorId, tokenId…) is refused.
 */
export const PLAYER_COMBATANT_KEYS = ["_id", "initiative", "flags", "defeated", "system"] as const;

function canUpdateCombatant(user: ActingUser, doc: DocumentDouble, data: AnyObject): boolean {
  if (user.isGM) return true;
  if (!doc.testUserPermission(user, "OWNER")) return false;
  return Object.keys(data).every((k) => (PLAYER_COMBATANT_KEYS as readonly string[]).includes(k));
}

/** `combatants` of a Combat: a Collection with `toObject` and the strict `get`. */
export class CombatantCollection<T extends CombatantDouble> extends CollectionDouble<T> {
  override get(id: string, options: { strict?: boolean } = {}): T | undefined {
    const found = super.get(id);
    if (!found && options.strict) throw new Error(`Combatant id [${id}] does not exist in the EmbeddedCollection`);
    return found;
  }
  toObject(): AnyObject[] {
    return this.contents.map((c) => c.toObject());
  }
}

/**
 * Foundry's Combatant (BaseCombatant + client Combatant, v13): `actorId`, `tokenId`, `sceneId`,
 * `initiative` (null until rolled), `hidden`, `defeated`, `group`, and `system` from
 * `CONFIG.Combatant.dataModels[type]` (type "base" by default, as Lancer registers it).
 * Permissions (v13 BaseCombatant metadata): create and delete need OWNER, update is
 * `canUpdateCombatant`; its ownership level is its actor's (`getUserLevel` returns
 * `this.actor.getUserLevel(user)`; foundryvtt/foundryvtt#11405), so a combatant without an actor
 * is the GM's alone.
 */
export class CombatantDouble extends DocumentDouble {
  static override documentName = "Combatant";
  static override hasOwnership = false;
  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: "OWNER",
    update: canUpdateCombatant,
    delete: "OWNER",
  };
  static override config = (): DocumentConfig => world().CONFIG.Combatant;

  actorId: string | null;
  tokenId: string | null;
  sceneId: string | null;
  initiative: number | null;
  hidden: boolean;
  defeated: boolean;
  group: string | null;
  /** v14's CombatantData#roundJoined: the round it joined (1 before the combat starts). */
  roundJoined?: number;
  #sourceName: string;
  #sourceImg: string | null;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    this.actorId = (data.actorId as string | undefined) ?? null;
    this.tokenId = (data.tokenId as string | undefined) ?? null;
    this.sceneId = (data.sceneId as string | undefined) ?? this.token?.sceneId ?? null;
    this.initiative = CombatantDouble.#cleanInitiative(data.initiative);
    this.hidden = Boolean(data.hidden);
    this.defeated = Boolean(data.defeated);
    this.group = (data.group as string | undefined) ?? null;
    this.#sourceName = String(data.name ?? "");
    this.#sourceImg = (data.img as string | undefined) ?? null;
    if (world().game.release.generation >= 14) {
      const round = (options.parent as { round?: number } | null)?.round ?? 0;
      this.roundJoined = Number(data.roundJoined ?? Math.max(round, 1));
    }
    this.#prepareNameAndImage();
  }

  /** NumberField({required: true}): nullable; a form's string becomes a number. */
  static #cleanInitiative(value: unknown): number | null {
    if (value === null || value === undefined || value === "") return null;
    const n = Number(value);
    if (Number.isNaN(n)) throw new Error(`Combatant validation errors:\n  initiative: must be a number`);
    return n;
  }

  /** The tracker's name and image: the combatant's own, else its token's, else its actor's. */
  #prepareNameAndImage(): void {
    this.name = this.#sourceName || this.token?.name || this.actor?.name || "Unknown Combatant";
    this.img = this.#sourceImg || this.token?.texture.src || this.actor?.img || "icons/svg/mystery-man.svg";
  }

  override prepareData(): void {
    this.#prepareNameAndImage();
    super.prepareData();
  }

  protected override _applyChanges(changed: AnyObject): void {
    const { initiative, name, img, ...rest } = changed;
    if ("initiative" in changed) this.initiative = CombatantDouble.#cleanInitiative(initiative);
    if ("name" in changed) this.#sourceName = String(name ?? "");
    if ("img" in changed) this.#sourceImg = (img as string | null | undefined) ?? null;
    super._applyChanges(rest);
    this.#prepareNameAndImage();
  }

  get combat(): CombatDouble | null {
    return this.parent instanceof CombatDouble ? this.parent : null;
  }

  /**
   * Combatant#token (client Combatant, API v11–v13): the token of that id on the combatant's scene
   * (`sceneId`), else on its combat's (`Combat#scene`); a token `placeToken` put down stands in
   * for one on a scene.
   */
  get token(): TokenDocumentDouble | null {
    if (!this.tokenId) return null;
    const placed = placedTokens.get(this.tokenId);
    if (placed) return placed;
    const scenes = (world().game as { scenes?: { get(id: string): SceneLike | undefined } }).scenes;
    const sceneId = this.sceneId ?? this.combat?.scene ?? null;
    return (sceneId ? scenes?.get(sceneId)?.tokens.get(this.tokenId) : null) ?? null;
  }

  /** Combatant#actor: the token's actor (synthetic for an unlinked token), else the world actor. */
  get actor(): ActorLike | null {
    const token = this.token;
    if (token) return token.actor;
    return this.actorId ? (world().game.actors.get(this.actorId) ?? null) : null;
  }

  /** Ownership is the actor's (see the class comment); a GM owns every combatant. */
  override testUserPermission(user: { id: string; isGM?: boolean }, level: keyof typeof OWNERSHIP | number): boolean {
    if (user.isGM) return true;
    return this.actor?.testUserPermission(user, level) ?? false;
  }

  /** ClientDocumentMixin#hasPlayerOwner: some non-GM user owns it. */
  get hasPlayerOwner(): boolean {
    return world().game.users.contents.some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  /** The non-GM users who own it. */
  get players(): UserLike[] {
    return world().game.users.contents.filter((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  /** "Treated as a non-player combatant if it has no associated actor and no player users who can control it." */
  get isNPC(): boolean {
    return !this.actor || !this.hasPlayerOwner;
  }

  /** Marked defeated, or its actor carries the special DEFEATED status (`CONFIG.specialStatusEffects`). */
  get isDefeated(): boolean {
    return this.defeated || Boolean(this.actor?.statuses?.has(world().CONFIG.specialStatusEffects.DEFEATED));
  }

  /** Combatant#resource: the tracked attribute (`core.combatTrackerConfig` `resource`) of its actor's system. */
  get resource(): unknown {
    const path = (world().game.settings.get("core", "combatTrackerConfig") as { resource?: string }).resource;
    if (!path) return null;
    let value: unknown = this.actor?.system;
    for (const key of path.split(".")) value = (value as AnyObject | undefined)?.[key];
    return value ?? null;
  }

  /** A hidden combatant is seen only by its owners (and GMs). */
  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }

  /** `CONFIG.Combat.initiative.formula`, else the system manifest's `initiative` (core's fallback "1d20"). */
  _getInitiativeFormula(): string {
    const { game, CONFIG } = world();
    return String(CONFIG.Combat.initiative.formula || game.system.initiative || "1d20");
  }

  /** An unevaluated Roll of the formula (the combatant's own by default) on the actor's roll data. */
  getInitiativeRoll(formula?: string | null): Roll {
    const RollClass = world().CONFIG.Dice.rolls[0];
    if (!RollClass) throw new Error("CONFIG.Dice.rolls is empty");
    return new RollClass(formula || this._getInitiativeFormula(), this.actor?.getRollData?.() ?? {});
  }

  /** Combatant#rollInitiative: rolls and writes its own initiative (no chat message). */
  async rollInitiative(formula?: string | null): Promise<this | undefined> {
    const roll = await this.getInitiativeRoll(formula).evaluate();
    return this.update({ initiative: roll.total });
  }

  /** `Combatant.create(data, {parent: combat})`: the combat's `createEmbeddedDocuments`. */
  static override async create(
    data: AnyObject,
    options: { parent?: DocumentDouble | null } & AnyObject = {},
  ): Promise<DocumentDouble | undefined> {
    const { parent, ...rest } = options;
    if (!(parent instanceof CombatDouble)) throw new Error("A Combatant is created in its Combat (options.parent)");
    const [created] = await parent.createEmbeddedDocuments("Combatant", [data], rest);
    return created;
  }

  /** An embedded document's update is its parent's `updateEmbeddedDocuments` (one request). */
  override async update(changes: AnyObject, options: AnyObject = {}): Promise<this | undefined> {
    const combat = this.combat;
    if (!combat) throw new Error("A Combatant is updated through its Combat");
    const [updated] = await combat.updateEmbeddedDocuments("Combatant", [{ ...changes, _id: this.id }], options);
    return updated === this ? this : undefined;
  }

  /** Client-side workflows run on every client after the write, before its hook; nothing in core. */
  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {}
  _onUpdate(_changed: AnyObject, _options: AnyObject, _userId: string): void {}
  _onDelete(_options: AnyObject, _userId: string): void {}

  override toObject(): AnyObject {
    const { ownership: _ownership, name: _name, img: _img, ...base } = super.toObject();
    return {
      ...base,
      name: this.#sourceName,
      img: this.#sourceImg,
      actorId: this.actorId,
      tokenId: this.tokenId,
      sceneId: this.sceneId,
      initiative: this.initiative,
      hidden: this.hidden,
      defeated: this.defeated,
      group: this.group,
      ...(this.roundJoined === undefined ? {} : { roundJoined: this.roundJoined }),
    };
  }
}

/* -------------------------------------------------------------------------------------------- */
/*  Combat                                                                                      */
/* -------------------------------------------------------------------------------------------- */

/** Combat#current / #previous: where the encounter stands. */
export interface CombatHistoryData {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

/** The context handed to the turn events (CombatTurnEventContext, CombatRoundEventContext). */
export interface TurnEventContext {
  round: number;
  turn?: number | null;
  skipped: boolean;
}

/** The keys a player may send in a Combat update (v13 BaseCombat#canUpdate: "Players may only modify a subset"). */
export const PLAYER_COMBAT_KEYS = ["_id", "round", "turn", "combatants"] as const;

/**
 * v13 BaseCombat#canUpdate: a GM may change anything; a player only `round`, `turn` and
 * `combatants`, `round` if `_canChangeRound(user)`, `turn` if `_canChangeTurn(user)` (both true
 * in core, for subclasses to narrow), and every combatant change as that Combatant's own update
 * check allows it (an unknown combatant refuses the whole update). So a player who does not own
 * every combatant cannot send a round change that carries re-rolled initiatives for all.
 */
function canUpdateCombat(user: ActingUser, doc: DocumentDouble, data: AnyObject): boolean {
  if (user.isGM) return true;
  const combat = doc as CombatDouble;
  if (Object.keys(data).some((k) => !(PLAYER_COMBAT_KEYS as readonly string[]).includes(k))) return false;
  if ("round" in data && !combat._canChangeRound(user)) return false;
  if ("turn" in data && !combat._canChangeTurn(user)) return false;
  if ("combatants" in data) {
    for (const { _id, ...change } of data.combatants as AnyObject[]) {
      const combatant = combat.combatants.get(String(_id));
      if (!combatant?.canUserModify(user, "update", change)) return false;
    }
  }
  return true;
}

function combatantClass(): typeof CombatantDouble {
  return (world().CONFIG.Combatant.documentClass as typeof CombatantDouble | undefined) ?? CombatantDouble;
}

/** The round and turn fields: NumberField({integer, min: 0}); `round` is never null. */
function cleanRoundOrTurn(key: "round" | "turn", value: unknown): number | null {
  if (key === "turn" && (value === null || value === undefined)) return null;
  const n = Math.round(Number(value));
  if (!Number.isFinite(n) || n < 0) throw new Error(`Combat validation errors:\n  ${key}: must be an integer >= 0`);
  return n;
}

/**
 * Foundry's Combat (BaseCombat + client Combat, v13): `round` (0 until started), `turn` (null
 * until started), `active`, `scene`, embedded `combatants` of `CONFIG.Combatant.documentClass`,
 * `system` from `CONFIG.Combat.dataModels`; `turns` sorted by `_sortCombatants` in `setupTurns`,
 * `combatant`, `started`, `current`/`previous`; the round and turn methods with their hooks; the
 * turn events; `rollInitiative`, `rollAll`, `rollNPC`, `resetAll`, `setInitiative`. Creating and
 * deleting a Combat needs an assistant or a GM (core's default), updating follows
 * `canUpdateCombat`. A Combat has no ownership: only GMs own it.
 * Simpler than Foundry: no scene or canvas (no turn markers, token HUD or region events), no
 * combat sounds, no world time, no CombatantGroup, no debounced setup (turns are sorted at once).
 */
export class CombatDouble extends DocumentDouble {
  static override documentName = "Combat";
  static override collectionName = "combats";
  static override hasOwnership = false;
  static override config = (): DocumentConfig => world().CONFIG.Combat;

  combatants: CombatantCollection<CombatantDouble>;
  round: number;
  turn: number | null;
  active: boolean;
  scene: string | null;
  turns: CombatantDouble[] = [];
  current: CombatHistoryData;
  previous: CombatHistoryData | undefined = undefined;

  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: "ASSISTANT",
    update: canUpdateCombat,
    delete: "ASSISTANT",
  };

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    this.round = cleanRoundOrTurn("round", data.round ?? 0) as number;
    this.turn = cleanRoundOrTurn("turn", data.turn);
    this.active = Boolean(data.active);
    this.scene = (data.scene as string | undefined) ?? null;
    this.combatants = new CombatantCollection<CombatantDouble>();
    const Combatant = combatantClass();
    for (const c of (data.combatants as AnyObject[] | undefined) ?? [])
      this.combatants.add(new Combatant(c, { parent: this }));
    this.current = this._getCurrentState();
    if (this.combatants.size) this.setupTurns();
  }

  /**
   * Combat.create: the configured class (`CONFIG.Combat.documentClass`) is what the server hands
   * back. `_preCreate` and `preCreateCombat` on this client, the server's check (an assistant or a
   * GM), then on every client `_onCreate` and the `createCombat` hook; the first combat is viewed.
   */
  static override async create(
    data: AnyObject,
    options: { parent?: DocumentDouble | null } & AnyObject = {},
  ): Promise<DocumentDouble | undefined> {
    const user = actingUser();
    const Implementation = this.implementation as typeof CombatDouble;
    const combat = new Implementation(data, options);
    await combat._preCreate(data, options);
    if (!CombatDouble._callPreHook("preCreateCombat", combat, data, options, user.id)) return undefined;
    await roundTrip();
    if (!combat.canUserModify(user, "create", data)) refuse(user, "create", combat);
    serverWrites.push({ action: "create", documentName: "Combat", userId: user.id, data: [combat.toObject()] });
    combat.prepareData();
    const collection = world().game.combats;
    collection.add(combat);
    collection.viewIfNone(combat);
    onEveryClient(() => {
      combat._onCreate(data, options, user.id);
      DocumentDouble._callHook("createCombat", combat, options, user.id);
    });
    return combat;
  }

  /** v13 Combat#_onCreate, on every client: `_onEnter` for its combatants on the active GM's, and the turn events. */
  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {
    if (this.#isActiveGmClient()) for (const c of this.combatants.contents) track(this._onEnter(c));
    track(this._manageTurnEvents());
  }

  #isActiveGmClient(): boolean {
    return world().game.users.activeGM?.id === actingUser().id;
  }

  get combatant(): CombatantDouble | null {
    return this.turn !== null ? (this.turns[this.turn] ?? null) : null;
  }

  get nextCombatant(): CombatantDouble | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn ?? -1) + 1];
  }

  get started(): boolean {
    return this.round > 0;
  }

  get isActive(): boolean {
    return this.active;
  }

  get visible(): boolean {
    return true;
  }

  /** The `core.combatTrackerConfig` setting (CombatEncounters.settings): `skipDefeated` and the tracked resource. */
  get settings(): { skipDefeated: boolean; resource: string } {
    return world().game.settings.get("core", "combatTrackerConfig") as { skipDefeated: boolean; resource: string };
  }

  /** A player's round change: allowed by core, for a subclass to narrow. */
  _canChangeRound(_user: ActingUser): boolean {
    return true;
  }

  /** A player's turn change: allowed by core, for a subclass to narrow. */
  _canChangeTurn(_user: ActingUser): boolean {
    return true;
  }

  /** Combat#_sortCombatants (API v13): initiative descending (unrolled last), ties broken by combatant id. */
  _sortCombatants(a: CombatantDouble, b: CombatantDouble): number {
    const ia = isNumeric(a.initiative) ? a.initiative : -Infinity;
    const ib = isNumeric(b.initiative) ? b.initiative : -Infinity;
    return ib - ia || (a.id > b.id ? 1 : -1);
  }

  /**
   * Combat#setupTurns: sorts the combatants (through `_sortCombatants`, called without
   * `this`, as core passes it to `Array#sort`), wraps a turn past the end to the next round, and
   * records the current state.
   */
  setupTurns(): CombatantDouble[] {
    const sort = this._sortCombatants;
    const turns = this.combatants.contents.sort((a, b) => sort.call(undefined, a, b));
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    this.current = this._getCurrentState(turns[this.turn ?? -1]);
    this.previous ??= this.current;
    return (this.turns = turns);
  }

  _getCurrentState(combatant?: CombatantDouble | null): CombatHistoryData {
    const c = combatant || this.combatant;
    return { round: this.round, turn: this.turn ?? null, combatantId: c?.id || null, tokenId: c?.tokenId || null };
  }

  getCombatantsByActor(actor: string | { id: string }): CombatantDouble[] {
    const id = typeof actor === "string" ? actor : actor.id;
    return this.combatants.filter((c) => c.actorId === id);
  }

  getCombatantsByToken(token: string | { id: string }): CombatantDouble[] {
    const id = typeof token === "string" ? token : token.id;
    return this.combatants.filter((c) => c.tokenId === id);
  }

  /* ---------------------------------- round and turn ---------------------------------- */

  /** The world-time option of v13's round and turn updates (`{worldTime: {delta}}`). */
  #timeDelta(fromRound: number, fromTurn: number | null, toRound: number, toTurn: number | null): number {
    const { turnTime, roundTime } = world().CONFIG.time;
    const rounds = Math.max(toRound, 1) - Math.max(fromRound, 1);
    let turns = Math.max(rounds - 1, 0) * this.turns.length;
    if (fromRound < toRound) {
      turns += toTurn ?? 0;
      if (fromRound > 0) turns += fromTurn === null ? 0 : this.turns.length - fromTurn;
    } else if (fromRound > toRound) {
      turns -= fromTurn === null ? 0 : fromTurn + 1;
      if (fromRound > 0) turns -= toTurn === null ? 0 : this.turns.length - (toTurn + 1);
    } else turns += (toTurn ?? 0) - (fromTurn ?? 0);
    return rounds * roundTime + turns * turnTime;
  }

  /** Combat#startCombat: `combatStart(combat, updateData)` on this client, then round 1, turn 0. */
  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    world().Hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    await refreshExpiry("combatStart", { combat: this });
    return this;
  }

  /** Combat#nextRound: turn 0 (the first undefeated with skipDefeated), or null if no one has the turn. */
  async nextRound(): Promise<this> {
    let turn = this.turn === null || this.turns.length === 0 ? null : 0;
    if (this.settings.skipDefeated && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) turn = 0;
    }
    const round = this.round + 1;
    const updateData = { round, turn };
    const updateOptions = { direction: 1, worldTime: { delta: this.#timeDelta(this.round, this.turn, round, turn) } };
    world().Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Combat#previousRound: the last turn of the round before (none in round 1). */
  async previousRound(): Promise<this> {
    if (this.round === 0) return this;
    const turn = this.round === 1 || this.turn === null || this.turns.length === 0 ? null : this.turns.length - 1;
    const round = this.round - 1;
    const updateData = { round, turn };
    const updateOptions = { direction: -1, worldTime: { delta: this.#timeDelta(this.round, this.turn, round, turn) } };
    world().Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Combat#nextTurn: the next (undefeated, with skipDefeated) turn, or the next round past the last. */
  async nextTurn(): Promise<this> {
    if (this.round === 0) return this.nextRound();
    const turn = this.turn ?? -1;
    let next: number | null = null;
    if (this.settings.skipDefeated) {
      for (let i = turn + 1; i < this.turns.length; i++) {
        if (!this.turns[i]?.isDefeated) {
          next = i;
          break;
        }
      }
    } else next = turn + 1;
    if (next === null || next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = {
      direction: 1,
      worldTime: { delta: this.#timeDelta(this.round, this.turn, this.round, next) },
    };
    world().Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Combat#previousTurn: the turn before, or the previous round from the first turn. */
  async previousTurn(): Promise<this> {
    if (this.round === 0) return this;
    if (this.turn === 0 || this.turns.length === 0) return this.previousRound();
    const previous = (this.turn ?? this.turns.length) - 1;
    const updateData = { round: this.round, turn: previous };
    const updateOptions = {
      direction: -1,
      worldTime: { delta: this.#timeDelta(this.round, this.turn, this.round, previous) },
    };
    world().Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /**
   * Combat#endCombat (v13): asks the GM to confirm (`DialogV2.confirm`), then deletes the combat.
   * Simpler than Foundry: the dialog's answer is the one the test queued (`DialogV2.answers`).
   */
  async endCombat(): Promise<this> {
    const { DialogV2 } = (globalThis as unknown as { foundry: { applications: { api: DialogApi } } }).foundry
      .applications.api;
    if (await DialogV2.confirm({ window: { title: "COMBAT.EndTitle" }, modal: true })) await this.delete();
    return this;
  }

  /* ---------------------------------- initiative ---------------------------------- */

  /**
   * Combat#rollInitiative (v13): for each given combatant the user owns (others are skipped), its
   * `getInitiativeRoll(formula)` evaluated; all initiatives written in ONE `updateEmbeddedDocuments`
   * (with `turnEvents: false`, and the turn kept on its index when `updateTurn` is false), then ONE
   * `ChatMessage.create` of all the messages: speaker the combatant, `core.initiativeRoll` flag,
   * the roll mode of the user's setting (v13 `core.rollMode`, v14 `core.messageMode`), private
   * ("gmroll"/"gm") for a hidden combatant, `messageOptions.rollMode` winning.
   * Simpler than Foundry: the flavour is core's English, no sound.
   */
  async rollInitiative(
    ids: string | string[],
    {
      formula = null,
      updateTurn = true,
      messageOptions = {},
    }: { formula?: string | null; updateTurn?: boolean; messageOptions?: AnyObject } = {},
  ): Promise<this> {
    const { game, CONFIG } = world();
    const v14 = game.release.generation >= 14;
    const chosenMode = String(game.settings.get("core", v14 ? "messageMode" : "rollMode"));
    const updates: AnyObject[] = [];
    const messages: AnyObject[] = [];
    const ChatMessage = CONFIG.ChatMessage.documentClass;
    for (const id of typeof ids === "string" ? [ids] : ids) {
      const combatant = this.combatants.get(id);
      if (!combatant?.isOwner) continue;
      const roll = await combatant.getInitiativeRoll(formula).evaluate();
      updates.push({ _id: id, initiative: roll.total });
      const mode =
        "rollMode" in messageOptions
          ? String(messageOptions.rollMode)
          : combatant.hidden
            ? v14
              ? "gm"
              : "gmroll"
            : chosenMode;
      const { rollMode: _rollMode, ...options } = messageOptions;
      const data = mergeObject(
        {
          speaker: ChatMessage.getSpeaker({ actor: combatant.actor, token: combatant.token, alias: combatant.name }),
          flavor: `${combatant.name} rolls for Initiative!`,
          flags: { core: { initiativeRoll: true } },
        },
        options,
      );
      data.rolls = [roll];
      messages.push((v14 ? ChatMessage.applyMode : ChatMessage.applyRollMode)?.call(ChatMessage, data, mode) ?? data);
    }
    if (!updates.length) return this;
    const updateOptions: AnyObject = { turnEvents: false };
    if (!updateTurn) updateOptions.combatTurn = this.turn;
    await this.updateEmbeddedDocuments("Combatant", updates, updateOptions);
    await ChatMessage.createDocuments(messages);
    return this;
  }

  /** Combat#rollAll: every combatant the user owns that has no initiative yet. */
  async rollAll(options?: Parameters<CombatDouble["rollInitiative"]>[1]): Promise<this> {
    const ids = this.combatants.filter((c) => c.isOwner && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids, options);
  }

  /** Combat#rollNPC: the same, for non-player combatants only. */
  async rollNPC(options: Parameters<CombatDouble["rollInitiative"]>[1] = {}): Promise<this> {
    const ids = this.combatants.filter((c) => c.isOwner && c.isNPC && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids, options);
  }

  /**
   * Combat#resetAll (v13): every initiative cleared in ONE Combat update carrying all the
   * combatants (`diff: false`, `turnEvents: false`), the turn moved to follow the current combatant.
   */
  async resetAll({ updateTurn = true }: { updateTurn?: boolean } = {}): Promise<void> {
    const currentId = this.combatant?.id;
    for (const c of this.combatants.contents) c.initiative = null;
    this.setupTurns();
    const update: AnyObject = { combatants: this.combatants.toObject() };
    if (updateTurn && currentId) update.turn = this.turns.findIndex((t) => t.id === currentId);
    await this.update(update, { turnEvents: false, diff: false });
  }

  /** Combat#setInitiative: the combatant's own update (so its owner may do it). */
  async setInitiative(id: string, value: number | null): Promise<void> {
    const combatant = this.combatants.get(id, { strict: true }) as CombatantDouble;
    await combatant.update({ initiative: value });
  }

  /* ---------------------------------- writes ---------------------------------- */

  /**
   * Combat#update, as the client and server run it: on the writing client the document's
   * `_preUpdate(changes, options, user)` (which may add to the changes, e.g. `combatants` entries,
   * or return false to cancel), then the `preUpdateCombat` hook; the server's check
   * (`canUpdateCombat`, refusing as Foundry does); the change applied (embedded `combatants`
   * entries merged into their combatant by `_id`, no `updateCombatant` hook for them); then, on
   * every client, `_onUpdate` (turn order, `current`/`previous`, turn events unless
   * `options.turnEvents === false`) and the `updateCombat` hook.
   */
  override async update(changes: AnyObject, options: AnyObject = {}): Promise<this | undefined> {
    const user = actingUser();
    const changed: AnyObject = { ...expandObject(changes), _id: this.id };
    if ((await this._preUpdate(changed, options, user)) === false) return undefined;
    if (!CombatDouble._callPreHook("preUpdateCombat", this, changed, options, user.id)) return undefined;
    await roundTrip();
    if (!this.canUserModify(user, "update", changed)) refuse(user, "update", this);
    serverWrites.push({ action: "update", documentName: "Combat", userId: user.id, data: [structuredClone(changed)] });
    this._applyChanges(changed);
    this.prepareData();
    this.#turnChanged = this.#updateState(changed);
    onEveryClient(() => {
      this._onUpdate(changed, options, user.id);
      DocumentDouble._callHook("updateCombat", this, changed, options, user.id);
    });
    this.#turnChanged = false;
    renderTracker(this, options);
    return this;
  }

  /** Set while the clients run `_onUpdate` and `_on…DescendantDocuments`: the write moved the turn. */
  #turnChanged = false;

  /**
   * v13 Combat#_onUpdate, on every client: the turn events when the round, turn or current
   * combatant changed, unless `options.turnEvents === false`. The double has already sorted the
   * turns and recorded `current`/`previous` (once, as its clients share the document), so a
   * subclass's override sees the new state before calling `super`.
   */
  _onUpdate(_changed: AnyObject, options: AnyObject, _userId: string): void {
    if (this.#turnChanged && options.turnEvents !== false) track(this._manageTurnEvents());
  }

  protected override _applyChanges(changed: AnyObject): void {
    const { combatants, round, turn, ...rest } = changed as AnyObject & { combatants?: AnyObject[] };
    if ("round" in changed) this.round = cleanRoundOrTurn("round", round) as number;
    if ("turn" in changed) this.turn = cleanRoundOrTurn("turn", turn);
    for (const entry of combatants ?? []) {
      const { _id, ...change } = entry;
      this.combatants.get(String(_id))?.updateSource(change);
    }
    super._applyChanges(rest);
  }

  /** v13 Combat#_onUpdate's state work: the turn order and state; whether the turn moved. */
  #updateState(changed: AnyObject): boolean {
    const priorState = structuredClone(this.current);
    this.previous ??= priorState;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    return this.#recordPreviousState(priorState);
  }

  /** Whether the round, the turn or the current combatant changed; `previous` becomes the prior state. */
  #recordPreviousState(priorState: CombatHistoryData): boolean {
    const { round, turn, combatantId } = this.current;
    const changed = combatantId !== priorState.combatantId || round !== priorState.round || turn !== priorState.turn;
    this.previous = { ...priorState };
    return changed;
  }

  /** v13 Combat##onModifyCombatants's state work: `combatTurn` kept, turns sorted; whether the current combatant moved. */
  #modifyCombatants(options: AnyObject): boolean {
    const priorState = structuredClone(this.current);
    if (typeof options.combatTurn === "number") this.turn = options.combatTurn;
    this.setupTurns();
    return this.#recordPreviousState(priorState);
  }

  /** Turn events on this client when the combatants' change moved the turn (Combat##onModifyCombatants). */
  #turnEventsAfterCombatantChange(options: AnyObject): void {
    if (this.#turnChanged && options.turnEvents !== false) track(this._manageTurnEvents());
  }

  /** v13, on every client after combatants are created: `_onEnter` for each on the active GM's, the turn events. */
  _onCreateDescendantDocuments(
    _parent: DocumentDouble,
    collection: string,
    documents: CombatantDouble[],
    _data: AnyObject[],
    options: AnyObject,
    _userId: string,
  ): void {
    if (collection !== "combatants") return;
    if (this.#isActiveGmClient()) for (const c of documents) track(this._onEnter(c));
    this.#turnEventsAfterCombatantChange(options);
  }

  /** v13, on every client after combatants are updated: the turn events. */
  _onUpdateDescendantDocuments(
    _parent: DocumentDouble,
    collection: string,
    _documents: CombatantDouble[],
    _changes: AnyObject[],
    options: AnyObject,
    _userId: string,
  ): void {
    if (collection !== "combatants") return;
    this.#turnEventsAfterCombatantChange(options);
  }

  /** v13, on every client after combatants are deleted: `_onExit` for each on the active GM's, the turn events. */
  _onDeleteDescendantDocuments(
    _parent: DocumentDouble,
    collection: string,
    documents: CombatantDouble[],
    _ids: string[],
    options: AnyObject,
    _userId: string,
  ): void {
    if (collection !== "combatants") return;
    if (this.#isActiveGmClient()) for (const c of documents) track(this._onExit(c));
    this.#turnEventsAfterCombatantChange(options);
  }

  /** Runs a combatant write's client side on every client, then redraws the tracker. */
  #onEveryClientAfterCombatants(turnChanged: boolean, options: AnyObject, fn: () => void): void {
    this.#turnChanged = turnChanged;
    onEveryClient(fn);
    this.#turnChanged = false;
    renderTracker(this, options);
  }

  override prepareEmbeddedDocuments(): void {
    for (const combatant of this.combatants.contents) combatant.prepareData();
  }

  override getEmbeddedCollection(name: string): CollectionDouble<DocumentDouble> | undefined {
    return name === "Combatant" ? (this.combatants as unknown as CollectionDouble<DocumentDouble>) : undefined;
  }

  #assertCombatant(name: string): void {
    if (name !== "Combatant") throw new Error(`The double embeds only Combatants in a Combat, not ${name}`);
  }

  /**
   * Creates combatants in ONE request: each one's `_preCreate` and `preCreateCombatant` hook on
   * this client, the server's check for each (OWNER of its actor, or a GM: one refusal refuses the
   * request), then on every client the turn order (`_onCreateDescendantDocuments`), `_onEnter` on
   * the active GM's, and `createCombatant` for each.
   */
  async createEmbeddedDocuments(name: string, data: AnyObject[], options: AnyObject = {}): Promise<CombatantDouble[]> {
    this.#assertCombatant(name);
    const user = actingUser();
    const Combatant = combatantClass();
    const operation = { ...options, parent: this };
    const accepted: { doc: CombatantDouble; data: AnyObject }[] = [];
    for (const d of data) {
      const doc = new Combatant(d, { parent: this });
      await doc._preCreate(d, operation);
      if (Combatant._callPreHook("preCreateCombatant", doc, d, operation, user.id)) accepted.push({ doc, data: d });
    }
    if (!accepted.length) return [];
    await roundTrip();
    for (const { doc, data: d } of accepted) if (!doc.canUserModify(user, "create", d)) refuse(user, "create", doc);
    serverWrites.push({
      action: "create",
      documentName: "Combatant",
      userId: user.id,
      data: accepted.map(({ doc }) => doc.toObject()),
    });
    const created = accepted.map(({ doc }) => {
      doc.prepareData();
      return this.combatants.add(doc);
    });
    const turnChanged = this.#modifyCombatants(options);
    this.#onEveryClientAfterCombatants(turnChanged, options, () => {
      for (const [i, c] of created.entries()) c._onCreate(accepted[i]?.data ?? {}, operation, user.id);
      this._onCreateDescendantDocuments(this, "combatants", created, data, operation, user.id);
      for (const c of created) DocumentDouble._callHook("createCombatant", c, operation, user.id);
    });
    return created;
  }

  /**
   * Updates combatants in ONE request: each one's `_preUpdate` and `preUpdateCombatant` hook on
   * this client, the server's check for each (`canUpdateCombatant`: one refusal refuses the
   * request), then on every client the turn order (`options.combatTurn` kept) with the turn
   * events unless `turnEvents: false`, and `updateCombatant` for each.
   */
  async updateEmbeddedDocuments(
    name: string,
    updates: AnyObject[],
    options: AnyObject = {},
  ): Promise<CombatantDouble[]> {
    this.#assertCombatant(name);
    const user = actingUser();
    const operation = { ...options, parent: this };
    const accepted: { doc: CombatantDouble; changed: AnyObject }[] = [];
    for (const update of updates) {
      const doc = this.combatants.get(String(update._id), { strict: true }) as CombatantDouble;
      const changed = { ...expandObject(update), _id: doc.id };
      if ((await doc._preUpdate(changed, operation, user)) === false) continue;
      const ctor = doc.constructor as typeof CombatantDouble;
      if (ctor._callPreHook("preUpdateCombatant", doc, changed, operation, user.id)) accepted.push({ doc, changed });
    }
    if (!accepted.length) return [];
    await roundTrip();
    for (const { doc, changed } of accepted) {
      const { _id, ...change } = changed;
      if (!doc.canUserModify(user, "update", change)) refuse(user, "update", doc);
    }
    serverWrites.push({
      action: "update",
      documentName: "Combatant",
      userId: user.id,
      data: accepted.map(({ changed }) => structuredClone(changed)),
    });
    const current = this.combatant;
    for (const { doc, changed } of accepted) {
      doc.updateSource(changed);
      doc.prepareData();
    }
    const turnChanged = this.#modifyCombatants({ ...options, combatTurn: options.combatTurn ?? this.#turnOf(current) });
    const docs = accepted.map(({ doc }) => doc);
    const changes = accepted.map(({ changed }) => changed);
    this.#onEveryClientAfterCombatants(turnChanged, options, () => {
      for (const { doc, changed } of accepted) doc._onUpdate(changed, operation, user.id);
      this._onUpdateDescendantDocuments(this, "combatants", docs, changes, operation, user.id);
      for (const { doc, changed } of accepted)
        DocumentDouble._callHook("updateCombatant", doc, changed, operation, user.id);
    });
    return docs;
  }

  /**
   * Where the turn goes when combatants change without a `combatTurn`: with the combatant who had
   * it (Combat#rollInitiative and #setInitiative, API v13: the turn order is updated "to keep the
   * turn on the same Combatant"; `updateTurn: false` sends `combatTurn: this.turn` instead).
   */
  #turnOf(current: CombatantDouble | null): number | undefined {
    if (!current) return undefined;
    const sort = this._sortCombatants;
    return this.combatants.contents.sort((a, b) => sort.call(undefined, a, b)).indexOf(current);
  }

  /** Deletes combatants in ONE request (OWNER of each one's actor, or a GM), then `_onExit` on the active GM's. */
  async deleteEmbeddedDocuments(name: string, ids: string[], options: AnyObject = {}): Promise<string[]> {
    this.#assertCombatant(name);
    const user = actingUser();
    const operation = { ...options, parent: this };
    const accepted = ids
      .map((id) => this.combatants.get(id, { strict: true }) as CombatantDouble)
      .filter((doc) =>
        (doc.constructor as typeof CombatantDouble)._callPreHook("preDeleteCombatant", doc, operation, user.id),
      );
    if (!accepted.length) return [];
    await roundTrip();
    for (const doc of accepted) if (!doc.canUserModify(user, "delete")) refuse(user, "delete", doc);
    serverWrites.push({
      action: "delete",
      documentName: "Combatant",
      userId: user.id,
      data: accepted.map((d) => ({ _id: d.id })),
    });
    for (const doc of accepted) this.combatants.delete(doc.id);
    const turnChanged = this.#modifyCombatants(options);
    const deletedIds = accepted.map((d) => d.id);
    this.#onEveryClientAfterCombatants(turnChanged, options, () => {
      for (const doc of accepted) doc._onDelete(operation, user.id);
      this._onDeleteDescendantDocuments(this, "combatants", accepted, deletedIds, operation, user.id);
      for (const doc of accepted) DocumentDouble._callHook("deleteCombatant", doc, operation, user.id);
    });
    return deletedIds;
  }

  /* ---------------------------------- turn events ---------------------------------- */

  /**
   * v13 Combat#_manageTurnEvents, called on every client (not awaited): nothing before the combat
   * starts; on the active GM's client the turn events, awaited in order; then on every client
   * `combatTurnChange(combat, previous, current)` (so on the GM's client after its events).
   */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const { current, previous } = this;
    if (this.#isActiveGmClient()) await this.#triggerTurnEvents();
    world().Hooks.callAll("combatTurnChange", this, previous, current);
  }

  /**
   * v13 Combat##triggerTurnEvents. Moving forward walks every turn from the previous one to the
   * current one: for each step, end turn of the one before, end round and start round when the
   * round changes, start turn of the next, with `skipped: true` for the turns passed over (a
   * combatant skipped as defeated still gets its events, as in core). Moving backward fires
   * nothing. With the same round and turn but another combatant there (the order changed), end
   * turn of the old one and start turn of the new one.
   */
  async #triggerTurnEvents(): Promise<void> {
    const { turns, current } = this;
    const previous = this.previous ?? current;
    const intervals: [number, number][] = [];
    let roundDelta = current.round - previous.round;
    const previousTurn = previous.turn ?? -1;
    if (roundDelta === 0) {
      if (current.round > 0 && current.turn !== null && previousTurn < current.turn)
        intervals.push([previousTurn + 1, current.turn]);
    } else if (roundDelta > 0) {
      if (previous.round > 0) intervals.push([previousTurn + 1, turns.length - 1]);
      while (--roundDelta) intervals.push([0, turns.length - 1]);
      intervals.push([0, current.turn ?? 0]);
    }
    if (intervals.length) {
      let prior = {
        combatant: this.combatants.get(previous.combatantId ?? "") ?? null,
        round: previous.round,
        turn: previous.turn,
        skipped: false,
      };
      for (const [from, to] of intervals) {
        for (let turn = from; turn <= to; turn++) {
          const round = prior.round + (turn === 0 ? 1 : 0);
          const next = {
            combatant: turns[turn] ?? null,
            round,
            turn,
            skipped: round !== current.round || turn !== current.turn,
          };
          if (prior.combatant) {
            await this._onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
            await refreshExpiry("turnEnd", {
              combat: this,
              combatant: prior.combatant,
              round: prior.round,
              turn: prior.turn,
            });
          }
          if (prior.round !== next.round) {
            await this._onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
            await refreshExpiry("roundEnd", { combat: this, round: prior.round, turn: prior.turn });
            await this._onStartRound({ round: next.round, skipped: next.round !== current.round });
            await refreshExpiry("roundStart", { combat: this, round: next.round, turn: next.turn });
          }
          if (next.combatant) {
            await this._onStartTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
            await refreshExpiry("turnStart", {
              combat: this,
              combatant: next.combatant,
              round: next.round,
              turn: next.turn,
            });
          }
          prior = next;
        }
      }
      return;
    }
    const sameSlot = current.round === previous.round && current.turn === previous.turn;
    if (current.combatantId !== previous.combatantId && sameSlot) {
      const context = { round: current.round, turn: current.turn, skipped: false };
      const prior = this.combatants.get(previous.combatantId ?? "");
      if (prior) {
        await this._onEndTurn(prior, context);
        await refreshExpiry("turnEnd", { combat: this, combatant: prior });
      }
      if (this.combatant) {
        await this._onStartTurn(this.combatant, context);
        await refreshExpiry("turnStart", { combat: this, combatant: this.combatant });
      }
    }
  }

  /** Turn events: nothing in core; subclasses override them. They run on the active GM's client only. */
  async _onEndTurn(_combatant: CombatantDouble, _context: TurnEventContext): Promise<void> {}
  async _onEndRound(_context: TurnEventContext): Promise<void> {}
  async _onStartRound(_context: TurnEventContext): Promise<void> {}
  async _onStartTurn(_combatant: CombatantDouble, _context: TurnEventContext): Promise<void> {}
  async _onEnter(_combatant: CombatantDouble): Promise<void> {}
  async _onExit(_combatant: CombatantDouble): Promise<void> {}

  /**
   * Deletes the combat: `preDeleteCombat` on this client, the server's check (an assistant or a
   * GM), then on every client `_onDelete` and `deleteCombat`; the next combat becomes the viewed
   * one; on v14 the `combatEnd` expiry event.
   */
  override async delete(options: AnyObject = {}): Promise<this | undefined> {
    const user = actingUser();
    if (!CombatDouble._callPreHook("preDeleteCombat", this, options, user.id)) return undefined;
    await roundTrip();
    if (!this.canUserModify(user, "delete")) refuse(user, "delete", this);
    serverWrites.push({ action: "delete", documentName: "Combat", userId: user.id, data: [{ _id: this.id }] });
    const collection = world().game.combats;
    collection.delete(this.id);
    collection.forget(this);
    onEveryClient(() => {
      this._onDelete(options, user.id);
      DocumentDouble._callHook("deleteCombat", this, options, user.id);
    });
    track(refreshExpiry("combatEnd", { combat: this }));
    return this;
  }

  /** v13 Combat#_onDelete, on every client: `_onExit` for each combatant on the active GM's. */
  _onDelete(_options: AnyObject, _userId: string): void {
    if (this.#isActiveGmClient()) for (const c of this.combatants.contents) track(this._onExit(c));
  }

  override toObject(): AnyObject {
    const { ownership: _ownership, ...base } = super.toObject();
    return {
      ...base,
      round: this.round,
      turn: this.turn,
      active: this.active,
      scene: this.scene,
      combatants: this.combatants.toObject(),
    };
  }
}

/**
 * `game.combats` (CombatEncounters): the world's combats, the `active` one and the `viewed` one.
 * The viewed encounter is each client's own (`Game#combat` is the encounter this client's tracker
 * shows, API v13/v14): a GM who looks at another scene's encounter changes nothing for the
 * players, and their clients keep theirs. A client that never chose views the first combat
 * created, as core's tracker does when it starts.
 */
export class CombatEncountersDouble extends CollectionDouble<CombatDouble> {
  #viewedBy = new Map<string, CombatDouble | null>();
  #firstViewed: CombatDouble | null = null;

  get viewed(): CombatDouble | null {
    const user = currentUserId();
    return this.#viewedBy.has(user) ? (this.#viewedBy.get(user) ?? null) : this.#firstViewed;
  }

  /** Views `combat` on the running client only. */
  set viewed(combat: CombatDouble | null) {
    this.#viewedBy.set(currentUserId(), combat);
  }

  /** A new combat is viewed by every client that views none. */
  viewIfNone(combat: CombatDouble): void {
    this.#firstViewed ??= combat;
    for (const [user, viewed] of this.#viewedBy) if (!viewed) this.#viewedBy.set(user, combat);
  }

  /** A deleted combat: each client that viewed it views the first one left. */
  forget(combat: CombatDouble): void {
    const next = this.contents[0] ?? null;
    if (this.#firstViewed === combat) this.#firstViewed = next;
    for (const [user, viewed] of this.#viewedBy) if (viewed === combat) this.#viewedBy.set(user, next);
  }

  get active(): CombatDouble | undefined {
    return this.find((c) => c.active);
  }

  get combats(): CombatDouble[] {
    return this.contents;
  }

  /** CombatEncounters.settings: the `core.combatTrackerConfig` setting. */
  get settings(): unknown {
    return (globalThis as unknown as CombatWorld).game.settings.get("core", "combatTrackerConfig");
  }
}

/**
 * Installs combat on a fresh double: `Combat`, `Combatant`, `CONFIG.Combat` (`documentClass`,
 * `dataModels`, `initiative`), `CONFIG.Combatant`, `CONFIG.time`, `CONFIG.specialStatusEffects`,
 * `game.combats` and `game.combat` (the viewed combat), the `core.combatTrackerConfig` setting
 * (skipDefeated off, as core's default), and forgets earlier tokens, writes and pending events.
 */
export function growForCombat(env: {
  CONFIG: AnyObject;
  game: AnyObject;
  settings: { register(namespace: string, key: string, config: AnyObject): void };
}): void {
  const g = globalThis as unknown as AnyObject & { foundry: { documents: AnyObject } };
  placedTokens.clear();
  serverWrites.length = 0;
  pendingEvents.clear();
  eventErrors.length = 0;
  Object.assign(env.CONFIG.Combat as AnyObject, {
    documentClass: CombatDouble,
    dataModels: {},
    initiative: { formula: null, decimals: 2 },
    sounds: {},
  });
  Object.assign(env.CONFIG.Combatant as AnyObject, { documentClass: CombatantDouble });
  env.CONFIG.time = { turnTime: 0, roundTime: 6 };
  env.CONFIG.specialStatusEffects = { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" };
  const combats = new CombatEncountersDouble();
  env.game.combats = combats;
  Object.defineProperty(env.game, "combat", { configurable: true, enumerable: true, get: () => combats.viewed });
  env.settings.register("core", "combatTrackerConfig", {
    scope: "world",
    config: false,
    type: Object,
    default: { resource: "", skipDefeated: false },
  });
  g.Combat = CombatDouble;
  g.Combatant = CombatantDouble;
  g.foundry.documents.Combat = CombatDouble;
  g.foundry.documents.Combatant = CombatantDouble;
  g.foundry.documents.TokenDocument = TokenDocumentDouble;
}
