import { templatePath } from "../../foundry/system";
import type { HarmoniesCreationRoll } from "./creation-roll";
import type { CardOptions } from "../system-roll";
import { signed } from "../../core/format";
import { t } from "../../core/i18n";

export const CREATION_CARD_TEMPLATE = templatePath("chat/creation-card.hbs");

/** One of the six results: its dice, and whether it was dropped as the highest or the lowest. */
export interface CreationResult {
  text: string;
  dice: string;
  dropped: string | null;
}

/** The six results as the card and the dialog show them, the two dropped named; `dice` when the faces are known. */
export function creationResults(
  rolls: readonly number[],
  droppedAt: { highest: number; lowest: number },
  dice: readonly string[] = [],
): CreationResult[] {
  return rolls.map((value, i) => ({
    text: signed(value),
    dice: dice[i] ?? "",
    dropped:
      i === droppedAt.highest
        ? t("WH.Creation.Harmonies.DroppedHighest")
        : i === droppedAt.lowest
          ? t("WH.Creation.Harmonies.DroppedLowest")
          : null,
  }));
}

/**
 * The card of a Harmonies attribute roll (RULES 2.1): which roll of how many the world allows,
 * the six results with the highest and the lowest struck out, and the four kept.
 */
export function creationCardContext(roll: HarmoniesCreationRoll, options: CardOptions): Record<string, unknown> {
  const state = roll.state;
  const base = {
    isPrivate: options.isPrivate,
    actorName: state.actorName,
    attempt: t("WH.Creation.Harmonies.Attempt", { attempt: state.attempt, allowed: state.allowed }),
    formula: roll.formula,
    tooltip: options.tooltip,
  };
  // A private reader's card shows none of this: the template draws who rolled, nothing of the dice.
  const { rolls, kept, droppedAt } = roll.attributes;
  const [plus, minus] = [0, 1].map((i) => roll.dice[i]?.results.map((r) => r.result) ?? []) as [number[], number[]];
  const results = creationResults(
    rolls,
    droppedAt,
    plus.map((face, i) => `${face} \u2212 ${minus[i]}`),
  );
  return { ...base, results, kept: t("WH.Creation.Harmonies.Kept", { results: kept.map(signed).join(", ") }) };
}
