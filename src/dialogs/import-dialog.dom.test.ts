// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import type * as ImportDialogModule from "./import-dialog";
import { actAs, postedMessages, startWorld, type Seat } from "../../test/support/world";
import { server } from "../../test/foundry/clients";
import { choose, field, settle, type, windowFrame } from "../../test/support/dom";

/** The GM's import dialog as it is used: opened from the Actors directory, pasted in, fixed, imported. */

type AnyObject = Record<string, unknown>;
interface Dialog {
  element: HTMLFormElement;
  rendered: boolean;
  text: string;
  render(options?: unknown): Promise<unknown>;
  close(): Promise<unknown>;
}
interface GroupActor {
  id: string;
  name: string;
  folder: { name: string } | null;
  system: { ruleset: string; members: { label: string; count: number; stats: Record<string, number> }[] };
}

const g = globalThis as unknown as {
  Hooks: { callAll(name: string, ...args: unknown[]): unknown };
  game: {
    actors: { contents: GroupActor[] };
    folders: { contents: { name: string }[] };
    system: { api: { importGroups(source?: string | Uint8Array, options?: AnyObject): Promise<AnyObject | null> } };
  };
  CONFIG: { Actor: { documentClass: AnyObject } };
};

let foundry: FoundryDouble;
let dialogs: typeof ImportDialogModule;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  dialogs = await import("./import-dialog");
});

afterEach(async () => {
  for (const el of Array.from(document.querySelectorAll("form.wh-import"))) el.remove();
});

const CLEAN = [
  "groupe;nom;nombre;corps;agilité",
  "Gardes;Sergent;1;2;1",
  "Gardes;Garde;12;1;0",
  "Archers;Archer;6;0;2",
].join("\r\n");
/** Line 3: a fraction in Agilité; line 4: no count; an unknown column, a warning. */
const BROKEN = [
  "groupe;nom;nombre;corps;agilité;notes",
  "Gardes;Sergent;1;2;1;chef",
  "Gardes;Garde;12;1;1,5;",
  "Archers;Archer;;0;2;",
].join("\r\n");

function actorDirectory(): HTMLElement {
  const html = document.createElement("section");
  html.className = "tab sidebar-tab directory actors-sidebar";
  html.innerHTML = `<header class="directory-header"><div class="header-actions action-buttons flexrow">
      <button type="button" class="create-entry">Create Actor</button>
      <button type="button" class="create-folder">Create Folder</button></div></header>
    <ol class="directory-list"></ol><footer class="directory-footer"></footer>`;
  document.body.append(html);
  return html;
}

function drawDirectory(html: HTMLElement): void {
  g.Hooks.callAll("renderActorDirectory", { id: "actors" }, html, {}, {});
}

async function open(): Promise<Dialog> {
  const dialog = (await dialogs.openImportDialog()) as unknown as Dialog | null;
  if (!dialog) throw new Error("the dialog did not open");
  return dialog;
}

function importButton(dialog: Dialog): HTMLButtonElement {
  const button = dialog.element.querySelector<HTMLButtonElement>("button.wh-import__import");
  if (!button) throw new Error("no Import button");
  return button;
}

async function paste(dialog: Dialog, text: string): Promise<void> {
  await type(dialog, "text", text);
}

function rowOf(dialog: Dialog, line: number): HTMLTableRowElement {
  const row = dialog.element.querySelector<HTMLTableRowElement>(`tr.wh-import__row[data-line="${line}"]`);
  if (!row) throw new Error(`no row for line ${line}`);
  return row;
}

function cellTexts(row: HTMLTableRowElement): string[] {
  return Array.from(row.cells).map((c) => c.textContent?.trim() ?? "");
}

function markedCells(dialog: Dialog, severity: "error" | "warning"): string[] {
  return Array.from(dialog.element.querySelectorAll(`td.wh-import__cell--${severity}`)).map(
    (c) => `${c.closest("tr")?.dataset.line}:${c.textContent?.trim()}`,
  );
}

function problemTexts(dialog: Dialog, line: number): string[] {
  return Array.from(dialog.element.querySelectorAll(`tr.wh-import__problem[data-line="${line}"]`)).map(
    (r) => r.textContent?.replace(/\s+/g, " ").trim() ?? "",
  );
}

async function clickImport(dialog: Dialog): Promise<void> {
  importButton(dialog).click();
  await settle();
}

function groups(): GroupActor[] {
  return g.game.actors.contents;
}

