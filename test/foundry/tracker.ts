import { ApplicationV2, HandlebarsApplicationMixin } from "./applications";
import type { CombatDouble, CombatEncountersDouble, CombatantDouble } from "./combat";

/**
 * `foundry.applications.sidebar.tabs.CombatTracker` (v13): a HandlebarsApplication with the parts
 * `header`, `tracker` and `footer`; `_preparePartContext` fills the header and footer through
 * `_prepareCombatContext` and the tracker through `_prepareTrackerContext`, which asks
 * `_prepareTurnContext(combat, combatant, index)` for each visible combatant in turn order; the
 * combat buttons (`startCombat`, `endCombat`, `nextTurn`, `previousTurn`, `nextRound`,
 * `previousRound`, `rollAll`, `rollNPC`, `resetAll`) call the viewed combat's method of that name
 * through `_onCombatControl`, the row buttons (`rollInitiative`, `toggleHidden`,
 * `toggleDefeated`, `pingCombatant`) go through `_onCombatantControl(event, target)` with the
 * row's `data-combatant-id`. Sources: the v13 API page of CombatTracker and the systems that
 * extend it (Draw Steel, Lancer, torgeternity, PTU, d100: the turn fields, the part ids, the
 * action names and `_onCombatantControl`).
 *
 * Simpler than Foundry: a sidebar tab without the sidebar (drawn where the test's DOM is), no
 * context menus, no canvas (no ping, pan or hover), no combat cycling buttons, no tracker
 * settings; the core templates are the double's stand-ins (`CORE_TRACKER_TEMPLATES`: core's
 * data attributes and action names, simplified markup); the effects tooltip is a plain list.
 */

type AnyObject = Record<string, unknown>;

interface TrackerWorld {
  game: {
    user: { id: string; isGM: boolean };
    combats: CombatEncountersDouble;
    settings: { get(namespace: string, key: string): unknown };
  };
  CONFIG: {
    Combat: { initiative: { decimals: number }; initiativeIcon?: unknown };
    specialStatusEffects: { DEFEATED: string };
  };
}

function world(): TrackerWorld {
  return globalThis as unknown as TrackerWorld;
}

/** The core part templates the double draws in place of core's files. */
export const CORE_TRACKER_TEMPLATES: Record<string, string> = {
  "templates/sidebar/tabs/combat/header.hbs": `<header class="combat-tracker-header">
  {{#if hasCombat}}<h3 class="encounter-title">{{#if combat.started}}Round {{combat.round}}{{else}}Not Started{{/if}}</h3>{{else}}<h3 class="encounter-title">No Combat</h3>{{/if}}
</header>`,
  "templates/sidebar/tabs/combat/tracker.hbs": `<ol class="combat-tracker plain">
  {{#each turns}}<li class="combatant {{css}}" data-combatant-id="{{id}}" data-action="activateCombatant">
    <img class="token-image" src="{{img}}" alt="{{name}}">
    <div class="token-name"><strong class="name">{{name}}</strong>
      <div class="combatant-controls">
        {{#if @root.user.isGM}}<button type="button" class="combatant-control" data-action="toggleHidden"></button>
        <button type="button" class="combatant-control" data-action="toggleDefeated"></button>{{/if}}
      </div>
    </div>
    <div class="token-initiative">{{#if initiative}}<span class="initiative">{{initiative}}</span>{{else if isOwner}}<button type="button" class="combatant-control roll" data-action="rollInitiative"></button>{{/if}}</div>
  </li>{{/each}}
</ol>`,
  "templates/sidebar/tabs/combat/footer.hbs": `<nav class="combat-controls">
  {{#if hasCombat}}{{#if user.isGM}}{{#if combat.started}}<button type="button" data-action="previousRound"></button>
  <button type="button" data-action="previousTurn"></button>
  <button type="button" data-action="endCombat"></button>
  <button type="button" data-action="nextTurn"></button>
  <button type="button" data-action="nextRound"></button>{{else}}<button type="button" data-action="startCombat"></button>{{/if}}{{else if control}}<button type="button" data-action="previousTurn"></button>
  <button type="button" data-action="nextTurn"></button>{{/if}}{{/if}}
</nav>`,
};

