import { untypedHooks } from "../foundry/hooks";
import { coreTurnEnd, coreTurnStart } from "../foundry/turn-work";
import { fighterOf, harmoniesFighterOf, wuxiaFighterOf } from "./fighters";
import type { RoundStartChange } from "./fighters";
import { UserError } from "../core/errors";
import { recordedInitiative, roundOf, roundWrite, type RoundChange } from "./models";
import { endFightEffects, expireEffects } from "./effects";
import { combatRequests } from "./requests";
import { postRoundSummary } from "./summary";
import { compareEntries, pendingTurn, previousTurn, type TurnEntry } from "./turn-order";

type Changes = Record<string, unknown>;
type CombatantChange = { _id: string };

/** The update option marking a Wuxia turn whose events the system runs itself (see `advanceTurn`). */
const EXTRA_TURN = "wuxiaHarmoniesExtraTurn";

/**
 * The Initiative the turn order reads: a Wuxia round's fighter's as its combat records it (what
 * its owner writes on the combatant counts for nothing), anyone else's own.
 */
function turnInitiative(combatant: Combatant.Implementation): number | null {
  return combatant.combat?.wuxiaRounds && wuxiaFighterOf(combatant)
    ? recordedInitiative(combatant)
    : combatant.initiative;
}

/** The turn order's view of a combatant. */
export function turnEntry(combatant: Combatant.Implementation): TurnEntry {
  const round = roundOf(combatant);
  return {
    id: combatant.id ?? "",
    name: combatant.name ?? "",
    initiative: turnInitiative(combatant),
    extraActions: round.spent.actions,
    turnsTaken: round.turnsTaken,
    defeated: combatant.isDefeated,
  };
}

/** A combatant's part of a round start: its roll's outcome, or (not rolling) no turn taken yet. */
function roundChange(start: RoundStartChange | undefined, id: string): RoundChange {
  return start
    ? { id, initiative: start.change.initiative, round: start.change.system }
    : { id, round: { turnsTaken: 0 } };
}

/** Changes to combatants merged by id into those an update already carries (ours win key by key). */
function mergeCombatants(given: unknown, ours: readonly CombatantChange[]): CombatantChange[] {
  const merged = new Map<string, CombatantChange>();
  for (const change of Array.isArray(given) ? (given as CombatantChange[]) : []) merged.set(change._id, change);
  for (const change of ours) {
    const before = merged.get(change._id);
    merged.set(change._id, before ? foundry.utils.mergeObject(before, change, { inplace: false }) : change);
  }
  return [...merged.values()];
}

/**
 * The system's Combat. A combat with a Wuxia combatant runs Wuxia rounds (RULES 1.4): every
 * round start re-rolls every Wuxia combatant's Initiative test inside the update that changes
 * the round — one Combat update and one summary message, whoever asked (Crucible's pattern) —
 * and the turns follow the rules' order: first turns by Initiative, then extra actions in
 * passes, each combatant keeping its one entry in `turns` (no clones). A player's turn change
 * goes through the active GM, who checks it.
 */
export class WuxiaHarmoniesCombat extends Combat {
  /** The round start rolled for an update of this client's, posted once the server has written it. */
  #summary: { round: number; starts: RoundStartChange[] } | null = null;

  /** Whether this combat runs Wuxia rounds. */
  get wuxiaRounds(): boolean {
    return this.combatants.contents.some((c) => wuxiaFighterOf(c) !== null);
  }

