import { runOnceOnClick } from "./card-dom";
import { t } from "../core/i18n";
import type { WuxiaHarmoniesCombat } from "./combat";
import { turnEntry } from "./combat";
import { wuxiaFighterOf } from "./fighters";
import { roundOf, sharedOf } from "./models";
import { combatRequests } from "./requests";
import { actionsLeft } from "./turn-order";
import { BUCKETS, moveSuccess } from "./split";

function button(doc: Document, label: string, text: string, onClick: () => Promise<unknown>, enabled = true) {
  const el = doc.createElement("button");
  el.type = "button";
  el.className = "wh-tracker__step";
  el.textContent = text;
  el.setAttribute("aria-label", label);
  el.dataset.tooltip = label;
  el.disabled = !enabled;
  runOnceOnClick(el, onClick);
  return el;
}

function counter(doc: Document, className: string, label: string, text: string): HTMLElement {
  const el = doc.createElement("span");
  el.className = className;
  el.dataset.tooltip = label;
  el.textContent = text;
  return el;
}

/** The split lines a row keeps open across redraws: each click redraws the tracker. */
const openSplits = new Set<string>();

const SPEND_KEYS = { initiative: "Initiative", actions: "Actions", defense: "Defense" } as const;

/**
 * The owner's split of a combatant's Initiative successes, folded under "Place 2 successes" so a
 * row is one line until its owner opens it (RULES 1.4): a stepper per bucket, and what is unspent.
 */
function splitLine(
  combat: WuxiaHarmoniesCombat,
  combatant: Combatant.Implementation,
  round: ReturnType<typeof roundOf>,
  doc: Document,
): HTMLElement {
  const id = combatant.id ?? "";
  const split = { initiative: round.spent.initiative, actions: round.spent.actions, defense: round.spent.defense };
  const unspent = round.successes - split.initiative - split.actions - split.defense;
  const details = doc.createElement("details");
  details.className = "wh-tracker__split";
  details.open = openSplits.has(id);
  details.addEventListener("toggle", () => {
    if (details.open) openSplits.add(id);
    else openSplits.delete(id);
  });
  const summary = doc.createElement("summary");
  summary.className = "wh-tracker__successes";
  summary.textContent = t("WH.Combat.PlaceSuccesses", { count: round.successes });
  details.append(summary);
  for (const bucket of BUCKETS) {
    const group = doc.createElement("span");
    group.className = `wh-tracker__spend wh-tracker__spend--${bucket}`;
    group.dataset.whSpend = bucket;
    const label = t(`WH.Combat.Spend.${SPEND_KEYS[bucket]}`);
    const name = doc.createElement("span");
    name.textContent = label;
    group.append(name);
    for (const delta of [-1, 1] as const) {
      const next = moveSuccess(split, round.successes, bucket, delta);
      const text = delta === 1 ? "+" : "\u2212";
      const spend = () =>
        combatRequests.spendInitiative(combat, combatant, {
          initiative: next?.initiative ?? 0,
          actions: next?.actions ?? 0,
          defense: next?.defense ?? 0,
        });
      const control = button(doc, `${label} ${text}1`, text, spend, next !== null);
      control.dataset.whDelta = String(delta);
      group.append(control);
      if (delta === -1) group.append(counter(doc, "wh-tracker__spent", label, String(split[bucket])));
    }
    details.append(group);
  }
  if (unspent > 0)
    details.append(
      counter(doc, "wh-tracker__unspent", t("WH.Combat.Unspent"), t("WH.Combat.UnspentCount", { count: unspent })),
    );
  return details;
}

/**
 * One combatant's Wuxia round under its tracker row, on one line for everyone: its Initiative as
 * Métal plus the successes bought, actions left, Defense dice left (with the owner's and the GM's
 * controls); below it, folded, the owner's split of its successes until its first turn.
 */
function decorateRow(
  combat: WuxiaHarmoniesCombat,
  combatant: Combatant.Implementation,
  metal: number,
  row: HTMLElement,
): void {
  const doc = row.ownerDocument;
  const round = roundOf(combatant);
  const rolled = round.round === combat.round && combat.round > 0;
  const owner = combatant.testUserPermission(game.user, "OWNER");
  const box = doc.createElement("div");
  box.className = "wuxia-harmonies wh-tracker__round";
  box.dataset.whCombatant = combatant.id ?? "";
  const status = doc.createElement("div");
  status.className = "wh-tracker__status";
  if (rolled) {
    const bought = round.spent.initiative;
    const attribute = t("WH.Attribute.metal");
    status.append(
      counter(
        doc,
        "wh-tracker__base",
        t("WH.Combat.InitiativeMade", { total: metal + bought, base: metal, bought }),
        `${attribute} ${metal} + ${bought}`,
      ),
    );
  }
  const actions = rolled ? actionsLeft(turnEntry(combatant)) : 0;
  status.append(
    counter(doc, "wh-tracker__actions", t("WH.Combat.ActionsLeft"), t("WH.Combat.ActionsShort", { count: actions })),
  );
  const defense = doc.createElement("span");
  defense.className = "wh-tracker__defense";
  defense.append(
    counter(
      doc,
      "wh-tracker__dice",
      t("WH.Combat.DefenseDice"),
      t("WH.Combat.DefenseShort", { count: round.defenseDice }),
    ),
  );
  if (owner && !game.user.isGM)
    defense.append(
      button(
        doc,
        t("WH.Combat.SpendDefenseDie"),
        "\u2212",
        () => combatRequests.spendDefenseDie(combat, combatant),
        round.defenseDice > 0,
      ),
    );
  if (game.user.isGM) {
    defense.append(
      button(
        doc,
        t("WH.Combat.DefenseDiceDown"),
        "\u2212",
        () => combatRequests.adjustPool(combat, "defense", "down", combatant),
        round.defenseDice > 0,
      ),
      button(doc, t("WH.Combat.DefenseDiceUp"), "+", () =>
        combatRequests.adjustPool(combat, "defense", "up", combatant),
      ),
    );
  }
  status.append(defense);
  box.append(status);
  if (rolled && owner && round.turnsTaken === 0 && round.successes > 0)
    box.append(splitLine(combat, combatant, round, doc));
  row.append(box);
}

