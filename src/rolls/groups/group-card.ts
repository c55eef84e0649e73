import { templatePath } from "../../foundry/system";
import { t } from "../../core/i18n";
import type { HarmoniesGroupRoll } from "./group-roll";
import { GROUP_ROLL_MODE_CHOICES } from "../../settings/rolls";
import { actionDetails } from "../harmonies/card";
import { count, percent, signed } from "../../core/format";

export const GROUP_CARD_TEMPLATE = templatePath("chat/group-card.hbs");

export interface GroupCardRow {
  margin: string;
  count: string;
  /** Bar length, 0..100, relative to the largest count. */
  width: number;
  success: boolean;
}

export type GroupCardContext = {
  isPrivate: boolean;
  actorName: string;
  title: string;
  details: string[];
  mode: string;
  /** The outcome in words, as every card says it: the group's margin or, every member rolling, how many succeeded. */
  banner: { key: "success" | "failure"; label: string; margin: string | null; succeeded: string } | null;
  succeeded: string;
  failed: string;
  rows: GroupCardRow[];
  odds: string;
  formula: string;
  tooltip: string;
};

export function groupCardContext(
  roll: HarmoniesGroupRoll,
  options: { isPrivate: boolean; tooltip: string },
): GroupCardContext {
  const state = roll.state;
  const action = actionDetails(state);
  const base = {
    isPrivate: options.isPrivate,
    actorName: state.actorName,
    title: action.title,
    mode: t(GROUP_ROLL_MODE_CHOICES[state.mode]),
    formula: roll.formula,
    tooltip: options.tooltip,
  };
  if (options.isPrivate) return { ...base, details: [], banner: null, succeeded: "", failed: "", rows: [], odds: "" };

  const details = [
    t("WH.Chat.Group.Size", { count: state.size, size: count(state.size) }),
    ...(state.figuresOf ? [t("WH.Chat.Group.FiguresOf", { label: state.figuresOf })] : []),
    ...action.details,
  ];

  const outcome = roll.outcome;
  const largest = outcome.margins.reduce((max, m) => Math.max(max, m.count), 0);
  return {
    ...base,
    details,
    banner: banner(outcome),
    succeeded: count(outcome.succeeded),
    failed: count(outcome.failed),
    rows: outcome.margins.map((m) => ({
      margin: signed(m.margin),
      count: count(m.count),
      width: largest ? Math.round((100 * m.count) / largest) : 0,
      success: m.margin >= 0,
    })),
    odds: t("WH.Chat.Group.Odds", { success: percent(state.odds) }),
  };
}

/**
 * The card's banner: with a group margin, success or failure by it (RULES 3.3) and who succeeded;
 * every member rolling, a success when at least half succeeded ([default]), with the counts.
 */
function banner(outcome: HarmoniesGroupRoll["outcome"]): NonNullable<GroupCardContext["banner"]> {
  const size = outcome.succeeded + outcome.failed;
  const success = outcome.margin === null ? outcome.succeeded * 2 >= size : outcome.margin >= 0;
  return {
    key: success ? "success" : "failure",
    label: t(success ? "WH.Chat.Outcome.Success" : "WH.Chat.Outcome.Failure"),
    margin: outcome.margin === null ? null : signed(outcome.margin),
    succeeded: t("WH.Chat.Group.SucceededCount", { count: outcome.succeeded, n: count(outcome.succeeded) }),
  };
}
