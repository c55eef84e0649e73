import { SYSTEM_PATH, templatePath } from "../foundry/system";
import { t } from "../core/i18n";
import { attributeLabel } from "../core/labels";
import { HARMONIES_ATTRIBUTES, WUXIA_ATTRIBUTES, type Ruleset } from "../rules/vocabulary";
import { playedRulesets } from "../documents/rulesets";
import {
  ImportError,
  describeImportError,
  importGroups,
  planImport,
  type ImportSummary,
} from "../documents/import-groups";
import {
  acceptedNames,
  csvTemplate,
  decodeImportFile,
  jsonTemplate,
  parseGroupImport,
  readImportRows,
  shownValue,
  type GroupImport,
  type ImportOptions,
  type ImportProblem,
  type SourceCell,
  type SourceRow,
  type StatKey,
  type TemplateLanguage,
} from "../import";
import { addDirectoryButton } from "./directory-button";
import { HandlebarsApplication, type ContextOptions, renderParts } from "../foundry/applications";

/** The parser the dialog reads text and files with. */
export interface ImportReader {
  parse(text: string, options: ImportOptions): GroupImport;
  decode(bytes: Uint8Array): string;
  rows(text: string): SourceRow[];
}

/** The import core itself. */
export const importReader: ImportReader = {
  parse: parseGroupImport,
  decode: decodeImportFile,
  rows: readImportRows,
};

type Severity = ImportProblem["severity"];

interface ShownProblem {
  severity: Severity;
  where: string;
  message: string;
}

interface PreviewCell {
  value: string;
  severity: Severity | null;
  title: string;
}

/** The stat keys in the group sheet's order. */
const STAT_ORDER: readonly StatKey[] = [...WUXIA_ATTRIBUTES, ...HARMONIES_ATTRIBUTES, "skill"];

function statLabel(key: StatKey): string {
  return key === "skill" ? t("WH.Import.Column.Skill") : attributeLabel(key);
}

/** A stat's header as the preview draws it: short (Cp, Ag… as the book writes them), its full name on hover. */
function statHeader(key: StatKey): string {
  if (key === "skill") return t("WH.Import.ColumnAbbr.Skill");
  return (HARMONIES_ATTRIBUTES as readonly string[]).includes(key) ? t(`WH.AttributeAbbr.${key}`) : attributeLabel(key);
}

function shown(problem: ImportProblem): ShownProblem {
  const where = problem.column
    ? t("WH.Import.LineColumn", { line: problem.line, column: problem.column })
    : t("WH.Import.Line", { line: problem.line });
  return { severity: problem.severity, where, message: t(problem.code, problem.data ?? {}) };
}

/** The worst of the problems: an error outranks a warning; none is null. */
function worst(problems: readonly ImportProblem[]): Severity | null {
  if (problems.some((p) => p.severity === "error")) return "error";
  return problems.length ? "warning" : null;
}

/** Sub-groups without a problem drawn per preview; a larger file says how many more it read. */
export const SHOWN_CLEAN_ROWS = 200;
/**
 * Problems drawn per preview, the first by line, with their rows: a file with an error on each of
 * its 100 000 rows would draw megabytes of HTML at every keystroke. The counts say how many there are.
 */
export const SHOWN_PROBLEMS = 200;

/**
 * What the preview table shows: the file's rows gathered by group, each cell as written, every
 * problem on the row of its line and the cell of its column (one on no row, such as the header's,
 * above the tables), and whether each group will be created, update the group an earlier import
 * made, or not be imported for its errors.
 */
