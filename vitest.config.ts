import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// `npm run mutate -- --tests GLOB` narrows the suite here rather than through Stryker's own
// test-file filter, which activates module-level ("static") mutants only after their module has
// loaded (stryker-js #6144): without a filter, Stryker activates them before any test file loads.
const narrowed = process.env.WH_TEST_INCLUDE;

export default defineConfig({
  test: {
    include: narrowed ? (JSON.parse(narrowed) as string[]) : ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/smoke/**", "test/preview/**", "node_modules/**", "dist/**", ".stryker-tmp/**"],
    environment: "node",
    setupFiles: ["test/foundry/client-modules.ts"],
    // Worker threads start faster than forks, and vitest's default of one worker fewer than the
    // cores leaves a 2-core machine running one file at a time: 163 s against 110 s for the suite.
    // Every test file still gets its own module graph (isolation stays on). `npm run mutate` is
    // unaffected: Stryker's runner sets its own pool and a single worker.
    pool: "threads",
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
  },
});
