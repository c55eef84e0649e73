import { templatePath } from "../foundry/system";
import { t } from "../core/i18n";
import { attributeLabel } from "../core/labels";
import { wuxiaThresholdSum } from "./wuxia/text";
import { chiLeft } from "./wuxia/chi";
import { describeError } from "../core/errors";
import { HarmoniesCombinedRoll, type CombinedRollState } from "./groups/combined-roll";
import { HarmoniesGroupRoll, type GroupRollState } from "./groups/group-roll";
import { HarmoniesRoll, type HarmoniesRollState } from "./harmonies/roll";
import { WuxiaGroupRoll, type WuxiaGroupRollState } from "./groups/wuxia-group-roll";
import { poolSize, WuxiaRoll, type WuxiaRollState } from "./wuxia/roll";
import type {
  CombinedSubject,
  GroupSubject,
  HarmoniesSubject,
  RollSubject,
  WuxiaGroupSubject,
  WuxiaSubject,
} from "./subject";
import { VISIBILITIES, VISIBILITY_LABELS } from "./visibility";
import { HARMONIES_CHARACTERISTICS, HARMONIES_MEANS, WUXIA_ATTRIBUTES } from "../rules/vocabulary";
import { rollSettings, GROUP_ROLL_MODE_CHOICES } from "../settings/rolls";
import { count, percent, signed } from "../core/format";
import { HandlebarsApplication, type ContextOptions, renderParts } from "../foundry/applications";
import { harmoniesOddsView, wuxiaGroupOddsView, wuxiaOddsView, type OddsView } from "./odds-chart";
import { difficultyChoices, srChoices } from "./presets";
import {
  combinedConfig,
  groupConfig,
  harmoniesConfig,
  readGroupValues,
  readHarmoniesValues,
  readWuxiaGroupValues,
  readWuxiaValues,
  wuxiaConfig,
  wuxiaGroupConfig,
  type GroupFormValues,
  type HarmoniesFormValues,
  type WuxiaFormValues,
  type WuxiaGroupFormValues,
} from "./fields";

type Choice = { value: string | number; label: string };

/** The odds part: the figures and the chart, or why the fields make no roll yet. */
export type OddsContext = { odds: OddsView | null; facts: string[]; error: string | null };

