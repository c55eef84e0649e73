import { registerCreationSettings } from "./settings";
import { registerCreationRecords } from "./records";
import { registerAttributeGeneration } from "./attribute-generation";
import { registerBeginnerPackage } from "./beginner-package";
import { registerLevelPurchases } from "./level-purchase";

/** Creation's settings, the GMs' records and the actions the active GM carries out. */
export function registerCreation(): void {
  registerCreationSettings();
  registerCreationRecords();
  registerAttributeGeneration();
  registerBeginnerPackage();
  registerLevelPurchases();
}
