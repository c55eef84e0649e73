// Mutation testing (`npm run mutate`, scripts/mutate.mjs): the unit suite is the one judged, so
// the smoke and preview suites (which need a build and a browser) stay out of the sandbox runs.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Every unit test, not only those that import a mutated file statically: many reach src/
  // through the system's entry point and Foundry's hooks.
  vitest: { configFile: "vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: ["src/**/*.ts", "!src/**/*.test.ts", "!src/**/*.bench.ts", "!src/**/*.d.ts"],
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { reportMutants: false, reportTests: false, logTests: false, allowColor: false },
  tempDirName: ".stryker-tmp",
  // The unit suite has DOM tests that take a few seconds on a loaded 2-core machine.
  timeoutMS: 10_000,
  // Instrumented, the rules engine's exhaustive enumerations take minutes on a loaded machine.
  dryRunTimeoutMinutes: 20,
};
