// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { choose, settle, windowFrame } from "../../test/support/dom";
import { actAs, startWorld } from "../../test/support/world";
import type * as OddsModule from "./odds-tables-dialog";

/** The GM's odds tables: exact from the rules engine, opened from the Actors directory. */

let foundry: FoundryDouble;
let odds: typeof OddsModule;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  odds = await import("./odds-tables-dialog");
});

afterEach(() => {
  for (const el of Array.from(document.querySelectorAll(".wh-odds-tables"))) el.remove();
});

const shown = () => {
  const element = document.querySelector<HTMLElement>(".wh-odds-tables");
  if (!element) throw new Error("the odds tables are not drawn");
  return { element };
};
const cell = (attribute: number, threshold: number) => {
  const row = shown().element.querySelectorAll(".wh-odds-tables__wuxia tbody tr")[attribute - 1];
  return row?.querySelectorAll("td")[threshold - 2] ?? null;
};

describe("the odds tables", () => {
  it("open from the GM's button in the Actors directory, on the Wuxia table without rerolls", async () => {
    actAs("gm");
    const directory = document.createElement("section");
    directory.innerHTML = '<header><div class="header-actions"></div></header>';
    (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): void } }).Hooks.callAll(
      "renderActorDirectory",
      { id: "actors" },
      directory,
    );
    const button = directory.querySelector<HTMLButtonElement>(".wh-odds-button");
    expect(button?.textContent?.trim()).toBe("Odds tables");
    button?.click();
    await settle();
    expect(shown().element.querySelector(".window-title")?.textContent).toBe("Odds tables");
    // A wide table: the window may be resized.
    expect(windowFrame(shown().element)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-table",
      resizable: true,
      scoped: true,
    });
    // The Wuxia text's example: Attribute 5, SR − Compétence 8 → 80 % success, 13 % critical failure.
    expect(cell(5, 8)?.textContent).toBe("79.5%12.7%");
    expect(cell(5, 8)?.getAttribute("title")).toBe("Attribute 5, SR − skill 8: success 79.5%, critical failure 12.7%");
    expect(shown().element.querySelectorAll(".wh-odds-tables__wuxia tbody tr")).toHaveLength(10);
  });

  it("frame the critical peak the Wuxia text remarks on, and switch to rerolls and to Harmonies", async () => {
    actAs("gm");
    await odds.openOddsTables();
    expect(cell(2, 7)?.classList.contains("is-peak")).toBe(true);
    expect(cell(1, 6)?.classList.contains("is-peak")).toBe(false);
    const remark = () => shown().element.querySelector(".wh-odds-tables__remark")?.textContent;
    expect(remark()).toContain("as the Wuxia text remarks");
    const before = cell(5, 8)?.textContent;
    await choose(shown(), "table", "wuxia-2");
    expect(cell(5, 8)?.textContent).not.toBe(before);
    expect(remark()).toBe("Framed: where the chance of a critical failure is highest.");
    await choose(shown(), "table", "harmonies");
    const zero = Array.from(shown().element.querySelectorAll(".wh-odds-tables__harmonies tbody tr")).find(
      (tr) => tr.querySelector("th")?.textContent === "0",
    );
    expect(Array.from(zero?.querySelectorAll("td") ?? []).map((td) => td.textContent)).toEqual(["55%", "54.5%", "50%"]);
  });

  it("show the table drawn in the list, leave the book's column empty where it gives no figure, and open once", async () => {
    actAs("gm");
    const first = await odds.openOddsTables();
    const choice = () => shown().element.querySelector<HTMLSelectElement>('select[name="table"]')?.value;
    expect(choice()).toBe("wuxia-0");
    await choose(shown(), "table", "wuxia-2");
    expect(choice()).toBe("wuxia-2");
    await choose(shown(), "table", "harmonies");
    expect(choice()).toBe("harmonies");
    const plusOne = Array.from(shown().element.querySelectorAll(".wh-odds-tables__harmonies tbody tr")).find(
      (tr) => tr.querySelector("th")?.textContent === "+1",
    );
    expect(plusOne?.querySelectorAll("td")[2]?.textContent).toBe("");
    // Asked again, the open window comes forward, on the table it shows.
    expect(await odds.openOddsTables()).toBe(first);
    expect(document.querySelectorAll(".wh-odds-tables")).toHaveLength(1);
    expect(choice()).toBe("harmonies");
  });

  it("offer the four Wuxia tables and the Harmonies one, by name", async () => {
    actAs("gm");
    await odds.openOddsTables();
    expect(
      Array.from(shown().element.querySelectorAll('select[name="table"] option')).map((o) => o.textContent),
    ).toEqual([
      "Wuxia, 0 specialisation rerolls",
      "Wuxia, 1 specialisation reroll",
      "Wuxia, 2 specialisation rerolls",
      "Wuxia, 3 specialisation rerolls",
      "Harmonies, by final modifier",
    ]);
    expect(shown().element.querySelectorAll(".wh-odds-tables__harmonies tbody tr")).toHaveLength(0);
  });

  it("are not drawn for a player even when their window is asked for directly", async () => {
    actAs("player");
    await new odds.OddsTablesDialog().render({ force: true } as never);
    expect(document.querySelector(".wh-odds-tables")).toBeNull();
  });

  it("are the GM's: a player gets no button and is told so", async () => {
    actAs("player");
    const directory = document.createElement("section");
    directory.innerHTML = '<div class="header-actions"></div>';
    odds.addOddsButton(directory);
    expect(directory.querySelector(".wh-odds-button")).toBeNull();
    expect(await odds.openOddsTables()).toBeNull();
    expect(foundry.notifications.map((n) => n.message)).toContain("The odds tables are the GM's.");
    expect(document.querySelector(".wh-odds-tables")).toBeNull();
  });
});
