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
