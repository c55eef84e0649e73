import { attackDamage, soakModifier, soakSeverity, type SoakSeverity } from "../rules";
import { documentAt } from "../foundry/documents";
import { UserError } from "../core/errors";
import { HarmoniesRoll } from "../rolls/harmonies/roll";
import { messageById, ownedActor } from "../rolls/card-subject";
import type { HarmoniesCharacteristicKey, HarmoniesMeansKey } from "../rules/vocabulary";
import { carryOut, handleRequest } from "../requests/authority";
import { checkedHarmoniesRoll } from "../rolls/harmonies/checked";
import { objectField, textField } from "../requests/payload";
import { prepareRoll } from "../rolls/pipeline";
import { rollStart, rollSubject } from "../rolls/subject";
import { type HarmoniesSubject } from "../rolls/harmonies/subject";
import { harmoniesRuleOptions } from "../settings/house-rules";
import { cardRecord, writeCardRecord } from "./card-record";
import { harmoniesGroupSubject } from "./fighters/group";
import { harmoniesWound, hurtGroup, woundHarmonies, type GroupHurt, type PlacedWound } from "./damage";

/**
 * A Harmonies attack (RULES 2.4–2.5) on one card: the attacker's action and the defender's
 * parry or dodge at the same difficulty; on a hit, damage = Cp + Pu + weapon (a missile weapon:
 * the world's setting), and the victim's soak Cp + Rs + armour − damage gives the wound, placed
 * with the escalation rule. The card's message is the GM's: the authority creates and writes it.
 */

export const H_ATTACK = "harmoniesAttack";
export const H_DEFEND = "harmoniesDefend";
export const H_SOAK = "harmoniesSoak";

export interface HarmoniesSoak {
  margin: number;
  severity: SoakSeverity;
  /** The level the wound took on the track (after escalation), or "fatal", or null (none, stunned). */
  placed: PlacedWound;
}

export interface HarmoniesAttackRecord {
  weaponUuid: string;
  defenderUuid: string;
  difficulty: number;
  damage: number;
  /** What the damage was made of (absent or null on older cards). */
  damageParts?: { corps: number; puissance: number; weapon: number; strength: boolean } | null;
  /** "taken": the defender took the hit without defending. */
  defence: "rolled" | "taken" | null;
  soak: HarmoniesSoak | null;
  /** What the soak did to a group defender (RULES 3.4). */
  groupHurt?: GroupHurt;
}

export function harmoniesAttackRecord(message: ChatMessage.Implementation): HarmoniesAttackRecord | null {
  return (cardRecord(message, "harmoniesAttack") as HarmoniesAttackRecord | undefined) ?? null;
}

/**
 * Whether the attack hit: the attacker succeeded and the defender (if it defended) did not; a
 * failed attack has missed before anyone defends; null while a successful one awaits its defence.
 */
export function harmoniesHit(message: ChatMessage.Implementation): boolean | null {
  const record = harmoniesAttackRecord(message);
  const [attack, defence] = message.rolls;
  if (!record || !(attack instanceof HarmoniesRoll)) return null;
  if (!attack.action.success) return false;
  if (!record.defence) return null;
  return !(record.defence === "rolled" && defence instanceof HarmoniesRoll && defence.action.success);
}

/** The actor as a Harmonies character, or a refusal naming it. */
export function harmoniesActor(actor: unknown): Actor.OfType<"harmoniesCharacter"> {
  const found = actor as Actor.Implementation | null;
  if (found?.type !== "harmoniesCharacter")
    throw new UserError("WH.Combat.Error.NotHarmonies", { name: found?.name ?? "" });
  return found as Actor.OfType<"harmoniesCharacter">;
}

/** A Harmonies group with someone still fighting: it fights as one member of its leading sub-group (RULES 3.4). */
function harmoniesGroup(actor: unknown): Actor.OfType<"group"> | null {
  const found = actor as Actor.Implementation | null;
  return found?.type === "group" && harmoniesGroupSubject(found as Actor.OfType<"group">)
    ? (found as Actor.OfType<"group">)
    : null;
}

/** Whom a Harmonies attack may target: a Harmonies character, or a Harmonies group with someone still fighting. */
export function harmoniesTarget(actor: unknown): Actor.Implementation {
  return harmoniesGroup(actor) ?? harmoniesActor(actor);
}

/** The subject a target's parry and soak are made of and checked against. */
function targetSubject(actor: Actor.Implementation): HarmoniesSubject {
  const group = harmoniesGroup(actor);
  const subject = group ? harmoniesGroupSubject(group) : (rollSubject(harmoniesActor(actor)) as HarmoniesSubject);
  if (!subject) throw new UserError("WH.Combat.Error.NotHarmonies", { name: actor.name ?? "" });
  return subject;
}

