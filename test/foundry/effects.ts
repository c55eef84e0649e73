import { asClient } from "./clients";
import { mergeObject } from "./data-model";
import { DocumentDouble } from "./documents";
import type { ActingUser, CollectionDouble, DocumentAction, DocumentConfig, PermissionRule } from "./documents";

/**
 * ActiveEffect as an embedded document of Actor, in each generation's shape, with the status
 * effects and (generation 14) core's expiry. Sources: the API pages (v13 EffectDurationData,
 * Actor#toggleStatusEffect, ActiveEffect.fromStatusEffect; v14 EffectDurationData, EffectStartData,
 * CONST.ACTIVE_EFFECT_EXPIRY_EVENTS, CONFIG.ActiveEffect.expiryAction, ActiveEffectRegistry#refresh)
 * and the systems that moved to v14 (foundryvtt/crucible#607 and #705, foundryvtt/dnd5e#6837,
 * MetaMorphic-Digital/torgeternity#668).
 */

type AnyObject = Record<string, unknown>;

interface CombatantLike {
  id: string;
  actor: { id: string; uuid: string } | null;
  initiative: number | null;
}

interface CombatLike {
  id: string;
  round: number;
  turn: number | null;
  turns: CombatantLike[];
  combatant: CombatantLike | null;
  combatants: { contents: CombatantLike[] };
}

interface EffectWorld {
  game: {
    release: { generation: number };
    combat?: CombatLike | null;
    actors: CollectionDouble<DocumentDouble & { effects?: CollectionDouble<ActiveEffectDouble> }>;
    users: { activeGM?: ActingUser | null };
    i18n: { localize(key: string): string };
  };
  CONFIG: {
    ActiveEffect: DocumentConfig & { expiryAction?: "update" | "delete" | null };
    statusEffects: StatusEffectConfig[] | Record<string, StatusEffectConfig>;
  };
}

function world(): EffectWorld {
  return globalThis as unknown as EffectWorld;
}

function v14(): boolean {
  return world().game.release.generation >= 14;
}

/** One entry of `CONFIG.statusEffects`. */
export interface StatusEffectConfig {
  id: string;
  name: string;
  img: string;
  _id?: string;
  statuses?: string[];
  [key: string]: unknown;
}

/**
 * Part of core's default status list (ids, names and icons as core ships them): enough for
 * `CONFIG.specialStatusEffects` ("dead", "invisible", "blind") and the common conditions. On
 * generation 13 an array; on generation 14 an object keyed by id, on which array methods
 * (`find`, `push`) do not exist and to which an array must not be assigned (FOUNDRY-NOTES).
 */