export function previewContext(result: GroupImport, rows: readonly SourceRow[]) {
  const plan = planImport(result);
  const updates = new Map(plan.update.map((u) => [u.group.name, u]));
  const read = new Map(result.groups.map((g) => [g.name, g]));
  const byRow = new Map<SourceRow, ImportProblem[]>();
  const byCell = new Map<SourceCell, ImportProblem[]>();
  const fileProblems: ImportProblem[] = [];
  const cellsOf = (row: SourceRow) =>
    [row.label, row.count, row.ruleset, ...row.stats.map(([, c]) => c)].filter((c): c is SourceCell => c !== null);
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  // Only the first problems are drawn (they come sorted by line); the others are only counted, so a
  // file of 100 000 bad rows costs a set of lines, not a search per problem.
  const drawnProblems = result.problems.slice(0, SHOWN_PROBLEMS);
  // Which lines have a problem, as flags by line number: a set of 100 000 lines costs more.
  const lastLine = result.problems.reduce((max, p) => Math.max(max, p.line), 0);
  const flagged = new Uint8Array(lastLine + 1);
  for (const problem of result.problems) flagged[problem.line] = 1;
  const drawnLines = new Set(drawnProblems.map((p) => p.line));
  const onItsLine = (row: SourceRow, c: SourceCell | null) => c === null || c.line === row.line;
  const onOneLine = (row: SourceRow) =>
    onItsLine(row, row.label) &&
    onItsLine(row, row.count) &&
    onItsLine(row, row.ruleset) &&
    row.stats.every(([, c]) => c.line === row.line);
  const onLine = new Map<number, SourceRow[]>();
  const withProblems = new Set<SourceRow>();
  for (const row of rows) {
    // A table row is on one line; a JSON member may be written over several.
    const lines = onOneLine(row) ? null : new Set([row.line, ...cellsOf(row).map((c) => c.line)]);
    for (const line of lines ?? [row.line]) {
      // On a line whose problems are drawn, the problems find their rows below; elsewhere they are only counted.
      if (drawnLines.has(line)) push(onLine, line, row);
      else if (flagged[line] === 1) withProblems.add(row);
    }
  }
  for (const problem of drawnProblems) {
    const candidates = onLine.get(problem.line) ?? [];
    const at = (c: SourceCell) => c.line === problem.line && c.column === problem.column;
    // Sub-groups written on one line (compact JSON) share line and column: the value told apart the one meant.
    const value = problem.data?.value;
    const exact = (c: SourceCell) => at(c) && (value === undefined || shownValue(c.text) === String(value));
    const row =
      candidates.find((r) => cellsOf(r).some(exact)) ?? candidates.find((r) => cellsOf(r).some(at)) ?? candidates[0];
    const cell = row && (cellsOf(row).find(exact) ?? cellsOf(row).find(at));
    if (cell) push(byCell, cell, problem);
    if (row) push(byRow, row, problem);
    else fileProblems.push(problem);
  }
  const gathered = new Map<string, SourceRow[]>();
  for (const row of rows) push(gathered, row.group, row);
  const groupCount = gathered.size;
  let cleanLeft = SHOWN_CLEAN_ROWS;
  /** A row with a problem drawn is drawn; one whose problems are only counted is not; a clean one while they last. */
  const drawnRow = (row: SourceRow): boolean => byRow.has(row) || (!withProblems.has(row) && cleanLeft-- > 0);
  const groups = [...gathered].flatMap(([name, groupRows]) => {
    const drawn = groupRows.filter(drawnRow);
    // A group none of whose rows is drawn has no table: a file of 100 000 one-row groups draws 200.
    if (!drawn.length) return [];
    const keys = STAT_ORDER.filter((k) => groupRows.some((r) => r.stats.some(([key]) => key === k)));
    const withRuleset = groupRows.some((r) => r.ruleset !== null);
    const columns = [
      ...(withRuleset ? [{ key: "ruleset", label: t("WH.Import.Column.Ruleset"), title: "" }] : []),
      ...keys.map((key) => ({ key: key as string, label: statHeader(key), title: statLabel(key) })),
    ];
    const cell = (c: SourceCell | null | undefined): PreviewCell => {
      const problems = c ? (byCell.get(c) ?? []) : [];
      return {
        value: c?.text ?? "",
        severity: worst(problems),
        title: problems.map((p) => shown(p).message).join("\n"),
      };
    };
    const group = read.get(name);
    const status = !group
      ? "WH.Import.NotImported"
      : updates.has(name)
        ? "WH.Import.WillUpdate"
        : "WH.Import.WillCreate";
    return [
      {
        name: name || t("WH.Import.NoGroup"),
        ruleset: group ? t(`WH.Ruleset.${group.ruleset}`) : "",
        status: t(status),
        update: updates.has(name),
        skipped: !group,
        columns,
        /** A problem's row spans the line, label, count and the other columns. */
        span: columns.length + 3,
        rows: drawn.map((row) => {
          const problems = byRow.get(row) ?? [];
          return {
            line: row.line,
            cells: [
              cell(row.label),
              cell(row.count),
              ...(withRuleset ? [cell(row.ruleset)] : []),
              ...keys.map((k) => cell(row.stats.find(([key]) => key === k)?.[1])),
            ],
            severity: worst(problems),
            problems: problems.map(shown),
          };
        }),
        more:
          groupRows.length > drawn.length ? t("WH.Import.MoreRows", { count: groupRows.length - drawn.length }) : null,
      },
    ];
  });
  const errors = result.problems.filter((p) => p.severity === "error").length;
  const hidden = result.problems.length - drawnProblems.length;
  return {
    groups,
    moreGroups: groupCount > groups.length ? t("WH.Import.MoreGroups", { count: groupCount - groups.length }) : null,
    fileProblems: fileProblems.map(shown),
    moreProblems: hidden > 0 ? t("WH.Import.MoreProblems", { count: hidden, shown: drawnProblems.length }) : null,
    updateLine: plan.update.length
      ? t("WH.Import.UpdateLine", { count: plan.update.length, names: plan.update.map((u) => u.group.name).join(", ") })
      : null,
    counts: t("WH.Import.Counts", {
      groups: t("WH.Import.CountGroups", { count: result.groups.length }),
      errors: t("WH.Import.CountErrors", { count: errors }),
      warnings: t("WH.Import.CountWarnings", { count: result.problems.length - errors }),
    }),
    canImport: errors === 0 && result.groups.length > 0,
  };
}

