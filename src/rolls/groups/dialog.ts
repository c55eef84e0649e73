import { templatePath } from "../../foundry/system";

import { t } from "../../core/i18n";

import { attributeLabel } from "../../core/labels";

import { type CombinedRollState } from "./combined-roll";
import { type GroupRollState } from "./group-roll";
import { type WuxiaGroupRollState } from "./wuxia-group-roll";
import type { CombinedSubject, GroupSubject, WuxiaGroupSubject } from "./subject";

import { HARMONIES_CHARACTERISTICS, HARMONIES_MEANS, WUXIA_ATTRIBUTES } from "../../rules/vocabulary";

import { rollSettings, GROUP_ROLL_MODE_CHOICES } from "../../settings/rolls";

import { count, percent, signed } from "../../core/format";

import { wuxiaGroupOddsView } from "../odds-chart";

import { difficultyChoices, srChoices } from "../presets";

import { type GroupFormValues, type WuxiaGroupFormValues } from "./fields";
import { type Choice, FOOTER, ODDS, type OddsContext, RollDialog, differenceOdds } from "../dialog";

const GROUP_FORM = { template: templatePath("dialogs/group-roll.hbs") };

/** A Harmonies group's selects: each characteristic and means with the value the subject rolls it at. */
function harmoniesGroupChoices(scores: GroupSubject["scores"]): { characteristics: Choice[]; means: Choice[] } {
  return {
    characteristics: HARMONIES_CHARACTERISTICS.map((k) => ({
      value: k,
      label: `${attributeLabel(k)} (${signed(scores[k])})`,
    })),
    means: HARMONIES_MEANS.map((k) => ({ value: k, label: `${attributeLabel(k)} (${signed(scores[k])})` })),
  };
}

/** A group's one roll (RULES 3.2–3.3), read with the world's group mode; or one sub-group's, rolled on its own. */
export class GroupRollDialog extends RollDialog<GroupSubject, GroupFormValues, GroupRollState> {
  static override PARTS = { form: GROUP_FORM, odds: ODDS, footer: FOOTER };

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      harmonies: true,
      size: t("WH.Chat.Group.Size", { count: s.size, size: count(s.size) }),
      homogeneous: s.homogeneous,
      figuresOf: s.figuresOf ? t("WH.Chat.Group.FiguresOf", { label: s.figuresOf }) : null,
      mode: t(GROUP_ROLL_MODE_CHOICES[rollSettings().groupMode]),
      subgroup: s.subgroup
        ? t("WH.Dialog.Group.Subgroup", { label: s.subgroup.label, n: s.subgroup.index + 1, of: s.subgroup.of })
        : null,
      subgroupHint: s.subgroup && s.subgroup.of > 1 ? t("WH.Dialog.Group.SubgroupHint") : null,
      ...harmoniesGroupChoices(s.scores),
      difficultyChoices: difficultyChoices(),
    };
  }

  protected oddsOf(state: GroupRollState): OddsContext {
    return differenceOdds(state);
  }
}

/** A Harmonies group acting as one body on its combined Values (RULES 3.1): one action, one margin. */
export class CombinedRollDialog extends RollDialog<CombinedSubject, GroupFormValues, CombinedRollState> {
  static override PARTS = { form: GROUP_FORM, odds: ODDS, footer: FOOTER };

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      harmonies: true,
      size: t("WH.Chat.Group.Size", { count: s.size, size: count(s.size) }),
      homogeneous: true,
      combined: t("WH.Dialog.Combined.Hint"),
      ...harmoniesGroupChoices(s.scores),
      difficultyChoices: difficultyChoices(),
    };
  }

  protected oddsOf(state: CombinedRollState): OddsContext {
    return differenceOdds(state);
  }
}

/** A Wuxia group: the Attribute every sub-group rolls and the SR; each sub-group's pool and odds (RULES 3.4). */
export class WuxiaGroupRollDialog extends RollDialog<WuxiaGroupSubject, WuxiaGroupFormValues, WuxiaGroupRollState> {
  static override PARTS = { form: GROUP_FORM, odds: ODDS, footer: FOOTER };

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    return {
      values: this.values,
      harmonies: false,
      size: t("WH.Chat.Group.Size", { count: s.size, size: count(s.size) }),
      homogeneous: true,
      attributes: WUXIA_ATTRIBUTES.map((k) => ({ value: k, label: attributeLabel(k) })),
      srChoices: srChoices(),
    };
  }

  protected oddsOf(state: WuxiaGroupRollState): OddsContext {
    return {
      odds: wuxiaGroupOddsView(state.tests),
      facts: state.tests.map((test) =>
        t("WH.Dialog.WuxiaGroup.Test", {
          label: test.label,
          members: test.members,
          count: test.dice,
          threshold: test.threshold,
          success: percent(test.odds.success),
        }),
      ),
      error: null,
    };
  }
}
