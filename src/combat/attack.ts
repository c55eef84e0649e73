import { resolveWuxiaAttack, wuxiaAttackOdds, type WuxiaAttackOdds, type WuxiaAttackResult } from "../rules";
import { documentAt, documentAtSync } from "../foundry/documents";
import { UserError } from "../core/errors";
import { combatantOf } from "./fight";
import { cardRecord, writeCardRecord } from "./card-record";
import { WuxiaRoll, poolSize } from "../rolls/wuxia/roll";
import { messageById, ownedActor } from "../rolls/card-subject";
import { carryOut, handleRequest } from "../requests/authority";
import { checkedWuxiaRoll } from "../rolls/wuxia/checked";
import { countField, objectField, textField } from "../requests/payload";
import { checkRequest, prepareRoll } from "../rolls/pipeline";
import { withChiPaidOn } from "../rolls/wuxia/chi";
import { rollStart, rollSubject } from "../rolls/subject";
import { type WuxiaSubject } from "../rolls/wuxia/subject";
import { roundOf, sharedOf, updateRound, updateShared } from "./models";
import { GROUP_SKILL_ID, leadingMemberSubject } from "./fighters/group";
import { hurtGroup, woundWuxia, type GroupHurt } from "./damage";

/**
 * A Wuxia attack (RULES 1.4) on one card: the attacker's Feu test and the defender's Terre test,
 * each SR 10 − martial skill; the Defense dice and group-reserve dice the defender spends cancel
 * attacker successes; the surplus is invested by the attacker; "Apply damage" adds ND + Critique
 * − AR to the defender's NB. The card's message is the GM's (the authority creates and writes
 * it), so neither side can rewrite what the other rolled or spent.
 */

export const ATTACK = "wuxiaAttack";
export const DEFEND = "wuxiaDefend";
export const INVEST = "wuxiaInvest";
export const APPLY_DAMAGE = "wuxiaApplyDamage";

/** What a surplus success may buy (RULES 1.4): a Defense die, a reserve die, a Manœuvre or the âme. */
export const INVESTMENTS = [
  "defenseDice",
  "groupReserve",
  "critique",
  "estourbir",
  "intimidation",
  "precise",
  "ame",
] as const;
export type Investment = (typeof INVESTMENTS)[number];

type Side = "friendly" | "hostile";

export interface AttackRecord {
  weaponUuid: string;
  /** The weapon's ND when the attack was rolled; absent on older cards (read from the weapon then). */
  weaponDamage?: number;
  defenderUuid: string;
  /** The dice the defence spent, and the defender's AR when it was rolled (absent on older cards). */
  defence: { defenseDice: number; reserve: number; armour?: number } | null;
  /** Group reserve dice the attacker's side added to the attack's pool (RULES 1.4); absent on older cards. */
  reserveDice?: number;
  /** The combat and round the attack was made in (null outside a started combat): its surplus is spent then. */
  fight?: { combatId: string; round: number } | null;
  invested: Record<Investment, number>;
  applied: boolean;
  /** What the damage did to a group defender (RULES 3.4). */
  groupHurt?: GroupHurt;
}

const NO_INVESTMENT = Object.fromEntries(INVESTMENTS.map((k) => [k, 0])) as Record<Investment, number>;

export function attackRecord(message: ChatMessage.Implementation): AttackRecord | null {
  return (cardRecord(message, "attack") as AttackRecord | undefined) ?? null;
}

/** The rules' reading of an attack card: who won, the surplus, what is left to invest, the damage. */
export function attackOutcome(
  message: ChatMessage.Implementation,
  invested: Record<Investment, number> = attackRecord(message)?.invested ?? NO_INVESTMENT,
): WuxiaAttackResult | null {
  const record = attackRecord(message);
  const [attack, defence] = message.rolls;
  if (!record?.defence || !(attack instanceof WuxiaRoll) || !(defence instanceof WuxiaRoll)) return null;
  // ND and AR as rolled: a weapon or armour changed since changes nothing.
  const weaponDamage = record.weaponDamage ?? weaponDamageOf(documentAtSync(record.weaponUuid));
  const armour = record.defence.armour ?? armourOf(documentAtSync(record.defenderUuid));
  return resolveWuxiaAttack({
    attacker: { successes: attack.outcome.successes, critical: attack.outcome.critical },
    defender: { successes: defence.outcome.successes, critical: defence.outcome.critical },
    defenseDice: record.defence.defenseDice + record.defence.reserve,
    weaponDamage,
    armour,
    investments: {
      defenseDice: invested.defenseDice,
      groupReserve: invested.groupReserve,
      critique: invested.critique,
      manoeuvres: invested.estourbir + invested.intimidation + invested.precise,
      ame: invested.ame,
    },
  });
}

