import { notifyError } from "../core/errors";
import { documentAtSync } from "../foundry/documents";
import { t } from "../core/i18n";
import type { GroupHurt } from "./damage";

/** The small DOM pieces the combat cards add below their rolls. */

export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text = "",
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  el.className = className;
  if (text) el.textContent = text;
  return el;
}

export function actionButton(
  doc: Document,
  action: string,
  label: string,
  run: () => Promise<unknown>,
): HTMLButtonElement {
  const button = element(doc, "button", "wh-attack__action", label);
  button.type = "button";
  button.dataset.whAttack = action;
  runOnceOnClick(button, run);
  return button;
}

/**
 * A click runs the request once: the button is disabled until the answer redraws what it sits in.
 * A refused request writes nothing, so nothing redraws it: the button comes back, and the refusal
 * is said in the reader's words.
 */
export function runOnceOnClick(button: HTMLButtonElement, run: () => Promise<unknown>): void {
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    button.disabled = true;
    void run().catch((error: unknown) => {
      button.disabled = false;
      notifyError(error);
    });
  });
}

export function numberField(doc: Document, name: string, label: string, max: number): HTMLLabelElement {
  const wrapper = element(doc, "label", "wh-attack__field", label);
  const input = element(doc, "input", "");
  input.type = "number";
  input.name = name;
  input.min = "0";
  input.max = String(max);
  input.setAttribute("value", "0");
  wrapper.append(input);
  return wrapper;
}

/** A small picture for the lead: an actor's portrait or an item's icon, decorative beside the names. */
function picture(doc: Document, className: string, src: string | null | undefined): HTMLImageElement | null {
  if (!src) return null;
  const img = element(doc, "img", className);
  img.src = src;
  img.alt = "";
  return img;
}

/**
 * An attack card's own parts, not yet in the message: its lead, who attacks whom with what
 * ("Lin Mei attacks Bandit with Arc long", with the attacker's portrait and the weapon's icon),
 * to go above the rolls, and its section for what follows them (the defence, the verdict, the damage).
 */
export function attackSection(
  html: HTMLElement,
  attacker: { actorName: string; actorUuid: string | null },
  record: { defenderUuid: string; weaponUuid: string },
): { doc: Document; lead: HTMLElement; section: HTMLElement; defender: Actor.Implementation | null } {
  const doc = html.ownerDocument;
  const section = element(doc, "section", "wuxia-harmonies wh-card wh-attack");
  const defender = documentAtSync(record.defenderUuid) as Actor.Implementation | null;
  const weapon = documentAtSync(record.weaponUuid) as Item.Implementation | null;
  const actor = attacker.actorUuid ? (documentAtSync(attacker.actorUuid) as Actor.Implementation | null) : null;
  const names = { attacker: attacker.actorName, defender: defender?.name ?? "?", weapon: weapon?.name ?? "" };
  const lead = element(doc, "header", "wuxia-harmonies wh-attack__lead");
  const portrait = picture(doc, "wh-attack__portrait", actor?.img);
  const icon = picture(doc, "wh-attack__icon", weapon?.img);
  if (portrait) lead.append(portrait);
  lead.append(
    element(doc, "h4", "wh-card__title", t(weapon ? "WH.Combat.AttackTitleWith" : "WH.Combat.AttackTitle", names)),
  );
  if (icon) lead.append(icon);
  return { doc, lead, section, defender };
}

/** Puts the attack card's parts in the message: the lead above the rolls, the section below them. */
export function placeAttackParts(html: HTMLElement, lead: HTMLElement, section: HTMLElement): void {
  const content = html.querySelector(".message-content") ?? html;
  content.prepend(lead);
  content.append(section);
}

/** The card's line for a hit on a group: whose member was hurt or put out, and how many fight on. */
export function groupHurtLine(doc: Document, hurt: GroupHurt): HTMLElement {
  if (hurt.left === 0) return element(doc, "p", "wh-warning", t("WH.Combat.GroupRouted", { label: hurt.label }));
  const key = hurt.out ? "WH.Combat.GroupMemberOut" : "WH.Combat.GroupMemberHurt";
  return element(doc, "p", "wh-attack__group", t(key, { label: hurt.label, left: hurt.left }));
}
