import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** The Getting started page: linked from the README, and every picture it shows is there. */

const PAGE = resolve("docs/getting-started.md");

describe("the Getting started page", () => {
  it("is linked from the README and shows only pictures that exist", () => {
    expect(readFileSync(resolve("README.md"), "utf8")).toContain("(docs/getting-started.md)");
    const page = readFileSync(PAGE, "utf8");
    const pictures = [...page.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1] ?? "");
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    for (const picture of pictures) expect(existsSync(resolve(dirname(PAGE), picture)), picture).toBe(true);
  });

  it("names the buttons and entries as the English language file does", () => {
    const page = readFileSync(PAGE, "utf8");
    const en = readFileSync(resolve("lang/en.json"), "utf8");
    for (const label of [
      "Import groups",
      "Place on the scene…",
      "Odds tables",
      "Roll attributes",
      "Beginner package",
    ]) {
      expect(page, label).toContain(label);
      expect(en, label).toContain(`"${label}"`);
    }
  });
});