/** The item as a Wuxia weapon, if it is one. */
function wuxiaWeaponOf(weapon: unknown): Item.OfType<"wuxiaWeapon"> | null {
  return weapon instanceof Item && weapon.type === "wuxiaWeapon" ? (weapon as Item.OfType<"wuxiaWeapon">) : null;
}

function weaponDamageOf(weapon: unknown): number {
  return wuxiaWeaponOf(weapon)?.system.damage ?? 0;
}

/** A defender's AR: a group's members wear no armour the model records. */
function armourOf(defender: unknown): number {
  return defender instanceof Actor && defender.type === "wuxiaCharacter"
    ? wuxiaActor(defender as Actor.Implementation).system.armour
    : 0;
}

/** A combatant's side for the group reserve: its token's disposition, else friendly for a player's. */
export function sideOf(combatant: Combatant.Implementation): Side {
  const disposition = (combatant.token as { disposition?: number } | null)?.disposition;
  if (typeof disposition === "number") return disposition > 0 ? "friendly" : "hostile";
  return combatant.hasPlayerOwner ? "friendly" : "hostile";
}

/** The dice left in the group reserve of the side an actor fights on in the active combat (0 outside one). */
export function reserveLeftFor(actor: Actor.Implementation): number {
  const combatant = combatantOf(actor);
  return combatant?.combat ? sharedOf(combatant.combat).reserve[sideOf(combatant)] : 0;
}

/**
 * Adds to or takes from a side's group reserve, read right before it is written (in the
 * authority's order): the reserve never goes below 0.
 */
async function changeReserve(combat: Combat.Implementation, side: Side, delta: number): Promise<void> {
  const pool = sharedOf(combat).reserve[side];
  if (pool + delta < 0) throw new UserError("WH.Combat.Error.NotEnoughReserve", { count: pool });
  await updateShared(combat, { reserve: { [side]: pool + delta } });
}

function wuxiaActor(actor: Actor.Implementation | null | undefined, name = ""): Actor.OfType<"wuxiaCharacter"> {
  if (actor?.type !== "wuxiaCharacter") throw new UserError("WH.Combat.Error.NotWuxia", { name: actor?.name ?? name });
  return actor as Actor.OfType<"wuxiaCharacter">;
}

/** A Wuxia group with someone still fighting: it defends as one member of its leading sub-group (RULES 3.4). */
function wuxiaGroup(actor: Actor.Implementation | null | undefined): Actor.OfType<"group"> | null {
  return actor?.type === "group" && leadingMemberSubject(actor as Actor.OfType<"group">)
    ? (actor as Actor.OfType<"group">)
    : null;
}

/** Whom a Wuxia attack may target: a Wuxia character, or a Wuxia group with someone still fighting. */
function wuxiaDefender(actor: Actor.Implementation | null | undefined): Actor.Implementation {
  return wuxiaGroup(actor) ?? wuxiaActor(actor);
}

/** The subject a defender's Terre test is made of and checked against. */
function defenderSubject(actor: Actor.Implementation): WuxiaSubject {
  const group = wuxiaGroup(actor);
  const subject = group ? leadingMemberSubject(group) : (rollSubject(wuxiaActor(actor)) as WuxiaSubject);
  if (!subject) throw new UserError("WH.Combat.Error.NotWuxia", { name: actor.name ?? "" });
  return subject;
}

/* -------------------------------------------------------------------------------------------- */
/*  The attacker's and the defender's clients                                                   */
/* -------------------------------------------------------------------------------------------- */

/**
 * Attacks a target with a weapon: the attacker's Feu test (dialog unless skipped, the weapon's
 * skill chosen, and in a fight the side's group reserve dice it adds), then the authority checks
 * it, takes the reserve dice and posts the attack card.
 */
export async function attackWith(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation | null | undefined,
  request: { dialog?: boolean; values?: Record<string, unknown> } = {},
): Promise<void> {
  const subject: WuxiaSubject = {
    ...(rollSubject(wuxiaActor(attacker)) as WuxiaSubject),
    reserve: reserveLeftFor(attacker),
  };
  if (!attacker.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: subject.name });
  if (!target) throw new UserError("WH.Combat.Error.NoTarget");
  wuxiaDefender(target);
  const prepared = await prepareRoll<"wuxia">(subject, { ...request, start: rollStart(subject, weapon) });
  if (!prepared) return;
  // A weapon used through a power pays its chi as any roll of the power does.
  const { roll } = prepared;
  await withChiPaidOn(subject, roll, async () => {
    await roll.evaluate();
    await carryOut(ATTACK, {
      roll: roll.toJSON() as object,
      weaponUuid: weapon.uuid,
      targetUuid: target.uuid,
      reserve: prepared.values.reserveDice,
    });
  });
}

