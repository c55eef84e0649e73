import { templatePath } from "../../foundry/system";
import { t } from "../../core/i18n";
import { wuxiaResultText, wuxiaThresholdSum } from "../wuxia/text";
import { attributeLabel } from "../../core/labels";
import type { WuxiaGroupRoll } from "./wuxia-group-roll";
import { count, percent } from "../../core/format";
import { faceKind, type FaceKind } from "../wuxia/card";

export const WUXIA_GROUP_CARD_TEMPLATE = templatePath("chat/wuxia-group-card.hbs");

export interface WuxiaGroupCardRow {
  label: string;
  members: string;
  /** "Feu 4 · Compétence 2 · threshold 8". */
  pool: string;
  dice: { face: number; kind: FaceKind }[];
  outcome: { key: "success" | "failure" | "critical"; label: string; detail: string };
  odds: string;
}

export type WuxiaGroupCardContext = {
  isPrivate: boolean;
  actorName: string;
  title: string;
  details: string[];
  rows: WuxiaGroupCardRow[];
  succeeded: string;
  failed: string;
  critical: string | null;
  formula: string;
  tooltip: string;
};

/** The card of a Wuxia group's roll: one row per sub-group's test, then the members counted by outcome. */
export function wuxiaGroupCardContext(
  roll: WuxiaGroupRoll,
  options: { isPrivate: boolean; tooltip: string },
): WuxiaGroupCardContext {
  const state = roll.state;
  const attribute = attributeLabel(state.attribute);
  const base = {
    isPrivate: options.isPrivate,
    actorName: state.actorName,
    title: t("WH.Chat.WuxiaGroup.Title", { attribute }),
    formula: roll.formula,
    tooltip: options.tooltip,
  };
  if (options.isPrivate) return { ...base, details: [], rows: [], succeeded: "", failed: "", critical: null };

  const outcome = roll.outcome;
  const members = outcome.succeeded + outcome.failed;
  const rows = outcome.tests.map((test): WuxiaGroupCardRow => {
    const key = test.critical ? "critical" : test.success ? "success" : "failure";
    return {
      label: test.label,
      members: t("WH.Chat.Group.Size", { count: test.members, size: count(test.members) }),
      pool: t("WH.Chat.WuxiaGroup.Pool", {
        attribute,
        dice: test.dice,
        sum: wuxiaThresholdSum({
          sr: state.sr,
          // Whatever else moved the threshold is shown as such, so that the sum adds up.
          srPenalty: test.threshold - state.sr + test.competence,
          skillName: t("WH.Chat.WuxiaGroup.Skill"),
          competence: test.competence,
          threshold: test.threshold,
        }),
      }),
      dice: test.faces.map((face) => ({ face, kind: faceKind(face, test.threshold) })),
      outcome: {
        key,
        label: t(`WH.Chat.Outcome.${key === "critical" ? "Critical" : key === "success" ? "Success" : "Failure"}`),
        detail: wuxiaResultText(test),
      },
      odds: t("WH.Chat.Wuxia.Odds", { success: percent(test.odds.success), critical: percent(test.odds.critical) }),
    };
  });
  return {
    ...base,
    details: [
      t("WH.Chat.Group.Size", { count: members, size: count(members) }),
      t("WH.Chat.Wuxia.Sr", { sr: state.sr }),
    ],
    rows,
    succeeded: count(outcome.succeeded),
    failed: count(outcome.failed),
    critical: outcome.critical ? count(outcome.critical) : null,
  };
}