/** The armour a target soaks with: a group's members wear none the model records. */
export function targetArmour(actor: Actor.Implementation): number {
  return actor.type === "harmoniesCharacter" ? harmoniesActor(actor).system.armour : 0;
}

/* -------------------------------------------------------------------------------------------- */
/*  The players' clients                                                                        */
/* -------------------------------------------------------------------------------------------- */

/** Attacks a target with a Harmonies weapon: the attacker's action (dialog unless skipped), checked and posted by the GM. */
export async function harmoniesAttackWith(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation | null | undefined,
  request: { dialog?: boolean; values?: Record<string, unknown> } = {},
): Promise<void> {
  const subject = rollSubject(harmoniesActor(attacker)) as HarmoniesSubject;
  if (!attacker.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: subject.name });
  if (!target) throw new UserError("WH.Combat.Error.NoTarget");
  harmoniesTarget(target);
  const prepared = await prepareRoll<"harmonies">(subject, { ...request, start: rollStart(subject, weapon) });
  if (!prepared) return;
  await prepared.roll.evaluate();
  await carryOut(H_ATTACK, {
    roll: prepared.roll.toJSON() as object,
    weaponUuid: weapon.uuid,
    targetUuid: target.uuid,
  });
}

/** The defender's parry or dodge, at the attack's difficulty; or, with `take`, no defence. */
export async function harmoniesDefend(
  message: ChatMessage.Implementation,
  choice: { characteristic?: HarmoniesCharacteristicKey; means?: HarmoniesMeansKey; skillId?: string; take?: boolean },
  request: { dialog?: boolean } = {},
): Promise<void> {
  const record = harmoniesAttackRecord(message);
  if (!record) throw new UserError("WH.Combat.Error.NotAnAttack");
  const defender = harmoniesTarget(await documentAt(record.defenderUuid));
  if (!defender.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: defender.name ?? "" });
  if (choice.take) {
    await carryOut(H_DEFEND, { messageId: message.id ?? "", take: true });
    return;
  }
  const subject = targetSubject(defender);
  const start = { characteristic: choice.characteristic, means: choice.means, skillId: choice.skillId };
  const prepared = await prepareRoll<"harmonies">(subject, {
    dialog: request.dialog ?? false,
    start,
    values: { difficulty: record.difficulty },
  });
  if (!prepared) return;
  await prepared.roll.evaluate();
  await carryOut(H_DEFEND, { messageId: message.id ?? "", roll: prepared.roll.toJSON() as object });
}

/** The victim's soak: Cp + Rs + armour − damage with the difference roll (the world's closed or open). */
export async function harmoniesSoak(message: ChatMessage.Implementation): Promise<void> {
  const record = harmoniesAttackRecord(message);
  if (!record) throw new UserError("WH.Combat.Error.NotAnAttack");
  const victim = harmoniesTarget(await documentAt(record.defenderUuid));
  if (!victim.isOwner) throw new UserError("WH.Roll.Error.NotOwner", { name: victim.name ?? "" });
  const subject = targetSubject(victim);
  const difficulty = targetArmour(victim) - record.damage;
  const prepared = await prepareRoll<"harmonies">(subject, {
    dialog: false,
    start: { characteristic: "corps", means: "resistance" },
    values: { difficulty, penalty: 0, skillId: "" },
  });
  if (!prepared) return;
  await prepared.roll.evaluate();
  await carryOut(H_SOAK, { messageId: message.id ?? "", roll: prepared.roll.toJSON() as object });
}

/* -------------------------------------------------------------------------------------------- */
/*  The authority                                                                               */
/* -------------------------------------------------------------------------------------------- */

function attackMessage(payload: unknown): ChatMessage.Implementation {
  const message = messageById(textField(payload, "messageId"));
  if (!harmoniesAttackRecord(message)) throw new UserError("WH.Combat.Error.NotAnAttack");
  return message;
}

