import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("npm run i18n:check", () => {
  it("passes: both language files hold the same keys, every key used exists, no English left in fr.json", () => {
    let output = "";
    try {
      output = execFileSync(process.execPath, ["scripts/i18n-check.mjs"], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      expect.fail(`i18n check failed:\n${failed.stderr ?? ""}${failed.stdout ?? ""}`);
    }
    expect(output).toContain("agree");
  });
});

describe("what the i18n check refuses", () => {
  async function problemsOf(
    en: Record<string, unknown>,
    fr: Record<string, unknown>,
    template = "",
  ): Promise<string[]> {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const root = mkdtempSync(join(tmpdir(), "wh-i18n-"));
    mkdirSync(join(root, "lang"));
    writeFileSync(join(root, "lang/en.json"), JSON.stringify(en));
    writeFileSync(join(root, "lang/fr.json"), JSON.stringify(fr));
    mkdirSync(join(root, "templates"));
    writeFileSync(join(root, "templates/card.hbs"), template);
    const { checkI18n } = (await import("../../scripts/i18n-check.mjs")) as {
      checkI18n(root: string): string[];
    };
    return checkI18n(root);
  }

  it("a number before a plural noun without a singular form, in either language; not a pair, nor a limit", async () => {
    const problems = await problemsOf(
      {
        Bad: "{n} successes left",
        Pair: { one: "{count} success", other: "{count} successes" },
        Limit: "at most {max} dice",
        Rules: "see RULES 3.2",
        Paren: "relance(s)",
      },
      {
        Bad: "il reste {n} réussite",
        Pair: { one: "{count} réussite", other: "{count} réussites" },
        Limit: "au plus {max} dés",
        Rules: "voir RULES 3.2",
        Paren: "relances",
      },
    );
    expect(problems).toEqual([
      'en.json shows a repository reference or a "(s)" plural to a reader in Rules: "see RULES 3.2"',
      'en.json shows a repository reference or a "(s)" plural to a reader in Paren: "relance(s)"',
      'fr.json shows a repository reference or a "(s)" plural to a reader in Rules: "voir RULES 3.2"',
      'en.json writes a number before a plural without a singular form in Bad: "{n} successes left"',
    ]);
  });

  it("a plural localized by a template, which cannot count", async () => {
    const pair = { Members: { one: "{count} member", other: "{count} members" }, Title: "Title" };
    const frPair = { Members: { one: "{count} membre", other: "{count} membres" }, Title: "Titre" };
    expect(await problemsOf({ WH: pair }, { WH: frPair }, '<p>{{localize "WH.Title"}}</p>')).toEqual([]);
    expect(await problemsOf({ WH: pair }, { WH: frPair }, '<p>{{localize "WH.Members" count=n}}</p>')).toEqual([
      "templates/card.hbs localizes the plural WH.Members, which only the code can count",
    ]);
  });
});
