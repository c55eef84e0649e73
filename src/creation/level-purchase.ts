import { SYSTEM_ID } from "../foundry/system";
import { UserError } from "../core/errors";
import { buyLevel, wuxiaLevelCost, type LevelHolding } from "../rules";
import { wuxiaRuleOptions } from "../settings/house-rules";
import { HARMONIES_CHARACTERISTICS, type HarmoniesAttributeKey, type WuxiaAttributeKey } from "../rules/vocabulary";
import type { HarmoniesScore } from "../documents/actors/harmonies-character";

/**
 * Spending experience: a Harmonies skill's or attribute's own XP buy its next level (RULES 2.7),
 * a Wuxia hero's one pool buys Attributes, skills and powers (RULES 1.1). What it was before is
 * kept in a flag, so the GM can undo the last level bought (a mistake, a level the story did not
 * allow).
 */

const FLAG = "lastPurchase";

type Skill = Item.OfType<"harmoniesSkill">;
type Character = Actor.OfType<"harmoniesCharacter">;

function group(key: HarmoniesAttributeKey): "characteristics" | "means" {
  return (HARMONIES_CHARACTERISTICS as readonly string[]).includes(key) ? "characteristics" : "means";
}

function scoreOf(actor: Character, key: HarmoniesAttributeKey): HarmoniesScore {
  return (actor.system[group(key)] as Record<string, HarmoniesScore>)[key] as HarmoniesScore;
}

function mustOwn(doc: { isOwner: boolean; name: string | null }): void {
  if (!doc.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: doc.name ?? "" });
}

function bought(name: string, holding: LevelHolding, cost: number | null): LevelHolding {
  if (cost === null) throw new UserError("WH.Experience.Error.NotLearnt", { name });
  const next = buyLevel(holding, cost);
  if (!next) throw new UserError("WH.Experience.Error.Short", { name, count: Math.ceil(cost), xp: holding.xp });
  return next;
}

/** The skill's next level, bought with its XP; refused (localised) to a non-owner, short of XP, or never learnt. */
export async function buySkillLevel(skill: Skill): Promise<void> {
  mustOwn(skill);
  const { level, xp, nextLevelCost } = skill.system;
  const before = { level: level ?? 0, xp };
  const next = bought(skill.name ?? "", before, level === null ? null : nextLevelCost);
  await skill.update({ system: next, flags: { [SYSTEM_ID]: { [FLAG]: before } } });
}

/** The attribute's next level (race bonus apart), bought with its XP; refused as buySkillLevel. */
export async function buyAttributeLevel(actor: Character, key: HarmoniesAttributeKey): Promise<void> {
  mustOwn(actor);
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

/** The GM puts back the level and XP the last purchase changed, and forgets it. */
export async function undoPurchase(doc: Skill | Character, key?: HarmoniesAttributeKey): Promise<void> {
  if (!game.user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
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

/** The hero's Attribute raised one level with the experience pool; refused (localised) as buySkillLevel. */
export async function buyWuxiaAttribute(actor: Hero, key: WuxiaAttributeKey): Promise<void> {
  mustOwn(actor);
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
export async function buyWuxiaItemLevel(item: WuxiaLevelled): Promise<void> {
  const actor = item.actor as Hero | null;
  if (!actor || actor.type !== "wuxiaCharacter") throw new UserError("WH.Roll.Error.NoActor");
  mustOwn(actor);
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

/** The GM takes back the hero's last level bought: the level and the pool as they were. */
export async function undoWuxiaPurchase(actor: Hero, target: string): Promise<void> {
  if (!game.user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
  const before = lastWuxiaPurchase(actor, target);
  if (!before) throw new UserError("WH.Experience.Error.NothingToUndo", { name: actor.name ?? "" });
  const item = actor.items.get(target);
  if (item) await item.update({ system: { level: before.level } });
  await actor.update({
    system: { experience: before.xp, ...(item ? {} : { attributes: { [target]: before.level } }) },
    flags: { [SYSTEM_ID]: { [FLAG]: null } },
  });
}
