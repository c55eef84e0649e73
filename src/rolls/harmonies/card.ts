import { templatePath } from "../../foundry/system";
import { t } from "../../core/i18n";
import { attributeLabel } from "../../core/labels";
import type { HarmoniesRoll, HarmoniesRollState } from "./roll";
import { percent, signed } from "../../core/format";
import type { HarmoniesAction } from "../../rules";

export const HARMONIES_CARD_TEMPLATE = templatePath("chat/harmonies-card.hbs");

export type HarmoniesCardContext = DifferenceResult & {
  isPrivate: boolean;
  actorName: string;
  title: string;
  details: string[];
  rollKind: string;
  experience: { points: number; text: string; awarded: boolean; canAward: boolean } | null;
  formula: string;
  tooltip: string;
};

/** What a difference roll adds to the dice; a group's roll carries no wound penalty. */
type ActionTerms = Pick<
  HarmoniesRollState,
  | "characteristic"
  | "characteristicValue"
  | "means"
  | "meansValue"
  | "skillName"
  | "skillLevel"
  | "difficulty"
  | "modifier"
> & {
  penalty?: number;
};

/**
 * The terms of an action as the Harmonies and group cards show them (RULES 2.4): its title (the
 * skill, else characteristic + means), the attribute names in the reader's language, and one line
 * per term down to the modifier.
 */
export function actionDetails(state: ActionTerms): {
  title: string;
  characteristic: string;
  means: string;
  details: string[];
} {
  const characteristic = attributeLabel(state.characteristic);
  const means = attributeLabel(state.means);
  const details = [`${characteristic} ${signed(state.characteristicValue)}`, `${means} ${signed(state.meansValue)}`];
  if (state.skillName) details.push(`${state.skillName} ${signed(state.skillLevel)}`);
  details.push(t("WH.Chat.Harmonies.Difficulty", { difficulty: signed(state.difficulty) }));
  if (state.penalty) details.push(t("WH.Chat.Harmonies.Penalty", { penalty: signed(state.penalty) }));
  details.push(t("WH.Chat.Harmonies.Modifier", { modifier: signed(state.modifier) }));
  return { title: state.skillName ?? `${characteristic} + ${means}`, characteristic, means, details };
}

/** What a difference roll's card shows of its result: the dice, the margin, the outcome in words, the odds. */
export type DifferenceResult = {
  plus: string[];
  minus: string[];
  dice: string;
  margin: string;
  outcome: { key: "success" | "failure"; label: string };
  odds: string;
};

/** A private card's result: nothing of the roll. */
export function hiddenResult(): DifferenceResult {
  return { plus: [], minus: [], dice: "", margin: "", outcome: { key: "failure", label: "" }, odds: "" };
}

/** The result part of a Harmonies or combined-Values card, from the roll's faces and its odds of success. */
export function differenceResult(
  roll: { plus: readonly number[]; minus: readonly number[]; action: HarmoniesAction },
  odds: number,
): DifferenceResult {
  const action = roll.action;
  return {
    plus: roll.plus.map((f) => `+${f}`),
    minus: roll.minus.map((f) => `\u2212${f}`),
    dice: t("WH.Chat.Harmonies.Dice", { dice: signed(action.roll.dice) }),
    margin: signed(action.margin),
    outcome: action.success
      ? { key: "success", label: t("WH.Chat.Outcome.Success") }
      : { key: "failure", label: t("WH.Chat.Outcome.Failure") },
    odds: t("WH.Chat.Harmonies.Odds", { success: percent(odds) }),
  };
}

export function harmoniesCardContext(
  roll: HarmoniesRoll,
  options: { isPrivate: boolean; tooltip: string },
): HarmoniesCardContext {
  const state = roll.state;
  const { title, characteristic, means, details } = actionDetails(state);
  const base = {
    isPrivate: options.isPrivate,
    actorName: state.actorName,
    title,
    rollKind: t(state.open ? "WH.Chat.Harmonies.Open" : "WH.Chat.Harmonies.Closed"),
    formula: roll.formula,
    tooltip: options.tooltip,
  };
  if (options.isPrivate) return { ...base, details: [], ...hiddenResult(), experience: null };

  const points = roll.experience;
  const experience =
    points > 0
      ? {
          points,
          text: t("WH.Chat.Harmonies.Experience", {
            count: points,
            skill: state.skillName ?? "—",
            characteristic,
            means,
          }),
          awarded: state.xpAwarded,
          canAward: !state.xpAwarded && state.actorUuid !== null,
        }
      : null;

  return { ...base, details, ...differenceResult(roll, state.odds), experience };
}
