import { measureOf } from "../rules";
import { t } from "../core/i18n";
import { signed } from "../core/format";

/** SR from 8 (routine) to 13 (extreme), standard 10 (RULES 1.3); the book names only these three. */
export const SR_PRESETS = [8, 9, 10, 11, 12, 13] as const;
const SR_NAMES: Record<number, string> = {
  8: "WH.Dialog.Sr.Routine",
  10: "WH.Dialog.Sr.Standard",
  13: "WH.Dialog.Sr.Extreme",
};

export function srChoices(): { value: number; label: string }[] {
  return SR_PRESETS.map((sr) => ({ value: sr, label: SR_NAMES[sr] ? `${sr} — ${t(SR_NAMES[sr])}` : String(sr) }));
}

/**
 * Difficulties the book describes (RULES 2.4): 0 is an even chance, −3 halves the chance, −5
 * divides it by 3, −10 by 10 "etc." — the Measure of the difficulty — and bonuses divide the
 * chance of failure the same way.
 */
export const DIFFICULTY_PRESETS = [10, 5, 3, 0, -3, -5, -10, -15, -20] as const;

export function difficultyChoices(): { value: number; label: string }[] {
  return DIFFICULTY_PRESETS.map((value) => {
    if (value === 0) return { value, label: `0 — ${t("WH.Dialog.Difficulty.Even")}` };
    const key = value < 0 ? "WH.Dialog.Difficulty.ChancesDivided" : "WH.Dialog.Difficulty.FailuresDivided";
    return { value, label: `${signed(value)} — ${t(key, { divisor: measureOf(Math.abs(value)) })}` };
  });
}