async function postAttack(payload: unknown, requester: User.Implementation): Promise<void> {
  const roll = await checkedHarmoniesRoll(objectField(payload, "roll"), requester);
  const attacker = harmoniesActor(await ownedActor(roll.state.actorUuid, requester));
  const weapon = (await documentAt(textField(payload, "weaponUuid"))) as Item.Implementation | null;
  if (!weapon || weapon.parent !== attacker || weapon.type !== "harmoniesWeapon")
    throw new UserError("WH.Roll.Error.ItemNotOwned", { item: weapon?.name ?? "", actor: attacker.name ?? "" });
  const target = harmoniesTarget(await documentAt(textField(payload, "targetUuid")));
  const { damage: weaponDamage, range } = (weapon as Item.OfType<"harmoniesWeapon">).system;
  const { corps, puissance } = (rollSubject(attacker) as HarmoniesSubject).scores;
  const missileAddsStrength = harmoniesRuleOptions().missileAddsStrength;
  const missile = range === "missile";
  const damage = attackDamage(corps, puissance, weaponDamage, { missile, missileAddsStrength });
  const record: HarmoniesAttackRecord = {
    weaponUuid: weapon.uuid,
    defenderUuid: target.uuid,
    difficulty: roll.state.difficulty,
    damage,
    damageParts: { corps, puissance, weapon: weaponDamage, strength: !missile || missileAddsStrength },
    defence: null,
    soak: null,
  };
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    rolls: [roll],
    sound: CONFIG.sounds.dice,
    type: "harmoniesAttack",
    system: record,
  });
}

/** The parry or dodge joins the card, at the attack's own difficulty; or the defender takes the hit. */
async function defend(payload: unknown, requester: User.Implementation): Promise<void> {
  const message = attackMessage(payload);
  const record = harmoniesAttackRecord(message) as HarmoniesAttackRecord;
  if (record.defence) throw new UserError("WH.Combat.Error.AlreadyDefended");
  if (harmoniesHit(message) === false)
    throw new UserError("WH.Combat.Error.NothingToParry", {
      name: (message.rolls[0] as HarmoniesRoll).state.actorName,
    });
  const defender = await ownedActor(record.defenderUuid, requester);
  const take = (payload as { take?: unknown }).take === true;
  const rolls: Roll[] = [...message.rolls];
  if (!take) {
    const roll = await checkedHarmoniesRoll(objectField(payload, "roll"), requester, { subjectOf: targetSubject });
    if (roll.state.actorUuid !== defender.uuid) throw new UserError("WH.Combat.Error.NotTheDefender");
    if (roll.state.difficulty !== record.difficulty)
      throw new UserError("WH.Combat.Error.SameDifficulty", { difficulty: record.difficulty });
    rolls.push(roll);
  }
  await writeCardRecord(message, "harmoniesAttack", { ...record, defence: take ? "taken" : "rolled" }, rolls);
}

/**
 * The soak, checked (Cp + Rs, no skill, difficulty armour − damage as the GM computes it); what it
 * does to the victim, or to a group's member, is damage.ts's.
 */
async function soak(payload: unknown, requester: User.Implementation): Promise<void> {
  const message = attackMessage(payload);
  const record = harmoniesAttackRecord(message) as HarmoniesAttackRecord;
  if (record.soak) throw new UserError("WH.Combat.Error.AlreadySoaked");
  if (harmoniesHit(message) !== true) throw new UserError("WH.Combat.Error.NoHit");
  const target = harmoniesTarget(await ownedActor(record.defenderUuid, requester));
  const roll = await checkedHarmoniesRoll(objectField(payload, "roll"), requester, {
    penalty: "none",
    subjectOf: targetSubject,
  });
  const { state } = roll;
  const expected = soakModifier(0, 0, targetArmour(target), record.damage);
  if (
    roll.state.actorUuid !== target.uuid ||
    state.characteristic !== "corps" ||
    state.means !== "resistance" ||
    state.skillName !== null ||
    state.difficulty !== expected
  )
    throw new UserError("WH.Combat.Error.NotASoak", { difficulty: expected });
  const margin = roll.action.margin;
  const severity = soakSeverity(margin);
  const rolls = [...message.rolls, roll];
  const group = harmoniesGroup(target);
  if (group) {
    // A group member is not stunned apart from the group: only a wound counts, on that member.
    const groupHurt = await hurtGroup(group, { severity });
    const soaked = { margin, severity, placed: null };
    await writeCardRecord(
      message,
      "harmoniesAttack",
      { ...record, soak: soaked, ...(groupHurt ? { groupHurt } : {}) },
      rolls,
    );
    return;
  }
  const victim = harmoniesActor(target);
  const { track, placed } = harmoniesWound(victim, severity);
  // The card says the hit is soaked before the wound is written: it is never soaked twice.
  await writeCardRecord(message, "harmoniesAttack", { ...record, soak: { margin, severity, placed } }, rolls);
  await woundHarmonies(victim, severity, track);
}

export function registerHarmoniesAttackRequests(): void {
  handleRequest(H_ATTACK, postAttack);
  handleRequest(H_DEFEND, defend);
  handleRequest(H_SOAK, soak);
}
