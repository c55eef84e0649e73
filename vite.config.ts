import { cpSync, existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { defineConfig } from "vite";

const SYSTEM_ID = "wuxia-harmonies";
const BASE = `/systems/${SYSTEM_ID}/`;
const FOUNDRY_URL = process.env.FOUNDRY_URL ?? "http://localhost:30000";
/** What a user installs besides the bundle: everything Foundry reads from the system folder. */
const STATIC_ENTRIES = ["system.json", "templates", "lang", "styles", "packs", "assets", "LICENSE", "README.md"];

/** Copies the static files into dist/ so that dist/ is exactly the installable system folder. */
function copyStatic(): Plugin {
  return {
    name: "wuxia-harmonies:copy-static",
    apply: "build",
    writeBundle(options) {
      const outDir = options.dir ?? resolve("dist");
      for (const entry of STATIC_ENTRIES) {
        const from = resolve(entry);
        if (!existsSync(from)) continue;
        const to = resolve(outDir, entry);
        rmSync(to, { recursive: true, force: true });
        cpSync(from, to, { recursive: true });
      }
    },
  };
}

/** In dev, Foundry asks for the built module name; serve the TypeScript entry instead. */
function devEntry(): Plugin {
  return {
    name: "wuxia-harmonies:dev-entry",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === `${BASE}${SYSTEM_ID}.mjs`) req.url = `${BASE}src/index.ts`;
        next();
      });
    },
  };
}

export default defineConfig({
  base: BASE,
  publicDir: false,
  server: {
    port: 30001,
    open: false,
    proxy: {
      // Everything that is not this system's own files goes to the running Foundry server.
      [`^(?!${BASE})`]: { target: FOUNDRY_URL, changeOrigin: false },
      "/socket.io": { target: FOUNDRY_URL.replace(/^http/, "ws"), ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    target: "es2022",
    reportCompressedSize: true,
    lib: {
      entry: resolve("src/index.ts"),
      formats: ["es"],
      fileName: () => `${SYSTEM_ID}.mjs`,
    },
    rolldownOptions: {
      output: {
        // Roll classes are found again by class name when a chat message is reloaded.
        keepNames: true,
      },
    },
  },
  plugins: [copyStatic(), devEntry()],
});
