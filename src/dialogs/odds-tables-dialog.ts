import { templatePath } from "../foundry/system";
import { percent, signed } from "../core/format";
import { t } from "../core/i18n";
import { harmoniesOddsTable, wuxiaOddsTable } from "../rules";
import { addDirectoryButton } from "./directory-button";
import { HandlebarsApplication, type ContextOptions } from "../foundry/applications";

/** The tables offered: Wuxia with 0 to 3 specialisation rerolls, and Harmonies. */
const TABLES = ["wuxia-0", "wuxia-1", "wuxia-2", "wuxia-3", "harmonies"] as const;
type TableKey = (typeof TABLES)[number];

/**
 * The GM's odds tables, exact from the rules engine: the Wuxia tables its text describes and lost
 * (P(success) and P(critical failure) for every Attribute 1–10 and SR − Compétence 2–10, with 0
 * to 3 specialisation rerolls, the critical peak it remarks on marked), and the Harmonies chance
 * by final modifier, closed and open, beside the book's rules of thumb.
 */
export class OddsTablesDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "wh-odds-tables",
    classes: ["wuxia-harmonies", "wh-odds-tables"],
    window: { icon: "fa-solid fa-table", title: "WH.OddsTables.Title", resizable: true },
    position: { width: 760, height: 720 },
  };

  static override PARTS = {
    body: { template: templatePath("dialogs/odds-tables.hbs"), scrollable: [".wh-odds-tables__table"] },
  };

  table: TableKey = "wuxia-0";

  override get title(): string {
    return t("WH.OddsTables.Title");
  }

  /** Only a GM sees it, however it is opened. */
  override _canRender(options: never) {
    if (!game.user?.isGM) return false;
    return super._canRender(options);
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    const choices = TABLES.map((key) => ({
      value: key,
      label:
        key === "harmonies" ? t("WH.OddsTables.Harmonies") : t("WH.OddsTables.Wuxia", { count: Number(key.slice(-1)) }),
      selected: key === this.table,
    }));
    return Object.assign(context, { choices }, this.table === "harmonies" ? this.harmonies() : this.wuxia());
  }

  private wuxia() {
    const table = wuxiaOddsTable(Number(this.table.slice(-1)));
    return {
      wuxia: {
        // The text's remark is about its tables, which had no rerolls.
        remark: table.rerolls === 0,
        thresholds: table.thresholds,
        rows: table.attributes.map((attribute, a) => ({
          attribute,
          cells: table.thresholds.map((threshold, i) => {
            const cell = table.cells[a]?.[i] ?? { success: 0, critical: 0 };
            return {
              success: percent(cell.success),
              critical: percent(cell.critical),
              peak: table.criticalPeak[i] === attribute,
              title: t("WH.OddsTables.Cell", {
                attribute,
                threshold,
                success: percent(cell.success),
                critical: percent(cell.critical),
              }),
            };
          }),
        })),
      },
    };
  }

  private harmonies() {
    return {
      harmonies: harmoniesOddsTable().map((row) => ({
        modifier: signed(row.modifier),
        closed: percent(row.closed),
        open: percent(row.open),
        book: row.book === null ? "" : percent(row.book),
      })),
    };
  }

  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => {
      const value = (event.target as HTMLSelectElement | null)?.value;
      if ((TABLES as readonly string[]).includes(value ?? "")) {
        this.table = value as TableKey;
        void this.render();
      }
    });
  }
}

let shown: OddsTablesDialog | null = null;

/** Opens the odds tables for a GM; anyone else is told they are the GM's. */
export async function openOddsTables(): Promise<OddsTablesDialog | null> {
  if (!game.user?.isGM) {
    ui.notifications.warn(t("WH.OddsTables.GmOnly"));
    return null;
  }
  shown = shown?.rendered ? shown : new OddsTablesDialog();
  await shown.render({ force: true });
  return shown;
}

/** The GM's Odds tables button in the Actors directory's header, beside Import. */
export function addOddsButton(html: HTMLElement): void {
  addDirectoryButton(html, {
    className: "wh-odds-button",
    icon: "fa-table",
    label: t("WH.OddsTables.Button"),
    onClick: () => void openOddsTables(),
  });
}

export function registerOddsTables(): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => addOddsButton(html));
}
