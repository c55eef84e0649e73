import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, ConsoleMessage, Page } from "playwright-core";
import type { PreviewPage } from "./pages";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const OUT_DIR = resolve("test/preview/out");

const STYLESHEETS = [resolve("test/preview/frame.css"), resolve("styles/wuxia-harmonies.css")];

export type Theme = "light" | "dark";

/** The viewport a page that fits its content is drawn in: taller than any chat card. */
const FIT_VIEWPORT = 4000;

/** A complete HTML document showing one window, with the frame's and the system's real styles. */
export function pageDocument(page: PreviewPage, lang: string, theme: Theme): string {
  const links = STYLESHEETS.map((href) => `<link rel="stylesheet" href="${pathToFileURL(href).href}">`).join("\n");
  const { width, height } = page.size;
  const tall = height === "fit" ? "height:auto" : `height:${height}px`;
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${page.name}</title>
${links}
</head>
<body class="theme-${theme}">
<${page.tag} id="preview-window" class="${page.classes.join(" ")}" style="width:${width}px;${tall}">
<header class="window-header"><h1 class="window-title">${page.title}</h1></header>
<section class="window-content">
${page.html}
</section>
</${page.tag}>
</body>
</html>`;
}

export interface Finding {
  page: string;
  tab: string;
  theme: Theme;
  problem: string;
}

/** Shows a tab as Foundry's `changeTab` does: the "active" class moves to its link and section. */
async function showTab(page: Page, tab: string): Promise<void> {
  await page.evaluate((id) => {
    for (const el of document.querySelectorAll<HTMLElement>("[data-group='primary'][data-tab]"))
      el.classList.toggle("active", el.dataset.tab === id);
  }, tab);
}

/** What is wrong on screen: raw i18n keys, and elements sticking out sideways. */
async function inspect(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const raw = /\b(WH|TYPES)\.[A-Z][\w.]*/;
    const root = document.getElementById("preview-window");
    const content = root?.querySelector<HTMLElement>(".window-content");
    if (!root || !content) return ["no window"];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const match = raw.exec(node.textContent ?? "");
      if (match) problems.push(`raw i18n key in text: ${match[0]}`);
    }
    for (const el of root.querySelectorAll<HTMLElement>("*")) {
      for (const attr of ["title", "placeholder", "aria-label", "data-tooltip", "alt", "value"]) {
        const match = raw.exec(el.getAttribute(attr) ?? "");
        if (match) problems.push(`raw i18n key in ${attr}: ${match[0]}`);
      }
    }
    const box = content.getBoundingClientRect();
    if (content.scrollWidth > content.clientWidth + 1)
      problems.push(`window content scrolls sideways (${content.scrollWidth} > ${content.clientWidth})`);
    for (const el of content.querySelectorAll<HTMLElement>("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible" && el.clientWidth > 0) {
        problems.push(`${describe(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
      if (rect.right > box.right + 1 || rect.left < box.left - 1)
        problems.push(
          `${describe(el)} overflows the window (${Math.round(rect.left)}..${Math.round(rect.right)} outside ${Math.round(box.left)}..${Math.round(box.right)})`,
        );
    }
    // Small text (13 px or less: labels, hints, tags) keeps WCAG's 4.5:1 against what is behind it.
    const seen = new Set<Element>();
    const textWalker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = textWalker.nextNode(); node; node = textWalker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !(node.textContent ?? "").trim()) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (parseFloat(style.fontSize) > 13 || rect.width === 0 || style.visibility === "hidden") continue;
      if (el.closest("button:disabled, input:disabled, select:disabled, [inert]")) continue;
      const ratio = contrast(el);
      if (ratio < 4.5) problems.push(`${describe(el)} contrast ${ratio.toFixed(2)}:1 < 4.5:1`);
    }
    return problems;

    function rgba(value: string): [number, number, number, number] | null {
      const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)/.exec(value);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, Number(srgb[4] ?? 1)];
      const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(value);
      if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4] ?? 1)];
      return null;
    }
    function over(top: [number, number, number, number], bottom: [number, number, number]): [number, number, number] {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a)];
    }
    function background(el: Element): [number, number, number] {
      const layers: [number, number, number, number][] = [];
      for (let at: Element | null = el; at; at = at.parentElement) {
        const c = rgba(getComputedStyle(at).backgroundColor);
        if (c && c[3] > 0) {
          layers.push(c);
          if (c[3] >= 1) break;
        }
      }
      let base: [number, number, number] = [255, 255, 255];
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    }
    function luminance([r, g, b]: [number, number, number]): number {
      const lin = (c: number) => {
        const v = c / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    }
    function contrast(el: Element): number {
      const fg = rgba(getComputedStyle(el).color);
      if (!fg) return 21;
      let opacity = 1;
      for (let at: Element | null = el; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
      const bg = background(el);
      const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
      const [hi, lo] = [luminance(shown), luminance(bg)].sort((a, b) => b - a) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    }

    function describe(el: Element): string {
      const cls = [...el.classList].slice(0, 2).join(".");
      return `<${el.tagName.toLowerCase()}${cls ? "." + cls : ""}>${(el.textContent ?? "").trim().slice(0, 30)}`;
    }
  });
}

/**
 * Shows a page in one language and theme in a Chromium tab, shows each of its tabs in turn, and
 * returns what is wrong; a screenshot of each tab goes to test/preview/out/<lang>/.
 */
async function checkPage(page: Page, preview: PreviewPage, lang: string, theme: Theme): Promise<Finding[]> {
  const dir = resolve(OUT_DIR, lang);
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `${preview.name}-${theme}.html`);
  writeFileSync(file, pageDocument(preview, lang, theme));
  // A page that fits its content is measured in a tall viewport, then shown whole.
  const height = preview.size.height === "fit" ? FIT_VIEWPORT : preview.size.height;
  await page.setViewportSize({ width: preview.size.width + 32, height: height + 32 });
  const findings: Finding[] = [];
  const report = (tab: string, problem: string) => findings.push({ page: preview.name, tab, theme, problem });
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error") report("-", `console error: ${message.text()}`);
  };
  const onPageError = (error: Error) => report("-", `page error: ${error.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
  for (const tab of preview.tabs.length ? preview.tabs : ["-"]) {
    if (tab !== "-") await showTab(page, tab);
    for (const problem of new Set(await inspect(page))) report(tab, problem);
    await page
      .locator("#preview-window")
      .screenshot({ path: resolve(dir, `${preview.name}${tab === "-" ? "" : `-${tab}`}-${theme}.png`) });
  }
  page.off("console", onConsole);
  page.off("pageerror", onPageError);
  return findings;
}

/**
 * Checks every page in every theme, a few at a time, each worker in a browser tab of its own that
 * it takes from page to page: opening a tab per check was a quarter of the run, and most of a
 * check is Chromium drawing while Node waits. Findings keep the pages' order.
 */
export async function checkPages(
  browser: Browser,
  pages: PreviewPage[],
  lang: string,
  themes: Theme[],
  // One more tab than cores: measured on two cores, 45 s for one tab, 34 s for two, 31 s for three.
  concurrency = availableParallelism() + 1,
): Promise<Finding[]> {
  const jobs = pages.flatMap((preview) => themes.map((theme) => ({ preview, theme })));
  const results: Finding[][] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    const page = await browser.newPage();
    for (let i = next++; i < jobs.length; i = next++) {
      const { preview, theme } = jobs[i] as (typeof jobs)[number];
      results[i] = await checkPage(page, preview, lang, theme);
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return results.flat();
}