/** "text/csv" and the like a file input offers. */
const ACCEPT = ".csv,.tsv,.txt,.json,text/csv,application/json,text/plain";

/** The columns the import reads, for the empty preview: each with the names it answers to and what it takes. */
function columnsHelp() {
  const played = playedRulesets();
  const stats = (keys: readonly StatKey[]) => keys.map((key) => acceptedNames(key)).join(" · ");
  const row = (label: string, names: string, values: string) => ({ label: t(label), names, values: t(values) });
  return [
    row("WH.Import.Help.Group", acceptedNames("group"), "WH.Import.Help.GroupValues"),
    row("WH.Import.Column.Label", acceptedNames("name"), "WH.Import.Help.NameValues"),
    row("WH.Import.Column.Count", acceptedNames("count"), "WH.Import.Help.CountValues"),
    row("WH.Import.Column.Ruleset", acceptedNames("ruleset"), "WH.Import.Help.RulesetValues"),
    ...(played.includes("wuxia")
      ? [row("WH.Import.Help.Wuxia", stats(WUXIA_ATTRIBUTES), "WH.Import.Help.WuxiaValues")]
      : []),
    ...(played.includes("harmonies")
      ? [row("WH.Import.Help.Harmonies", stats(HARMONIES_ATTRIBUTES), "WH.Import.Help.HarmoniesValues")]
      : []),
    row("WH.Import.Column.Skill", acceptedNames("skill"), "WH.Import.Help.SkillValues"),
  ];
}

/** The template's language: the world's (as this GM's client reads it), French or else English. */
function templateLanguage(): TemplateLanguage {
  return game.i18n.lang === "fr" ? "fr" : "en";
}

/** The example files shipped with the system (assets/examples), which a GM may load to try the import. */
export const IMPORT_EXAMPLES = [
  { file: "groupes-harmonies.csv", label: "WH.Import.Examples.HarmoniesCsv" },
  { file: "groups-wuxia.csv", label: "WH.Import.Examples.WuxiaCsv" },
  { file: "groups.json", label: "WH.Import.Examples.Json" },
] as const;

/**
 * The GM's import of NPC groups: a file chosen or dropped, or text pasted (and fixed in place),
 * read with a rule set for files that do not name one; a preview of every group and sub-group
 * with each problem on its row and cell; Import stays disabled while an error remains.
 */