/** The group reserve of each side, above the turns; the GM adjusts it. */
function decorateHeader(combat: WuxiaHarmoniesCombat, root: HTMLElement): void {
  const doc = root.ownerDocument;
  const header = root.querySelector(".combat-tracker-header") ?? root;
  const box = doc.createElement("div");
  box.className = "wuxia-harmonies wh-tracker__reserve";
  const title = doc.createElement("span");
  title.className = "wh-tracker__reserve-title";
  title.textContent = t("WH.Combat.Reserve");
  title.dataset.tooltip = t("WH.Combat.ReserveHint");
  box.append(title);
  for (const side of ["friendly", "hostile"] as const) {
    const part = doc.createElement("span");
    part.className = `wh-tracker__side wh-tracker__side--${side}`;
    part.dataset.whSide = side;
    const value = sharedOf(combat).reserve[side];
    const label = t(`WH.Combat.Side.${side === "friendly" ? "Friendly" : "Hostile"}`);
    part.append(counter(doc, "wh-tracker__side-dice", label, `${label} ${value}`));
    if (game.user.isGM) {
      part.append(
        button(
          doc,
          t("WH.Combat.ReserveDown"),
          "\u2212",
          () => combatRequests.adjustPool(combat, side, "down"),
          value > 0,
        ),
        button(doc, t("WH.Combat.ReserveUp"), "+", () => combatRequests.adjustPool(combat, side, "up")),
      );
    }
    box.append(part);
  }
  header.append(box);
}

/**
 * A group's row says how many of its members still fight, each sub-group in its title (RULES 3.4):
 * a plain-text title, since sub-group names are the GM's free text and a tooltip reads HTML.
 */
function decorateGroupRow(group: Actor.OfType<"group">, row: HTMLElement): void {
  const doc = row.ownerDocument;
  const system = group.system;
  const total = system.members.reduce((n, m) => n + m.count, 0);
  const el = doc.createElement("span");
  el.className = "wuxia-harmonies wh-tracker__group";
  el.textContent = t("WH.Combat.GroupFighting", { left: system.size, total });
  el.title = system.members
    .map((m, i) =>
      t("WH.Combat.GroupFightingMember", { label: m.label, left: system.fighting[i] ?? 0, total: m.count }),
    )
    .join(" · ");
  row.append(el);
}

/**
 * Adds the system's parts to a rendered tracker, rows found by core's `data-combatant-id`: how
 * many members each group still has; in a Wuxia combat, each fighter's round and the reserve.
 */
export function decorateTracker(combat: Combat.Implementation | null | undefined, root: HTMLElement): void {
  if (!combat) return;
  root.querySelectorAll(".wh-tracker__round, .wh-tracker__reserve, .wh-tracker__group").forEach((el) => el.remove());
  const wuxia = (combat as WuxiaHarmoniesCombat).wuxiaRounds ? (combat as WuxiaHarmoniesCombat) : null;
  for (const row of root.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const combatant = combat.combatants.get(row.dataset.combatantId ?? "");
    if (!combatant) continue;
    if (combatant.actor?.type === "group") decorateGroupRow(combatant.actor as Actor.OfType<"group">, row);
    const fighter = wuxia ? wuxiaFighterOf(combatant) : null;
    if (wuxia && fighter) decorateRow(wuxia, combatant, fighter.metal, row);
  }
  if (wuxia) decorateHeader(wuxia, root);
}

/**
 * The combat tracker: core's, with each Wuxia combatant's round (its successes and their
 * split, actions left, Defense dice, with controls for its owner and the GM) and each side's
 * group reserve. Drawn after core's parts, so core's own rows, buttons and context menus stay.
 */
export class WuxiaHarmoniesCombatTracker extends foundry.applications.sidebar.tabs.CombatTracker {
  protected override async _onRender(
    ...args: Parameters<foundry.applications.sidebar.tabs.CombatTracker["_onRender"]>
  ) {
    await super._onRender(...args);
    decorateTracker(this.viewed as Combat.Implementation | null, this.element);
  }
}

/**
 * Redraws the tracker when a group it shows changes: its row counts the members still fighting,
 * and those change on the group actor, not on the combat core watches.
 */
export function registerTrackerRefresh(): void {
  Hooks.on("updateActor", (actor) => {
    if (actor.type !== "group") return;
    const tracker = ui.combat;
    const shown = tracker?.viewed?.combatants.contents.some((c) => c.actorId === actor.id);
    if (shown && tracker.rendered) void tracker.render();
  });
}
