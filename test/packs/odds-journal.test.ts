import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { startWorld } from "../support/world";

/**
 * The odds tables journal of the GM's compendium (packs-src/gm-tables), one entry in English and
 * one in French, is the rules engine's output: this test builds it from the engine and the
 * language files and fails when the committed source differs. `UPDATE_PACKS=1` writes it anew.
 */

type AnyObject = Record<string, unknown>;
const DIR = resolve("packs-src/gm-tables");
const LANGS = ["en", "fr"] as const;

/** Sixteen letters and digits, as Foundry ids are. */
const id = (...parts: string[]) => parts.join("").padEnd(16, "0").slice(0, 16);

async function journal(lang: (typeof LANGS)[number]): Promise<AnyObject> {
  await startWorld({ lang });
  const { t } = await import("../../src/core/i18n");
  const { percent, signed } = await import("../../src/core/format");
  const { harmoniesOddsTable, wuxiaOddsTable } = await import("../../src/rules");
  const entryId = id("odds", lang, "tables");
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const page = (kind: string, name: string, html: string, sort: number) => {
    const pageId = id("odds", lang, kind);
    return {
      _id: pageId,
      _key: `!journal.pages!${entryId}.${pageId}`,
      name,
      type: "text",
      sort,
      title: { show: true, level: 1 },
      text: { format: 1, content: html },
    };
  };
  const wuxia = [0, 1, 2, 3].map((rerolls) => {
    const table = wuxiaOddsTable(rerolls);
    const head = table.thresholds.map((th) => `<th>${th}</th>`).join("");
    const rows = table.attributes
      .map((attribute, a) => {
        const cells = table.cells[a]
          ?.map((cell, i) => {
            const text = `${escape(percent(cell.success))}<br>${escape(percent(cell.critical))}`;
            return `<td>${table.criticalPeak[i] === attribute ? `<strong>${text}</strong>` : text}</td>`;
          })
          .join("");
        return `<tr><th>${attribute}</th>${cells ?? ""}</tr>`;
      })
      .join("");
    const remark = `${t("WH.OddsTables.PeakBold")}${rerolls === 0 ? ` ${t("WH.OddsTables.Remark")}` : ""}`;
    const html =
      `<p>${escape(t("WH.OddsTables.WuxiaHint"))}</p>` +
      `<table><thead><tr><th>${escape(t("WH.OddsTables.AttributeThreshold"))}</th>${head}</tr></thead><tbody>${rows}</tbody></table>` +
      `<p><strong>${escape(remark)}</strong></p>`;
    return page(`wuxia${rerolls}`, t("WH.OddsTables.Wuxia", { count: rerolls }), html, (rerolls + 1) * 100);
  });
  const harmonies = harmoniesOddsTable()
    .map(
      (row) =>
        `<tr><th>${escape(signed(row.modifier))}</th><td>${escape(percent(row.closed))}</td><td>${escape(percent(row.open))}</td><td>${row.book === null ? "" : escape(percent(row.book))}</td></tr>`,
    )
    .join("");
  const harmoniesHtml =
    `<p>${escape(t("WH.OddsTables.HarmoniesHint"))}</p>` +
    `<table><thead><tr><th>${escape(t("WH.OddsTables.Modifier"))}</th><th>${escape(t("WH.OddsTables.Closed"))}</th><th>${escape(t("WH.OddsTables.Open"))}</th><th>${escape(t("WH.OddsTables.Book"))}</th></tr></thead><tbody>${harmonies}</tbody></table>`;
  return {
    _id: entryId,
    _key: `!journal!${entryId}`,
    name: `${t("WH.OddsTables.Title")} (${lang.toUpperCase()})`,
    pages: [...wuxia, page("harmonies", t("WH.OddsTables.Harmonies"), harmoniesHtml, 500)],
  };
}

describe("the odds tables journal", () => {
  it.each(LANGS)("in %s is what the rules engine gives", async (lang) => {
    const entry = await journal(lang);
    const file = resolve(DIR, `odds-tables-${lang}_${String(entry._id)}.json`);
    const text = `${JSON.stringify(entry, null, 2)}\n`;
    if (process.env.UPDATE_PACKS) writeFileSync(file, text);
    expect(existsSync(file), `${file}: run UPDATE_PACKS=1 npx vitest run test/packs`).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(entry);
  });
});
