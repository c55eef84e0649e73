import { documentAt } from "../foundry/documents";
import { SYSTEM_ID } from "../foundry/system";
import { UserError } from "../core/errors";
import { buyLevel, wuxiaLevelCost, type LevelHolding } from "../rules";
import { wuxiaRuleOptions } from "../settings/house-rules";
import {
  HARMONIES_ATTRIBUTES,
  HARMONIES_CHARACTERISTICS,
  WUXIA_ATTRIBUTES,
  type HarmoniesAttributeKey,
  type WuxiaAttributeKey,
} from "../rules/vocabulary";
import { carryOut, handleRequest } from "../requests/authority";
import { textField } from "../requests/payload";
import type { HarmoniesScore } from "../documents/actors/harmonies-character";
import { raisedFrom } from "../documents/items/harmonies-skill";

/**
 * Spending experience: a Harmonies skill's or attribute's own XP buy its next level (RULES 2.7),
 * a Wuxia hero's one pool buys Attributes, skills and powers (RULES 1.1). What it was before is
 * kept in a flag, so the GM can undo the last level bought (a mistake, a level the story did not
 * allow). Each purchase reads the XP and writes them back, so it is carried out by the authority
 * in its one order: two purchases from one pool at once (two clicks, or the player's and the
 * GM's) each pay from what the other left.
 */

const BUY_LEVEL = "buyLevel";
const UNDO_LEVEL = "undoLevel";

const FLAG = "lastPurchase";

type Skill = Item.OfType<"harmoniesSkill">;
type Character = Actor.OfType<"harmoniesCharacter">;

function group(key: HarmoniesAttributeKey): "characteristics" | "means" {
  return (HARMONIES_CHARACTERISTICS as readonly string[]).includes(key) ? "characteristics" : "means";
}

function scoreOf(actor: Character, key: HarmoniesAttributeKey): HarmoniesScore {
  return (actor.system[group(key)] as Record<string, HarmoniesScore>)[key] as HarmoniesScore;
}

type Owned = { name: string | null; testUserPermission(user: User.Implementation, level: "OWNER"): boolean };

/** A purchase is its document's owner's (an item's: its actor's owners). */
function mustOwn(doc: Owned, user: User.Implementation = game.user): void {
  if (!doc.testUserPermission(user, "OWNER")) throw new UserError("WH.Chat.Error.NotOwner", { name: doc.name ?? "" });
}

