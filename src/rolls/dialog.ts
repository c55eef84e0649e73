import { templatePath } from "../foundry/system";
import { t } from "../core/i18n";
import { describeError } from "../core/errors";
import type { RollSubject } from "./subject";
import { VISIBILITIES, VISIBILITY_LABELS } from "./visibility";
import { signed } from "../core/format";
import { HandlebarsApplication, type ContextOptions, renderParts } from "../foundry/applications";
import { harmoniesOddsView, type OddsView } from "./odds-chart";

export type Choice = { value: string | number; label: string };

/** The odds part: the figures and the chart, or why the fields make no roll yet. */
export type OddsContext = { odds: OddsView | null; facts: string[]; error: string | null };

/** What a dialog resolves with: the values chosen and the state they were checked into, which the roll is made of. */
export type DialogResult<V, T> = { values: V; state: T };

/** A roll kind's own stages the dialog runs as the fields change: reading them, checking them (rolls/kinds.ts). */
export interface DialogStages<S, V, T> {
  read(raw: Record<string, unknown>, subject: S): V;
  check(subject: S, values: V): T;
}

function visibilityChoices(): Choice[] {
  return VISIBILITIES.map((v) => ({ value: v, label: t(VISIBILITY_LABELS[v]) }));
}

/**
 * Whether a field is a choice (a select or a checkbox), whose change may change what the fields
 * offer. Read from the element itself, not with `instanceof HTMLSelectElement`: a window popped
 * out on v14 holds elements of another document, which are not instances of this window's classes.
 */
export function isChoiceField(target: { tagName: string; type?: string }): boolean {
  return target.tagName.toUpperCase() === "SELECT" || target.type === "checkbox";
}

/**
 * A roll dialog: the fields of one rule set, live exact odds with a chart of the distribution
 * (re-rendered alone as the fields change, so typing keeps its focus), and Roll/Cancel. It
 * resolves with the checked values, or null when closed without rolling.
 */
