import { SYSTEM_ID } from "../constants";
import { RollError } from "../dice/errors";
import { buyLevel, type LevelHolding } from "../rules";
import { HARMONIES_CHARACTERISTICS, type HarmoniesAttributeKey } from "./choices";
import type { HarmoniesScore } from "./actors/harmonies-character";

/**
 * Spending Harmonies experience (RULES 2.7): a skill's or an attribute's XP buy its next level,
 * the remainder kept. What it was before is kept in a flag, so the GM can undo the last level
 * bought (a mistake, a level the story did not allow).
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
  if (!doc.isOwner) throw new RollError("WH.Chat.Error.NotOwner", { name: doc.name ?? "" });
}

function bought(name: string, holding: LevelHolding, cost: number | null): LevelHolding {
  if (cost === null) throw new RollError("WH.Experience.Error.NotLearnt", { name });
  const next = buyLevel(holding, cost);
  if (!next) throw new RollError("WH.Experience.Error.Short", { name, count: Math.ceil(cost), xp: holding.xp });
  return next;
}

/** The skill's next level, bought with its XP; refused (localised) to a non-owner, short of XP, or never learnt. */
export async function buySkillLevel(skill: Skill): Promise<void> {
  mustOwn(skill);
  const { level, xp, nextLevelCost } = skill.system;
  const before = { level: level ?? 0, xp };
  const next = bought(skill.name ?? "", before, level === null ? null : nextLevelCost);
  await skill.update({ system: next, flags: { [SYSTEM_ID]: { [FLAG]: before } } } as never);
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
  } as never);
}

/** The last level bought for the skill, or for the actor's attribute `key`; null when there is none to undo. */
export function lastPurchase(doc: Skill | Character, key?: HarmoniesAttributeKey): LevelHolding | null {
  const flag = (doc as unknown as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.[SYSTEM_ID]?.[
    FLAG
  ];
  const entry = key ? (flag as Record<string, unknown> | null | undefined)?.[key] : flag;
  const held = entry as Partial<LevelHolding> | null | undefined;
  return typeof held?.level === "number" && typeof held.xp === "number" ? { level: held.level, xp: held.xp } : null;
}

/** The GM puts back the level and XP the last purchase changed, and forgets it. */
export async function undoPurchase(doc: Skill | Character, key?: HarmoniesAttributeKey): Promise<void> {
  if (!game.user.isGM) throw new RollError("WH.Chat.Error.GmOnly");
  const before = lastPurchase(doc, key);
  if (!before) throw new RollError("WH.Experience.Error.NothingToUndo", { name: doc.name ?? "" });
  if (key)
    await doc.update({
      system: { [group(key)]: { [key]: { value: before.level, xp: before.xp } } },
      flags: { [SYSTEM_ID]: { [FLAG]: { [key]: null } } },
    } as never);
  else await doc.update({ system: before, flags: { [SYSTEM_ID]: { [FLAG]: null } } } as never);
}
