// The guides (docs/en, docs/fr) and the pictures they name, shared by scripts/docs-images.mjs and
// the tests that keep those pictures current.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

export const GUIDE_LANGS = ["en", "fr"];

/** Each guide of a language: its path and its text. */
export function guides(lang) {
  const dir = resolve("docs", lang);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => ({ path: `docs/${lang}/${file}`, text: readFileSync(resolve(dir, file), "utf8") }));
}

/** Every picture a guide or the README names, once: `…images/<lang>/<name>.png`. */
export function guidePictures() {
  const seen = new Map();
  const readme = { path: "README.md", text: readFileSync(resolve("README.md"), "utf8") };
  for (const guide of [...GUIDE_LANGS.flatMap((lang) => guides(lang)), readme])
    for (const match of guide.text.matchAll(/\]\((?:\.\.\/|docs\/)images\/(en|fr)\/([\w-]+)\.png\)/g))
      if (!seen.has(`${match[1]}/${match[2]}`))
        seen.set(`${match[1]}/${match[2]}`, { lang: match[1], name: match[2], guide: guide.path });
  return [...seen.values()];
}

/**
 * What a drawn page shows, as a fingerprint: its window's HTML (the stylesheet links, which name
 * the folder the run was in, left out).
 */
export function pictureRecord(htmlFile, tab = "") {
  const html = readFileSync(htmlFile, "utf8");
  const start = html.indexOf("<body");
  const shown = start >= 0 ? html.slice(start) : html;
  return createHash("sha256").update(`${tab}\n${shown}`).digest("hex").slice(0, 16);
}

/**
 * The preview's files for a picture: its screenshot, and the page it was taken of (a sheet's tab
 * "group-harmonies-play-members" is the tab "members" of the page "group-harmonies-play").
 */
export function previewFiles(outDir, lang, name) {
  const png = resolve(outDir, lang, `${name}-light.png`);
  const parts = name.split("-");
  for (let end = parts.length; end > 0; end--) {
    const html = resolve(outDir, lang, `${parts.slice(0, end).join("-")}-light.html`);
    if (existsSync(html)) return { png, html, tab: parts.slice(end).join("-") };
  }
  return { png, html: null, tab: "" };
}