const COMBAT_ACTIONS = [
  "startCombat",
  "endCombat",
  "nextTurn",
  "previousTurn",
  "nextRound",
  "previousRound",
  "rollAll",
  "rollNPC",
  "resetAll",
] as const;
const COMBATANT_ACTIONS = ["rollInitiative", "toggleHidden", "toggleDefeated", "pingCombatant"] as const;

type Handler = (this: CombatTrackerDouble, event: Event, target: HTMLElement) => unknown;

function combatControl(this: CombatTrackerDouble, event: Event, target: HTMLElement): unknown {
  return this._onCombatControl(event, target);
}

function combatantControl(this: CombatTrackerDouble, event: Event, target: HTMLElement): unknown {
  return this._onCombatantControl(event, target);
}

/** What the mixin adds to ApplicationV2 (its declared type is ApplicationV2's own). */
interface HandlebarsParts {
  _preparePartContext(partId: string, context: AnyObject, options: AnyObject): Promise<AnyObject>;
  parts: Record<string, HTMLElement>;
}

type HandlebarsApplicationClass = Omit<typeof ApplicationV2, "prototype"> &
  (new (options?: AnyObject) => ApplicationV2 & HandlebarsParts);
const HandlebarsApplication = HandlebarsApplicationMixin(ApplicationV2) as unknown as HandlebarsApplicationClass;

/** A turn of the tracker as core's `_prepareTurnContext` returns it. */
export interface TurnContext extends AnyObject {
  id: string;
  name: string;
  img: string;
  initiative: number | string | null;
  hasDecimals: boolean;
  hidden: boolean;
  isDefeated: boolean;
  isOwner: boolean;
  active: boolean;
  canPing: boolean;
  resource: unknown;
  css: string;
  effects: { icons: { img: string; name: string }[]; tooltip: string };
}

