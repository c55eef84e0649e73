import { WuxiaRoll } from "../rolls/wuxia/roll";
import { documentAtSync } from "../foundry/documents";
import { percent } from "../core/format";
import { t } from "../core/i18n";
import {
  INVESTMENTS,
  attackOutcome,
  investmentRefusal,
  attackRecord,
  attackRequests,
  defenceOdds,
  defendAgainst,
  reserveLeftFor,
  type AttackRecord,
  type Investment,
  weaponSoul,
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

/** An investment's name on the card; the âme by the weapon's own name for it. */
function investmentLabel(record: AttackRecord, investment: Investment): string {
  const soul = investment === "ame" ? weaponSoul(documentAtSync(record.weaponUuid)) : "";
  return soul ? t("WH.Combat.Invest.AmeNamed", { name: soul }) : t(INVESTMENT_LABELS[investment]);
}

/** What the defender's owner sees before answering: the attacker's successes and what they may spend. */
function defenceForm(message: ChatMessage.Implementation, record: AttackRecord, section: HTMLElement): void {
  const doc = section.ownerDocument;
  const defender = documentAtSync(record.defenderUuid) as Actor.Implementation | null;
  if (!defender?.isOwner) return;
  const combatant = combatantOf(defender);
  const defenseLeft = combatant ? roundOf(combatant).defenseDice : 0;
  const reserveLeft = reserveLeftFor(defender);
  const form = element(doc, "div", "wh-attack__defence");
  // A pool with nothing in it is no choice: its field is left out.
  if (defenseLeft > 0)
    form.append(numberField(doc, "defenseDice", t("WH.Combat.DefenseDiceLeft", { count: defenseLeft }), defenseLeft));
  if (reserveLeft > 0)
    form.append(numberField(doc, "reserve", t("WH.Combat.ReserveLeft", { count: reserveLeft }), reserveLeft));
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
  if (!outcome) return;
  // The score explained: successes after the defence's cancellations against the defender's, how
  // far ahead, the one success that hits, what that leaves to invest.
  const score = {
    count: outcome.defenseDiceUsed,
    rolled: attack.outcome.successes,
    left: outcome.attackerSuccesses,
    defender: outcome.defenderSuccesses,
    name: defence.state.actorName,
  };
  const cancelled = outcome.defenseDiceUsed > 0;
  const verdict = outcome.hit
    ? t(cancelled ? "WH.Combat.HitCancelled" : "WH.Combat.Hit", {
        ...score,
        ahead: outcome.attackerSuccesses - outcome.defenderSuccesses,
        surplus: outcome.surplus,
        unspent: outcome.unspent,
      })
    : t(cancelled ? "WH.Combat.ParriedCancelled" : "WH.Combat.ParriedScore", score);
  section.append(element(doc, "p", `wh-banner wh-outcome wh-outcome--${outcome.hit ? "success" : "failure"}`, verdict));
  const invested = INVESTMENTS.filter((k) => record.invested[k] > 0).map(
    (k) => `${investmentLabel(record, k)} ×${record.invested[k]}`,
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
  // Only what would buy something here is offered: the authority refuses the rest the same way.
  const spendable = attacker ? INVESTMENTS.filter((k) => !investmentRefusal(record, attacker, k)) : [];
  if (attackerOwner && outcome.unspent > 0 && spendable.length) {
    const row = element(doc, "div", "wh-attack__investments");
    for (const investment of spendable)
      row.append(
        actionButton(doc, `invest-${investment}`, `+ ${investmentLabel(record, investment)}`, () =>
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
  const { doc, lead, section, defender } = attackSection(html, attack.state, record);
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