/** The defender's Terre test (SR 10, its combat skill; a group's own skill), as the pipeline starts it. */
function defenceStart(defender: Actor.Implementation, subject: WuxiaSubject) {
  const skill = defender.type === "wuxiaCharacter" ? wuxiaActor(defender).system.combat.skill : GROUP_SKILL_ID;
  const skillId = subject.skills.some((s) => s.id === skill && s.kind !== "power") ? skill : undefined;
  return { start: { attribute: "terre" as const, sr: 10, skillId }, values: { extraDice: 0, destinyDice: 0 } };
}

/**
 * The exact odds of the attack on this card for the defender about to choose (RULES 1.4): with
 * these Defense and reserve dice, P(hit) and each surplus, over every roll of its Terre test.
 */
export function defenceOdds(message: ChatMessage.Implementation, cancelled: number): WuxiaAttackOdds | null {
  const record = attackRecord(message);
  const [attack] = message.rolls;
  if (!record || !(attack instanceof WuxiaRoll)) return null;
  const defender = documentAtSync(record.defenderUuid) as Actor.Implementation | null;
  if (defender?.type !== "wuxiaCharacter" && !wuxiaGroup(defender)) return null;
  const subject = defenderSubject(defender as Actor.Implementation);
  const { state } = checkRequest<"wuxia">(subject, defenceStart(defender as Actor.Implementation, subject));
  return wuxiaAttackOdds({ successes: attack.outcome.successes, critical: attack.outcome.critical }, cancelled, {
    dice: poolSize(state),
    threshold: state.threshold,
    rerolls: state.rerolls,
  });
}

/** The defender's answer: the Defense dice and reserve dice chosen, and its Terre test (SR 10, its combat skill). */
export async function defendAgainst(
  message: ChatMessage.Implementation,
  choice: { defenseDice: number; reserve: number },
  request: { dialog?: boolean } = {},
): Promise<void> {
  const record = attackRecord(message);
  if (!record) throw new UserError("WH.Combat.Error.NotAnAttack");
  const defender = wuxiaDefender((await documentAt(record.defenderUuid)) as Actor.Implementation | null);
  if (!defender.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: defender.name ?? "" });
  const subject = defenderSubject(defender);
  const prepared = await prepareRoll<"wuxia">(subject, {
    dialog: request.dialog ?? false,
    ...defenceStart(defender, subject),
  });
  if (!prepared) return;
  const { roll } = prepared;
  await withChiPaidOn(subject, roll, async () => {
    await roll.evaluate();
    await carryOut(DEFEND, { messageId: message.id ?? "", roll: roll.toJSON() as object, ...choice });
  });
}

export const attackRequests = {
  invest: (message: ChatMessage.Implementation, investment: Investment) =>
    carryOut(INVEST, { messageId: message.id ?? "", investment }),
  applyDamage: (message: ChatMessage.Implementation) => carryOut(APPLY_DAMAGE, { messageId: message.id ?? "" }),
};

/* -------------------------------------------------------------------------------------------- */
/*  The authority                                                                               */
/* -------------------------------------------------------------------------------------------- */

function mustBe(roll: WuxiaRoll, attribute: "feu" | "terre"): void {
  const { state } = roll;
  if (state.attribute !== attribute || state.sr !== 10 || state.destinyDice !== 0)
    throw new UserError("WH.Combat.Error.NotThatTest", { attribute, name: state.actorName });
}