describe("the Actors directory", () => {
  it("has an Import groups button for a GM, once however often it is drawn, among the header's actions", async () => {
    const html = actorDirectory();
    drawDirectory(html);
    drawDirectory(html);
    const buttons = html.querySelectorAll(".wh-import-button");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.parentElement?.classList.contains("header-actions")).toBe(true);
    expect(buttons[0]?.textContent?.trim()).toBe("Import groups");
    (buttons[0] as HTMLButtonElement).click();
    await settle();
    expect(document.querySelector("form.wh-import")).not.toBeNull();
    expect(document.querySelector("form.wh-import .window-title")?.textContent).toBe("Import NPC groups");
    expect(windowFrame(document.querySelector<HTMLElement>("form.wh-import") as HTMLElement)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-file-import",
      resizable: true,
      scoped: true,
    });
  });

  it("puts the button in the footer of a directory drawn without header actions", () => {
    const html = actorDirectory();
    html.querySelector(".header-actions")?.remove();
    drawDirectory(html);
    expect(html.querySelector(".directory-footer .wh-import-button")).not.toBeNull();
  });

  it("adds the button to the directory itself when it has neither header actions nor a footer", () => {
    const html = document.createElement("section");
    drawDirectory(html);
    expect(Array.from(html.children).some((child) => child.classList.contains("wh-import-button"))).toBe(true);
  });

  it.each(["player", "stranger"] as Seat[])("has no button for a %s", (who) => {
    actAs(who);
    const html = actorDirectory();
    drawDirectory(html);
    expect(html.querySelector(".wh-import-button")).toBeNull();
  });
});

describe("a player or a stranger", () => {
  it.each(["player", "stranger"] as Seat[])("a %s cannot open the dialog: told so, nothing drawn", async (who) => {
    actAs(who);
    expect(await dialogs.openImportDialog()).toBeNull();
    expect(foundry.notifications).toContainEqual({ level: "warn", message: "Only a GM can import groups." });
    await g.game.system.api.importGroups();
    expect(document.querySelector("form.wh-import")).toBeNull();
  });

  it.each(["player", "stranger"] as Seat[])("a %s's dialog built by hand is never drawn", async (who) => {
    actAs(who);
    const dialog = new dialogs.GroupImportDialog();
    await dialog.render({ force: true } as never);
    expect(dialog.rendered).toBe(false);
    expect(document.querySelector("form.wh-import")).toBeNull();
  });

  it.each(["player", "stranger"] as Seat[])("a %s's direct import is refused and creates nothing", async (who) => {
    actAs(who);
    expect(await g.game.system.api.importGroups(CLEAN)).toBeNull();
    expect(foundry.notifications).toContainEqual({ level: "error", message: "Only a GM can import groups." });
    expect(groups()).toEqual([]);
    expect(g.game.folders.contents).toEqual([]);
  });

  it("is told in French", async () => {
    foundry = await startWorld({ lang: "fr" });
    dialogs = await import("./import-dialog");
    actAs("player");
    expect(await dialogs.openImportDialog()).toBeNull();
    expect(foundry.notifications).toContainEqual({ level: "warn", message: "Seul un MJ peut importer des groupes." });
  });
});

