import { renderUnreadableCard } from "./readable";

type RenderOptions = Parameters<Roll["render"]>[0];

/** What a card is drawn for: a reader who may not see the dice, and the core dice tooltip. */
export interface CardOptions {
  isPrivate: boolean;
  tooltip: string;
}

/** Every system roll's state names who rolled it: the card's buttons and the GM's checks act on that actor. */
export interface RolledFor {
  actorUuid: string | null;
  actorName: string;
}

/**
 * The system's Roll. Its whole state lives in `options[STATE_KEY]`, so Foundry rebuilds a saved
 * roll by its class name with nothing else; it is drawn as its card (template + context), or as
 * the "unreadable" card when its data is not one the system makes (it came from a client).
 * A subclass per dice system (Wuxia pool, Harmonies difference, group) says how to read its
 * state; initiative, attack and soak rolls reuse those subclasses.
 */
export abstract class SystemRoll<State extends RolledFor> extends Roll {
  /** The key of `options` that holds the state; saved messages use it, so it never changes. */
  static readonly STATE_KEY: string;

  /** The state as stored, not yet checked. */
  protected get storedState(): unknown {
    return (this.options as Record<string, unknown>)[(this.constructor as typeof SystemRoll).STATE_KEY];
  }

  /** Adds to the state what was paid for the roll once it is paid (a power's chi), before it is posted. */
  amend(paid: Partial<State>): void {
    if (Object.keys(paid).length === 0) return;
    (this.options as Record<string, unknown>)[(this.constructor as typeof SystemRoll).STATE_KEY] = {
      ...this.state,
      ...paid,
    };
  }

  get state(): State {
    const state = this.storedState;
    if (!state)
      throw new Error(
        `${this.constructor.name}: options.${(this.constructor as typeof SystemRoll).STATE_KEY} is missing`,
      );
    return state as State;
  }

  /** Whether the stored state can be evaluated as it is (checked before a saved, unevaluated roll is). */
  protected abstract evaluable(state: unknown): boolean;

  /** Whether the roll is one the system makes: an evaluated, readable state and the dice it implies. */
  abstract get readable(): boolean;

  /** The card's Handlebars template. */
  protected abstract get cardTemplate(): string;

  /** What the card template draws for this reader. */
  protected abstract cardContext(options: CardOptions): Record<string, unknown>;

  override async render(options?: RenderOptions): Promise<string> {
    const isPrivate = Boolean(options?.isPrivate);
    if (!this._evaluated && this.evaluable(this.storedState)) await this.evaluate({ allowInteractive: !isPrivate });
    if (!this.readable) return renderUnreadableCard();
    const context = this.cardContext({ isPrivate, tooltip: isPrivate ? "" : await this.getTooltip() });
    return foundry.applications.handlebars.renderTemplate(this.cardTemplate, context);
  }
}
