import { templatePath } from "../../foundry/system";
import { t } from "../../core/i18n";
import { attributeLabel } from "../../core/labels";
import type { HarmoniesCombinedRoll } from "./combined-roll";
import { count, signed } from "../../core/format";
import { differenceResult, hiddenResult, type DifferenceResult } from "../harmonies/card";

export const COMBINED_CARD_TEMPLATE = templatePath("chat/combined-card.hbs");

export type CombinedCardContext = DifferenceResult & {
  isPrivate: boolean;
  actorName: string;
  title: string;
  details: string[];
  rollKind: string;
  formula: string;
  tooltip: string;
};

/** The card of a group acting as one body: which combined Values were rolled, the margin, the outcome. */
export function combinedCardContext(
  roll: HarmoniesCombinedRoll,
  options: { isPrivate: boolean; tooltip: string },
): CombinedCardContext {
  const state = roll.state;
  const characteristic = attributeLabel(state.characteristic);
  const means = attributeLabel(state.means);
  const base = {
    isPrivate: options.isPrivate,
    actorName: state.actorName,
    title: t("WH.Chat.Combined.Title", { characteristic, means }),
    rollKind: t(state.open ? "WH.Chat.Harmonies.Open" : "WH.Chat.Harmonies.Closed"),
    formula: roll.formula,
    tooltip: options.tooltip,
  };
  if (options.isPrivate) return { ...base, details: [], ...hiddenResult() };
  return {
    ...base,
    details: [
      t("WH.Chat.Combined.Members", { count: state.size, size: count(state.size) }),
      t("WH.Chat.Combined.Value", { attribute: characteristic, value: signed(state.characteristicValue) }),
      t("WH.Chat.Combined.Value", { attribute: means, value: signed(state.meansValue) }),
      t("WH.Chat.Combined.Skill", { level: signed(state.skillLevel) }),
      t("WH.Chat.Harmonies.Difficulty", { difficulty: signed(state.difficulty) }),
      t("WH.Chat.Harmonies.Modifier", { modifier: signed(state.modifier) }),
    ],
    ...differenceResult(roll, state.odds),
  };
}
