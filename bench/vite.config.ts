import { defineConfig } from "vite";

/** Builds bench/run.ts into .bench-out/run.mjs for plain Node (no TypeScript loader needed). */
export default defineConfig({
  logLevel: "warn",
  build: {
    ssr: "bench/run.ts",
    outDir: ".bench-out",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rollupOptions: { output: { entryFileNames: "run.mjs" } },
  },
});