export class GroupImportDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "wh-group-import",
    tag: "form",
    classes: ["wuxia-harmonies", "wh-import"],
    window: { icon: "fa-solid fa-file-import", title: "WH.Import.Title", resizable: true },
    // A height of its own: the preview fills what the source leaves, and grows as the window does.
    position: { width: 760, height: 720 },
    form: { handler: GroupImportDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: GroupImportDialog.#onCancel, downloadTemplate: GroupImportDialog.#onDownloadTemplate },
  };

  static override PARTS = {
    source: { template: templatePath("dialogs/group-import.hbs") },
    preview: { template: templatePath("dialogs/group-import-preview.hbs") },
    footer: { template: templatePath("dialogs/group-import-footer.hbs") },
  };

  readonly reader: ImportReader;
  text = "";
  /** The rule set of groups whose rows neither name one nor fill one game's stats only: the world's first. */
  ruleset: Ruleset = playedRulesets()[0] ?? "wuxia";
  folderName = "";
  /** The text read, or null while there is none. */
  result: GroupImport | null = null;
  /** The rows of the text as written, for the preview. */
  rows: SourceRow[] = [];
  /** What the last import made, once it went through. */
  summary: ImportSummary | null = null;
  #importing = false;

  constructor(reader: ImportReader = importReader, options: Record<string, unknown> = {}) {
    super(options);
    this.reader = reader;
  }

  override get title(): string {
    return t("WH.Import.Title");
  }

  /** Only a GM sees it, however it is opened. */
  override _canRender(options: never) {
    if (!game.user?.isGM) return false;
    return super._canRender(options);
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    const preview = this.result ? previewContext(this.result, this.rows) : null;
    return Object.assign(context, {
      idPrefix: this.id,
      accept: ACCEPT,
      text: this.text,
      folderName: this.folderName,
      rulesets: playedRulesets().map((r) => ({ value: r, label: t(`WH.Ruleset.${r}`) })),
      examples: IMPORT_EXAMPLES.map((e) => ({ value: e.file, label: t(e.label) })),
      examplesBlank: t("WH.Import.Examples.Choose"),
      ruleset: this.ruleset,
      preview,
      help: preview ? null : columnsHelp(),
      canImport: Boolean(preview?.canImport) && !this.#importing,
    });
  }

  /** Reads the text again with the chosen rule set; the preview and the button are drawn again. */
  async read(text: string, options: { redrawSource?: boolean } = {}): Promise<void> {
    this.text = text;
    this.result = text.trim() ? this.reader.parse(text, { ruleset: this.ruleset }) : null;
    this.rows = this.result ? this.reader.rows(text) : [];
    if (this.rendered)
      await renderParts(this, options.redrawSource ? ["source", "preview", "footer"] : ["preview", "footer"]);
  }

  /** A chosen or dropped file: its bytes decoded (BOM, UTF-16, Windows-1252), shown in the text box to fix. */
  async readFile(file: Blob): Promise<void> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    await this.read(this.reader.decode(bytes), { redrawSource: true });
  }

  /**
   * Loads one of the system's example files, as if the GM had chosen it: read into the text box
   * and previewed. A file the server does not have is refused with a message.
   */
  async readExample(file: string): Promise<void> {
    const example = IMPORT_EXAMPLES.find((e) => e.file === file);
    if (!example) return;
    const response = await fetch(foundry.utils.getRoute(`${SYSTEM_PATH}/assets/examples/${example.file}`));
    if (!response.ok) {
      ui.notifications.error(t("WH.Import.Examples.Missing", { file: example.file }));
      return;
    }
    await this.readFile(await response.blob());
  }

  /** Imports what the preview shows; the dialog closes once it is done, or stays open saying why not. */
  async importNow(): Promise<ImportSummary | null> {
    if (!this.result || this.#importing) return null;
    this.#importing = true;
    // Disabled at once, so a second click while the import runs does nothing.
    await renderParts(this, ["footer"]);
    try {
      this.summary = await importGroups(this.result, { folderName: this.folderName });
    } catch (error) {
      ui.notifications.error(describeImportError(error));
      this.#importing = false;
      await renderParts(this, ["footer"]);
      return null;
    }
    this.#importing = false;
    await this.close();
    return this.summary;
  }

  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    const form = this.element;
    form.addEventListener("input", (event) => this.#onInput(event));
    form.addEventListener("change", (event) => this.#onChange(event));
    form.addEventListener("dragover", (event) => event.preventDefault());
    form.addEventListener("drop", (event) => this.#onDrop(event as DragEvent));
  }

  #onInput(event: Event): void {
    const target = event.target as HTMLInputElement | HTMLTextAreaElement | null;
    if (target?.name === "text") void this.#queueRead(target.value);
    else if (target?.name === "folderName") this.folderName = target.value;
  }

  #onChange(event: Event): void {
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (target?.name === "ruleset" && (playedRulesets() as string[]).includes(target.value)) {
      this.ruleset = target.value as Ruleset;
      void this.#queueRead(this.text);
    } else if (target?.name === "example" && target.value) {
      void this.readExample(target.value);
    } else if (target?.name === "file") {
      const file = (target as HTMLInputElement).files?.[0];
      if (file) void this.readFile(file);
    }
  }

  #onDrop(event: DragEvent): void {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    void this.readFile(file);
  }

  #running: Promise<void> | null = null;
  #next: string | null = null;

  /** Fast typing never stacks readings: while one runs, only the latest text waits for the next. */
  async #queueRead(text: string): Promise<void> {
    this.#next = text;
    if (this.#running) return;
    while (this.#next !== null) {
      const next = this.#next;
      this.#next = null;
      this.#running = this.read(next);
      await this.#running;
    }
    this.#running = null;
  }

  static async #onSubmit(this: GroupImportDialog): Promise<void> {
    await this.importNow();
  }

  /** *Download a template*: a CSV in the world's language, or JSON, with the rule sets it plays. */
  static #onDownloadTemplate(this: GroupImportDialog, _event: PointerEvent, target: HTMLElement): void {
    const language = templateLanguage();
    const rulesets = playedRulesets();
    if (target.dataset.format === "json")
      foundry.utils.saveDataToFile(jsonTemplate(language, rulesets), "application/json", t("WH.Import.Help.JsonFile"));
    else foundry.utils.saveDataToFile(csvTemplate(language, rulesets), "text/csv", t("WH.Import.Help.CsvFile"));
  }

  static async #onCancel(this: GroupImportDialog): Promise<void> {
    await this.close();
  }
}

