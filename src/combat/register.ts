import { registerCombatSettings } from "../settings/combat";
import { WuxiaHarmoniesCombat } from "./combat";
import { WuxiaHarmoniesCombatant } from "./combatant";
import { CombatModel, CombatantModel } from "./models";
import { CARD_MODELS } from "./card-models";
import { registerCombatRequests } from "./requests";
import { registerStatusEffects } from "./effects";
import { registerAttackRequests } from "./attack";
import { registerHarmoniesAttackRequests } from "./harmonies-attack";
import { registerWoundChecks } from "./wound-checks";
import { registerCombatGuard } from "./guard";
import { registerCardGuard } from "./card-guard";
import { registerTrackerRefresh, WuxiaHarmoniesCombatTracker } from "./tracker";

/** Combat in Foundry's tracker: the documents, their data models, the tracker, the settings and the GM's requests. */
export function registerCombat(): void {
  registerCombatSettings();
  CONFIG.Combat.documentClass = WuxiaHarmoniesCombat;
  CONFIG.Combatant.documentClass = WuxiaHarmoniesCombatant;
  Object.assign(CONFIG.Combat.dataModels, { base: CombatModel });
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantModel });
  Object.assign(CONFIG.ChatMessage.dataModels, CARD_MODELS);
  CONFIG.ui.combat = WuxiaHarmoniesCombatTracker;
  registerStatusEffects();
  registerCombatRequests();
  registerAttackRequests();
  registerHarmoniesAttackRequests();
  registerWoundChecks();
  registerCombatGuard();
  registerCardGuard();
  registerTrackerRefresh();
}
