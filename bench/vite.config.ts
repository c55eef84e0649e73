import { defineConfig } from "vite";

/**
 * Builds bench/run.ts into .bench-out/run.mjs for plain Node (no TypeScript loader needed),
 * and the rules engine itself into .bench-out/rules.mjs, an ES module any Node script can
 * import.
 */
export default defineConfig({
  logLevel: "warn",
  build: {
    ssr: true,
    outDir: ".bench-out",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rollupOptions: {
      input: { run: "bench/run.ts", rules: "src/rules/index.ts" },
      output: { entryFileNames: "[name].mjs", chunkFileNames: "[name].mjs" },
    },
  },
});
