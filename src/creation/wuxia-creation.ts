import { isItemOfType } from "../foundry/documents";
import { SYSTEM_ID } from "../foundry/system";
import { createdFlag } from "./finished";
import { UserError } from "../core/errors";
import { t } from "../core/i18n";
import {
  chiReserve,
  validateWuxiaCreation,
  type WuxiaBudget,
  type WuxiaCreationCheck,
  type WuxiaCreationProblem,
  type WuxiaHeroType,
} from "../rules";
import { wuxiaRuleOptions } from "../settings/house-rules";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HERO_TYPE_LABEL_PREFIX,
  RULES_HERO_TYPE,
  type WUXIA_PRIORITY_KEYS,
  type HeroType,
  type PowerType,
  type WuxiaAttributeKey,
  type ZodiacSign,
} from "../rules/vocabulary";
import { compendiumDocuments } from "../foundry/compendiums";
import { itemCopy } from "../documents/items/copy";
import { normaliseName } from "../documents/items/identifier";

/**
 * A Wuxia hero built by priorities (RULES 1.2) as a draft: what the builder shows and edits, the
 * rules check, and finishing writes onto the actor. A draft starts from the actor as it is, or
 * from an archetype (a Wuxia character kept as a model: a world actor marked as one, or an entry
 * of an Actor compendium); its skills, powers, traits and drames come from the actor, the world
 * and the compendiums.
 */

type Character = Actor.OfType<"wuxiaCharacter">;
export type DraftItemType = "wuxiaSkill" | "wuxiaPower" | "wuxiaTrait" | "wuxiaDrame";
export const CONCEPT_KEYS = ["origin", "impression", "motivations", "qualities", "flaws", "likes", "dislikes"] as const;
export type ConceptKey = (typeof CONCEPT_KEYS)[number];
type PriorityKey = (typeof WUXIA_PRIORITY_KEYS)[number];

/** A skill, power, trait or drame of the draft, with the data it is created from. */
export interface DraftItem {
  /** Where it comes from: the actor's item id ("own:…"), else the source item's uuid. */
  key: string;
  name: string;
  type: DraftItemType;
  /** A skill's or power's level; null for a trait or a drame. */
  level: number | null;
  /** A narrow skill's parent Métier or Profession, by name ("" for none). */
  parent: string;
  heroType: PowerType | null;
  zodiac: ZodiacSign | null;
  data: Item.CreateData;
}

export interface WuxiaDraft {
  concept: Record<ConceptKey, string>;
  priorities: Record<PriorityKey, number>;
  attributes: Record<WuxiaAttributeKey, number>;
  zodiac: ZodiacSign | null;
  experience: number;
  items: DraftItem[];
}

const DRAFT_TYPES: readonly DraftItemType[] = ["wuxiaSkill", "wuxiaPower", "wuxiaTrait", "wuxiaDrame"];

/** The flag that makes a world Wuxia character an archetype the builder offers. */
const ARCHETYPE_FLAG = "archetype";

function draftItem(item: Item.Implementation, key: string): DraftItem {
  const system: {
    level?: number;
    category?: string;
    parentSkill?: string;
    heroType?: PowerType;
    zodiac?: ZodiacSign | null;
  } = isItemOfType(item, DRAFT_TYPES) ? item.system : {};
  return {
    key,
    name: item.name ?? "",
    type: item.type as DraftItemType,
    level: typeof system.level === "number" ? system.level : null,
    parent: system.category === "narrow" ? (system.parentSkill ?? "") : "",
    heroType: item.type === "wuxiaPower" ? (system.heroType ?? "general") : null,
    zodiac: system.zodiac || null,
    data: itemCopy(item),
  };
}

/**
 * A narrow skill whose parent Métier or Profession the draft holds is a spécialisation: it uses
 * the parent's level and costs nothing of its own (RULES 1.1); without the parent it is a hobby.
 */
export function isSpecialisation(item: DraftItem, draft: WuxiaDraft): boolean {
  if (item.type !== "wuxiaSkill" || !item.parent) return false;
  const parent = normaliseName(item.parent);
  return draft.items.some(
    (other) => other.type === "wuxiaSkill" && !other.parent && normaliseName(other.name) === parent,
  );
}

