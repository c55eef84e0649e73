import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", ".bench-out/", "test/preview/out/", "coverage/", "reports/", ".stryker-tmp/"] },
  js.configs.recommended,
  // Type-aware rules are left out on purpose: they would load the whole Foundry type tree.
  ...tseslint.configs.strict,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // The rules engine and the import core must run in plain Node: no Foundry or browser global.
    files: ["src/rules/**/*.ts", "src/import/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        "game",
        "CONFIG",
        "Hooks",
        "foundry",
        "ui",
        "canvas",
        "window",
        "document",
        "Roll",
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.ts", "test/**/*.ts", "*.config.ts", "*.config.js", "*.config.mjs"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", performance: "readonly" },
    },
    rules: { "no-console": "off" },
  },
);
