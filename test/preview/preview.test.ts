import { existsSync, readFileSync } from "node:fs";
import { guidePictures, pictureRecord, previewFiles } from "../../scripts/guide-pictures.mjs";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSystem } from "../support/start-system";
import { CHROMIUM, CHROMIUM_ARGS, OUT_DIR, checkPages, type Theme } from "./browser";
import { buildFixtures } from "./fixtures";
import { PAGE_SOURCES, systemTemplateRenderer, type PreviewPage } from "./pages";

// The sheets, seen in a real browser: the real templates, lang files and styles, on fixture
// actors built through the Foundry double. Missing Chromium fails the run under CI=true; locally
// `npm run test:preview` installs it first (scripts/ensure-chromium.mjs).
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.CI === "true")
  throw new Error(`${CHROMIUM} is missing: the sheet preview cannot run (apt-get install -y chromium).`);
if (!hasBrowser)
  console.warn(
    `\n*** ${CHROMIUM} is missing: the sheet preview is NOT checked. Run npm run test:preview to install it. ***\n`,
  );

const THEMES: Theme[] = ["light", "dark"];

async function renderPages(lang: "en" | "fr"): Promise<{ pages: PreviewPage[]; missing: string[] }> {
  const started = await startSystem({ lang });
  const env = { started, fixtures: await buildFixtures(started), render: systemTemplateRenderer() };
  // PREVIEW_PAGES=<regex> narrows the run to some pages while working on them.
  const only = process.env.PREVIEW_PAGES ? new RegExp(process.env.PREVIEW_PAGES) : null;
  // One source after another: each swaps the template renderer and posts messages in the one world.
  const built: PreviewPage[] = [];
  for (const source of PAGE_SOURCES) built.push(...(await source(env)));
  const pages = built.filter((p) => !only || only.test(p.name));
  return { pages, missing: [...started.foundry.game.i18n.missing] };
}

describe.skipIf(!hasBrowser)("the sheets in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const lang of ["en", "fr"] as const) {
    it(`shows every page in ${lang} with no raw key, nothing sticking out and no console error`, async () => {
      const { pages, missing } = await renderPages(lang);
      expect(missing, "keys the templates asked for that the lang file lacks").toEqual([]);
      expect(pages.length).toBeGreaterThan(process.env.PREVIEW_PAGES ? 0 : 10);
      const findings = await checkPages(browser, pages, lang, THEMES);
      expect(findings.map((f) => `${f.page} [${f.tab}, ${f.theme}]: ${f.problem}`)).toEqual([]);
      // Each picture a guide names is a page drawn here, and shows what it shows now (not checked
      // in a partial run, nor in the run `npm run docs:images` makes the pictures from).
      if (process.env.PREVIEW_PAGES || process.env.DOCS_IMAGES) return;
      const recorded = JSON.parse(readFileSync("docs/images/pictures.json", "utf8")) as Record<string, string>;
      const stale = guidePictures()
        .filter((picture) => picture.lang === lang)
        .filter((picture) => {
          const { html, tab } = previewFiles(OUT_DIR, lang, picture.name);
          return !html || recorded[`${lang}/${picture.name}`] !== pictureRecord(html, tab);
        })
        .map((picture) => `${picture.guide}: ${lang}/${picture.name}`);
      expect(stale, "pictures the system no longer draws so: run npm run docs:images").toEqual([]);
    });
  }
});