export abstract class RollDialog<S extends RollSubject, V, T> extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["wuxia-harmonies", "wh-roll-dialog"],
    window: { icon: "fa-solid fa-dice-d10", contentClasses: ["standard-form"] },
    // Two columns (the fields, the odds) keep it short: see styles/dialog.css.
    position: { width: 720 },
    form: { handler: RollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: RollDialog.#onCancel },
  };

  readonly subject: S;
  values: V;
  readonly result: Promise<DialogResult<V, T> | null>;
  #resolve: (value: DialogResult<V, T> | null) => void = () => undefined;
  #settled = false;
  #error: string | null = null;

  readonly #stages: DialogStages<S, V, T>;

  constructor(subject: S, values: V, stages: DialogStages<S, V, T>, options: Record<string, unknown> = {}) {
    super(options);
    this.subject = subject;
    this.values = values;
    this.#stages = stages;
    this.result = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** The checked values of raw form data; throws a UserError naming a bad field. */
  protected read(raw: Record<string, unknown>): V {
    return this.#stages.read(raw, this.subject);
  }

  protected abstract fields(): Record<string, unknown>;

  /** The roll's state the values make, checked by the rules (a RulesError or UserError names a bad number). */
  protected check(values: V): T {
    return this.#stages.check(this.subject, values);
  }
  /** The odds of a checked state. */
  protected abstract oddsOf(state: T): OddsContext;

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    const odds = this.#error ? { odds: null, facts: [], error: this.#error } : this.#safeOdds(this.values);
    return Object.assign(context, {
      // Field ids start with the dialog's own id: two dialogs open at once share none.
      idPrefix: this.id,
      actorName: this.subject.name,
      ...this.fields(),
      ...odds,
      visibilityChoices: visibilityChoices(),
      noSkill: t("WH.Dialog.NoSkill"),
      presetsLabel: t("WH.Dialog.Difficulty.Presets"),
      buttons: [
        { type: "submit", icon: "fa-solid fa-dice-d10", label: "WH.Dialog.Roll", cssClass: "wh-roll-dialog__roll" },
        { type: "button", icon: "fa-solid fa-xmark", label: "WH.Dialog.Cancel", action: "cancel" },
      ],
    });
  }

  #safeOdds(values: V): OddsContext {
    try {
      return this.oddsOf(this.check(values));
    } catch (error) {
      return { odds: null, facts: [], error: describeError(error) };
    }
  }

  /**
   * New values from the form: the odds part is drawn again (saying why the values make no roll,
   * if they make none), and the fields part too when a choice changes what the fields offer (a
   * select), never while a number is being typed.
   */
  async updateValues(raw: Record<string, unknown>, options: { redrawFields?: boolean } = {}): Promise<void> {
    try {
      this.values = this.read(raw);
      this.#error = null;
    } catch (error) {
      this.#error = describeError(error);
    }
    if (this.rendered) await renderParts(this, options.redrawFields ? ["form", "odds"] : ["odds"]);
  }

  /** Rolls with these values: resolves the dialog and closes it, or shows why it cannot. */
  async submitValues(raw: Record<string, unknown>): Promise<boolean> {
    let state: T;
    try {
      const values = this.read(raw);
      // Checked here, so a value the rules refuse never closes the dialog; the roll is made of this state.
      state = this.check(values);
      this.values = values;
    } catch (error) {
      ui.notifications.error(describeError(error));
      return false;
    }
    this.#settle({ values: this.values, state });
    await this.close();
    return true;
  }

  #settle(result: DialogResult<V, T> | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(result);
  }

  override async close(options?: never): Promise<this> {
    this.#settle(null);
    return super.close(options) as Promise<this>;
  }

  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    const form = this.element;
    form.addEventListener("input", (event) => this.#onInput(event, false));
    form.addEventListener("change", (event) => this.#onInput(event, true));
  }

  #onInput(event: Event, committed: boolean): void {
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!target?.name) return;
    const form = this.element as HTMLFormElement;
    // A difficulty preset fills the difficulty field, which stays free for any other number.
    if (target.name === "difficultyPreset" && target.value !== "") {
      const field = form.elements.namedItem("difficulty") as HTMLInputElement | null;
      if (field) field.value = target.value;
    }
    const isChoice = isChoiceField(target);
    if (!committed && isChoice) return;
    void this.#queueUpdate(new foundry.applications.ux.FormDataExtended(form).object, committed && isChoice);
  }

  #running: Promise<void> | null = null;
  #next: { raw: Record<string, unknown>; redrawFields: boolean } | null = null;

  /** Fast typing never stacks redraws: while one runs, only the latest values wait for the next. */
  async #queueUpdate(raw: Record<string, unknown>, redrawFields: boolean): Promise<void> {
    this.#next = { raw, redrawFields: redrawFields || Boolean(this.#next?.redrawFields) };
    if (this.#running) return;
    while (this.#next) {
      const next = this.#next;
      this.#next = null;
      this.#running = this.updateValues(next.raw, { redrawFields: next.redrawFields });
      await this.#running;
    }
    this.#running = null;
  }

  static async #onSubmit(
    this: RollDialog<RollSubject, unknown, unknown>,
    _event: Event | SubmitEvent,
    _form: HTMLFormElement,
    formData: { object: Record<string, unknown> },
  ): Promise<void> {
    await this.submitValues(formData.object);
  }

  static async #onCancel(this: RollDialog<RollSubject, unknown, unknown>): Promise<void> {
    await this.close();
  }
}

export const FOOTER = { template: templatePath("dialogs/roll-footer.hbs") };
export const ODDS = { template: templatePath("dialogs/roll-odds.hbs") };

export function differenceOdds({ modifier, open }: { modifier: number; open: boolean }): OddsContext {
  return {
    odds: harmoniesOddsView(modifier, open),
    facts: [t("WH.Chat.Harmonies.Modifier", { modifier: signed(modifier) })],
    error: null,
  };
}
