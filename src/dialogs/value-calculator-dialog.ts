import { templatePath } from "../foundry/system";
import { describeError } from "../core/errors";
import { signed } from "../core/format";
import { t } from "../core/i18n";
import { combinationText, measureText } from "../core/values-text";
import { MAX_VALUE, combineValueCounts, measureRatio, valueOf } from "../rules";
import { addDirectoryButton } from "./directory-button";
import { HandlebarsApplication, type ContextOptions } from "../foundry/applications";
import { parseValueList } from "./value-list";

/**
 * The GM's Value calculator (RULES 2.2, 3.1): how many times stronger one Value is than another,
 * what a list of Values combines into with the book's steps, and the Value of a group's size.
 * Every answer is the rules engine's; a field it cannot read is named.
 */
export class ValueCalculatorDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "wh-value-calculator",
    tag: "form",
    classes: ["wuxia-harmonies", "wh-value-calculator"],
    window: { icon: "fa-solid fa-scale-balanced", title: "WH.Values.Title", resizable: true },
    position: { width: 520 },
    form: { handler: ValueCalculatorDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = {
    body: { template: templatePath("dialogs/value-calculator.hbs") },
  };

  fields = { a: "+3", b: "-2", list: "25 × +3, +9", count: "25" };

  override get title(): string {
    return t("WH.Values.Title");
  }

  /** Only a GM sees it, however it is opened. */
  override _canRender(options: never) {
    if (!game.user?.isGM) return false;
    return super._canRender(options);
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    return Object.assign(context, {
      fields: this.fields,
      compare: this.compare(),
      combine: this.combine(),
      size: this.size(),
    });
  }

  /** A whole number as typed ("+3", "−2"), or null. */
  private whole(text: string): number | null {
    const value = Number(text.trim().replace("−", "-"));
    return text.trim() !== "" && Number.isInteger(value) ? value : null;
  }

  private compare() {
    const [a, b] = [this.whole(this.fields.a), this.whole(this.fields.b)];
    if (a === null || b === null) return { text: t("WH.Values.NotWhole"), error: true };
    // The scale runs to ±3000: beyond it a Measure leaves the range of a number.
    if (Math.abs(a - b) > MAX_VALUE) return { text: t("WH.Values.OutOfScale", { max: MAX_VALUE }), error: true };
    return {
      text: t("WH.Values.CompareResult", {
        a: signed(a),
        b: signed(b),
        gap: signed(a - b),
        measure: new Intl.NumberFormat(game.i18n.lang, { maximumFractionDigits: 3 }).format(measureRatio(a, b)),
      }),
      error: false,
    };
  }

  private combine() {
    const parsed = parseValueList(this.fields.list);
    if ("bad" in parsed)
      return { text: t("WH.Values.BadEntry", { n: parsed.bad, entry: parsed.entry }), error: true, steps: [] };
    if (parsed.groups.length === 0) return { text: t("WH.Values.EmptyList"), error: true, steps: [] };
    if (parsed.groups.every((g) => g.count === 0)) return { text: t("WH.Values.NoMember"), error: true, steps: [] };
    try {
      const { value, setAside } = combineValueCounts(parsed.groups);
      return {
        text: t("WH.Values.CombineResult", { value: signed(value), measure: measureText(value) }),
        error: false,
        steps: combinationText(parsed.groups),
        setAside: setAside.length ? t("WH.Values.SetAside", { values: setAside.map(signed).join(", ") }) : "",
      };
    } catch (error) {
      return { text: describeError(error), error: true, steps: [] };
    }
  }

  private size() {
    const count = this.whole(this.fields.count);
    if (count === null || count < 1) return { text: t("WH.Values.NotCount"), error: true };
    return { text: t("WH.Values.SizeResult", { count, value: signed(valueOf(count)) }), error: false };
  }

  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", () => void this.#read());
  }

  async #read(): Promise<void> {
    const value = (name: string) => this.element.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? "";
    this.fields = { a: value("a"), b: value("b"), list: value("list"), count: value("count") };
    await this.render();
  }

  /** Enter in a field recalculates, as a change does. */
  static async #onSubmit(this: ValueCalculatorDialog): Promise<void> {
    await this.#read();
  }
}

let shown: ValueCalculatorDialog | null = null;

/** Opens the Value calculator for a GM; anyone else is told it is the GM's. */
export async function openValueCalculator(): Promise<ValueCalculatorDialog | null> {
  if (!game.user?.isGM) {
    ui.notifications.warn(t("WH.Values.GmOnly"));
    return null;
  }
  shown = shown?.rendered ? shown : new ValueCalculatorDialog();
  await shown.render({ force: true });
  return shown;
}

export function registerValueCalculator(): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) =>
    addDirectoryButton(html, {
      className: "wh-values-button",
      icon: "fa-scale-balanced",
      label: t("WH.Values.Button"),
      onClick: () => void openValueCalculator(),
    }),
  );
}