async function postAttack(payload: unknown, requester: User.Implementation): Promise<void> {
  const roll = await checkedWuxiaRoll(objectField(payload, "roll"), requester);
  mustBe(roll, "feu");
  const attacker = await ownedActor(roll.state.actorUuid, requester);
  const weapon = (await documentAt(textField(payload, "weaponUuid"))) as Item.Implementation | null;
  if (!weapon || weapon.parent !== attacker || weapon.type !== "wuxiaWeapon")
    throw new UserError("WH.Roll.Error.ItemNotOwned", { item: weapon?.name ?? "", actor: attacker.name ?? "" });
  const target = wuxiaDefender((await documentAt(textField(payload, "targetUuid"))) as Actor.Implementation | null);
  const reserveDice = countField(payload, "reserve", 999);
  // Reserve dice are among the roll's extra dice: a roll without them has not had them.
  if (reserveDice > roll.state.extraDice)
    throw new UserError("WH.Combat.Error.ReserveNotRolled", { count: reserveDice });
  const combatant = combatantOf(attacker);
  if (reserveDice && !combatant?.combat)
    throw new UserError("WH.Combat.Error.NotInCombat", { name: attacker.name ?? "" });
  const record: AttackRecord = {
    weaponUuid: weapon.uuid,
    weaponDamage: (weapon as Item.OfType<"wuxiaWeapon">).system.damage,
    defenderUuid: target.uuid,
    defence: null,
    reserveDice,
    fight: fightOf(combatant),
    invested: { ...NO_INVESTMENT },
    applied: false,
  };
  if (reserveDice && combatant?.combat) await changeReserve(combatant.combat, sideOf(combatant), -reserveDice);
  let posted: ChatMessage.Implementation | undefined;
  try {
    posted = await ChatMessage.create({
      speaker: ChatMessage.getSpeaker({ actor: attacker }),
      rolls: [roll],
      sound: CONFIG.sounds.dice,
      type: "attack",
      system: record,
    });
  } finally {
    // No card (refused, or cancelled by a module's hook), no spending: the dice go back to the reserve.
    if (!posted && reserveDice && combatant?.combat)
      await changeReserve(combatant.combat, sideOf(combatant), reserveDice);
  }
}

function attackMessage(payload: unknown): { message: ChatMessage.Implementation; record: AttackRecord } {
  const message = messageById(textField(payload, "messageId"));
  const record = attackRecord(message);
  if (!record) throw new UserError("WH.Combat.Error.NotAnAttack");
  return { message, record };
}

/**
 * The defence joins the card: the defender's owner's Terre test, checked, and the Defense dice
 * and reserve dice it spends, taken from its combatant and its side (never more than they hold).
 */
async function defend(payload: unknown, requester: User.Implementation): Promise<void> {
  const { message } = attackMessage(payload);
  const record = attackRecord(message) as AttackRecord;
  if (record.defence) throw new UserError("WH.Combat.Error.AlreadyDefended");
  const defender = await ownedActor(record.defenderUuid, requester);
  const roll = await checkedWuxiaRoll(objectField(payload, "roll"), requester, defenderSubject);
  mustBe(roll, "terre");
  if (roll.state.actorUuid !== defender.uuid) throw new UserError("WH.Combat.Error.NotTheDefender");
  const defenseDice = countField(payload, "defenseDice", 999);
  const reserve = countField(payload, "reserve", 999);
  const combatant = combatantOf(defender);
  if ((defenseDice || reserve) && !combatant)
    throw new UserError("WH.Combat.Error.NotInCombat", { name: defender.name ?? "" });
  if (combatant && combatant.combat) {
    const left = roundOf(combatant).defenseDice;
    if (defenseDice > left)
      throw new UserError("WH.Combat.Error.NotEnoughDefense", { name: defender.name ?? "", count: left });
    if (reserve) await changeReserve(combatant.combat, sideOf(combatant), -reserve);
    if (defenseDice) await updateRound(combatant, { defenseDice: left - defenseDice });
  }
  const defence = { defenseDice, reserve, armour: armourOf(defender) };
  await writeCardRecord(message, "attack", { ...record, defence }, [...message.rolls, roll]);
}

/** The started combat and round a combatant fights in now, if any. */
function fightOf(combatant: Combatant.Implementation | null): { combatId: string; round: number } | null {
  const combat = combatant?.combat;
  return combat?.started && combat.id ? { combatId: combat.id, round: combat.round } : null;
}

/**
 * A card's surplus is spent in the round it was made in: once that round is over (or in another
 * combat) it buys nothing; a card made outside a combat buys no Defense or reserve die in one.
 */
function surplusSpendable(record: AttackRecord, attacker: Actor.Implementation, investment: Investment): boolean {
  const now = fightOf(combatantOf(attacker));
  const fight = record.fight ?? null;
  if (!fight) return investment !== "defenseDice" && investment !== "groupReserve";
  return fight.combatId === now?.combatId && fight.round === now.round;
}

/** Someone else still fighting on the combatant's side, who could spend a reserve die (RULES 1.4). */
function hasAlly(combatant: Combatant.Implementation): boolean {
  const side = sideOf(combatant);
  return Boolean(
    combatant.combat?.combatants.contents.some((c) => c !== combatant && !c.isDefeated && sideOf(c) === side),
  );
}

