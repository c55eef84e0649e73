import { t } from "../../core/i18n";

/** The words a Wuxia test's card and dialog share: its result and the sum that gives its threshold. */

export interface WuxiaResultCounts {
  successes: number;
  ones: number;
  success: boolean;
  critical: boolean;
}

/**
 * What the dice gave, in words: "4 successes (quality +3)", "1 success", "0 successes against
 * 2 dice showing 1" (a critical failure is more 1s than successes, RULES 1.3).
 */
export function wuxiaResultText(outcome: WuxiaResultCounts): string {
  const successes = t("WH.Chat.Wuxia.Successes", { count: outcome.successes });
  if (outcome.critical)
    return t("WH.Chat.Wuxia.AgainstOnes", { successes, ones: t("WH.Chat.Wuxia.Ones", { count: outcome.ones }) });
  if (outcome.success && outcome.successes > 1)
    return t("WH.Chat.Wuxia.WithQuality", { successes, extra: outcome.successes - 1 });
  return successes;
}

export interface WuxiaThresholdTerms {
  sr: number;
  srPenalty: number;
  skillName: string | null;
  competence: number;
  threshold: number;
}

/** The face a die needs, in words: a 1 always fails and a 10 always succeeds (RULES 1.3). */
export function wuxiaFaceNeeded(threshold: number): string {
  return threshold >= 10 ? t("WH.Chat.Wuxia.TenOnly") : t("WH.Chat.Wuxia.FaceNeeded", { face: Math.max(2, threshold) });
}

/** "SR 10 + 2 (wounds, panic) − Chasseur 3: success on 9+", the sum the threshold comes from. */
export function wuxiaThresholdSum(terms: WuxiaThresholdTerms): string {
  const parts = [t("WH.Chat.Wuxia.Sr", { sr: terms.sr })];
  if (terms.srPenalty)
    parts.push(
      t("WH.Chat.Wuxia.PenaltyTerm", { sign: terms.srPenalty > 0 ? "+" : "−", penalty: Math.abs(terms.srPenalty) }),
    );
  if (terms.skillName && terms.competence)
    parts.push(
      t("WH.Chat.Wuxia.SkillTerm", {
        sign: terms.competence > 0 ? "−" : "+",
        name: terms.skillName,
        competence: Math.abs(terms.competence),
      }),
    );
  return t("WH.Chat.Wuxia.Sum", { terms: parts.join(" "), face: wuxiaFaceNeeded(terms.threshold) });
}
