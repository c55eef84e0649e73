import { defineConfig } from "vitest/config";

// The sheet preview in headless Chromium (npm run test:preview).
export default defineConfig({
  test: {
    include: ["test/preview/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
