import { templatePath } from "../foundry/system";
import { characterDialogOpener } from "./character-dialogs";
import { notifyError } from "../core/errors";
import {
  ATTRIBUTE_FIELDS,
  allowedRolls,
  applyAttributes,
  attributeRoll,
  resetAttributeRoll,
  rollAttributes,
  type AttributeRollRecord,
} from "./attribute-generation";
import { creationResults } from "../rolls/harmonies/creation-card";
import { ATTRIBUTE_LABEL_PREFIX } from "../rules/vocabulary";
import { signed } from "../core/format";
import { t } from "../core/i18n";
import { HARMONIES_PAIRS, pairSplits, type HarmoniesAttributes } from "../rules";
import {
  HandlebarsApplication,
  joinDocumentApps,
  leaveDocumentApps,
  type ContextOptions,
} from "../foundry/applications";

type Character = Actor.OfType<"harmoniesCharacter">;
type Short = keyof HarmoniesAttributes;

/** The even split of a result, the first attribute taking the odd point: a sharing out to start from. */
function evenSplit(result: number): number {
  return Math.floor(pairSplits(result).length / 2);
}

/** The two attributes of a pair, by the rules' short names. */
function pairAttributes(pair: string): [Short, Short] {
  return pair.split("/") as [Short, Short];
}

function attributeName(short: Short): string {
  return t(`${ATTRIBUTE_LABEL_PREFIX}.${ATTRIBUTE_FIELDS[short].key}`);
}

/**
 * The guided Harmonies attribute roll (RULES 2.1): roll (a public card), then give each pair one
 * of the four results kept and split it. A result goes to one pair only (picking one a pair holds
 * swaps the two) and only the splits the rules allow are offered, so no illegal sharing out can
 * be chosen; the rules check it again when it is applied.
 */
