import { isSuccessFace } from "../../rules";
import { templatePath } from "../../foundry/system";
import { t } from "../../core/i18n";
import { attributeLabel } from "../../core/labels";
import type { WuxiaRoll } from "./roll";
import { percent } from "../../core/format";
import { wuxiaResultText, wuxiaThresholdSum } from "./text";

export const WUXIA_CARD_TEMPLATE = templatePath("chat/wuxia-card.hbs");

export type FaceKind = "success" | "one" | "failure";

export interface WuxiaCardDie {
  index: number;
  /** The face that stands. */
  face: number;
  /** Faces it showed before being rerolled, oldest first (shown struck through). */
  old: number[];
  kind: FaceKind;
  /** Who rerolled it last, if anyone: the specialisation or a Destiny die (a short mark and its words). */
  rerolledBy: { short: string; full: string } | null;
}

export type WuxiaCardContext = {
  isPrivate: boolean;
  actorName: string;
  title: string;
  /** The pool and the sum that gives the threshold, with the abbreviation SR explained on hover. */
  details: { text: string; title: string | null }[];
  dice: WuxiaCardDie[];
  outcome: { key: "success" | "failure" | "critical"; label: string; detail: string };
  odds: string;
  notes: string[];
  /** Dice are buttons that spend a Destiny die (world setting "reroll"). */
  destinyReroll: boolean;
  formula: string;
  tooltip: string;
};

/** How a single face reads at threshold t, according to the rules (a 1 always fails). */
export function faceKind(face: number, threshold: number): FaceKind {
  if (face === 1) return "one";
  return isSuccessFace(face, threshold) ? "success" : "failure";
}

export function wuxiaCardContext(
  roll: WuxiaRoll,
  options: { isPrivate: boolean; tooltip: string; destinyReroll: boolean },
): WuxiaCardContext {
  const state = roll.state;
  const attribute = attributeLabel(state.attribute);
  const title = state.specialisation ?? state.skillName ?? attribute;
  const base = {
    isPrivate: options.isPrivate,
    actorName: state.actorName,
    title,
    formula: roll.formula,
    tooltip: options.tooltip,
  };
  if (options.isPrivate) {
    return {
      ...base,
      details: [],
      dice: [],
      outcome: { key: "failure", label: "", detail: "" },
      odds: "",
      notes: [],
      destinyReroll: false,
    };
  }

  const details = [
    { text: `${attribute} ${state.attributeValue}`, title: null },
    { text: wuxiaThresholdSum(state), title: t("WH.Chat.Wuxia.SrTitle") },
  ];

  const dice = roll.positions.map((position, index): WuxiaCardDie => {
    const face = position.faces[position.faces.length - 1] as number;
    const by = position.by[position.by.length - 1];
    return {
      index,
      face,
      old: position.faces.slice(0, -1),
      kind: faceKind(face, state.threshold),
      rerolledBy:
        by === undefined
          ? null
          : by === "destiny"
            ? { short: t("WH.Chat.Wuxia.ByDestinyShort"), full: t("WH.Chat.Wuxia.ByDestiny") }
            : { short: t("WH.Chat.Wuxia.BySpecialisationShort"), full: t("WH.Chat.Wuxia.BySpecialisation") },
    };
  });

  const outcome = roll.outcome;
  const key = outcome.critical ? "critical" : outcome.success ? "success" : "failure";
  const label = t(
    key === "critical"
      ? "WH.Chat.Outcome.Critical"
      : key === "success"
        ? "WH.Chat.Outcome.Success"
        : "WH.Chat.Outcome.Failure",
  );
  const detail = wuxiaResultText(outcome);

  const notes: string[] = [];
  const bySpecialisation = state.rerolled.filter((r) => r.by === "specialisation").length;
  if (state.specialisation)
    notes.push(
      t("WH.Chat.Wuxia.SpecialisationNote", {
        name: state.specialisation,
        rerolled: bySpecialisation,
        count: state.rerolls,
      }),
    );
  const byDestiny = state.rerolled.filter((r) => r.by === "destiny").length;
  if (byDestiny) notes.push(t("WH.Chat.Wuxia.DestinyRerolled", { count: byDestiny }));
  if (state.chiSpent) notes.push(t("WH.Chat.Wuxia.ChiSpent", { count: state.chiSpent }));
  if (state.destinyDice) notes.push(t("WH.Chat.Wuxia.DestinyAdded", { count: state.destinyDice }));
  if (state.extraDice) notes.push(t("WH.Chat.Wuxia.ExtraDice", { count: state.extraDice }));

  return {
    ...base,
    details,
    dice,
    outcome: { key, label, detail },
    odds: t("WH.Chat.Wuxia.Odds", { success: percent(state.odds.success), critical: percent(state.odds.critical) }),
    notes,
    destinyReroll: options.destinyReroll,
  };
}
