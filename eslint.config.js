import js from "@eslint/js";
import tseslint from "typescript-eslint";
import boundaries from "eslint-plugin-boundaries";

/**
 * The rooms of src/, lowest first: each imports only the rooms before it (and itself), so no two
 * rooms import each other and no circle crosses rooms. CONTRIBUTING.md says what each room holds.
 */
const STACK = [
  "rules",
  "import",
  "foundry",
  "core",
  "settings",
  "requests",
  "documents",
  "rolls",
  "creation",
  "combat",
  "scene",
  "dialogs",
  "sheets",
  "chat",
  "api",
  "scenarios",
];

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
    // The folder stack. Tests may reach any room (they start the whole system); the ambient
    // declarations of src/types register every room's classes with Foundry's types; src/index.ts
    // wires every room up and stands above them all (a room importing it is an unknown dependency).
    files: ["src/**/*.ts"],
    ignores: ["src/index.ts", "src/**/*.test.ts", "src/**/*.bench.ts", "src/**/*.d.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": STACK.map((room) => ({ type: room, pattern: `src/${room}` })),
      "import/resolver": { node: { extensions: [".ts"] } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            { allow: { to: { module: { origin: ["external", "core"] } } } },
            ...STACK.map((room, level) => ({
              from: { element: { type: room } },
              allow: { to: { element: { types: { anyOf: STACK.slice(0, level + 1) } } } },
            })),
          ],
        },
      ],
      "boundaries/no-unknown-files": "error",
      "boundaries/no-unknown-dependencies": "error",
    },
  },
  {
    // Type escapes live in the typed Foundry edge (src/foundry) and in tests only.
    files: ["src/**/*.ts"],
    ignores: ["src/foundry/**", "src/**/*.test.ts", "src/**/*.bench.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression > TSNeverKeyword.typeAnnotation",
          message: "`as never` belongs in src/foundry: add a typed helper there.",
        },
        {
          selector:
            "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message: "`as unknown as` belongs in src/foundry: add a typed helper there.",
        },
      ],
    },
  },
  {
    // Scenarios reach the system as a user does (src/scenarios/context.ts): from the rest of src/
    // they import types, the pure rules, the system's id, i18n and the typed Foundry edge only.
    files: ["src/scenarios/**/*.ts"],
    ignores: ["src/scenarios/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!rules(/|$)|foundry/|core/i18n$)",
              allowTypeImports: true,
              message: "A scenario drives the system through its documents, API and DOM: import only types from here.",
            },
          ],
        },
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
