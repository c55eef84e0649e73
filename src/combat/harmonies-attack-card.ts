import { HarmoniesRoll } from "../rolls/harmonies/roll";
import { documentAtSync } from "../foundry/documents";
import { signed } from "../core/format";
import { t } from "../core/i18n";
import { actionButton, attackSection, element, groupHurtLine, placeAttackParts } from "./card-dom";
import { suddenActionCheck, woundCheckOf } from "./wound-checks";
import {
  harmoniesAttackRecord,
  harmoniesDefend,
  harmoniesHit,
  harmoniesSoak,
  targetArmour,
  type HarmoniesAttackRecord,
  type HarmoniesSoak,
} from "./harmonies-attack";

const LEVEL_LABELS = {
  light: "WH.Combat.Wound.Light",
  grave: "WH.Combat.Wound.Grave",
  critical: "WH.Combat.Wound.Critical",
} as const;

/** What the soak did, in words: "Light wound, aggravated to grave: the light track is full". */
export function soakText(soak: HarmoniesSoak): string {
  if (soak.severity === "none") return t("WH.Combat.Soak.Absorbed", { margin: signed(soak.margin) });
  if (soak.severity === "stunned") return t("WH.Combat.Soak.Stunned", { margin: signed(soak.margin) });
  const rolled = t(LEVEL_LABELS[soak.severity]);
  if (soak.placed === "fatal") return t("WH.Combat.Soak.Fatal", { wound: rolled, margin: signed(soak.margin) });
  if (soak.placed === soak.severity || soak.placed === null)
    return t("WH.Combat.Soak.Wound", { wound: rolled, margin: signed(soak.margin) });
  return t("WH.Combat.Soak.Aggravated", {
    wound: rolled,
    placed: t(LEVEL_LABELS[soak.placed]),
    margin: signed(soak.margin),
  });
}

function answers(message: ChatMessage.Implementation, record: HarmoniesAttackRecord, section: HTMLElement): void {
  const doc = section.ownerDocument;
  const defender = documentAtSync(record.defenderUuid) as Actor.Implementation | null;
  const hit = harmoniesHit(message);
  const [attack, defence] = message.rolls;
  const attacker = attack instanceof HarmoniesRoll ? attack.state.actorName : "?";
  // A failed attack has missed: nobody needs to parry it.
  if (!record.defence && hit === false) {
    section.append(
      element(
        doc,
        "p",
        "wh-banner wh-outcome wh-outcome--failure",
        t("WH.Combat.Harmonies.Missed", { name: attacker }),
      ),
    );
    return;
  }
  if (!record.defence) {
    section.append(
      element(doc, "p", "wh-attack__waiting", t("WH.Combat.AwaitingDefence", { name: defender?.name ?? "?" })),
    );
    if (defender?.isOwner)
      section.append(
        actionButton(doc, "parry", t("WH.Combat.Harmonies.Parry", { difficulty: signed(record.difficulty) }), () =>
          harmoniesDefend(message, {}, { dialog: true }),
        ),
        actionButton(doc, "take", t("WH.Combat.Harmonies.TakeHit"), () => harmoniesDefend(message, { take: true })),
      );
    return;
  }
  const verdict = !hit
    ? attack instanceof HarmoniesRoll && !attack.action.success
      ? t("WH.Combat.Harmonies.Missed", { name: attacker })
      : t("WH.Combat.Parried", { name: defence instanceof HarmoniesRoll ? defence.state.actorName : "?" })
    : t("WH.Combat.Harmonies.Hit", { damage: record.damage });
  if (record.defence === "taken" && defender)
    section.append(
      element(doc, "p", "wh-attack__taken", t("WH.Combat.Harmonies.TookHit", { name: defender.name ?? "" })),
    );
  section.append(element(doc, "p", `wh-banner wh-outcome wh-outcome--${hit ? "success" : "failure"}`, verdict));
  if (!hit) return;
  const parts = record.damageParts;
  if (parts)
    section.append(
      element(
        doc,
        "p",
        "wh-attack__damage",
        t(parts.strength ? "WH.Combat.Harmonies.DamageSum" : "WH.Combat.Harmonies.DamageSumMissile", {
          corps: signed(parts.corps),
          puissance: signed(parts.puissance),
          weapon: signed(parts.weapon),
          damage: record.damage,
        }),
      ),
    );
  if (record.soak) {
    section.append(element(doc, "p", "wh-attack__soak", soakText(record.soak)));
    if (record.groupHurt) section.append(groupHurtLine(doc, record.groupHurt));
    // A grave wound just taken: its owner may need the sudden-action check (RULES 2.5) right here.
    const victim = defender?.type === "harmoniesCharacter" && defender.isOwner ? defender : null;
    if (victim && record.soak.placed === "grave" && (victim as Actor.OfType<"harmoniesCharacter">).system.wounds.grave)
      section.append(
        actionButton(doc, "sudden-action", t("WH.Combat.Check.SuddenAction"), () => suddenActionCheck(victim)),
      );
    return;
  }
  if (defender?.isOwner) {
    const armour = targetArmour(defender);
    section.append(
      actionButton(doc, "soak", t("WH.Combat.Harmonies.Soak", { armour, damage: record.damage }), () =>
        harmoniesSoak(message),
      ),
    );
  }
}