export class AttributeGenerationDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["wuxia-harmonies", "wh-attribute-generation"],
    window: { icon: "fa-solid fa-dice", title: "WH.Creation.Harmonies.Title" },
    position: { width: 520 },
    form: { handler: AttributeGenerationDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      roll: AttributeGenerationDialog.#onRoll,
      reset: AttributeGenerationDialog.#onReset,
      cancel: AttributeGenerationDialog.#onCancel,
    },
  };

  static override PARTS = {
    body: { template: templatePath("dialogs/attribute-generation.hbs") },
    footer: { template: templatePath("dialogs/attribute-generation-footer.hbs") },
  };

  readonly actor: Character;
  /** For each pair, which kept result it holds (an index into `kept`): always a permutation. */
  order = [0, 1, 2, 3];
  /** For each pair, which of its result's legal splits is chosen. */
  splits: number[] = [];
  /** The roll the choices are for (0: none): another one, made or forgotten, starts them over. */
  #attempt: number;

  constructor(actor: Character, options: Record<string, unknown> = {}) {
    super({ id: `wh-attribute-generation-${actor.id ?? ""}`, ...options });
    this.actor = actor;
    this.#attempt = attributeRoll(actor)?.attempt ?? 0;
  }

  override get title(): string {
    return t("WH.Creation.Harmonies.Title", { name: this.actor.name ?? "" });
  }

  get record(): AttributeRollRecord | null {
    return attributeRoll(this.actor);
  }

  /** The result each pair holds now. */
  resultOf(pair: number, kept: readonly number[]): number {
    return kept[this.order[pair] as number] ?? 0;
  }

  /** A fresh roll: results in roll order, each split even. */
  startOver(kept: readonly number[]): void {
    this.order = [0, 1, 2, 3];
    this.splitEvenly(kept);
  }

  splitEvenly(kept: readonly number[]): void {
    this.splits = HARMONIES_PAIRS.map((_, p) => evenSplit(this.resultOf(p, kept)));
  }

  /** The eight attributes the choices make. */
  attributes(kept: readonly number[]): HarmoniesAttributes {
    const attributes = {} as HarmoniesAttributes;
    HARMONIES_PAIRS.forEach((pair, p) => {
      const splits = pairSplits(this.resultOf(p, kept));
      const [a, b] = splits[this.splits[p] ?? -1] ?? splits[evenSplit(this.resultOf(p, kept))] ?? [0, 0];
      const [first, second] = pairAttributes(pair);
      attributes[first] = a;
      attributes[second] = b;
    });
    return attributes;
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    const record = this.record;
    const owner = this.actor.isOwner;
    const allowed = allowedRolls();
    const made = record?.attempt ?? 0;
    const left = Math.max(allowed - made, 0);
    if (made !== this.#attempt) {
      this.#attempt = made;
      if (record) this.startOver(record.kept);
      else this.splits = [];
    }
    if (record && this.splits.length !== HARMONIES_PAIRS.length) this.splitEvenly(record.kept);
    return Object.assign(context, {
      name: this.actor.name ?? "",
      rolled: record !== null,
      applied: record?.applied ?? false,
      attempt: record ? t("WH.Creation.Harmonies.Attempt", { attempt: record.attempt, allowed }) : "",
      results: record ? creationResults(record.rolls, record.droppedAt) : [],
      pairs: record && !record.applied ? this.pairs(record.kept) : [],
      roll: {
        shown: owner && !record?.applied && left > 0,
        label: record ? t("WH.Creation.Harmonies.Reroll", { count: left }) : t("WH.Creation.Harmonies.Roll"),
      },
      noRollLeft: record !== null && !record.applied && left === 0,
      canApply: owner && record !== null && !record.applied,
      canReset: game.user.isGM && record !== null,
    });
  }

  /** One row per pair: the result it holds (any of the four kept) and its legal splits. */
  private pairs(kept: readonly number[]) {
    return HARMONIES_PAIRS.map((pair, p) => {
      const [first, second] = pairAttributes(pair);
      const result = this.resultOf(p, kept);
      return {
        index: p,
        first: attributeName(first),
        second: attributeName(second),
        results: kept.map((value, i) => ({ value: i, label: signed(value), selected: i === this.order[p] })),
        splits: pairSplits(result).map(([a, b], j) => ({
          value: j,
          label: `${signed(a)} / ${signed(b)}`,
          selected: j === this.splits[p],
        })),
      };
    });
  }

  /**
   * Drawn again with the character's sheets when the GMs' record of its roll changes (a roll made,
   * applied or forgotten, from any client): it joins the actor's applications as a sheet does.
   */
  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    joinDocumentApps(this.actor, this);
    this.element.addEventListener("change", (event) => void this.#onChange(event));
  }

  override _onClose(options: never): void {
    super._onClose(options);
    leaveDocumentApps(this.actor, this);
  }

  /** Keeps the splits the form shows, so a redraw does not lose them. */
  #readSplits(): void {
    HARMONIES_PAIRS.forEach((_, p) => {
      const select = this.element.querySelector<HTMLSelectElement>(`select[name="split-${p}"]`);
      if (select && select.value !== "") this.splits[p] = Number(select.value);
    });
  }

  /** A pair given another result takes it from the pair that held it, which gets this one's; both split even. */
  async #onChange(event: Event): Promise<void> {
    const target = event.target as HTMLSelectElement | null;
    const match = /^result-(\d)$/.exec(target?.name ?? "");
    const record = this.record;
    if (!match || !target || !record) return;
    this.#readSplits();
    const pair = Number(match[1]);
    const wanted = Number(target.value);
    const holder = this.order.indexOf(wanted);
    if (holder < 0 || holder === pair) return;
    [this.order[pair], this.order[holder]] = [wanted, this.order[pair] as number];
    for (const p of [pair, holder]) this.splits[p] = evenSplit(this.resultOf(p, record.kept));
    await this.render();
  }

  static async #onRoll(this: AttributeGenerationDialog): Promise<void> {
    try {
      await rollAttributes(this.actor);
    } catch (error) {
      notifyError(error);
    }
    await this.render();
  }

  static async #onReset(this: AttributeGenerationDialog): Promise<void> {
    try {
      await resetAttributeRoll(this.actor);
    } catch (error) {
      notifyError(error);
    }
    await this.render();
  }

  static async #onCancel(this: AttributeGenerationDialog): Promise<void> {
    await this.close();
  }

  /** Applies the sharing out the form shows; the dialog closes once the attributes are written. */
  static async #onSubmit(this: AttributeGenerationDialog): Promise<void> {
    const record = this.record;
    this.#readSplits();
    try {
      // With no roll, applyAttributes refuses before it reads the (empty) sharing out.
      await applyAttributes(this.actor, this.attributes(record?.kept ?? []));
    } catch (error) {
      notifyError(error);
      return;
    }
    ui.notifications.info(t("WH.Creation.Harmonies.Applied", { name: this.actor.name ?? "" }));
    await this.close();
  }
}

/** Opens a character's attribute roll (one dialog per character), for its owner. */
export const openAttributeGeneration = characterDialogOpener(
  "harmoniesCharacter",
  "WH.Creation.Error.NotHarmonies",
  (actor: Character) => new AttributeGenerationDialog(actor),
);