  /** Initiative, then name, then id: every client sorts alike, and as the round start predicts. */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    return compareEntries(
      { id: a.id ?? "", name: a.name ?? "", initiative: turnInitiative(a) },
      { id: b.id ?? "", name: b.name ?? "", initiative: turnInitiative(b) },
    );
  }

  protected override async _preUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<false | undefined> {
    if ((await super._preUpdate(changed, options, user)) === false) return false;
    const data = changed as Changes;
    const round = data.round;
    if (typeof round === "number" && round > this.round && this.wuxiaRounds) await this.#startRound(changed, round);
    // Where a GM leaves the turn is recorded with it: a player's own write is put back there.
    if (user.isGM && ("round" in data || "turn" in data)) {
      const position = {
        round: typeof data.round === "number" ? data.round : this.round,
        turn: "turn" in data ? ((data.turn as number | null | undefined) ?? null) : this.turn,
      };
      data.system = { ...(data.system as Changes | undefined), position };
    }
    return undefined;
  }

  /** The round start, written into the update that starts the round. */
  async #startRound(changed: Combat.UpdateData, round: number): Promise<void> {
    const starts = new Map<string, RoundStartChange>();
    for (const combatant of this.combatants) {
      const start = await fighterOf(combatant)?.roundStart(combatant, round);
      if (start) starts.set(combatant.id ?? "", start);
    }
    const write = roundWrite(
      this,
      this.combatants.contents.map((c) => roundChange(starts.get(c.id ?? ""), c.id ?? "")),
    );
    const entries = this.combatants.contents.map((c): TurnEntry => {
      const start = starts.get(c.id ?? "");
      const entry = { ...turnEntry(c), turnsTaken: 0 };
      return start
        ? { ...entry, initiative: start.change.initiative, extraActions: start.purchase.extraActions }
        : entry;
    });
    const first = pendingTurn(entries);
    const order = [...entries].sort(compareEntries);
    const data = changed as Changes;
    data.combatants = mergeCombatants(data.combatants, write.combatants);
    data.system = { ...(data.system as Changes | undefined), ...write.system };
    data.turn = first ? order.findIndex((e) => e.id === first.id) : 0;
    this.#summary = { round, starts: [...starts.values()] };
  }

  /**
   * Core's round changes (start, next round) end here; a round start rolled in `_preUpdate` is
   * summed up once its update is written, so a refused update posts no summary of rolls that
   * never happened.
   */
  override async update(
    data?: Combat.UpdateData,
    operation?: Combat.Database.UpdateOperation,
  ): Promise<this | undefined> {
    this.#summary = null;
    try {
      const result = await super.update(data, operation);
      const summary = this.#takeSummary();
      if (summary && result && this.round === summary.round)
        await postRoundSummary(this, summary.round, summary.starts);
      return result;
    } finally {
      this.#summary = null;
    }
  }

  #takeSummary(): { round: number; starts: RoundStartChange[] } | null {
    const summary = this.#summary;
    this.#summary = null;
    return summary;
  }

  /**
   * Wuxia combatants roll their round start (its Initiative test, spent on the default); a player
   * asks the authority, for a combatant of theirs not yet rolled this round. The others roll as
   * core rolls them, with the system's Roll (the Combatant's `getInitiativeRoll`).
   */
  override async rollInitiative(ids: string | string[], options?: Combat.InitiativeOptions): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const wuxia = list.filter((id) => {
      const combatant = this.combatants.get(id);
      return combatant !== undefined && wuxiaFighterOf(combatant) !== null;
    });
    // A player's Wuxia or Harmonies combatant rolls through the GM: its Initiative is the GM's to write.
    const byGm = game.user.isGM
      ? []
      : list.filter((id) => {
          const combatant = this.combatants.get(id);
          return wuxia.includes(id) || (combatant !== undefined && harmoniesFighterOf(combatant) !== null);
        });
    const others = list.filter((id) => !wuxia.includes(id) && !byGm.includes(id));
    if (game.user.isGM && wuxia.length) await this.rollRoundStarts(wuxia);
    for (const id of byGm) await combatRequests.rollInitiative(this, id);
    if (others.length) await super.rollInitiative(others, options);
    return this;
  }

  /** The turn index that stays with the combatant acting once these combatants' new Initiatives are written. */
  turnKeptWith(initiatives: ReadonlyMap<string, number>): number | null {
    const current = this.combatant;
    if (!current) return this.turn;
    const order = this.combatants.contents
      .map((c) => ({ ...turnEntry(c), initiative: initiatives.get(c.id ?? "") ?? turnInitiative(c) }))
      .sort(compareEntries);
    return order.findIndex((e) => e.id === current.id);
  }

  /** These Wuxia combatants' round start now, in one Combat update and one summary; the turn stays with its combatant. */
  async rollRoundStarts(ids: readonly string[]): Promise<void> {
    const round = this.round;
    const starts: RoundStartChange[] = [];
    for (const id of ids) {
      const combatant = this.combatants.get(id);
      if (!combatant) continue;
      const start = await fighterOf(combatant)?.roundStart(combatant, round);
      if (!start) throw new UserError("WH.Combat.Error.NotWuxia", { name: combatant.name ?? "" });
      starts.push(start);
    }
    const turn = this.turnKeptWith(new Map(starts.map((s) => [s.change._id, s.change.initiative])));
    const write = roundWrite(
      this,
      starts.map((s) => roundChange(s, s.change._id)),
    );
    await this.update(
      { turn, ...write } as Combat.UpdateData,
      {
        turnEvents: false,
      } as Combat.Database.UpdateOperation,
    );
    await postRoundSummary(this, round, starts);
  }

  /** The system's effects that last "until the end of the next round" end here (a turn event: the active GM's client). */
  protected override async _onEndRound(...args: Parameters<Combat["_onEndRound"]>): Promise<void> {
    await super._onEndRound(...args);
    // v13 passes the round that ended ({round, skipped}); without it, the one before the current.
    const ended = (args[0] as { round?: number } | undefined)?.round ?? this.round - 1;
    await expireEffects(this, ended);
  }

  /**
   * A combatant leaving the fight takes none of its timed effects along (on the active GM's client:
   * core calls `_onExit` there for each combatant removed, and for every combatant when the combat
   * is deleted, foundryvtt#11682).
   */
  protected override async _onExit(...args: Parameters<Combat["_onExit"]>): Promise<void> {
    await super._onExit(...args);
    await endFightEffects(this, [args[0] as Combatant.Implementation]);
  }

  /** The fight deleted (ended): every effect it timed goes, on the active GM's client, should core not call `_onExit`. */
  protected override _onDelete(...args: Parameters<Combat["_onDelete"]>): void {
    super._onDelete(...args);
    if (game.users.activeGM?.isSelf) void endFightEffects(this);
  }

  /**
   * The fighter's own turn start (a Harmonies critical wound's check), on the active GM's client.
   * Core also starts every turn a jump passes over ("Next round" mid-round, a defeated combatant
   * skipped), marked `skipped`: nothing happens for a turn that never came.
   */
  protected override async _onStartTurn(...args: Parameters<Combat["_onStartTurn"]>): Promise<void> {
    await super._onStartTurn(...args);
    const combatant = args[0] as Combatant.Implementation | undefined;
    const context = args[1] as { skipped?: boolean } | undefined;
    if (combatant && context?.skipped !== true) await fighterOf(combatant)?.turnStart();
  }

  /** Ends the current turn, by the authority (which checks the requester owns it, or is a GM). */
  override async nextTurn(): Promise<this> {
    if (!this.wuxiaRounds) return super.nextTurn();
    await combatRequests.nextTurn(this);
    return this;
  }

  override async previousTurn(): Promise<this> {
    if (!this.wuxiaRounds) return super.previousTurn();
    await combatRequests.previousTurn(this);
    return this;
  }

  /** A player starts the next round only by ending the round's last turn (the GM re-rolls it). */
  override async nextRound(): Promise<this> {
    if (this.wuxiaRounds && !game.user.isGM) return this.nextTurn();
    return super.nextRound();
  }

  /** The current combatant's turn is taken; the next pending turn starts, or the next round. */
  async advanceTurn(): Promise<this> {
    const current = this.combatant;
    const entries = this.combatants.contents.map(turnEntry);
    const taken = entries.find((e) => e.id === current?.id);
    if (taken) taken.turnsTaken += 1;
    const next = pendingTurn(entries);
    if (!next || !current) return this.nextRound();
    const turn = this.turns.findIndex((c) => c.id === next.id);
    const updateData = {
      round: this.round,
      turn,
      ...roundWrite(this, [{ id: current.id ?? "", round: { turnsTaken: taken?.turnsTaken ?? 0 } }]),
    };
    // Core starts and ends turns only when the turn index moves forward: a pass of extra actions
    // goes back up the order, and one combatant may act twice in a row. Those turns are started here.
    const backOrSame = this.turn !== null && turn <= this.turn;
    const updateOptions = {
      direction: 1 as const,
      worldTime: { delta: CONFIG.time.turnTime },
      ...(backOrSame ? { [EXTRA_TURN]: true } : {}),
    };
    untypedHooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData as Combat.UpdateData, updateOptions as Combat.Database.UpdateOperation);
    return this;
  }

  /** Set while `_onUpdate` runs for a turn core would not start (see `advanceTurn`), until its events run. */
  #extraTurn = false;

  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    this.#extraTurn = Reflect.get(args[1], EXTRA_TURN) === true;
    super._onUpdate(...args);
    // The same combatant acting again changes no round, turn or combatant: core manages no events then.
    if (this.#extraTurn) void this._manageTurnEvents();
    this.#extraTurn = false;
  }

  /**
   * Core's turn events, and for a Wuxia turn core would pass over (back up the order, or the same
   * combatant again) the same events run here: core's own handlers end the turn and start the next
   * (so its work and the system's run on every turn), with the rest of core's turn work (Region
   * turn events, the movement history, v14's effect expiry: foundry/turn-work.ts), on the active
   * GM's client, then `combatTurnChange` on every client, as core does.
   */
  protected override async _manageTurnEvents(): Promise<void> {
    if (!this.#extraTurn) return super._manageTurnEvents();
    this.#extraTurn = false;
    const { previous, current } = this;
    if (game.users.activeGM?.isSelf) {
      const prior = previous?.combatantId ? this.combatants.get(previous.combatantId) : undefined;
      if (prior && previous) {
        const ended = { round: previous.round ?? 0, turn: previous.turn ?? 0, skipped: false };
        await this._onEndTurn(prior, ended);
        await coreTurnEnd(this, prior, ended);
      }
      const next = this.combatant;
      if (next) {
        const started = { round: current.round ?? 0, turn: current.turn ?? 0, skipped: false };
        await this._onStartTurn(next, started);
        await coreTurnStart(this, next, started);
      }
    }
    untypedHooks.callAll("combatTurnChange", this, previous, current);
  }

  /** The turn before the current one is taken again; before the round's first, the previous round. */
  async rewindTurn(): Promise<this> {
    const entries = this.combatants.contents.map(turnEntry);
    const back = previousTurn(entries);
    if (!back) return this.previousRound();
    const turn = this.turns.findIndex((c) => c.id === back.id);
    const updateData = {
      round: this.round,
      turn,
      ...roundWrite(this, [{ id: back.id, round: { turnsTaken: back.turn - 1 } }]),
    };
    const updateOptions = { direction: -1 as const, worldTime: { delta: -CONFIG.time.turnTime } };
    untypedHooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData as Combat.UpdateData, updateOptions as Combat.Database.UpdateOperation);
    return this;
  }
}