/** What a dialog resolves with: the values chosen and the state they were checked into, which the roll is made of. */
export type DialogResult<V, T> = { values: V; state: T };

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

  constructor(subject: S, values: V, options: Record<string, unknown> = {}) {
    super(options);
    this.subject = subject;
    this.values = values;
    this.result = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** The checked values of raw form data; throws a UserError naming a bad field. */
  protected abstract read(raw: Record<string, unknown>): V;
  protected abstract fields(): Record<string, unknown>;
  /** The roll's state the values make, checked by the rules (a RulesError or UserError names a bad number). */
  protected abstract check(values: V): T;
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

const FOOTER = { template: templatePath("dialogs/roll-footer.hbs") };
const ODDS = { template: templatePath("dialogs/roll-odds.hbs") };

/** Wuxia: Attribute, skill (a specialisation's rerolls on or off), SR, extra and Destiny dice. */
export class WuxiaRollDialog extends RollDialog<WuxiaSubject, WuxiaFormValues, WuxiaRollState> {
  static override PARTS = { form: { template: templatePath("dialogs/wuxia-roll.hbs") }, odds: ODDS, footer: FOOTER };

  protected read(raw: Record<string, unknown>): WuxiaFormValues {
    const values = readWuxiaValues(raw, this.subject);
    // Choosing another skill turns its specialisation's rerolls on; the box then says so.
    if (values.skillId !== this.values.skillId)
      values.specialisation = (this.subject.skills.find((k) => k.id === values.skillId)?.rerolls ?? 0) > 0;
    return values;
  }

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    const skill = s.skills.find((k) => k.id === this.values.skillId);
    const chi = skill?.chiCost ? chiLeft(s.actor) : 0;
    return {
      values: this.values,
      attributes: WUXIA_ATTRIBUTES.map((k) => ({ value: k, label: `${attributeLabel(k)} (${s.attributes[k]})` })),
      // Powers apart from skills: a player looks for one or the other.
      skillGroups: [
        { label: t("WH.Dialog.Wuxia.Skills"), options: s.skills.filter((k) => k.kind !== "power") },
        { label: t("WH.Dialog.Wuxia.Powers"), options: s.skills.filter((k) => k.kind === "power") },
      ]
        .filter((group) => group.options.length > 0)
        .map((group) => ({
          label: group.label,
          options: group.options.map((k) => ({
            value: k.id,
            selected: k.id === this.values.skillId,
            label: k.specialisation
              ? t("WH.Dialog.Wuxia.SpecialisationChoice", {
                  name: k.specialisation,
                  parent: k.skillName,
                  level: k.competence,
                  rerolls: k.rerolls,
                })
              : t(
                  k.kind === "hobby"
                    ? "WH.Dialog.Wuxia.HobbyChoice"
                    : k.kind === "power" && k.chiCost
                      ? "WH.Dialog.Wuxia.PowerChoice"
                      : "WH.Dialog.Wuxia.SkillChoice",
                  { name: k.skillName, level: k.competence, cost: k.chiCost },
                ),
          })),
        })),
      chi: skill?.chiCost ? { cost: skill.chiCost, left: chi, short: chi < skill.chiCost } : null,
      specialisation: skill?.specialisation ? { name: skill.specialisation, rerolls: skill.rerolls } : null,
      srChoices: srChoices(),
      srPenalty: s.srPenalty ? signed(s.srPenalty) : null,
      destiny: rollSettings().destinyMode === "extraDie" ? { left: s.destiny } : null,
      reserve: s.reserve ? { left: s.reserve } : null,
    };
  }

  protected check(values: WuxiaFormValues): WuxiaRollState {
    return WuxiaRoll.check(wuxiaConfig(this.subject, values));
  }

  protected oddsOf(state: WuxiaRollState): OddsContext {
    const { threshold, rerolls } = state;
    const dice = poolSize(state);
    return {
      odds: wuxiaOddsView(dice, threshold, rerolls),
      facts: [
        t("WH.Dialog.Wuxia.Pool", { count: dice }),
        wuxiaThresholdSum(state),
        ...(rerolls ? [t("WH.Dialog.Wuxia.Rerolls", { count: rerolls })] : []),
      ],
      error: null,
    };
  }
}

/** Harmonies: characteristic, means, skill, difficulty (with the book's presets), closed or open. */
export class HarmoniesRollDialog extends RollDialog<HarmoniesSubject, HarmoniesFormValues, HarmoniesRollState> {
  static override PARTS = {
    form: { template: templatePath("dialogs/harmonies-roll.hbs") },
    odds: ODDS,
    footer: FOOTER,
  };

  protected read(raw: Record<string, unknown>): HarmoniesFormValues {
    return readHarmoniesValues(raw, this.subject);
  }

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      characteristics: HARMONIES_CHARACTERISTICS.map((k) => ({
        value: k,
        label: `${attributeLabel(k)} (${signed(s.scores[k])})`,
      })),
      means: HARMONIES_MEANS.map((k) => ({ value: k, label: `${attributeLabel(k)} (${signed(s.scores[k])})` })),
      skills: s.skills.map((k) => ({ value: k.id, label: `${k.name} (${signed(k.level)})` })),
      difficultyChoices: difficultyChoices(),
      penaltyHint:
        s.physicalPenalty === s.penalty
          ? null
          : t("WH.Dialog.PenaltyHint", { all: signed(s.penalty), physical: signed(s.physicalPenalty) }),
    };
  }

  protected check(values: HarmoniesFormValues): HarmoniesRollState {
    return HarmoniesRoll.check(harmoniesConfig(this.subject, values));
  }

  protected oddsOf({ modifier, open }: HarmoniesRollState): OddsContext {
    return {
      odds: harmoniesOddsView(modifier, open),
      facts: [
        t("WH.Chat.Harmonies.Modifier", { modifier: signed(modifier) }),
        t(open ? "WH.Chat.Harmonies.Open" : "WH.Chat.Harmonies.Closed"),
      ],
      error: null,
    };
  }
}

const GROUP_FORM = { template: templatePath("dialogs/group-roll.hbs") };

/** A Harmonies group's selects: each characteristic and means with the value the subject rolls it at. */
function harmoniesGroupChoices(scores: GroupSubject["scores"]): { characteristics: Choice[]; means: Choice[] } {
  return {
    characteristics: HARMONIES_CHARACTERISTICS.map((k) => ({
      value: k,
      label: `${attributeLabel(k)} (${signed(scores[k])})`,
    })),
    means: HARMONIES_MEANS.map((k) => ({ value: k, label: `${attributeLabel(k)} (${signed(scores[k])})` })),
  };
}

