import { afterEach, describe, expect, it, vi } from "vitest";

/** `npm run mutate -- --tests GLOB` narrows the suite through the vitest config's environment. */
async function include(): Promise<string[] | undefined> {
  vi.resetModules();
  const { default: config } = await import("../../vitest.config");
  return (config as { test?: { include?: string[] } }).test?.include;
}

describe("the unit suite's test files", () => {
  afterEach(() => {
    delete process.env.WH_TEST_INCLUDE;
  });

  it("are every unit test unless the mutation script narrows them", async () => {
    delete process.env.WH_TEST_INCLUDE;
    expect(await include()).toEqual(["src/**/*.test.ts", "test/**/*.test.ts"]);
  });

  it("are the globs the mutation script passes, when it passes some", async () => {
    process.env.WH_TEST_INCLUDE = JSON.stringify(["src/import/**/*.test.ts", "test/import/**/*.test.ts"]);
    expect(await include()).toEqual(["src/import/**/*.test.ts", "test/import/**/*.test.ts"]);
  });
});