/** A Harmonies attack card's own part, below the rolls' cards: drawn for each reader from the GM's record. */
export function appendHarmoniesAttack(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  const record = harmoniesAttackRecord(message);
  if (!record) return false;
  const [attack] = message.rolls;
  if (!(attack instanceof HarmoniesRoll) || !attack.readable || !message.isContentVisible) return true;
  const { lead, section } = attackSection(html, attack.state, record);
  answers(message, record, section);
  placeAttackParts(html, lead, section);
  labelSoak(message, record, html);
  return true;
}

/**
 * The soak's own card, the last of the message's rolls: its title says it is the soak and its
 * difficulty is written as what it is, armour − damage, rather than a bare "Difficulty".
 */
function labelSoak(message: ChatMessage.Implementation, record: HarmoniesAttackRecord, html: HTMLElement): void {
  const soak = message.rolls.at(-1);
  const card = [...html.querySelectorAll<HTMLElement>("[data-wh-card]")].at(-1);
  if (!record.soak || !(soak instanceof HarmoniesRoll) || !card) return;
  const difficulty = soak.state.difficulty;
  const title = card.querySelector(".wh-card__title");
  if (title) title.textContent = t("WH.Combat.Harmonies.SoakTitle", { title: title.textContent ?? "" });
  const bare = t("WH.Chat.Harmonies.Difficulty", { difficulty: signed(difficulty) });
  const term = [...card.querySelectorAll(".wh-card__details > li")].find((li) => li.textContent === bare);
  if (term)
    term.textContent = t("WH.Combat.Harmonies.SoakDifficulty", {
      armour: signed(difficulty + record.damage),
      damage: record.damage,
      difficulty: signed(difficulty),
    });
}

const CHECK_TEXT = {
  grave: { held: "WH.Combat.Check.GraveHeld", failed: "WH.Combat.Check.GraveWorse" },
  critical: { held: "WH.Combat.Check.CriticalHeld", failed: "WH.Combat.Check.CriticalFaint" },
} as const;

/** A wound check's card says what came of it, in words. */
export function appendWoundCheck(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  const result = woundCheckOf(message);
  if (!result) return false;
  if (!message.isContentVisible) return true;
  const doc = html.ownerDocument;
  const section = element(doc, "section", "wuxia-harmonies wh-card wh-wound-check");
  const text = CHECK_TEXT[result.check][result.held ? "held" : "failed"];
  section.append(element(doc, "p", `wh-banner wh-outcome wh-outcome--${result.held ? "success" : "failure"}`, t(text)));
  (html.querySelector(".message-content") ?? html).append(section);
  return true;
}
