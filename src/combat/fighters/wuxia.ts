import { defenseDiceAtRoundStart, spendInitiativeSuccesses, type InitiativePurchase } from "../../rules";
import { UserError } from "../../core/errors";
import type { WuxiaRoll } from "../../rolls/wuxia/roll";
import { ROLL_KINDS } from "../../rolls/kinds";
import { rollSubject } from "../../rolls/subject";
import { type WuxiaSubject } from "../../rolls/wuxia/subject";
import { combatSettings, type InitiativeSpend } from "../../settings/combat";
import { roundOf, type WuxiaRound } from "../models";
import type { SourcePatch } from "../../foundry/write";
import { GROUP_SKILL_ID, leadingMemberSubject } from "./group";

/** The Wuxia actor a combatant fights for, if it has one. */
export function wuxiaActorOf(combatant: Combatant.Implementation): Actor.OfType<"wuxiaCharacter"> | null {
  const actor = combatant.actor;
  return actor?.type === "wuxiaCharacter" ? (actor as Actor.OfType<"wuxiaCharacter">) : null;
}

/** What a Wuxia round needs of a combatant: a character, or a group with someone still fighting. */
export interface WuxiaFighter {
  actor: Actor.Implementation;
  /** The Métal its successes buy Initiative with (RULES 1.4). */
  metal: number;
  /** Where its successes go when nobody chooses. */
  spend: InitiativeSpend;
  /** Its Initiative test, not yet evaluated. */
  initiativeRoll(): WuxiaRoll;
}

/** The Wuxia fighter a combatant is, if any: a group takes one test and one turn (RULES 3.4). */
export function wuxiaFighterOf(combatant: Combatant.Implementation): WuxiaFighter | null {
  const character = wuxiaActorOf(combatant);
  if (character)
    return {
      actor: character,
      metal: character.system.attributes.metal,
      spend: defaultSpend(character),
      initiativeRoll: () => wuxiaInitiativeRoll(character),
    };
  const actor = combatant.actor;
  const subject = actor?.type === "group" ? leadingMemberSubject(actor as Actor.OfType<"group">) : null;
  if (!actor || !subject) return null;
  return {
    actor,
    metal: subject.attributes.metal,
    spend: combatSettings().initiativeSpend,
    initiativeRoll: () => initiativeTest(subject, GROUP_SKILL_ID),
  };
}

/** The combat skill the actor names, if it still holds it. */
function combatSkillId(actor: Actor.OfType<"wuxiaCharacter">, subject: WuxiaSubject): string | undefined {
  const id = actor.system.combat.skill;
  return subject.skills.some((s) => s.id === id && s.kind !== "power") ? id : undefined;
}

/**
 * The Initiative test (RULES 1.4): Métal, the combat skill chosen on the actor, SR 10 (with the
 * actor's wound and panic penalty, as every test), made by the roll pipeline's own stages — a
 * Wuxia test on core dice, so Dice So Nice, the tooltip and manual entry work. Not yet evaluated.
 */
export function wuxiaInitiativeRoll(actor: Actor.OfType<"wuxiaCharacter">): WuxiaRoll {
  const subject = rollSubject(actor) as WuxiaSubject;
  return initiativeTest(subject, combatSkillId(actor, subject));
}

function initiativeTest(subject: WuxiaSubject, skillId: string | undefined): WuxiaRoll {
  const kind = ROLL_KINDS.wuxia;
  const start = { attribute: "metal" as const, sr: 10, skillId };
  const values = kind.read({ ...kind.defaults(subject, start), extraDice: 0, destinyDice: 0 }, subject);
  return kind.roll(kind.check(subject, values));
}

/** Where an actor's successes go when nobody chooses: its own default, else the world's ([default] Initiative). */
export function defaultSpend(actor: Actor.OfType<"wuxiaCharacter">): InitiativeSpend {
  return actor.system.combat.spend || combatSettings().initiativeSpend;
}

/** All the successes on one purchase. */
export function purchaseAll(successes: number, spend: InitiativeSpend): InitiativePurchase {
  return {
    initiative: spend === "initiative" ? successes : 0,
    extraActions: spend === "actions" ? successes : 0,
    defenseDice: spend === "defense" ? successes : 0,
  };
}

/** What a combatant's round start writes, and the roll that made it. */
export interface RoundStartChange {
  change: { _id: string; initiative: number; system: WuxiaRound };
  roll: WuxiaRoll;
  purchase: InitiativePurchase;
}

/**
 * A Wuxia combatant's round start: its Initiative test evaluated, the successes spent on its
 * default, its Defense dice of the last round lost unless the world keeps them ([default] lost).
 */
export async function rollRoundStart(combatant: Combatant.Implementation, round: number): Promise<RoundStartChange> {
  const fighter = wuxiaFighterOf(combatant);
  if (!fighter) throw new UserError("WH.Combat.Error.NotWuxia", { name: combatant.name ?? "" });
  const roll = fighter.initiativeRoll();
  // Many combatants roll at once: nobody is asked to type in dice they may not know are theirs.
  await roll.evaluate({ allowInteractive: false });
  const successes = roll.outcome.successes;
  const purchase = purchaseAll(successes, fighter.spend);
  const outcome = spendInitiativeSuccesses(fighter.metal, successes, purchase);
  const kept = defenseDiceAtRoundStart(roundOf(combatant).defenseDice, {
    defenseDiceCarryOver: combatSettings().defenseDiceCarryOver,
  });
  return {
    roll,
    purchase,
    change: {
      _id: combatant.id ?? "",
      initiative: outcome.initiative,
      system: {
        round,
        successes,
        spent: { initiative: purchase.initiative, actions: purchase.extraActions, defense: purchase.defenseDice },
        chosen: false,
        defenseDice: kept + purchase.defenseDice,
        turnsTaken: 0,
      },
    },
  };
}

/**
 * A new split of a combatant's successes, checked by the rules (never more than were rolled):
 * its Initiative again from Métal, and its Defense dice moved by the change (refused when
 * fewer are left than the split takes back).
 */
export function respend(
  combatant: Combatant.Implementation,
  purchase: InitiativePurchase,
): { initiative: number; system: SourcePatch<WuxiaRound> } {
  const fighter = wuxiaFighterOf(combatant);
  if (!fighter) throw new UserError("WH.Combat.Error.NotWuxia", { name: combatant.name ?? "" });
  const { successes, spent, defenseDice } = roundOf(combatant);
  const asked = purchase.initiative + purchase.extraActions + purchase.defenseDice;
  if (asked > successes)
    throw new UserError("WH.Combat.Error.OverSpent", { name: combatant.name ?? "", count: successes, asked });
  const outcome = spendInitiativeSuccesses(fighter.metal, successes, purchase);
  const dice = defenseDice + outcome.defenseDice - spent.defense;
  if (dice < 0) throw new UserError("WH.Combat.Error.DefenseDiceUsed", { name: combatant.name ?? "" });
  return {
    initiative: outcome.initiative,
    system: {
      spent: { initiative: purchase.initiative, actions: outcome.extraActions, defense: outcome.defenseDice },
      chosen: true,
      defenseDice: dice,
    },
  };
}