export class CombatTrackerDouble extends HandlebarsApplication {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "combat",
    classes: ["combat-sidebar"],
    window: { frame: false },
    actions: Object.fromEntries([
      ...COMBAT_ACTIONS.map((a): [string, Handler] => [a, combatControl]),
      ...COMBATANT_ACTIONS.map((a): [string, Handler] => [a, combatantControl]),
    ]),
  };

  static PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  static tabName = "combat";

  /** The combat the tracker shows (CombatEncounters#viewed). */
  get viewed(): CombatDouble | null {
    return world().game.combats.viewed;
  }

  /** The combats it can cycle through. */
  get combats(): CombatDouble[] {
    return world().game.combats.combats;
  }

  /** CombatTracker#initialize({combat, render}): views another combat (the first one by default) and redraws. */
  initialize({ combat, render = true }: { combat?: CombatDouble | null; render?: boolean } = {}): void {
    world().game.combats.viewed = combat === undefined ? (this.combats[0] ?? null) : combat;
    if (render) void this.render();
  }

  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    return Object.assign(context, { combat: this.viewed, user: world().game.user });
  }

  override async _preparePartContext(partId: string, context: AnyObject, options: AnyObject): Promise<AnyObject> {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId === "header" || partId === "footer") await this._prepareCombatContext(prepared, options);
    if (partId === "tracker") await this._prepareTrackerContext(prepared, options);
    return prepared;
  }

  /**
   * The header and footer context: the combat and whether there is one, the combats around it,
   * and `control` (the user owns the current combatant and may send the turn change).
   */
  async _prepareCombatContext(context: AnyObject, _options: AnyObject): Promise<void> {
    const combat = this.viewed;
    const combats = this.combats;
    const currentIdx = combat ? combats.indexOf(combat) : -1;
    const user = world().game.user;
    const isPlayerTurn = Boolean(combat?.combatant?.players.some((p) => p.id === user.id));
    const canControl = Boolean(
      combat?.canUserModify(user as never, "update", combat.turn === null ? { round: 0 } : { turn: 0 }),
    );
    Object.assign(context, {
      combat,
      hasCombat: combat !== null,
      previousId: combats[currentIdx - 1]?.id,
      nextId: combats[currentIdx + 1]?.id,
      combats: combats.map(({ id }, i) => ({ id, label: i + 1, active: i === currentIdx })),
      currentIndex: currentIdx + 1,
      control: isPlayerTurn && canControl,
      linked: Boolean(combat?.scene),
    });
  }

  /** The tracker context: the visible combatants' turns, initiatives printed with the configured decimals if any has some. */
  async _prepareTrackerContext(context: AnyObject, _options: AnyObject): Promise<void> {
    const combat = this.viewed;
    if (!combat) return;
    const turns: TurnContext[] = [];
    let hasDecimals = false;
    for (const [i, combatant] of combat.turns.entries()) {
      if (!combatant.visible) continue;
      const turn = await this._prepareTurnContext(combat, combatant, i);
      if (turn.hasDecimals) hasDecimals = true;
      turns.push(turn);
    }
    const precision = world().CONFIG.Combat.initiative.decimals;
    for (const turn of turns)
      if (typeof turn.initiative === "number" && Number.isFinite(turn.initiative))
        turn.initiative = turn.initiative.toFixed(hasDecimals ? precision : 0);
    Object.assign(context, { turns, hasDecimals });
  }

  /**
   * One row: id, name, img, initiative, hasDecimals, hidden, isDefeated (also when the actor has
   * the DEFEATED status), isOwner, active (its index is the combat's turn), canPing (false: no
   * canvas), resource (for observers), css ("active", "hide", "defeated"), effects (the actor's
   * temporary effects' icons).
   */
  async _prepareTurnContext(combat: CombatDouble, combatant: CombatantDouble, index: number): Promise<TurnContext> {
    const { id, name, isOwner, isDefeated, hidden, initiative } = combatant;
    const observer = combatant.testUserPermission(world().game.user, "OBSERVER");
    const turn: TurnContext = {
      id,
      name,
      img: await this._getCombatantThumbnail(combatant),
      initiative,
      hasDecimals: Number.isFinite(initiative) && !Number.isInteger(initiative),
      hidden,
      isDefeated,
      isOwner,
      active: index === combat.turn,
      canPing: false,
      resource: observer ? combatant.resource : null,
      css: "",
      effects: { icons: [], tooltip: "" },
    };
    const actor = combatant.actor as {
      temporaryEffects?: { img: string; name: string; statuses: Set<string> }[];
    } | null;
    const icons: { img: string; name: string }[] = [];
    for (const effect of actor?.temporaryEffects ?? []) {
      if (effect.statuses.has(world().CONFIG.specialStatusEffects.DEFEATED)) turn.isDefeated = true;
      else if (effect.img) icons.push({ img: effect.img, name: effect.name });
    }
    turn.effects = { icons, tooltip: icons.map((e) => e.name).join(", ") };
    turn.css = [turn.active ? "active" : null, hidden ? "hide" : null, turn.isDefeated ? "defeated" : null]
      .filter(Boolean)
      .join(" ");
    return turn;
  }

  /** The row's image: the combatant's (its token's or actor's by default). */
  async _getCombatantThumbnail(combatant: CombatantDouble): Promise<string> {
    return combatant.img;
  }

  /** A combat button: the viewed combat's method named by the button's action. */
  async _onCombatControl(_event: Event, target: HTMLElement): Promise<unknown> {
    const combat = this.viewed;
    const action = target.dataset.action as (typeof COMBAT_ACTIONS)[number] | undefined;
    if (!combat || !action || !COMBAT_ACTIONS.includes(action)) return undefined;
    return (combat[action] as () => Promise<unknown>).call(combat);
  }

  /** A row button: rolls, hides or defeats the row's combatant. */
  async _onCombatantControl(_event: Event, target: HTMLElement): Promise<unknown> {
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    if (!combat || !combatant) return undefined;
    switch (target.dataset.action) {
      case "rollInitiative":
        return combat.rollInitiative([combatant.id]);
      case "toggleHidden":
        return combatant.update({ hidden: !combatant.hidden });
      case "toggleDefeated":
        return this._onToggleDefeatedStatus(combatant);
      default:
        return undefined;
    }
  }

  /** v13: the combatant's `defeated` flipped, and the actor's DEFEATED status set to match (as an overlay). */
  async _onToggleDefeatedStatus(combatant: CombatantDouble): Promise<void> {
    const isDefeated = !combatant.isDefeated;
    await combatant.update({ defeated: isDefeated });
    const actor = combatant.actor as { toggleStatusEffect?(id: string, o: AnyObject): Promise<unknown> } | null;
    await actor?.toggleStatusEffect?.(world().CONFIG.specialStatusEffects.DEFEATED, {
      overlay: true,
      active: isDefeated,
    });
  }
}
