import { registerSettings } from "./settings/register";

// The entry module only wires things up; the rules live in src/rules and know nothing of Foundry.
Hooks.once("init", () => {
  registerSettings();
});
