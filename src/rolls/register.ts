import { HarmoniesCombinedRoll } from "./groups/combined-roll";
import { HarmoniesCreationRoll } from "./harmonies/creation-roll";
import { registerDiceSoNice } from "./dice-so-nice";
import { HarmoniesGroupRoll } from "./groups/group-roll";
import { HarmoniesRoll } from "./harmonies/roll";
import { WuxiaGroupRoll } from "./groups/wuxia-group-roll";
import { WuxiaRoll } from "./wuxia/roll";

/** The system's Roll classes, found again by name when a chat message is loaded. */
export const ROLL_CLASSES = [
  WuxiaRoll,
  HarmoniesRoll,
  HarmoniesGroupRoll,
  WuxiaGroupRoll,
  HarmoniesCombinedRoll,
  HarmoniesCreationRoll,
] as const;

export function registerDice(): void {
  CONFIG.Dice.rolls.push(...ROLL_CLASSES);
  registerDiceSoNice();
}
