import { SYSTEM_ID, templatePath } from "../foundry/system";
import { systemFlag } from "../foundry/flags";
import { faceKind } from "../rolls/wuxia/card";
import { t } from "../core/i18n";
import type { RoundStartChange } from "./fighters";

export const ROUND_SUMMARY_TEMPLATE = templatePath("chat/round-summary.hbs");

/** The flag that marks a round summary: its rolls are the round's, not a test to oppose or reroll. */
export const ROUND_SUMMARY_FLAG = "roundSummary" as const;

/** Whether a message is a round summary. */
export function isRoundSummary(message: ChatMessage.Implementation): boolean {
  return systemFlag(message, ROUND_SUMMARY_FLAG) !== undefined;
}

/** What the summary shows of each combatant: its dice, successes and how they were spent. */
export function roundSummaryContext(round: number, starts: readonly RoundStartChange[]): Record<string, unknown> {
  return {
    round,
    title: t("WH.Combat.Summary.Title", { round }),
    explain: t("WH.Combat.Summary.Explain"),
    headers: { initiative: t("WH.Combat.Initiative") },
    rows: starts.map(({ roll, purchase, change }) => ({
      name: roll.state.actorName,
      dice: roll.faces.map((face) => ({ face, kind: faceKind(face, roll.state.threshold) })),
      critical: roll.outcome.critical,
      initiative: change.initiative,
      split: t("WH.Combat.Summary.Split", {
        successes: t("WH.Count.Successes", { count: roll.outcome.successes }),
        actions: t("WH.Count.ExtraActions", { count: purchase.extraActions }),
        defense: t("WH.Count.DefenseDice", { count: Number(change.system.defenseDice) }),
      }),
    })),
  };
}

/**
 * One message for a whole round start: every visible combatant's test, with its rolls for Dice
 * So Nice. Hidden combatants stay out of it (their dice and names would show).
 */
export async function postRoundSummary(
  combat: Combat.Implementation,
  round: number,
  starts: readonly RoundStartChange[],
): Promise<void> {
  const shown = starts.filter(({ change }) => !combat.combatants.get(change._id)?.hidden);
  if (!shown.length) return;
  const content = await foundry.applications.handlebars.renderTemplate(
    ROUND_SUMMARY_TEMPLATE,
    roundSummaryContext(round, shown),
  );
  await ChatMessage.create({
    content,
    rolls: shown.map((s) => s.roll),
    speaker: { alias: t("WH.Combat.Summary.Speaker") },
    sound: CONFIG.sounds.dice,
    flags: { [SYSTEM_ID]: { [ROUND_SUMMARY_FLAG]: { combatId: combat.id, round } } },
  });
}
