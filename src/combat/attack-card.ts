import { WuxiaRoll } from "../rolls/wuxia/roll";
import { documentAtSync } from "../foundry/documents";
import { percent } from "../core/format";
import { t } from "../core/i18n";
import {
  INVESTMENTS,
  attackOutcome,
  surplusSpendable,
  attackRecord,
  attackRequests,
  defenceOdds,
  defendAgainst,
  reserveLeftFor,
  type AttackRecord,
  type Investment,
} from "./attack";
import { roundOf } from "./models";
import { combatantOf } from "./fight";
import { actionButton, attackSection, element, groupHurtLine, numberField, placeAttackParts } from "./card-dom";

const INVESTMENT_LABELS: Record<Investment, string> = {
  defenseDice: "WH.Combat.Invest.DefenseDie",
  groupReserve: "WH.Combat.Invest.GroupReserve",
  critique: "WH.Combat.Invest.Critique",
  estourbir: "WH.Combat.Invest.Estourbir",
  intimidation: "WH.Combat.Invest.Intimidation",
  precise: "WH.Combat.Invest.Precise",
  ame: "WH.Combat.Invest.Ame",
};

/** What the defender's owner sees before answering: the attacker's successes and what they may spend. */
function defenceForm(message: ChatMessage.Implementation, record: AttackRecord, section: HTMLElement): void {
  const doc = section.ownerDocument;
  const defender = documentAtSync(record.defenderUuid) as Actor.Implementation | null;
  if (!defender?.isOwner) return;
  const combatant = combatantOf(defender);
  const defenseLeft = combatant ? roundOf(combatant).defenseDice : 0;
  const reserveLeft = reserveLeftFor(defender);
  const form = element(doc, "div", "wh-attack__defence");
  form.append(
    numberField(doc, "defenseDice", t("WH.Combat.DefenseDiceLeft", { count: defenseLeft }), defenseLeft),
    numberField(doc, "reserve", t("WH.Combat.ReserveLeft", { count: reserveLeft }), reserveLeft),
  );
  const read = (name: string) => Number(form.querySelector<HTMLInputElement>(`[name=${name}]`)?.value ?? 0);
  const odds = element(doc, "p", "wh-attack__odds");
  const showOdds = () => {
    const result = defenceOdds(message, read("defenseDice") + read("reserve"));
    const beyond = (result?.surplus ?? []).slice(1).reduce((sum, p) => sum + p, 0);
    odds.textContent = result ? t("WH.Combat.DefenceOdds", { hit: percent(result.hit), beyond: percent(beyond) }) : "";
  };
  form.addEventListener("input", showOdds);
  showOdds();
  form.append(odds);
  form.append(
    actionButton(doc, "defend", t("WH.Combat.Defend"), () =>
      defendAgainst(message, { defenseDice: read("defenseDice"), reserve: read("reserve") }),
    ),
  );
  section.append(form);
}

/** The resolution in words, the attacker's investments and "Apply damage". */
function resolution(message: ChatMessage.Implementation, record: AttackRecord, section: HTMLElement): void {
  const doc = section.ownerDocument;
  const outcome = attackOutcome(message);
  const [attack, defence] = message.rolls as [WuxiaRoll, WuxiaRoll];
  if (!outcome || !record.defence) return;
  section.append(
    element(
      doc,
      "p",
      "wh-attack__score",
      t("WH.Combat.AttackScore", {
        attacker: attack.state.actorName,
        rolled: t("WH.Count.Successes", { count: attack.outcome.successes }),
        cancelled: t("WH.Count.Cancelled", { count: outcome.defenseDiceUsed }),
        left: outcome.attackerSuccesses,
        defender: defence.state.actorName,
        successes: outcome.defenderSuccesses,
      }),
    ),
  );
  // The surplus explained: how far ahead, the one success that hits, what that leaves to invest.
  const verdict = outcome.hit
    ? t("WH.Combat.Hit", {
        left: outcome.attackerSuccesses,
        defender: outcome.defenderSuccesses,
        ahead: outcome.attackerSuccesses - outcome.defenderSuccesses,
        surplus: outcome.surplus,
        unspent: outcome.unspent,
      })
    : t("WH.Combat.Parried", { name: defence.state.actorName });
  section.append(element(doc, "p", `wh-banner wh-outcome wh-outcome--${outcome.hit ? "success" : "failure"}`, verdict));
  const invested = INVESTMENTS.filter((k) => record.invested[k] > 0).map(
    (k) => `${t(INVESTMENT_LABELS[k])} ×${record.invested[k]}`,
  );
  if (invested.length) section.append(element(doc, "p", "wh-attack__invested", invested.join(" · ")));
  if (!outcome.hit) return;
  const parts = outcome.damageParts;
  const sum = element(
    doc,
    "p",
    "wh-attack__damage",
    t(parts.critique > 0 ? "WH.Combat.DamageSumCritique" : "WH.Combat.DamageSum", {
      ...parts,
      damage: outcome.damage,
    }),
  );
  sum.title = t("WH.Combat.DamageSumTitle");
  section.append(sum);
  if (record.applied) {
    section.append(element(doc, "p", "wh-attack__applied", t("WH.Combat.DamageApplied", { damage: outcome.damage })));
    if (record.groupHurt) return void section.append(groupHurtLine(doc, record.groupHurt));
    const target = documentAtSync(record.defenderUuid) as Actor.OfType<"wuxiaCharacter"> | null;
    const name = target?.name ?? "";
    if (target?.system.wounds.dead) section.append(element(doc, "p", "wh-warning", t("WH.Combat.Falls", { name })));
    if (target?.system.panic.mustFlee)
      section.append(element(doc, "p", "wh-warning", t("WH.Combat.MustFlee", { name })));
    return;
  }
  const attacker = documentAtSync(attack.state.actorUuid ?? "") as Actor.Implementation | null;
  const attackerOwner = Boolean(attacker?.isOwner);
  const spendable = attacker ? INVESTMENTS.filter((k) => surplusSpendable(record, attacker, k)) : [];
  if (attackerOwner && outcome.unspent > 0 && spendable.length) {
    const row = element(doc, "div", "wh-attack__investments");
    for (const investment of spendable)
      row.append(
        actionButton(doc, `invest-${investment}`, `+ ${t(INVESTMENT_LABELS[investment])}`, () =>
          attackRequests.invest(message, investment),
        ),
      );
    section.append(row);
  }
  if (attackerOwner || game.user.isGM)
    section.append(
      actionButton(doc, "apply", t("WH.Combat.ApplyDamage", { damage: outcome.damage }), () =>
        attackRequests.applyDamage(message),
      ),
    );
}

/** An attack card's own part, below the two tests' cards: drawn for each reader from the GM's record. */
export function appendAttack(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  const record = attackRecord(message);
  if (!record) return false;
  const [attack] = message.rolls;
  if (!(attack instanceof WuxiaRoll) || !attack.readable || !message.isContentVisible) return true;
  const { doc, lead, section, defender } = attackSection(html, attack.state.actorName, record);
  if (record.reserveDice)
    section.append(
      element(doc, "p", "wh-attack__reserve", t("WH.Combat.AttackReserve", { count: record.reserveDice })),
    );
  if (!record.defence) {
    section.append(
      element(doc, "p", "wh-attack__waiting", t("WH.Combat.AwaitingDefence", { name: defender?.name ?? "?" })),
    );
    defenceForm(message, record, section);
  } else resolution(message, record, section);
  placeAttackParts(html, lead, section);
  return true;
}
