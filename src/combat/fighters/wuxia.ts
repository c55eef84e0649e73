import type { WuxiaRoll } from "../../rolls/wuxia/roll";
import { prepareRollNow } from "../../rolls/pipeline";
import { rollSubject } from "../../rolls/subject";
import { type WuxiaSubject } from "../../rolls/wuxia/subject";
import { combatSettings, type InitiativeSpend } from "../../settings/combat";
import { initiativeOf, nothingAtTurnStart, type WuxiaFighter } from "./fighter";
import { rollRoundStart } from "./wuxia-round";

/** A Wuxia fighter of this actor: its Initiative test rolled again at each round start and spent on its default; nothing at turn start. */
export function wuxiaFighter(
  actor: Actor.Implementation,
  fights: { metal: number; spend: InitiativeSpend; initiativeRoll: () => WuxiaRoll },
): WuxiaFighter {
  const fighter = { ruleset: "wuxia" as const, actor, ...fights, turnStart: nothingAtTurnStart };
  return {
    ...fighter,
    roundStart: (combatant, round) => rollRoundStart(fighter, combatant, round),
  };
}

/** A Wuxia character in a fight: its Initiative test with its combat skill, its own default spend. */
export function wuxiaCharacterFighter(character: Actor.OfType<"wuxiaCharacter">): WuxiaFighter {
  return wuxiaFighter(character, {
    metal: character.system.attributes.metal,
    spend: defaultSpend(character),
    initiativeRoll: () => wuxiaInitiativeRoll(character),
  });
}

/** The combat skill the actor names, if it still holds it. */
function combatSkillId(actor: Actor.OfType<"wuxiaCharacter">, subject: WuxiaSubject): string | undefined {
  const id = actor.system.combat.skill;
  return subject.skills.some((s) => s.id === id && s.kind !== "power") ? id : undefined;
}

/**
 * The Initiative test (RULES 1.4): Métal, the combat skill chosen on the actor, SR 10 (with the
 * actor's wound and panic penalty, as every test), made by the roll pipeline without its dialog —
 * a Wuxia test on core dice, so Dice So Nice, the tooltip and manual entry work, and the preRoll
 * hook sees it. Not yet evaluated.
 */
export function wuxiaInitiativeRoll(actor: Actor.OfType<"wuxiaCharacter">): WuxiaRoll {
  const subject = rollSubject(actor) as WuxiaSubject;
  return wuxiaInitiativeTest(subject, combatSkillId(actor, subject));
}

/** The Initiative test of a Wuxia subject with this skill (none: Métal alone); refused when a preRoll handler cancels it. */
export function wuxiaInitiativeTest(subject: WuxiaSubject, skillId: string | undefined): WuxiaRoll {
  const prepared = prepareRollNow<"wuxia">(subject, {
    start: { attribute: "metal", sr: 10, skillId },
    values: { extraDice: 0, destinyDice: 0 },
  });
  return initiativeOf(prepared, subject);
}

/** Where an actor's successes go when nobody chooses: its own default, else the world's ([default] Initiative). */
export function defaultSpend(actor: Actor.OfType<"wuxiaCharacter">): InitiativeSpend {
  return actor.system.combat.spend || combatSettings().initiativeSpend;
}
