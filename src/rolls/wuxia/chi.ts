import { oneAtATime } from "../../core/locks";
import { UserError } from "../../core/errors";
import { updateSystem } from "../../foundry/write";
import { t } from "../../core/i18n";
import type { WuxiaRoll } from "./roll";
import type { WuxiaSubject } from "./subject";

/** What a Wuxia power's roll pays in chi (RULES 1.1: the reserve is spent to activate powers). */

/** The chi a Wuxia character has left; 0 for any other actor. */
export function chiLeft(actor: Actor.Implementation): number {
  return actor.type === "wuxiaCharacter" ? (actor as Actor.OfType<"wuxiaCharacter">).system.chi.value : 0;
}

/** The chi a roll with this item costs: a power's own cost ([default] a field of the power), 0 for a skill or none. */
export function chiCostOf(subject: WuxiaSubject, itemUuid: string | null): number {
  return subject.skills.find((s) => s.uuid === itemUuid)?.chiCost ?? 0;
}

/** The GM's choice to use a power its user cannot pay for (a story reason, a house rule). */
async function gmOverrides(name: string, cost: number, left: number): Promise<boolean> {
  const text = document.createElement("p");
  text.textContent = t("WH.Roll.Chi.Override", { name, cost, left });
  const confirmed = await foundry.applications.api.DialogV2.confirm({
    window: { title: t("WH.Roll.Chi.OverrideTitle") },
    content: text.outerHTML,
  });
  return confirmed === true;
}

/**
 * Runs a power's roll with its chi paid first: refused, in the reader's language, when the
 * character has less chi than the power costs; a GM may use it anyway (the chi then falls to 0,
 * never below). The chi is read right before it is written, one change per actor at a time, and
 * given back if the roll then fails. `post` is told the chi spent, for the card; resolves with
 * null when the GM declines.
 */
export async function withChiSpent<T>(
  subject: WuxiaSubject,
  itemUuid: string | null,
  post: (spent: number) => Promise<T>,
): Promise<T | null> {
  const cost = chiCostOf(subject, itemUuid);
  if (cost === 0) return post(0);
  const actor = subject.actor;
  const short = chiLeft(actor) < cost;
  if (short && !game.user.isGM)
    throw new UserError("WH.Roll.Error.NotEnoughChi", { name: subject.name, cost, left: chiLeft(actor) });
  if (short && !(await gmOverrides(subject.name, cost, chiLeft(actor)))) return null;
  const spent = await oneAtATime(`chi.${actor.uuid}`, async () => {
    const left = chiLeft(actor);
    if (left < cost && !short) throw new UserError("WH.Roll.Error.NotEnoughChi", { name: subject.name, cost, left });
    const paid = Math.min(left, cost);
    await updateSystem(actor as Actor.OfType<"wuxiaCharacter">, { chi: { value: left - paid } });
    return paid;
  });
  try {
    return await post(spent);
  } catch (error) {
    await oneAtATime(`chi.${actor.uuid}`, () =>
      updateSystem(actor as Actor.OfType<"wuxiaCharacter">, { chi: { value: chiLeft(actor) + spent } }),
    );
    throw error;
  }
}

/**
 * A power's chi paid for a Wuxia roll that goes to the GM instead of being posted here (an
 * opposed test, an attack, a defence), written on the roll before it is sent; the GM takes any
 * Destiny dice those add itself.
 */
export function withChiPaidOn<T>(subject: WuxiaSubject, roll: WuxiaRoll, send: () => Promise<T>): Promise<T | null> {
  return withChiSpent(subject, roll.state.itemUuid, (chiSpent) => {
    if (chiSpent) roll.amend({ chiSpent });
    return send();
  });
}
