import { templatePath } from "../../foundry/system";

import { t } from "../../core/i18n";

import { attributeLabel } from "../../core/labels";

import { type HarmoniesRollState } from "./roll";
import { actionDetails } from "./card";
import type { HarmoniesSubject } from "./subject";

import { HARMONIES_CHARACTERISTICS, HARMONIES_MEANS } from "../../rules/vocabulary";

import { signed } from "../../core/format";

import { harmoniesOddsView } from "../odds-chart";

import { difficultyChoices } from "../presets";

import { type HarmoniesFormValues } from "./fields";
import { FOOTER, ODDS, type OddsContext, RollDialog } from "../dialog";

/** Harmonies: characteristic, means, skill, difficulty (with the book's presets), closed or open. */
export class HarmoniesRollDialog extends RollDialog<HarmoniesSubject, HarmoniesFormValues, HarmoniesRollState> {
  static override PARTS = {
    form: { template: templatePath("dialogs/harmonies-roll.hbs") },
    odds: ODDS,
    footer: FOOTER,
  };

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      characteristics: HARMONIES_CHARACTERISTICS.map((k) => ({
        value: k,
        label: `${attributeLabel(k)} (${signed(s.scores[k])})`,
      })),
      means: HARMONIES_MEANS.map((k) => ({ value: k, label: `${attributeLabel(k)} (${signed(s.scores[k])})` })),
      skills: s.skills.map((k) => ({ value: k.id, label: `${k.name} (${signed(k.level)})` })),
      difficultyChoices: difficultyChoices(),
      penaltyHint:
        s.physicalPenalty === s.penalty
          ? null
          : t("WH.Dialog.PenaltyHint", { all: signed(s.penalty), physical: signed(s.physicalPenalty) }),
    };
  }

  /** The odds, and the modifier written as the sum its card will show (RULES 2.4). */
  protected oddsOf(state: HarmoniesRollState): OddsContext {
    const { modifier, open } = state;
    const terms = actionDetails(state).details.slice(0, -1).join(", ");
    return {
      odds: harmoniesOddsView(modifier, open),
      facts: [
        t("WH.Dialog.ModifierSum", { modifier: signed(modifier), terms }),
        t(open ? "WH.Chat.Harmonies.Open" : "WH.Chat.Harmonies.Closed"),
      ],
      error: null,
    };
  }
}