/**
 * Why an investment would buy nothing on this card, if it would not: a Defense or reserve die
 * outside a combat; a reserve die with no ally left to spend it; Estourbir or Intimidation on a
 * group, which has no Terre or Panic of its own; the âme of a weapon that has none.
 */
export function investmentRefusal(
  record: AttackRecord,
  attacker: Actor.Implementation,
  investment: Investment,
): UserError | null {
  const combatant = combatantOf(attacker);
  const name = attacker.name ?? "";
  if ((investment === "defenseDice" || investment === "groupReserve") && !combatant?.combat)
    return new UserError("WH.Combat.Error.NotInCombat", { name });
  if (investment === "groupReserve" && combatant && !hasAlly(combatant))
    return new UserError("WH.Combat.Error.NoAlly", { name });
  if (
    (investment === "estourbir" || investment === "intimidation") &&
    wuxiaGroup(documentAtSync(record.defenderUuid) as Actor.Implementation | null)
  )
    return new UserError("WH.Combat.Error.NotOnGroup");
  if (investment === "ame" && !weaponSoul(documentAtSync(record.weaponUuid)))
    return new UserError("WH.Combat.Error.NoSoul");
  if (!surplusSpendable(record, attacker, investment)) return new UserError("WH.Combat.Error.SurplusExpired");
  return null;
}

/** The name of a Wuxia weapon's âme, if it has one. */
export function weaponSoul(weapon: unknown): string {
  return wuxiaWeaponOf(weapon)?.system.ame.name.trim() ?? "";
}

/** One surplus success invested by the attacker's owner; a Defense or reserve die is given at once. */
async function invest(payload: unknown, requester: User.Implementation): Promise<void> {
  const { message } = attackMessage(payload);
  const investment = INVESTMENTS.find((k) => k === textField(payload, "investment"));
  if (!investment) throw new UserError("WH.Request.Error.BadField", { field: "investment" });
  const record = attackRecord(message) as AttackRecord;
  const attacker = await ownedActor((message.rolls[0] as WuxiaRoll).state.actorUuid, requester);
  if (record.applied) throw new UserError("WH.Combat.Error.AlreadyApplied");
  const before = attackOutcome(message);
  if (!before) throw new UserError("WH.Combat.Error.NotDefended");
  // A miss has no surplus: say so, rather than that one more success cannot be spent.
  if (!before.hit) throw new UserError("WH.Combat.Error.Missed");
  const invested = { ...record.invested, [investment]: record.invested[investment] + 1 };
  // The rules refuse an investment beyond the surplus (OverSpent).
  attackOutcome(message, invested);
  const refusal = investmentRefusal(record, attacker, investment);
  if (refusal) throw refusal;
  const combatant = combatantOf(attacker);
  if (investment === "defenseDice" && combatant)
    await updateRound(combatant, { defenseDice: roundOf(combatant).defenseDice + 1 });
  if (investment === "groupReserve" && combatant?.combat) await changeReserve(combatant.combat, sideOf(combatant), 1);
  await writeCardRecord(message, "attack", { ...record, invested });
}

/**
 * Applies the attack once, by the attacker's owner or a GM: ND + Critique − AR, with the
 * Intimidation and Estourbir invested, on the defender (damage.ts).
 */
async function applyDamage(payload: unknown, requester: User.Implementation): Promise<void> {
  const { message } = attackMessage(payload);
  const record = attackRecord(message) as AttackRecord;
  if (!requester.isGM) await ownedActor((message.rolls[0] as WuxiaRoll).state.actorUuid, requester);
  if (record.applied) throw new UserError("WH.Combat.Error.AlreadyApplied");
  const outcome = attackOutcome(message);
  if (!outcome) throw new UserError("WH.Combat.Error.NotDefended");
  const target = wuxiaDefender((await documentAt(record.defenderUuid)) as Actor.Implementation | null);
  await writeCardRecord(message, "attack", { ...record, applied: true });
  if (!outcome.hit) return;
  const group = wuxiaGroup(target);
  // A group has no Panic or Terre of its own to lower: the damage alone falls on one member.
  if (group) {
    const groupHurt = await hurtGroup(group, { damage: outcome.damage });
    if (groupHurt) await writeCardRecord(message, "attack", { ...record, applied: true, groupHurt });
    return;
  }
  const { intimidation, estourbir } = record.invested;
  await woundWuxia(wuxiaActor(target), outcome.damage, { intimidation, estourbir });
}

export function registerAttackRequests(): void {
  handleRequest(ATTACK, postAttack);
  handleRequest(DEFEND, defend);
  handleRequest(INVEST, invest);
  handleRequest(APPLY_DAMAGE, applyDamage);
}