function mustBeGm(user: User.Implementation): void {
  if (!user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
}

function bought(name: string, holding: LevelHolding, cost: number | null): LevelHolding {
  if (cost === null) throw new UserError("WH.Experience.Error.NotLearnt", { name });
  const next = buyLevel(holding, cost);
  if (!next) throw new UserError("WH.Experience.Error.Short", { name, count: Math.ceil(cost), xp: holding.xp });
  return next;
}

/**
 * The skill's next level bought with its XP, refused short of XP or never learnt; from the floor
 * it is used at when that is above the level learnt (−4 under a métier's −3 is raised to −2).
 */
async function buySkillLevelNow(skill: Skill): Promise<void> {
  const { level, xp, nextLevelCost, effective } = skill.system;
  const before = { level: level ?? 0, xp };
  const from = { level: raisedFrom(before.level, effective.level), xp };
  const next = bought(skill.name ?? "", from, level === null ? null : nextLevelCost);
  await skill.update({ system: next, flags: { [SYSTEM_ID]: { [FLAG]: before } } });
}

/** The attribute's next level (race bonus apart) bought with its XP. */
async function buyAttributeLevelNow(actor: Character, key: HarmoniesAttributeKey): Promise<void> {
  const score = scoreOf(actor, key);
  const before = { level: score.value, xp: score.xp };
  const next = bought(actor.name ?? "", before, score.nextLevelCost);
  await actor.update({
    system: { [group(key)]: { [key]: { value: next.level, xp: next.xp } } },
    flags: { [SYSTEM_ID]: { [FLAG]: { [key]: before } } },
  });
}

/** What the document's flag holds of its last purchase, unread. */
function purchaseFlag(doc: { flags?: unknown }): unknown {
  return (doc.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SYSTEM_ID]?.[FLAG];
}

/** The last level bought for the skill, or for the actor's attribute `key`; null when there is none to undo. */
export function lastPurchase(doc: Skill | Character, key?: HarmoniesAttributeKey): LevelHolding | null {
  const flag = purchaseFlag(doc);
  const entry = key ? (flag as Record<string, unknown> | null | undefined)?.[key] : flag;
  const held = entry as Partial<LevelHolding> | null | undefined;
  return typeof held?.level === "number" && typeof held.xp === "number" ? { level: held.level, xp: held.xp } : null;
}

/** The level and XP the last purchase changed, put back and forgotten. */
async function undoPurchaseNow(doc: Skill | Character, key?: HarmoniesAttributeKey): Promise<void> {
  const before = lastPurchase(doc, key);
  if (!before) throw new UserError("WH.Experience.Error.NothingToUndo", { name: doc.name ?? "" });
  if (key && doc.documentName === "Actor")
    await doc.update({
      system: { [group(key)]: { [key]: { value: before.level, xp: before.xp } } },
      flags: { [SYSTEM_ID]: { [FLAG]: { [key]: null } } },
    });
  else await doc.update({ system: before, flags: { [SYSTEM_ID]: { [FLAG]: null } } });
}

/* Wuxia: one pool of XP on the hero buys Attributes, skills and powers (RULES 1.1, [default] costs). */

type Hero = Actor.OfType<"wuxiaCharacter">;
type WuxiaLevelled = Item.OfType<"wuxiaSkill"> | Item.OfType<"wuxiaPower">;

/** The last Wuxia level bought: what (an Attribute key or an item id), its level and the pool before. */
interface WuxiaPurchase {
  target: string;
  level: number;
  xp: number;
}

const LEVEL_MAX = 10;

function wuxiaBought(name: string, level: number, pool: number, kind: "attribute" | "skill"): LevelHolding {
  const cost = wuxiaNextCost(kind, level);
  if (cost === null) throw new UserError("WH.Experience.Error.AtMax", { name, max: LEVEL_MAX });
  return bought(name, { level, xp: pool }, cost);
}

/** What the hero's Attribute `key` or skill/power would cost to raise now, or null at the maximum. */
export function wuxiaNextCost(kind: "attribute" | "skill", level: number): number | null {
  return level >= LEVEL_MAX ? null : wuxiaLevelCost(kind, level + 1, wuxiaRuleOptions().experience);
}

/** The hero's Attribute raised one level with the experience pool, refused at the maximum or short of XP. */
async function buyWuxiaAttributeNow(actor: Hero, key: WuxiaAttributeKey): Promise<void> {
  const level = actor.system.attributes[key];
  const next = wuxiaBought(actor.name ?? "", level, actor.system.experience, "attribute");
  const purchase: WuxiaPurchase = { target: key, level, xp: actor.system.experience };
  await actor.update({
    system: { attributes: { [key]: next.level }, experience: next.xp },
    flags: { [SYSTEM_ID]: { [FLAG]: purchase } },
  });
}

/**
 * A skill's or power's level raised one with its hero's pool. Two documents change: the pool is
 * paid first and given back if the item cannot take the level, so nothing is left half-written.
 */
async function buyWuxiaItemLevelNow(item: WuxiaLevelled): Promise<void> {
  const actor = heroOf(item);
  const system = item.system as { level: number; use?: { kind: string } };
  if (system.use?.kind === "specialisation")
    throw new UserError("WH.Experience.Error.NoLevel", { name: item.name ?? "" });
  const next = wuxiaBought(item.name ?? "", system.level, actor.system.experience, "skill");
  const purchase: WuxiaPurchase = { target: item.id ?? "", level: system.level, xp: actor.system.experience };
  await actor.update({ system: { experience: next.xp }, flags: { [SYSTEM_ID]: { [FLAG]: purchase } } });
  try {
    await item.update({ system: { level: next.level } });
  } catch (error) {
    await actor.update({ system: { experience: purchase.xp }, flags: { [SYSTEM_ID]: { [FLAG]: null } } });
    throw error;
  }
}

/** The hero's last level bought, when it is `target`'s (an Attribute key or an item id). */
export function lastWuxiaPurchase(actor: Hero, target: string): WuxiaPurchase | null {
  const flag = purchaseFlag(actor) as Partial<WuxiaPurchase> | null | undefined;
  return flag?.target === target && typeof flag.level === "number" && typeof flag.xp === "number"
    ? { target, level: flag.level, xp: flag.xp }
    : null;
}

/** The hero's last level bought taken back: the level and the pool as they were. */
async function undoWuxiaPurchaseNow(actor: Hero, target: string): Promise<void> {
  const before = lastWuxiaPurchase(actor, target);
  if (!before) throw new UserError("WH.Experience.Error.NothingToUndo", { name: actor.name ?? "" });
  const item = actor.items.get(target);
  if (item) await item.update({ system: { level: before.level } });
  await actor.update({
    system: { experience: before.xp, ...(item ? {} : { attributes: { [target]: before.level } }) },
    flags: { [SYSTEM_ID]: { [FLAG]: null } },
  });
}

/** The hero whose pool pays for a skill's or a power's level. */
function heroOf(item: WuxiaLevelled): Hero {
  const actor = item.actor as Hero | null;
  if (!actor || actor.type !== "wuxiaCharacter") throw new UserError("WH.Roll.Error.NoActor");
  return actor;
}

/* The client's side: refused here at once when it cannot be the user's, else asked of the authority. */

/** The skill's next level, bought with its XP; refused (localised) to a non-owner, short of XP, or never learnt. */
export async function buySkillLevel(skill: Skill): Promise<void> {
  mustOwn(skill);
  await carryOut(BUY_LEVEL, { uuid: skill.uuid }, { withoutGm: true });
}

/** The attribute's next level (race bonus apart), bought with its XP; refused as buySkillLevel. */
export async function buyAttributeLevel(actor: Character, key: HarmoniesAttributeKey): Promise<void> {
  mustOwn(actor);
  await carryOut(BUY_LEVEL, { uuid: actor.uuid, key }, { withoutGm: true });
}

/** The hero's Attribute raised one level with the experience pool; refused (localised) as buySkillLevel. */
export async function buyWuxiaAttribute(actor: Hero, key: WuxiaAttributeKey): Promise<void> {
  mustOwn(actor);
  await carryOut(BUY_LEVEL, { uuid: actor.uuid, key }, { withoutGm: true });
}

/** A skill's or power's level raised one with its hero's pool (the pool paid first, given back on failure). */
export async function buyWuxiaItemLevel(item: WuxiaLevelled): Promise<void> {
  mustOwn(heroOf(item));
  await carryOut(BUY_LEVEL, { uuid: item.uuid }, { withoutGm: true });
}

/** The GM puts back the level and XP the last purchase changed, and forgets it. */
export async function undoPurchase(doc: Skill | Character, key?: HarmoniesAttributeKey): Promise<void> {
  mustBeGm(game.user);
  await carryOut(UNDO_LEVEL, key ? { uuid: doc.uuid, key } : { uuid: doc.uuid });
}

/** The GM takes back the hero's last level bought: the level and the pool as they were. */
export async function undoWuxiaPurchase(actor: Hero, target: string): Promise<void> {
  mustBeGm(game.user);
  await carryOut(UNDO_LEVEL, { uuid: actor.uuid, key: target });
}

/* The authority's side: the document looked up again, its owner checked against the requester. */

/** The document a purchase names: one of the system's levelled actors or items. */
async function purchasedDocument(payload: unknown): Promise<Actor.Implementation | Item.Implementation> {
  const doc = await documentAt(textField(payload, "uuid"));
  if (doc instanceof Actor || doc instanceof Item) return doc as Actor.Implementation | Item.Implementation;
  throw new UserError("WH.Roll.Error.NoActor");
}

/** The key a payload names, when it has one. */
function keyOf(payload: unknown): string | undefined {
  return (payload as { key?: unknown }).key === undefined ? undefined : textField(payload, "key");
}

function oneOf<K extends string>(keys: readonly K[], key: string | undefined): K {
  const found = keys.find((k) => k === key);
  if (!found) throw new UserError("WH.Request.Error.BadField", { field: "key" });
  return found;
}

async function buy(payload: unknown, requester: User.Implementation): Promise<void> {
  const doc = await purchasedDocument(payload);
  const key = keyOf(payload);
  if (doc instanceof Item) {
    if (doc.type === "harmoniesSkill") {
      mustOwn(doc, requester);
      return buySkillLevelNow(doc as Skill);
    }
    if (doc.type !== "wuxiaSkill" && doc.type !== "wuxiaPower")
      throw new UserError("WH.Experience.Error.NoLevel", { name: doc.name ?? "" });
    mustOwn(heroOf(doc as WuxiaLevelled), requester);
    return buyWuxiaItemLevelNow(doc as WuxiaLevelled);
  }
  mustOwn(doc, requester);
  if (doc.type === "harmoniesCharacter")
    return buyAttributeLevelNow(doc as Character, oneOf(HARMONIES_ATTRIBUTES, key));
  if (doc.type === "wuxiaCharacter") return buyWuxiaAttributeNow(doc as Hero, oneOf(WUXIA_ATTRIBUTES, key));
  throw new UserError("WH.Experience.Error.NoLevel", { name: doc.name ?? "" });
}

async function undo(payload: unknown, requester: User.Implementation): Promise<void> {
  mustBeGm(requester);
  const doc = await purchasedDocument(payload);
  const key = keyOf(payload);
  if (doc instanceof Actor && doc.type === "wuxiaCharacter") return undoWuxiaPurchaseNow(doc as Hero, key ?? "");
  if (doc instanceof Actor && doc.type === "harmoniesCharacter")
    return undoPurchaseNow(doc as Character, oneOf(HARMONIES_ATTRIBUTES, key));
  if (doc instanceof Item && doc.type === "harmoniesSkill") return undoPurchaseNow(doc as Skill);
  throw new UserError("WH.Experience.Error.NothingToUndo", { name: doc.name ?? "" });
}

export function registerLevelPurchases(): void {
  handleRequest(BUY_LEVEL, buy);
  handleRequest(UNDO_LEVEL, undo);
}
