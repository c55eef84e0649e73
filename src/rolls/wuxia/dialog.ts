import { templatePath } from "../../foundry/system";

import { t } from "../../core/i18n";

import { attributeLabel } from "../../core/labels";

import { wuxiaThresholdSum } from "./text";

import { chiLeft } from "./chi";

import { poolSize, type WuxiaRollState } from "./roll";
import type { WuxiaSubject } from "./subject";

import { WUXIA_ATTRIBUTES } from "../../rules/vocabulary";

import { rollSettings } from "../../settings/rolls";

import { signed } from "../../core/format";
import { wuxiaOddsView } from "../odds-chart";

import { srChoices } from "../presets";

import { type WuxiaFormValues } from "./fields";
import { FOOTER, ODDS, type OddsContext, RollDialog } from "../dialog";

/** Wuxia: Attribute, skill or specialisation (with its rerolls), SR, extra and Destiny dice. */
export class WuxiaRollDialog extends RollDialog<WuxiaSubject, WuxiaFormValues, WuxiaRollState> {
  static override PARTS = { form: { template: templatePath("dialogs/wuxia-roll.hbs") }, odds: ODDS, footer: FOOTER };

  protected override read(raw: Record<string, unknown>): WuxiaFormValues {
    const values = super.read(raw);
    // A specialisation chosen is its rerolls used: its parent skill, listed apart, rolls without them.
    values.specialisation = (this.subject.skills.find((k) => k.id === values.skillId)?.rerolls ?? 0) > 0;
    return values;
  }

  protected fields(): Record<string, unknown> {
    const s = this.subject;
    const skill = s.skills.find((k) => k.id === this.values.skillId);
    const chi = skill?.chiCost ? chiLeft(s.actor) : 0;
    return {
      values: this.values,
      attributes: WUXIA_ATTRIBUTES.map((k) => ({ value: k, label: `${attributeLabel(k)} (${s.attributes[k]})` })),
      // Powers apart from skills: a player looks for one or the other.
      skillGroups: [
        { label: t("WH.Dialog.Wuxia.Skills"), options: s.skills.filter((k) => k.kind !== "power") },
        { label: t("WH.Dialog.Wuxia.Powers"), options: s.skills.filter((k) => k.kind === "power") },
      ]
        .filter((group) => group.options.length > 0)
        .map((group) => ({
          label: group.label,
          options: group.options.map((k) => ({
            value: k.id,
            selected: k.id === this.values.skillId,
            label: k.specialisation
              ? t("WH.Dialog.Wuxia.SpecialisationChoice", {
                  name: k.specialisation,
                  parent: k.skillName,
                  level: k.competence,
                  count: k.rerolls,
                })
              : t(
                  k.kind === "hobby"
                    ? "WH.Dialog.Wuxia.HobbyChoice"
                    : k.kind === "power" && k.chiCost
                      ? "WH.Dialog.Wuxia.PowerChoice"
                      : "WH.Dialog.Wuxia.SkillChoice",
                  { name: k.skillName, level: k.competence, cost: k.chiCost },
                ),
          })),
        })),
      chi: skill?.chiCost ? { cost: skill.chiCost, left: chi, short: chi < skill.chiCost } : null,
      srChoices: srChoices(),
      srPenalty: s.srPenalty ? signed(s.srPenalty) : null,
      destiny: rollSettings().destinyMode === "extraDie" ? { left: s.destiny } : null,
      reserve: s.reserve ? { left: s.reserve } : null,
    };
  }

  protected oddsOf(state: WuxiaRollState): OddsContext {
    const { threshold, rerolls } = state;
    const dice = poolSize(state);
    return {
      odds: wuxiaOddsView(dice, threshold, rerolls),
      facts: [
        t("WH.Dialog.Wuxia.Pool", { count: dice }),
        wuxiaThresholdSum(state),
        ...(rerolls ? [t("WH.Dialog.Wuxia.Rerolls", { count: rerolls })] : []),
      ],
      error: null,
    };
  }
}