/** The draft of the actor as it stands. */
export function draftOf(actor: Actor.Implementation): WuxiaDraft {
  const system = (actor as Character).system;
  return {
    concept: Object.fromEntries(CONCEPT_KEYS.map((k) => [k, system.concept[k] ?? ""])) as Record<ConceptKey, string>,
    priorities: { ...system.priorities },
    attributes: { ...system.attributes },
    zodiac: system.zodiac || null,
    experience: system.experience,
    items: actor.items.contents
      .filter((i) => (DRAFT_TYPES as readonly string[]).includes(i.type))
      .map((i) => draftItem(i as Item.Implementation, `own:${i.id ?? ""}`)),
  };
}

/**
 * The draft an archetype gives, keeping the concept answers already typed: its priorities,
 * Attributes, zodiac sign, experience, skills, powers, traits and drames.
 */
export function draftFromArchetype(archetype: Actor.Implementation, current: WuxiaDraft): WuxiaDraft {
  const model = draftOf(archetype);
  return {
    ...model,
    concept: current.concept,
    items: model.items.map((item) => ({ ...item, key: `${archetype.uuid}:${item.name}` })),
  };
}

/** What the builder offers: archetypes and items from the world and the system's and modules' compendiums. */
export interface CreationSources {
  archetypes: Actor.Implementation[];
  items: DraftItem[];
}

/** Every archetype and every skill, power, trait and drame the world and the compendiums hold, by name. */
export async function creationSources(): Promise<CreationSources> {
  const actors = [
    ...(game.actors?.contents ?? []),
    ...(await compendiumDocuments<Actor.Implementation>("Actor", ["wuxiaCharacter"])),
  ] as Actor.Implementation[];
  const archetypes = actors.filter((a) => a.type === "wuxiaCharacter" && Boolean(a.getFlag(SYSTEM_ID, ARCHETYPE_FLAG)));
  const seen = new Set<string>();
  const items: DraftItem[] = [];
  for (const item of [
    ...(game.items?.contents ?? []),
    ...(await compendiumDocuments<Item.Implementation>("Item", DRAFT_TYPES)),
  ] as Item.Implementation[]) {
    const id = `${item.type}:${(item.name ?? "").toLocaleLowerCase()}:${(item.system as { heroType?: string }).heroType ?? ""}`;
    if (!(DRAFT_TYPES as readonly string[]).includes(item.type) || seen.has(id)) continue;
    seen.add(id);
    items.push(draftItem(item, item.uuid));
  }
  items.sort((a, b) => a.name.localeCompare(b.name));
  return { archetypes: archetypes.sort((a, b) => (a.name ?? "").localeCompare(b.name ?? "")), items };
}

/** The draft checked by the rules against the world's creation table. */
export function checkDraft(draft: WuxiaDraft): WuxiaCreationCheck {
  const powers = draft.items.filter((i) => i.type === "wuxiaPower");
  return validateWuxiaCreation(
    {
      priorities: draft.priorities,
      attributes: draft.attributes,
      skillLevels: draft.items
        .filter((i) => i.type === "wuxiaSkill" && !isSpecialisation(i, draft))
        .map((i) => i.level ?? 0),
      powerLevels: powers.map((p) => p.level ?? 0),
      powerTypes: powers.map((p) => powerTypeOf(p.heroType)),
      traits: draft.items.filter((i) => i.type === "wuxiaTrait").length,
      experience: draft.experience,
    },
    { creation: wuxiaRuleOptions().creation },
  );
}

/** A power's type as the rules name it. */
export function powerTypeOf(type: PowerType | null | undefined): WuxiaHeroType | "General" {
  return type && type !== "general" ? RULES_HERO_TYPE[type] : "General";
}

/**
 * A creation problem in the reader's language: the Attribute, the category or the power
 * (`powerNames`, in the order the rules were given them) it concerns.
 */
export function wuxiaCreationProblemText(problem: WuxiaCreationProblem, powerNames: readonly string[] = []): string {
  const [category, detail] = problem.field.split(".");
  const field =
    category === "powers" && detail !== undefined
      ? (powerNames[Number(detail)] ?? "")
      : detail
        ? t(`${ATTRIBUTE_LABEL_PREFIX}.${detail}`)
        : problem.field === "heroType"
          ? t("WH.Actor.Wuxia.FIELDS.heroType.label")
          : t(`WH.Actor.Wuxia.FIELDS.priorities.${category}.label`);
  // The rules engine's problem codes are the i18n keys of their messages.
  return t(problem.code, { field, spent: problem.spent ?? 0, limit: problem.limit ?? 0 });
}

