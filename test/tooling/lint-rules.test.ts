import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run lint` keeps the house in order: the rooms of src/ form a stack (a room imports only
 * those below it) and type escapes live in src/foundry. Each rule is shown refusing planted code.
 */

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The rules that fire on `code` as if it were the file at `filePath`. */
async function firing(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "fatal"}: ${m.message}`);
}

describe("the folder stack", () => {
  it("lets a room import the rooms below it", async () => {
    const code =
      'import { t } from "../core/i18n";\nimport { SYSTEM_ID } from "../foundry/system";\nexport const x = [t, SYSTEM_ID];\n';
    expect(await firing(code, "src/rolls/planted.ts")).toEqual([]);
  });

  it("refuses an import of a room above, a type import included", async () => {
    const value = 'import { registerApi } from "../api";\nexport const x = registerApi;\n';
    const type = 'import type { RollSubject } from "../rolls/subject";\nexport type X = RollSubject;\n';
    expect(await firing(value, "src/core/planted.ts")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: .*"core".*"api"/),
    ]);
    expect(await firing(type, "src/documents/planted.ts")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: .*"documents".*"rolls"/),
    ]);
  });

  it("refuses a file outside the rooms, and a room importing the entry module", async () => {
    expect(await firing("export const x = 1;\n", "src/stray/planted.ts")).toEqual([
      expect.stringMatching(/^boundaries\/no-unknown-files/),
    ]);
    expect(await firing('import "../index";\nexport const x = 1;\n', "src/api/planted.ts")).toEqual([
      expect.stringMatching(/^boundaries\/no-unknown-dependencies/),
    ]);
  });

  it("lets a test reach any room", async () => {
    const code = 'import { registerApi } from "../api";\nexport const x = registerApi;\n';
    expect(await firing(code, "src/core/planted.test.ts")).toEqual([]);
  });
});

describe("type escapes", () => {
  const escapes =
    "export const a = (x: unknown) => x as never;\nexport const b = (x: number) => x as unknown as string;\n";

  it("are refused outside src/foundry, each named", async () => {
    expect(await firing(escapes, "src/sheets/planted.ts")).toEqual([
      expect.stringMatching(/^no-restricted-syntax: `as never` belongs in src\/foundry/),
      expect.stringMatching(/^no-restricted-syntax: `as unknown as` belongs in src\/foundry/),
    ]);
  });

  it("are allowed in src/foundry and in tests only: src/combat is held to the rule too", async () => {
    expect(await firing(escapes, "src/foundry/planted.ts")).toEqual([]);
    expect(await firing(escapes, "src/sheets/planted.test.ts")).toEqual([]);
    expect(await firing(escapes, "src/combat/planted.test.ts")).toEqual([]);
    expect(await firing(escapes, "src/combat/planted.ts")).toHaveLength(2);
  });

  it("do not count a plain narrowing", async () => {
    const code = "export const a = (x: unknown) => x as string;\nexport const b = (x: unknown) => x as unknown;\n";
    expect(await firing(code, "src/sheets/planted.ts")).toEqual([]);
  });
});
