import type { Quench } from "@ethaks/fvtt-quench";
import { untypedHooks } from "./foundry/hooks";
import { registerDocuments } from "./documents/register";
import { registerHouseRuleSettings } from "./settings/house-rules";
import { registerSettings } from "./settings/register";
import { registerSheets } from "./sheets/register";
import { registerApi } from "./api";
import { registerChat } from "./chat/register";
import { registerDice } from "./rolls/register";
import { registerRollSettings } from "./settings/rolls";
import { registerCreation } from "./creation/register";
import { registerCombat } from "./combat/register";
import { registerGroupImport } from "./dialogs/import-dialog";
import { registerGroupTokens } from "./scene/register";
import { registerWuxiaBuilder } from "./creation/wuxia-builder-dialog";
import { registerOddsTables } from "./dialogs/odds-tables-dialog";
import { registerValueCalculator } from "./dialogs/value-calculator-dialog";

// The entry module only wires things up; the rules live in src/rules and know nothing of Foundry.
Hooks.once("init", () => {
  registerSettings();
  registerHouseRuleSettings();
  registerDocuments();
  registerSheets();
  registerRollSettings();
  registerCreation();
  registerDice();
  registerChat();
  registerCombat();
  registerGroupImport();
  registerGroupTokens();
  registerWuxiaBuilder();
  registerOddsTables();
  registerValueCalculator();
  registerApi();
});

// With the Quench module active, the scenario suite registers its batches for this world; they
// load as a separate file only then, so a world without Quench downloads none of it.
untypedHooks.once("quenchReady", (quench: Quench) => {
  import("./scenarios/quench")
    .then(({ registerBatches }) => registerBatches(quench))
    .catch((error: unknown) => console.error(error));
});