describe("the GM pastes, fixes and imports", () => {
  it("shows nothing read and a disabled Import button before any text", async () => {
    const dialog = await open();
    expect(dialog.element.querySelector(".wh-import__preview")?.textContent).toContain("Nothing read yet.");
    expect(importButton(dialog).disabled).toBe(true);
  });

  it("previews the pasted text: every group, its sub-groups as written, each problem on its row and cell", async () => {
    const dialog = await open();
    const textarea = field<HTMLTextAreaElement>(dialog, "text");
    await paste(dialog, BROKEN);
    // The text box is not redrawn while typing: it keeps what is typed.
    expect(field<HTMLTextAreaElement>(dialog, "text")).toBe(textarea);
    const captions = Array.from(dialog.element.querySelectorAll("table.wh-import__group caption")).map((c) =>
      c.textContent?.replace(/\s+/g, " ").trim(),
    );
    expect(captions).toEqual(["Gardes (Harmonies) — new", "Archers — not imported: fix its errors"]);
    expect(cellTexts(rowOf(dialog, 2))).toEqual(["2", "Sergent", "1", "2", "1"]);
    expect(cellTexts(rowOf(dialog, 3))).toEqual(["3", "Garde", "12", "1", "1,5"]);
    expect(markedCells(dialog, "error")).toEqual(["3:1,5", "4:"]);
    expect(rowOf(dialog, 3).classList.contains("wh-import__row--error")).toBe(true);
    expect(rowOf(dialog, 2).classList.contains("wh-import__row--error")).toBe(false);
    expect(problemTexts(dialog, 3)).toHaveLength(1);
    expect(problemTexts(dialog, 3)[0]).toMatch(/^✖?\s*Line 3, column agilité:/);
    expect(problemTexts(dialog, 4)[0]).toMatch(/Line 4, column nombre:/);
    const fileProblems = dialog.element.querySelector(".wh-import__file-problems")?.textContent ?? "";
    expect(fileProblems).toMatch(/Line 1, column notes:/);
    expect(dialog.element.querySelector(".wh-import__file-problems .wh-import__problem--warning")).not.toBeNull();
    expect(dialog.element.querySelector(".wh-import__counts")?.textContent).toBe("1 group read, 2 errors, 1 warning.");
    expect(dialog.element.querySelector(".wh-import__updates")).toBeNull();
    expect(dialog.element.querySelector(".wh-import__more")).toBeNull();
    expect(importButton(dialog).disabled).toBe(true);
  });

  it("explains a marked cell in its title", async () => {
    const dialog = await open();
    await paste(dialog, BROKEN);
    const cell = dialog.element.querySelector<HTMLElement>("tr[data-line='3'] td.wh-import__cell--error");
    const message = problemTexts(dialog, 3)[0]?.replace(/^.*agilité:\s*/, "");
    expect(cell?.title).toBe(message);
  });

  it("enables Import once every error is fixed, warnings left, and imports with a progress bar", async () => {
    const dialog = await open();
    await paste(dialog, BROKEN);
    expect(importButton(dialog).disabled).toBe(true);
    await paste(dialog, BROKEN.replace("1,5", "1").replace("Archer;;", "Archer;6;"));
    expect(markedCells(dialog, "error")).toEqual([]);
    expect(dialog.element.querySelector(".wh-import__file-problems")?.textContent).toMatch(/column notes/);
    expect(importButton(dialog).disabled).toBe(false);
    await type(dialog, "folderName", "Château");
    await clickImport(dialog);
    expect(groups().map((a) => a.name)).toEqual(["Gardes", "Archers"]);
    expect(groups().every((a) => a.folder?.name === "Château")).toBe(true);
    const gardes = groups()[0];
    expect(gardes?.system.members.map((m) => [m.label, m.count, m.stats.corps, m.stats.agilite])).toEqual([
      ["Sergent", 1, 2, 1],
      ["Garde", 12, 1, 1],
    ]);
    expect(foundry.notifications.find((n) => n.progress)?.progress?.at(-1)?.pct).toBe(1);
    expect(foundry.notifications).toContainEqual({ level: "info", message: "Groups imported: 2 created, 0 updated." });
    expect(postedMessages()).toHaveLength(1);
    expect(dialog.rendered).toBe(false);
  });

  it("disables Import while the import runs, so a second click imports nothing more", async () => {
    const dialog = await open();
    await paste(dialog, CLEAN);
    server.latencyMs = 50;
    try {
      importButton(dialog).click();
      await settle();
      expect(importButton(dialog).disabled).toBe(true);
      await (dialog as unknown as { importNow(): Promise<unknown> }).importNow();
      await vi.waitFor(() => expect(dialog.rendered).toBe(false));
    } finally {
      server.latencyMs = 0;
    }
    expect(groups().map((a) => a.name)).toEqual(["Gardes", "Archers"]);
    expect(foundry.notifications.filter((n) => n.level === "error")).toEqual([]);
  });

  it("marks a row whose problem is on no cell, such as cells beyond the header", async () => {
    const dialog = await open();
    await paste(dialog, "groupe;nom;nombre\nGardes;Garde;3;en trop");
    expect(rowOf(dialog, 2).classList.contains("wh-import__row--warning")).toBe(true);
    expect(markedCells(dialog, "warning")).toEqual([]);
    expect(problemTexts(dialog, 2)).toHaveLength(1);
    expect(problemTexts(dialog, 2)[0]).toMatch(/Line 2:/);
  });

  it("marks a row with an error and a warning as an error, each cell with its own", async () => {
    const dialog = await open();
    await choose(dialog, "ruleset", "wuxia");
    await paste(dialog, "groupe;nom;nombre;feu;corps\nBrigands;Brigand;0;4;2\nBrigands;Chef;1;5;2");
    expect(rowOf(dialog, 2).classList.contains("wh-import__row--error")).toBe(true);
    expect(rowOf(dialog, 3).classList.contains("wh-import__row--warning")).toBe(true);
    expect(markedCells(dialog, "error")).toEqual(["2:0"]);
    expect(markedCells(dialog, "warning")).toEqual(["2:2", "3:2"]);
  });

  it("spans a problem's row across every column of its table", async () => {
    const dialog = await open();
    await paste(dialog, BROKEN);
    const table = rowOf(dialog, 3).closest("table");
    const columns = table?.querySelectorAll("thead th").length;
    expect(columns).toBe(5);
    expect(table?.querySelector("tr.wh-import__problem td")?.getAttribute("colspan")).toBe(String(columns));
  });

  it("names the skill column and greys out a group it will not import", async () => {
    const dialog = await open();
    await paste(dialog, "groupe;nom;nombre;compétence\nGardes;Garde;3;2\nArchers;Archer;x;1");
    const headers = Array.from(dialog.element.querySelectorAll("table:first-of-type thead th")).map(
      (h) => h.textContent,
    );
    expect(headers).toEqual(["Line", "Sub-group", "Count", "Skill"]);
    const tables = dialog.element.querySelectorAll("table.wh-import__group");
    expect(tables[0]?.classList.contains("wh-import__group--skipped")).toBe(false);
    expect(tables[1]?.classList.contains("wh-import__group--skipped")).toBe(true);
  });

  it("reads only the latest text when typing outpaces the preview", async () => {
    const dialog = await open();
    const parse = vi.spyOn(dialogs.importReader, "parse");
    const textarea = field<HTMLTextAreaElement>(dialog, "text");
    for (const text of ["groupe;nombre\nA;1", "groupe;nombre\nB;1", "groupe;nombre\nC;1"]) {
      textarea.value = text;
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
    await settle();
    expect(parse.mock.calls.map(([text]) => text.slice(-3))).toEqual(["A;1", "C;1"]);
    expect(dialog.element.querySelector(".wh-import__group-name")?.textContent).toBe("C");
  });

  it("reads JSON after a byte order mark", async () => {
    const dialog = await open();
    await paste(dialog, `\uFEFF${JSON.stringify([{ name: "Gardes", members: [{ label: "Garde", count: 5 }] }])}`);
    expect(dialog.element.querySelector(".wh-import__group-name")?.textContent).toBe("Gardes");
    expect(cellTexts(rowOf(dialog, 1))).toEqual(["1", "Garde", "5"]);
  });

  it("creates nothing from a click on the disabled button", async () => {
    const dialog = await open();
    await paste(dialog, BROKEN);
    await clickImport(dialog);
    dialog.element.dispatchEvent(new Event("submit", { cancelable: true }));
    await settle();
    expect(groups()).toEqual([]);
    expect(g.game.folders.contents).toEqual([]);
  });

  it("says which groups a re-import updates, and updates them without a duplicate", async () => {
    await g.game.system.api.importGroups(CLEAN, { ruleset: "harmonies" });
    const dialog = await open();
    await paste(dialog, CLEAN.replace("Gardes;Garde;12", "Gardes;Garde;20").replace("Archers", "Lanciers"));
    expect(dialog.element.querySelector(".wh-import__updates")?.textContent).toBe(
      "1 group imported before will be updated, not created again: Gardes.",
    );
    const statuses = Array.from(dialog.element.querySelectorAll(".wh-import__status")).map((s) => s.textContent);
    expect(statuses).toEqual(["updates the group imported before", "new"]);
    expect(dialog.element.querySelector("table.wh-import__group--update caption")?.textContent).toContain("Gardes");
    await clickImport(dialog);
    expect(groups().map((a) => a.name)).toEqual(["Gardes", "Archers", "Lanciers"]);
    expect(groups()[0]?.system.members[1]?.count).toBe(20);
  });

  it("keeps the dialog open and says why when the import fails, leaving nothing created", async () => {
    const ActorClass = g.CONFIG.Actor.documentClass as { createDocuments(d: AnyObject[]): Promise<unknown> };
    vi.spyOn(ActorClass, "createDocuments").mockRejectedValueOnce(new Error("The server went away"));
    const dialog = await open();
    await paste(dialog, CLEAN);
    await clickImport(dialog);
    expect(foundry.notifications.filter((n) => n.level === "error").map((n) => n.message)).toEqual([
      "The import failed (The server went away): what it had created was removed and the groups it had updated were put back.",
    ]);
    expect(groups()).toEqual([]);
    expect(g.game.folders.contents).toEqual([]);
    expect(dialog.rendered).toBe(true);
    expect(importButton(dialog).disabled).toBe(false);
  });

  it("reads the text again with the rule set chosen for a file that names none", async () => {
    const dialog = await open();
    // Both games' stats: neither names the rule set; the world's first (Wuxia) reads it first.
    await paste(dialog, "groupe;nom;nombre;feu;corps\nBrigands;Brigand;8;4;2");
    expect(dialog.element.querySelector("caption")?.textContent).toContain("(Wuxia)");
    expect(markedCells(dialog, "warning")).toEqual(["2:2"]);
    await type(dialog, "folderName", "Raid");
    // A select fires input before change, as a browser does: neither is the folder's name.
    field<HTMLSelectElement>(dialog, "ruleset").value = "harmonies";
    field(dialog, "ruleset").dispatchEvent(new Event("input", { bubbles: true }));
    await choose(dialog, "ruleset", "harmonies");
    expect(dialog.element.querySelector("caption")?.textContent).toContain("(Harmonies)");
    expect(markedCells(dialog, "warning")).toEqual(["2:4"]);
    expect(field<HTMLSelectElement>(dialog, "ruleset").value).toBe("harmonies");
    await clickImport(dialog);
    expect(groups()[0]?.system.ruleset).toBe("harmonies");
    expect(groups()[0]?.folder?.name).toBe("Raid");
    expect(groups()[0]?.system.members[0]?.stats.corps).toBe(2);
  });

  it("starts at the world's rule set and offers only the games it plays", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "rulesets", "harmonies");
    const dialog = await open();
    const options = [...field<HTMLSelectElement>(dialog, "ruleset").options].map((o) => o.value);
    expect([options, field<HTMLSelectElement>(dialog, "ruleset").value]).toEqual([["harmonies"], "harmonies"]);
  });

  it("takes a file without a rule set column for the game whose stats it fills, whatever the choice", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "rulesets", "harmonies");
    const dialog = await open();
    await paste(dialog, "groupe;nom;nombre;métal;feu;terre;eau;bois\nBandits;Bandit;3;3;4;2;2;2");
    expect(dialog.element.querySelector(".wh-import__counts")?.textContent).toBe("1 group read, 0 errors, 0 warnings.");
    expect(dialog.element.querySelector("caption")?.textContent).toContain("(Wuxia)");
    await clickImport(dialog);
    expect(groups()[0]?.system.ruleset).toBe("wuxia");
  });

  it("refuses a row whose every stat its group's rule set ignores, saying which", async () => {
    const dialog = await open();
    await paste(dialog, "groupe;nom;nombre;jeu;feu;terre\nBandits;Bandit;3;harmonies;4;2");
    expect(dialog.element.querySelector(".wh-import__counts")?.textContent).toBe("0 groups read, 1 error, 0 warnings.");
    expect(problemTexts(dialog, 2).join(" ")).toContain(
      "The group “Bandits” is a Harmonies group, but this row gives only stats Harmonies does not use (feu, terre)",
    );
    expect(importButton(dialog).disabled).toBe(true);
  });

  it("ignores a rule set the select does not offer (a form changed by hand)", async () => {
    const dialog = await open();
    // Both games' stats: the rule set chosen decides, and one column is ignored.
    await paste(dialog, "groupe;nom;nombre;feu;corps\nBrigands;Brigand;8;4;1");
    const select = field<HTMLSelectElement>(dialog, "ruleset");
    const elfique = document.createElement("option");
    elfique.value = "elfique";
    select.append(elfique);
    await choose(dialog, "ruleset", "elfique");
    expect(dialog.element.querySelector(".wh-import__counts")?.textContent).toBe("1 group read, 0 errors, 1 warning.");
  });

  it("shows a rule set column when the file has one", async () => {
    const dialog = await open();
    await paste(dialog, "group,name,count,ruleset,fire\nBandits,Bandit,3,wuxia,5");
    const headers = Array.from(dialog.element.querySelectorAll("thead th")).map((h) => h.textContent);
    expect(headers).toEqual(["Line", "Sub-group", "Count", "Rule set", "Fire"]);
    expect(cellTexts(rowOf(dialog, 2))).toEqual(["2", "Bandit", "3", "wuxia", "5"]);
  });

  it("lists a few hundred clean sub-groups, says how many more it read, and always shows rows with problems", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `Armée;Soldat ${i + 1};10;1;1`);
    rows.push("Armée;Traînard;10;1;x");
    const dialog = await open();
    await paste(dialog, ["groupe;nom;nombre;corps;agilité", ...rows].join("\n"));
    expect(dialog.element.querySelectorAll("tr.wh-import__row")).toHaveLength(201);
    expect(dialog.element.querySelector(".wh-import__more")?.textContent?.trim()).toBe(
      "and 50 more sub-groups read, not shown.",
    );
    expect(markedCells(dialog, "error")).toEqual(["252:x"]);
  });

  it("gathers rows without a group name under one heading", async () => {
    const dialog = await open();
    await paste(dialog, "groupe;nom;nombre\n;Seul;3");
    expect(dialog.element.querySelector(".wh-import__group-name")?.textContent).toBe("(no group name)");
  });

  it("marks a bad JSON value on its sub-group's row", async () => {
    const dialog = await open();
    const json = JSON.stringify([{ name: "Gardes", members: [{ label: "Garde", count: 0, stats: {} }] }], null, 2);
    await paste(dialog, json);
    const countLine = json.split("\n").findIndex((l) => l.includes('"count"')) + 1;
    const [marked] = markedCells(dialog, "error");
    expect(marked).toMatch(/^\d+:0$/);
    const line = Number(marked?.split(":")[0]);
    expect(cellTexts(rowOf(dialog, line))).toEqual([String(line), "Garde", "0"]);
    expect(problemTexts(dialog, line).join(" ")).toContain(`Line ${countLine}, column count:`);
  });

  it("marks the bad cell of the right sub-group when a JSON file puts several on one line, each stat its column", async () => {
    const dialog = await open();
    const json = JSON.stringify([
      {
        name: "Bande",
        ruleset: "wuxia",
        members: [
          { label: "Archer", count: 1, stats: { metal: 2 } },
          { label: "Sabreur", count: "x", stats: { feu: 3 } },
        ],
      },
    ]);
    await paste(dialog, json);
    expect(markedCells(dialog, "error")).toEqual(["1:x"]);
    const headers = Array.from(dialog.element.querySelectorAll("table.wh-import__group th[data-key]")).map(
      (th) => (th as HTMLElement).dataset.key,
    );
    expect(headers).toEqual(["ruleset", "metal", "feu"]);
    const rows = Array.from(dialog.element.querySelectorAll<HTMLTableRowElement>("tr.wh-import__row"));
    expect(rows.map(cellTexts)).toEqual([
      ["1", "Archer", "1", "wuxia", "2", ""],
      ["1", "Sabreur", "x", "wuxia", "", "3"],
    ]);
  });

  it("lists a problem on no row, such as the file's own, above the tables", async () => {
    const dialog = await open();
    await paste(dialog, "[{");
    expect(dialog.element.querySelectorAll("table.wh-import__group")).toHaveLength(0);
    expect(dialog.element.querySelector(".wh-import__file-problems .wh-import__problem--error")?.textContent).toMatch(
      /^\s*Line 1:/,
    );
  });
});

