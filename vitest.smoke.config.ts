import { defineConfig } from "vitest/config";

// Tests that need the built dist/ (run after `npm run build`).
export default defineConfig({
  test: {
    include: ["test/smoke/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