let shownDialog: GroupImportDialog | null = null;

/** Opens the import dialog (the one already open, if any) for a GM; anyone else is told only a GM imports. */
export async function openImportDialog(): Promise<GroupImportDialog | null> {
  if (!game.user?.isGM) {
    ui.notifications.warn(t("WH.Import.Error.NotGM"));
    return null;
  }
  if (!shownDialog?.rendered) shownDialog = new GroupImportDialog();
  await shownDialog.render({ force: true });
  return shownDialog;
}

export interface DirectImport {
  /**
   * The rule set of groups whose rows neither name one nor fill only one game's stats (default:
   * the world's first rule set played).
   */
  ruleset?: Ruleset;
  folderName?: string;
}

/**
 * Imports a file's text or bytes without the dialog (a macro). An import with errors is refused,
 * naming how many there are and the first; warnings do not stop it.
 */
export async function importFrom(source: string | Uint8Array, options: DirectImport = {}): Promise<ImportSummary> {
  if (!game.user?.isGM) throw new ImportError("WH.Import.Error.NotGM");
  const text = typeof source === "string" ? source : importReader.decode(source);
  const ruleset = options.ruleset ?? playedRulesets()[0];
  const result = importReader.parse(text, ruleset ? { ruleset } : {});
  const errors = result.problems.filter((p) => p.severity === "error");
  const [first] = errors;
  if (first) {
    const { where, message } = shown(first);
    throw new ImportError("WH.Import.Error.Errors", { count: errors.length, first: `${where} ${message}` });
  }
  return importGroups(result, options.folderName ? { folderName: options.folderName } : {});
}

/** The GM's Import button in the Actors directory's header. */
export function addImportButton(html: HTMLElement): void {
  addDirectoryButton(html, {
    className: "wh-import-button",
    icon: "fa-file-import",
    label: t("WH.Import.Button"),
    onClick: () => void openImportDialog(),
  });
}

export function registerGroupImport(): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => addImportButton(html));
}
