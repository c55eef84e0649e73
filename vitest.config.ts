import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/smoke/**", "test/preview/**", "node_modules/**", "dist/**", ".stryker-tmp/**"],
    environment: "node",
    setupFiles: [],
    testTimeout: 60_000,
  },
});
