import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { GUIDE_LANGS, guidePictures, guides } from "../../scripts/guide-pictures.mjs";

/**
 * The guides in docs/en and docs/fr: every picture they name is in docs/images, both languages
 * show the same pictures, and every label they quote in bold is one the system shows in that
 * language (so a renamed button cannot leave a guide pointing at nothing).
 */

type Tree = string | { [key: string]: Tree };

/** Every text of a language file. */
function texts(lang: string): string[] {
  const out: string[] = [];
  const walk = (node: Tree) => {
    if (typeof node === "string") out.push(node);
    else Object.values(node).forEach(walk);
  };
  walk(JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as Tree);
  return out;
}

const LETTER = /[\p{L}\p{N}]/u;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A label a guide quotes is one the system shows: a whole text with its {placeholders} filled in
 * ("Place 2 successes"), or a run of whole words of one ("Roll attributes" in "Roll attributes…").
 */
function shows(text: string, label: string): boolean {
  // A text that is nothing but placeholders ("{name}") shows no label of its own.
  if (!LETTER.test(text.replace(/\{[^}]*\}/g, ""))) return false;
  const filled = new RegExp(
    `^${text
      .split(/\{[^}]*\}/)
      .map(escape)
      .join(".+")}$`,
    "u",
  );
  if (filled.test(label)) return true;
  return text.split(/\{[^}]*\}/).some((part) => {
    for (let at = part.indexOf(label); at >= 0; at = part.indexOf(label, at + 1)) {
      const before = part[at - 1] ?? " ";
      const after = part[at + label.length] ?? " ";
      if (!LETTER.test(before) && !LETTER.test(after)) return true;
    }
    return false;
  });
}

describe("the guides", () => {
  it("exist in both languages, a GM's and a player's, linked from the README", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const lang of GUIDE_LANGS) {
      const paths = guides(lang).map((g) => g.path);
      expect(paths.length, lang).toBeGreaterThanOrEqual(2);
      for (const path of paths) expect(readme, `README links ${path}`).toContain(`](${path})`);
    }
  });

  it("name pictures that are in docs/images, the same ones in both languages", () => {
    const pictures = guidePictures();
    expect(pictures.length).toBeGreaterThan(10);
    for (const { lang, name, guide } of pictures)
      expect(existsSync(`docs/images/${lang}/${name}.png`), `${guide}: ${lang}/${name}`).toBe(true);
    const names = (lang: string) =>
      pictures
        .filter((p) => p.lang === lang && p.guide !== "README.md")
        .map((p) => p.name)
        .sort();
    expect(names("fr")).toEqual(names("en"));
    const recorded = JSON.parse(readFileSync("docs/images/pictures.json", "utf8")) as Record<string, string>;
    expect(Object.keys(recorded).sort()).toEqual(pictures.map((p) => `${p.lang}/${p.name}`).sort());
  });

  it("link only to files that exist", () => {
    for (const lang of GUIDE_LANGS)
      for (const guide of guides(lang)) {
        const targets = [...guide.text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
          .map((m) => m[1] ?? "")
          .filter((target) => !/^[a-z]+:/.test(target));
        const broken = targets.filter((target) => !existsSync(resolve(dirname(guide.path), target)));
        expect(broken, guide.path).toEqual([]);
      }
  });

  it("read a label as shown: a text with its placeholders filled, or whole words of one", () => {
    expect(shows("Place {count} successes", "Place 2 successes")).toBe(true);
    expect(shows("Roll attributes", "Roll attributes")).toBe(true);
    expect(shows("Import groups…", "Import groups")).toBe(true);
    expect(shows("Roll attributes", "Roll attr")).toBe(false);
    expect(shows("Place {count} successes", "Place 2 failures")).toBe(false);
    expect(shows("{name}", "Anything at all")).toBe(false);
    expect(shows("{name} ({count})", "Anything (2)")).toBe(false);
  });

  it("quote in bold only labels the system shows in the guide's language", () => {
    for (const lang of GUIDE_LANGS) {
      const known = texts(lang);
      for (const guide of guides(lang)) {
        const quoted = [...guide.text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => (m[1] ?? "").trim());
        const unknown = quoted.filter((label) => !known.some((text) => shows(text, label)));
        expect(unknown, guide.path).toEqual([]);
      }
    }
  });
});
