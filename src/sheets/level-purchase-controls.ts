import { signed } from "../core/format";
import { t } from "../core/i18n";

/**
 * What a level bought with experience shows beside it: the button when the XP held reach the
 * next level's cost, for whoever may edit; the undo of the last one bought, for the GM. A level
 * reads signed (Harmonies, around 0) unless told otherwise (Wuxia's 1..10).
 */
export function purchaseControls(
  holding: { level: number | null; xp: number; cost: number | null },
  last: { level: number; xp: number } | null,
  editable: boolean,
  levelText: (level: number) => string = signed,
): { buy: string | null; undo: string | null } {
  const cost = holding.cost === null ? null : Math.ceil(holding.cost);
  const affordable = editable && holding.level !== null && cost !== null && holding.xp >= cost;
  return {
    buy: affordable ? t("WH.Experience.Buy", { cost: cost ?? 0 }) : null,
    undo: last && game.user.isGM ? t("WH.Experience.Undo", { level: levelText(last.level), xp: last.xp }) : null,
  };
}