/** The rules' hero type ("Guerrier") in the reader's language. */
export function heroTypeLabel(type: WuxiaHeroType): string {
  return t(`${HERO_TYPE_LABEL_PREFIX}.${type.toLowerCase()}`);
}

/** What each Caractéristique's priority buys (RULES 1.2), as the sheet and the builder write it; none without a ranking. */
export function budgetTexts(budget: WuxiaBudget | null): Partial<Record<PriorityKey, string>> {
  if (!budget) return {};
  return {
    attributes: t("WH.Sheet.Creation.AttributeBudget", {
      count: budget.attributes.points,
      maximum: budget.attributes.maximum,
    }),
    skills: t("WH.Sheet.Creation.Points", { count: budget.skills.points }),
    powers: t("WH.Sheet.Creation.PowerBudget", {
      count: budget.powers.points,
      type: heroTypeLabel(budget.powers.heroType),
    }),
    traits: t("WH.Sheet.Creation.Traits", { count: budget.traits.count }),
    experience: t("WH.Sheet.Creation.Points", { count: budget.experience.points }),
  };
}

/** The sheet's hero type for the rules' one. */
function heroTypeKey(type: WuxiaHeroType): HeroType {
  return (Object.entries(RULES_HERO_TYPE).find(([, v]) => v === type)?.[0] ?? "guerrier") as HeroType;
}

/**
 * Writes the draft onto the actor: items the draft dropped deleted, kept ones given their level,
 * new ones created; then the actor in one update (concept, priorities, Attributes, the hero type
 * the Pouvoirs priority gives, zodiac, experience, a full chi reserve) marked created. Refused
 * (localised) to a non-owner and for a draft the rules refuse; a failed write takes back the
 * item writes made before it.
 */
export async function finishCreation(actor: Character, draft: WuxiaDraft): Promise<void> {
  if (!actor.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: actor.name ?? "" });
  const check = checkDraft(draft);
  if (!check.valid || !check.budget)
    throw new UserError("WH.Creation.Error.BuilderInvalid", { name: actor.name ?? "" });
  const budget = check.budget;
  const kept = new Set(draft.items.filter((i) => i.key.startsWith("own:")).map((i) => i.key.slice(4)));
  const owned = actor.items.contents.filter((i) => (DRAFT_TYPES as readonly string[]).includes(i.type));
  const removed = owned.filter((i) => !kept.has(i.id ?? "")).map((i) => i as Item.Implementation);
  const updates = draft.items
    .filter((i) => i.key.startsWith("own:") && i.level !== null)
    .map((i) => ({ _id: i.key.slice(4), system: { level: i.level } }));
  const before = updates.map((u) => ({
    _id: u._id,
    system: { level: (actor.items.get(u._id)?.system as { level?: number } | undefined)?.level },
  }));
  const created = draft.items
    .filter((i) => !i.key.startsWith("own:"))
    .map((i) => ({
      ...i.data,
      system: { ...i.data.system, ...(i.level === null ? {} : { level: i.level }) },
    }));

  const made = created.length ? ((await actor.createEmbeddedDocuments("Item", created)) ?? []) : [];
  const undo: (() => Promise<unknown>)[] = [
    async () => {
      const ids = made.map((i) => i.id).filter((id): id is string => Boolean(id));
      if (ids.length) await actor.deleteEmbeddedDocuments("Item", ids);
    },
  ];
  try {
    if (updates.length) {
      await actor.updateEmbeddedDocuments("Item", updates);
      undo.push(() => actor.updateEmbeddedDocuments("Item", before));
    }
    if (removed.length) {
      const copies = removed.map((i) => itemCopy(i));
      await actor.deleteEmbeddedDocuments(
        "Item",
        removed.map((i) => i.id ?? ""),
      );
      undo.push(() => actor.createEmbeddedDocuments("Item", copies));
    }
    await actor.update({
      system: {
        concept: draft.concept,
        priorities: draft.priorities,
        attributes: draft.attributes,
        heroType: heroTypeKey(budget.powers.heroType),
        zodiac: draft.zodiac ?? "",
        experience: draft.experience,
        // A new hero starts with a full reserve (RULES 1.1).
        chi: { value: chiReserve(draft.attributes) },
      },
      flags: createdFlag(),
    });
  } catch (error) {
    for (const step of undo.reverse()) await step();
    throw error;
  }
}