function differenceOdds({ modifier, open }: { modifier: number; open: boolean }): OddsContext {
  return {
    odds: harmoniesOddsView(modifier, open),
    facts: [t("WH.Chat.Harmonies.Modifier", { modifier: signed(modifier) })],
    error: null,
  };
}

/** A group's one roll (RULES 3.2–3.3), read with the world's group mode; or one sub-group's, rolled on its own. */
export class GroupRollDialog extends RollDialog<GroupSubject, GroupFormValues, GroupRollState> {
  static override PARTS = { form: GROUP_FORM, odds: ODDS, footer: FOOTER };

  protected read(raw: Record<string, unknown>): GroupFormValues {
    return readGroupValues(raw);
  }

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      harmonies: true,
      size: t("WH.Chat.Group.Size", { count: s.size, size: count(s.size) }),
      homogeneous: s.homogeneous,
      mode: t(GROUP_ROLL_MODE_CHOICES[rollSettings().groupMode]),
      subgroup: s.subgroup
        ? t("WH.Dialog.Group.Subgroup", { label: s.subgroup.label, n: s.subgroup.index + 1, of: s.subgroup.of })
        : null,
      subgroupHint: s.subgroup && s.subgroup.of > 1 ? t("WH.Dialog.Group.SubgroupHint") : null,
      ...harmoniesGroupChoices(s.scores),
      difficultyChoices: difficultyChoices(),
    };
  }

  protected check(values: GroupFormValues): GroupRollState {
    return HarmoniesGroupRoll.check(groupConfig(this.subject, values));
  }

  protected oddsOf(state: GroupRollState): OddsContext {
    return differenceOdds(state);
  }
}

/** A Harmonies group acting as one body on its combined Values (RULES 3.1): one action, one margin. */
export class CombinedRollDialog extends RollDialog<CombinedSubject, GroupFormValues, CombinedRollState> {
  static override PARTS = { form: GROUP_FORM, odds: ODDS, footer: FOOTER };

  protected read(raw: Record<string, unknown>): GroupFormValues {
    return readGroupValues(raw);
  }

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      harmonies: true,
      size: t("WH.Chat.Group.Size", { count: s.size, size: count(s.size) }),
      homogeneous: true,
      combined: t("WH.Dialog.Combined.Hint"),
      ...harmoniesGroupChoices(s.scores),
      difficultyChoices: difficultyChoices(),
    };
  }

  protected check(values: GroupFormValues): CombinedRollState {
    return HarmoniesCombinedRoll.check(combinedConfig(this.subject, values));
  }

  protected oddsOf(state: CombinedRollState): OddsContext {
    return differenceOdds(state);
  }
}

/** A Wuxia group: the Attribute every sub-group rolls and the SR; each sub-group's pool and odds (RULES 3.4). */
export class WuxiaGroupRollDialog extends RollDialog<WuxiaGroupSubject, WuxiaGroupFormValues, WuxiaGroupRollState> {
  static override PARTS = { form: GROUP_FORM, odds: ODDS, footer: FOOTER };

  protected read(raw: Record<string, unknown>): WuxiaGroupFormValues {
    return readWuxiaGroupValues(raw);
  }

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      harmonies: false,
      size: t("WH.Chat.Group.Size", { count: s.size, size: count(s.size) }),
      homogeneous: true,
      attributes: WUXIA_ATTRIBUTES.map((k) => ({ value: k, label: attributeLabel(k) })),
      srChoices: srChoices(),
    };
  }

  protected check(values: WuxiaGroupFormValues): WuxiaGroupRollState {
    return WuxiaGroupRoll.check(wuxiaGroupConfig(this.subject, values));
  }

  protected oddsOf(state: WuxiaGroupRollState): OddsContext {
    return {
      odds: wuxiaGroupOddsView(state.tests),
      facts: state.tests.map((test) =>
        t("WH.Dialog.WuxiaGroup.Test", {
          label: test.label,
          members: test.members,
          count: test.dice,
          threshold: test.threshold,
          success: percent(test.odds.success),
        }),
      ),
      error: null,
    };
  }
}