export function coreStatusEffects(generation: number): StatusEffectConfig[] | Record<string, StatusEffectConfig> {
  const list: StatusEffectConfig[] = [
    { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
    { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
    { id: "sleep", name: "EFFECT.StatusAsleep", img: "icons/svg/sleep.svg" },
    { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
    { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
    { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
    { id: "fear", name: "EFFECT.StatusFear", img: "icons/svg/terror.svg" },
    { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
  ];
  return generation >= 14 ? Object.fromEntries(list.map((s) => [s.id, s])) : list;
}

/** A status by id in either form of `CONFIG.statusEffects` (v13: `find` on the array; v14: the key). */
function statusById(id: string): StatusEffectConfig | undefined {
  const config = world().CONFIG.statusEffects;
  if (v14()) return (config as Record<string, StatusEffectConfig>)[id];
  return (config as StatusEffectConfig[]).find((s) => s.id === id);
}

/** v13's EffectDurationData (API v13): every field optional, none interpreted by core. */
export interface V13Duration {
  startTime: number | null;
  seconds: number | null;
  combat: string | null;
  rounds: number | null;
  turns: number | null;
  startRound: number | null;
  startTurn: number | null;
}

/** v14's EffectDurationData: a value in units, an expiry event, and whether it expired. */
export interface V14Duration {
  value: number | null;
  units: "years" | "months" | "days" | "hours" | "minutes" | "seconds" | "rounds" | "turns";
  expiry: string | null;
  expired: boolean;
}

/** v14's EffectStartData: where the combat stood when the effect began. */
export interface V14Start {
  combat: string | null;
  combatant: string | null;
  initiative: number | null;
  round: number | null;
  turn: number | null;
  time: number;
}

/** CONST.ACTIVE_EFFECT_EXPIRY_EVENTS (API v14). */
export const EXPIRY_EVENTS = ["combatStart", "roundStart", "turnStart", "combatEnd", "roundEnd", "turnEnd"] as const;

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined || value === "" ? null : Number(value);
}

/**
 * ActiveEffect embedded in an Actor: `name`, `img`, `statuses` (a Set), `disabled`, `origin`,
 * `transfer`, `description`, `changes` (v13) or `system.changes` (v14), and the duration of its
 * generation. Its owners are its actor's owners (it inherits the actor's ownership). `active`:
 * not disabled (and, on v14, not expired). Simpler than Foundry: changes are kept, never applied
 * to the actor's data; no transfer from items; no suppression.
 */
/** `ActiveEffectConfig`, core's sheet of an effect: what a test reads is whether it was rendered. */
export class EffectSheetDouble {
  renders = 0;
  rendered = false;
  constructor(readonly document: ActiveEffectDouble) {}
  async render(force?: boolean | { force?: boolean }): Promise<this> {
    this.renders++;
    this.rendered = this.rendered || force === true || (typeof force === "object" && force.force === true);
    return this;
  }
}

export class ActiveEffectDouble extends DocumentDouble {
  static override documentName = "ActiveEffect";
  static override hasOwnership = false;
  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: "OWNER",
    update: "OWNER",
    delete: "OWNER",
  };
  static override config = (): DocumentConfig => world().CONFIG.ActiveEffect;

  override get sheet(): EffectSheetDouble {
    return super.sheet as EffectSheetDouble;
  }

  override set sheet(value: EffectSheetDouble) {
    super.sheet = value;
  }

  statuses: Set<string>;
  disabled: boolean;
  origin: string | null;
  transfer: boolean;
  description: string;
  changes: AnyObject[] | undefined;
  duration: V13Duration | V14Duration;
  start: V14Start | undefined;

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    // ClientDocumentMixin#sheet (API v13): the effect's config sheet, one per effect.
    this.sheet = new EffectSheetDouble(this);
    this.statuses = new Set((data.statuses as string[] | undefined) ?? []);
    this.disabled = Boolean(data.disabled);
    this.origin = (data.origin as string | undefined) ?? null;
    this.transfer = Boolean(data.transfer);
    this.description = String(data.description ?? "");
    const duration = (data.duration as AnyObject | undefined) ?? {};
    if (v14()) {
      this.duration = {
        value: nullableNumber(duration.value),
        units: (duration.units as V14Duration["units"] | undefined) ?? "seconds",
        expiry: (duration.expiry as string | undefined) ?? null,
        expired: Boolean(duration.expired),
      };
      const start = (data.start as AnyObject | undefined) ?? {};
      this.start = {
        combat: (start.combat as string | undefined) ?? null,
        combatant: (start.combatant as string | undefined) ?? null,
        initiative: nullableNumber(start.initiative),
        round: nullableNumber(start.round),
        turn: nullableNumber(start.turn),
        time: Number(start.time ?? 0),
      };
    } else {
      this.changes = structuredClone((data.changes as AnyObject[] | undefined) ?? []);
      this.duration = {
        startTime: nullableNumber(duration.startTime),
        seconds: nullableNumber(duration.seconds),
        combat: (duration.combat as string | undefined) ?? null,
        rounds: nullableNumber(duration.rounds),
        turns: nullableNumber(duration.turns),
        startRound: nullableNumber(duration.startRound),
        startTurn: nullableNumber(duration.startTurn),
      };
    }
  }

  get actor(): DocumentDouble | null {
    return this.parent?.documentName === "Actor" ? this.parent : null;
  }

  /** v14: an expired effect is inactive (the registry's "update" action sets `expired`). */
  get active(): boolean {
    return !this.disabled && !(v14() && (this.duration as V14Duration).expired);
  }

  /** Has a duration, or is a status effect (v13 ActiveEffect#isTemporary). */
  get isTemporary(): boolean {
    if (v14()) return (this.duration as V14Duration).value !== null || this.statuses.size > 0;
    const d = this.duration as V13Duration;
    const length = d.seconds ?? (d.rounds || d.turns) ?? 0;
    return length > 0 || this.statuses.size > 0;
  }

  /**
   * The start of an effect created during a combat, as core records it before the creation
   * (what the data gives wins): v13 `duration.combat/startRound/startTurn`; v14 `start` with
   * the combatant **whose turn it is** (not the effect's bearer: crucible#705,
   * torgeternity#668 set `start.combatant` themselves) and its initiative.
   */
  override async _preCreate(data: AnyObject, options: AnyObject = {}): Promise<unknown> {
    const combat = world().game.combat;
    if (combat && this.actor) {
      if (v14()) {
        const given = (data.start as AnyObject | undefined) ?? {};
        const current = combat.combatant;
        this.start = {
          ...(this.start as V14Start),
          combat: "combat" in given ? (this.start as V14Start).combat : combat.id,
          combatant: "combatant" in given ? (this.start as V14Start).combatant : (current?.id ?? null),
          initiative: "initiative" in given ? (this.start as V14Start).initiative : (current?.initiative ?? null),
          round: "round" in given ? (this.start as V14Start).round : combat.round,
          turn: "turn" in given ? (this.start as V14Start).turn : combat.turn,
        };
      } else {
        const given = (data.duration as AnyObject | undefined) ?? {};
        const d = this.duration as V13Duration;
        if (!("combat" in given)) d.combat = combat.id;
        if (!("startRound" in given)) d.startRound = combat.round;
        if (!("startTurn" in given)) d.startTurn = combat.turn ?? 0;
      }
    }
    return super._preCreate(data, options);
  }

  protected override _applyChanges(changed: AnyObject): void {
    const { statuses, duration, start, ...rest } = changed;
    if (statuses !== undefined) this.statuses = new Set(statuses as string[]);
    if (duration !== undefined)
      this.duration = mergeObject(this.duration as unknown as AnyObject, duration as AnyObject) as never;
    if (start !== undefined && this.start)
      this.start = mergeObject(this.start as unknown as AnyObject, start as AnyObject) as never;
    super._applyChanges(rest);
  }

  /** As for an owned item, a change to an effect prepares its actor again (statuses). */
  override async update(changes: AnyObject, options: AnyObject = {}): Promise<this | undefined> {
    const updated = await super.update(changes, options);
    this.actor?.prepareData();
    return updated;
  }

  /** `ActiveEffect.create(data, {parent})` (the system's class, `keepId` honoured), then the actor prepared. */
  static override async create(
    data: AnyObject,
    options: { parent?: DocumentDouble | null } & AnyObject = {},
  ): Promise<DocumentDouble | undefined> {
    const parent = options.parent as (DocumentDouble & EffectParent) | null | undefined;
    if (!parent?.createEmbeddedDocuments) throw new Error("An ActiveEffect is created on its actor (options.parent)");
    const [created] = await parent.createEmbeddedDocuments("ActiveEffect", [data], options);
    return created;
  }

  /**
   * ActiveEffect.fromStatusEffect (API v13): an unsaved effect of the status, named by its
   * localised name, with the status's id (and its extra `statuses`) in `statuses`, and the
   * status's own `_id` if it has one.
   */
  static async fromStatusEffect(statusId: string): Promise<ActiveEffectDouble> {
    const status = statusById(statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id, statuses = [], name, ...rest } = status;
    const Implementation = (world().CONFIG.ActiveEffect.documentClass as typeof ActiveEffectDouble | undefined) ?? this;
    return new Implementation({
      ...structuredClone(rest),
      name: world().game.i18n.localize(name),
      statuses: [id, ...statuses],
    });
  }

  override toObject(): AnyObject {
    const { ownership: _ownership, ...base } = super.toObject();
    return {
      ...base,
      statuses: [...this.statuses],
      disabled: this.disabled,
      origin: this.origin,
      transfer: this.transfer,
      description: this.description,
      duration: structuredClone(this.duration),
      ...(this.changes ? { changes: structuredClone(this.changes) } : {}),
      ...(this.start ? { start: structuredClone(this.start) } : {}),
    };
  }
}

/** The actor side of effects, as ActorDouble provides it. */
export interface EffectParent {
  effects: CollectionDouble<ActiveEffectDouble>;
  createEmbeddedDocuments(name: string, data: AnyObject[], options?: AnyObject): Promise<DocumentDouble[]>;
  deleteEmbeddedDocuments(name: string, ids: string[], options?: AnyObject): Promise<string[]>;
}

/** Actor#statuses: the statuses of the actor's active effects (prepared with its embedded documents). */
export function statusesOf(effects: CollectionDouble<ActiveEffectDouble>): Set<string> {
  const statuses = new Set<string>();
  for (const effect of effects.contents) if (effect.active) for (const s of effect.statuses) statuses.add(s);
  return statuses;
}

/**
 * Actor#toggleStatusEffect(statusId, {active, overlay}) (API v13): an unknown id throws; the
 * status's effects on the actor are those with its `_id`, else those whose only status it is.
 * Present: `active: true` leaves them and resolves true, otherwise they are deleted and it resolves
 * false. Absent: `active: false` resolves undefined, otherwise the status's effect is created
 * (`flags.core.overlay` with `overlay`) and returned.
 */
export async function toggleStatusEffect(
  actor: DocumentDouble & EffectParent,
  statusId: string,
  { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
): Promise<ActiveEffectDouble | boolean | undefined> {
  const status = statusById(statusId);
  if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
  const existing = status._id
    ? actor.effects.contents.filter((e) => e.id === status._id)
    : actor.effects.contents.filter((e) => e.statuses.size === 1 && e.statuses.has(status.id));
  if (existing.length) {
    if (active) return true;
    await actor.deleteEmbeddedDocuments(
      "ActiveEffect",
      existing.map((e) => e.id),
    );
    return false;
  }
  if (active === false) return undefined;
  const Implementation =
    (world().CONFIG.ActiveEffect.documentClass as typeof ActiveEffectDouble | undefined) ?? ActiveEffectDouble;
  const effect = await Implementation.fromStatusEffect(statusId);
  const data = effect.toObject();
  if (overlay) data.flags = mergeObject((data.flags as AnyObject | undefined) ?? {}, { core: { overlay: true } });
  if (status._id) data._id = status._id;
  const [created] = await actor.createEmbeddedDocuments("ActiveEffect", [data], { keepId: true });
  return created as ActiveEffectDouble;
}

/* -------------------------------------------------------------------------------------------- */
/*  Generation 14: core's expiry                                                               */
/* -------------------------------------------------------------------------------------------- */

/** What an expiry event is about: the combat, and for turn events the combatant whose turn it is. */
export interface ExpiryContext {
  combat?: CombatLike;
  combatant?: CombatantLike | null;
  /** The round and turn the event belongs to (the combat turn walk passes each step's); else the combat's. */
  round?: number;
  turn?: number | null;
}

/** Whether the effect's duration has run out at this point of the combat (v14 `units` rounds/turns). */
function durationReached(effect: ActiveEffectDouble, combat: CombatLike, context: ExpiryContext): boolean {
  const duration = effect.duration as V14Duration;
  const start = effect.start as V14Start;
  if (duration.value === null) return true;
  if (start.round === null) return false;
  const round = context.round ?? combat.round;
  if (duration.units === "rounds") return round - start.round >= duration.value;
  const turns = combat.turns.length;
  const startTurn =
    start.turn ??
    Math.max(
      combat.turns.findIndex((t) => t.id === start.combatant),
      0,
    );
  const turn = (context.turn === undefined ? combat.turn : context.turn) ?? 0;
  return (round - start.round) * turns + (turn - startTurn) >= duration.value;
}

/** Whether this event is the effect's expiry event: turn events count only on the start combatant's turn. */
function eventMatches(effect: ActiveEffectDouble, event: string, context: ExpiryContext): boolean {
  const expiry = (effect.duration as V14Duration).expiry;
  if (expiry === null) return true;
  if (expiry !== event) return false;
  if (event === "turnStart" || event === "turnEnd")
    return context.combatant?.id === (effect.start as V14Start).combatant;
  return true;
}

/**
 * v14's ActiveEffectRegistry#refresh(event, context): every combat-timed effect (units rounds or
 * turns, or a null value with an expiry) started in this combat expires when both the end of its
 * duration and its expiry event are reached ("expiration occurs when both … are reached";
 * a null value with an expiry waits for the event alone; both null never expire). The action is
 * `CONFIG.ActiveEffect.expiryAction`: "delete" deletes it, "update" writes `duration.expired`,
 * null marks it expired in memory only (foundryvtt/foundryvtt#13743). The writes are the active
 * GM's; without one, nothing is written.
 * Simpler than Foundry (and not public in detail): the double decides duration ends by round and
 * turn counts from `start` to the event's round and turn, ignores world-time units, and runs the
 * registry from the combat turn walk (on the active GM's client, after each turn event's handler:
 * no GM, no expiry), `startCombat` and the deletion of the combat.
 */
export async function refreshExpiry(event: string, context: ExpiryContext = {}): Promise<void> {
  const { game, CONFIG } = world();
  if (!v14() || !context.combat) return;
  const combat = context.combat;
  const gm = game.users.activeGM;
  for (const actor of actorsIn(combat)) {
    const expired = actor.effects.contents.filter((effect) => {
      const duration = effect.duration as V14Duration;
      if (duration.expired || effect.start?.combat !== combat.id) return false;
      if (duration.value === null && duration.expiry === null) return false;
      if (duration.value !== null && duration.units !== "rounds" && duration.units !== "turns") return false;
      if (event === "combatEnd" && duration.expiry === null) return true;
      return eventMatches(effect, event, context) && durationReached(effect, combat, context);
    });
    if (!expired.length) continue;
    const action = CONFIG.ActiveEffect.expiryAction ?? null;
    if (action === null || !gm) {
      for (const effect of expired) (effect.duration as V14Duration).expired = true;
      actor.prepareData();
    } else if (action === "delete") {
      await asClient(gm, () =>
        actor.deleteEmbeddedDocuments(
          "ActiveEffect",
          expired.map((e) => e.id),
        ),
      );
    } else {
      for (const effect of expired) await asClient(gm, () => effect.update({ "duration.expired": true }));
    }
  }
}

/** The actors of the combat's combatants (token actors included), once each. */
function actorsIn(combat: CombatLike): (DocumentDouble & EffectParent)[] {
  const seen = new Map<string, DocumentDouble & EffectParent>();
  for (const c of combat.combatants.contents) {
    const actor = c.actor as (DocumentDouble & Partial<EffectParent>) | null;
    if (actor?.effects) seen.set(actor.uuid, actor as DocumentDouble & EffectParent);
  }
  return [...seen.values()];
}

/** `ActiveEffect.registry` (v14): `refresh(event, context)` announces an expiry event, core's or the system's. */
export const effectRegistry = { refresh: refreshExpiry };