describe("the example files shipped with the system", () => {
  it("are offered in the dialog, and one chosen is read from the system's folder into the text box, then previewed", async () => {
    const dialog = await open();
    const options = Array.from(field<HTMLSelectElement>(dialog, "example").options).map((o) => o.value);
    expect(options).toEqual(["", "groupes-harmonies.csv", "groups-wuxia.csv", "groups.json"]);
    await choose(dialog, "example", "groupes-harmonies.csv");
    await vi.waitFor(() => expect(dialog.text).toContain("Garde du palais"));
    expect(field<HTMLTextAreaElement>(dialog, "text").value).toBe(dialog.text);
    expect(Array.from(dialog.element.querySelectorAll(".wh-import__group-name")).map((e) => e.textContent)).toEqual([
      "Garde du palais",
      "Légion d'Aquitaine",
      "Brigands de la forêt",
    ]);
    expect(importButton(dialog).disabled).toBe(false);
    await clickImport(dialog);
    expect(groups().map((a) => a.name)).toEqual(["Garde du palais", "Légion d'Aquitaine", "Brigands de la forêt"]);
  });

  it("says so, and changes nothing, when the server does not have the file", async () => {
    const dialog = await open();
    await paste(dialog, CLEAN);
    vi.stubGlobal("fetch", async () => new Response("Not found", { status: 404 }));
    try {
      await choose(dialog, "example", "groups.json");
      await vi.waitFor(() =>
        expect(foundry.notifications.map((n) => n.message)).toContain(
          "The example file groups.json could not be read from the system's folder.",
        ),
      );
      expect(dialog.text).toBe(CLEAN);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("files", () => {
  function fileOf(bytes: number[], name = "gardes.csv"): File {
    return new File([new Uint8Array(bytes)], name, { type: "text/csv" });
  }

  /** "groupe;nom;nombre\nÉlite;Garde;2" in Windows-1252 (É is 0xC9), as French Excel saves it. */
  const CP1252 = [
    ...Array.from("groupe;nom;nombre\n", (c) => c.charCodeAt(0)),
    0xc9,
    ...Array.from("lite;Garde;2", (c) => c.charCodeAt(0)),
  ];

  it("a chosen file is decoded and shown in the text box to fix, then previewed", async () => {
    const dialog = await open();
    const input = field(dialog, "file");
    Object.defineProperty(input, "files", { value: [fileOf(CP1252)] });
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(field<HTMLTextAreaElement>(dialog, "text").value).toBe("groupe;nom;nombre\nÉlite;Garde;2");
    expect(dialog.element.querySelector(".wh-import__group-name")?.textContent).toBe("Élite");
  });

  it("a dropped UTF-16 file is read too", async () => {
    const dialog = await open();
    const text = "group,name,count\nGuards,Guard,4";
    const bytes = [0xff, 0xfe, ...Array.from(text).flatMap((c) => [c.charCodeAt(0), 0])];
    const drop = new Event("drop", { bubbles: true, cancelable: true });
    Object.defineProperty(drop, "dataTransfer", { value: { files: [fileOf(bytes)] } });
    dialog.element.querySelector("[data-drop-zone]")?.dispatchEvent(drop);
    await settle();
    expect(drop.defaultPrevented).toBe(true);
    expect(dialog.text).toBe(text);
    await clickImport(dialog);
    expect(groups().map((a) => [a.name, a.system.members[0]?.count])).toEqual([["Guards", 4]]);
  });

  it("a drop without a file changes nothing", async () => {
    const dialog = await open();
    await paste(dialog, CLEAN);
    const drop = new Event("drop", { bubbles: true, cancelable: true });
    Object.defineProperty(drop, "dataTransfer", { value: { files: [] } });
    dialog.element.dispatchEvent(drop);
    await settle();
    expect(drop.defaultPrevented).toBe(false);
    expect(dialog.text).toBe(CLEAN);
  });

  it("a file input emptied again changes nothing", async () => {
    const dialog = await open();
    await paste(dialog, CLEAN);
    const input = field(dialog, "file");
    Object.defineProperty(input, "files", { value: [] });
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(dialog.text).toBe(CLEAN);
  });

  it("dragging over the dialog lets the file be dropped", async () => {
    const dialog = await open();
    const over = new Event("dragover", { bubbles: true, cancelable: true });
    dialog.element.dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
  });
});

describe("game.system.api.importGroups", () => {
  it("without a source opens the dialog, the same one when it is open already", async () => {
    await g.game.system.api.importGroups();
    await g.game.system.api.importGroups();
    expect(document.querySelectorAll("form.wh-import")).toHaveLength(1);
  });

  it("imports a file's text at once and resolves with what it created", async () => {
    const summary = await g.game.system.api.importGroups(CLEAN, { folderName: "Macro", ruleset: "harmonies" });
    expect(summary).toMatchObject({
      folder: { name: "Macro" },
      created: [{ name: "Gardes" }, { name: "Archers" }],
      updated: [],
    });
    expect(groups()).toHaveLength(2);
  });

  it("imports bytes, with the rule set given for a file that names none", async () => {
    const bytes = new TextEncoder().encode("group,name,count,fire\nBandits,Bandit,3,5");
    await g.game.system.api.importGroups(bytes, { ruleset: "wuxia" });
    expect(groups()[0]?.system).toMatchObject({ ruleset: "wuxia", members: [{ count: 3, stats: { feu: 5 } }] });
  });

  it("refuses a file with errors, naming how many and the first, and creates nothing", async () => {
    expect(await g.game.system.api.importGroups(BROKEN, { ruleset: "harmonies" })).toBeNull();
    const [message] = foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
    expect(message).toMatch(/^The import has 2 errors: nothing was created\. The first: Line 3, column agilité: \S/);
    expect(groups()).toEqual([]);
  });
});

describe("the preview context", () => {
  it("offers no import without a group, even without an error", () => {
    expect(dialogs.previewContext({ groups: [], problems: [] }, []).canImport).toBe(false);
  });

  it("is null until there is text, and empty text clears it", async () => {
    const dialog = await open();
    await paste(dialog, CLEAN);
    expect(dialog.element.querySelectorAll("table.wh-import__group")).toHaveLength(2);
    await paste(dialog, "  \n ");
    expect(dialog.element.querySelector(".wh-import__preview > .hint")?.textContent?.trim()).toBe("Nothing read yet.");
    expect(dialog.element.querySelectorAll("table.wh-import__group")).toHaveLength(0);
    expect(importButton(dialog).disabled).toBe(true);
    await paste(dialog, CLEAN);
    await paste(dialog, "");
    expect(dialog.element.querySelector(".wh-import__preview > .hint")?.textContent?.trim()).toBe("Nothing read yet.");
    expect(dialog.element.querySelector("table.wh-import__help")).not.toBeNull();
  });
});

describe("a file's text", () => {
  it("is drawn as text wherever it shows — the preview, its problems, the summary card — never as markup", async () => {
    const dialog = await open();
    const name = "<b>Bande</b><img src=x>";
    await paste(dialog, `groupe;nom;nombre;corps\n${name};<i>Chef</i>;2;<u>x</u>\n${name};Garde;3;1`);
    const preview = dialog.element.querySelector(".wh-import__preview") as HTMLElement;
    expect(preview.querySelectorAll("b, img, u, td i, caption i")).toHaveLength(0);
    expect(preview.querySelector(".wh-import__group-name")?.textContent).toBe(name);
    expect(problemTexts(dialog, 2).join(" ")).toContain("“<u>x</u>” (corps) is not a number.");
    expect(cellTexts(rowOf(dialog, 2))).toContain("<i>Chef</i>");
    await paste(dialog, `groupe;nom;nombre;corps\n${name};<i>Chef</i>;2;1`);
    await clickImport(dialog);
    const summary = await (postedMessages().at(-1) as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
    const shown = summary.querySelector(".wh-import-summary__groups strong");
    expect([shown?.textContent, shown?.children.length]).toEqual([name, 0]);
    expect(summary.querySelectorAll("img, b")).toHaveLength(0);
  });
});

describe("the empty preview", () => {
  it("lists the columns the import reads, with the names each answers to, for the games the world plays", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "rulesets", "wuxia");
    const dialog = await open();
    const rows = [...dialog.element.querySelectorAll(".wh-import__help tbody tr")].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(rows.map((r) => r[0])).toEqual(["Group", "Sub-group", "Count", "Rule set", "Wuxia Attributes", "Skill"]);
    expect(rows[4]?.[1]).toBe("metal · fire, feu · earth, terre · water, eau · wood, bois");
  });

  it("downloads a template in the world's language, CSV or JSON, that the import reads back", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "rulesets", "harmonies");
    const dialog = await open();
    for (const format of ["csv", "json"])
      dialog.element
        .querySelector<HTMLButtonElement>(`[data-action="downloadTemplate"][data-format="${format}"]`)
        ?.click();
    await settle();
    expect(foundry.downloads.map((d) => [d.filename, d.type])).toEqual([
      ["groups-template.csv", "text/csv"],
      ["groups-template.json", "application/json"],
    ]);
    for (const { data } of foundry.downloads) {
      await paste(dialog, data);
      expect(dialog.element.querySelector(".wh-import__counts")?.textContent).toBe(
        "1 group read, 0 errors, 0 warnings.",
      );
    }
    expect(foundry.downloads[0]?.data.split("\r\n")[0]).toBe(
      "group,name,count,ruleset,body,agility,intuition,intelligence,power,resistance,maneuver,precision,skill",
    );
  });
});

describe.each([13, 14] as const)("the whole story on Foundry %i", (generation) => {
  it("import → preview with problems → fix → import with progress → re-import updates → a failure leaves nothing", async () => {
    foundry = await startWorld({ generation });
    dialogs = await import("./import-dialog");
    const html = actorDirectory();
    drawDirectory(html);
    html.querySelector<HTMLButtonElement>(".wh-import-button")?.click();
    await settle();
    // The dialog the button opened: opening again brings back the same one.
    let dialog = await open();
    expect(document.querySelectorAll("form.wh-import")).toHaveLength(1);

    await paste(dialog, BROKEN);
    expect(markedCells(dialog, "error")).toEqual(["3:1,5", "4:"]);
    expect(importButton(dialog).disabled).toBe(true);
    await paste(dialog, BROKEN.replace("1,5", "1").replace("Archer;;", "Archer;6;"));
    expect(importButton(dialog).disabled).toBe(false);
    await clickImport(dialog);
    const [folder] = g.game.folders.contents;
    expect(folder?.name).toMatch(/^Import \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(groups().map((a) => [a.name, a.folder?.name])).toEqual([
      ["Gardes", folder?.name],
      ["Archers", folder?.name],
    ]);
    expect(foundry.notifications.find((n) => n.progress)?.progress?.map((p) => p.pct)).toEqual([1]);

    dialog = await open();
    await paste(dialog, CLEAN.replace("Gardes;Garde;12", "Gardes;Garde;30"));
    expect(dialog.element.querySelector(".wh-import__updates")?.textContent).toContain("Gardes, Archers");
    await clickImport(dialog);
    expect(groups()).toHaveLength(2);
    expect(groups()[0]?.system.members[1]?.count).toBe(30);

    const ActorClass = g.CONFIG.Actor.documentClass as {
      createDocuments(d: AnyObject[]): Promise<unknown>;
      updateDocuments(u: AnyObject[]): Promise<unknown>;
    };
    const update = ActorClass.updateDocuments.bind(ActorClass);
    vi.spyOn(ActorClass, "updateDocuments").mockImplementationOnce(async (u) => {
      await update(u);
      throw new Error("Connection lost");
    });
    dialog = await open();
    await paste(dialog, `${CLEAN.replace("Gardes;Garde;12", "Gardes;Garde;2")}\r\nLanciers;Lancier;4;1;1`);
    await clickImport(dialog);
    expect(groups().map((a) => a.name)).toEqual(["Gardes", "Archers"]);
    expect(groups()[0]?.system.members[1]?.count).toBe(30);
    expect(g.game.folders.contents).toHaveLength(1);
    expect(dialog.rendered).toBe(true);
  });
});
