import { SKILL_SET_TYPES, type SkillSetType } from "../documents/items/harmonies-skill-set";
import { isItemOfType } from "../foundry/documents";
import { UserError } from "../core/errors";
import { t } from "../core/i18n";
import {
  HARMONIES_DEFAULTS,
  beginnerSkills,
  validateBeginnerPackage,
  type BeginnerPackage,
  type BeginnerProblem,
} from "../rules";
import { compendiumDocuments } from "../foundry/compendiums";
import { itemCopy } from "../documents/items/copy";
import { normaliseName } from "../documents/items/identifier";
import { carryOut, handleRequest } from "../requests/authority";
import { objectField, textField } from "../requests/payload";
import { ownedActor } from "../rolls/card-subject";
import { creationRecord, writeCreationRecord } from "./records";

/**
 * A Harmonies beginner's package (RULES 2.3) put on a character in one go: a métier and two
 * hobbies chosen from the character's own and the world's, the skills mastered at their levels,
 * four talents. Set items missing from the character are copied onto it; a skill it has is
 * raised to its package level, one it lacks is copied from the world's skill of that name, or
 * made. The active GM's client puts it on and records it in the GMs' creation records, so a
 * player applies it once (the GM may again).
 */

export const APPLY_PACKAGE = "beginnerPackage";

type Character = Actor.OfType<"harmoniesCharacter">;
type SetType = SkillSetType;

/** A métier, hobby or skill that may go into the package, and the item it comes from. */
export interface PackageSource {
  name: string;
  /** The skills a métier or hobby lists (empty for a skill). */
  skills: string[];
  /** Whether the character has it already. */
  owned: boolean;
  item: Item.Implementation;
}

export interface PackageSources {
  metiers: PackageSource[];
  hobbies: PackageSource[];
  /** The skill items a package may copy: the character's, then the world's and the compendiums'. */
  skillItems: PackageSource[];
  /** The skills a talent may be: the character's, the world's and every one a set lists. */
  skills: string[];
}

/** What the player picks: set names and skill names. */
export interface PackageChoice {
  metier: string;
  metierSkills: string[];
  hobbies: { name: string; skills: string[] }[];
  talents: string[];
}

/** The character's items of a type first, then the others' of another name, in name order. */
function sourcesOf(actor: Character, type: SetType | "harmoniesSkill", others: Item.Implementation[]): PackageSource[] {
  const seen = new Set<string>();
  const sources: PackageSource[] = [];
  for (const [items, owned] of [
    [actor.items.contents, true],
    [others, false],
  ] as const) {
    for (const item of items) {
      const key = normaliseName(item.name ?? "");
      if (item.type !== type || seen.has(key)) continue;
      seen.add(key);
      const skills = isItemOfType(item, SKILL_SET_TYPES) ? [...item.system.skills] : [];
      sources.push({ name: item.name ?? "", skills, owned, item: item as Item.Implementation });
    }
  }
  return sources.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What a package may be made of: the character's items, the world's, then those of the
 * compendiums the user may see (this client's, or the player a GM's client works for).
 */
export async function packageSources(actor: Character, user?: User.Implementation): Promise<PackageSources> {
  const others = [
    ...((game.items?.contents ?? []) as Item.Implementation[]),
    ...(await compendiumDocuments<Item.Implementation>(
      "Item",
      ["harmoniesMetier", "harmoniesHobby", "harmoniesSkill"],
      user,
    )),
  ];
  const metiers = sourcesOf(actor, "harmoniesMetier", others);
  const hobbies = sourcesOf(actor, "harmoniesHobby", others);
  const skillItems = sourcesOf(actor, "harmoniesSkill", others);
  const names = new Map<string, string>();
  for (const name of [...skillItems.map((s) => s.name), ...[...metiers, ...hobbies].flatMap((s) => s.skills)]) {
    if (!names.has(normaliseName(name))) names.set(normaliseName(name), name);
  }
  return { metiers, hobbies, skillItems, skills: [...names.values()].sort((a, b) => a.localeCompare(b)) };
}

/**
 * The choice as the rules read it: each set with the skills it lists (none for an unknown set);
 * a hobby or talent not picked yet is left out, so the rules count it as missing.
 */
export function packageOf(choice: PackageChoice, sources: PackageSources): BeginnerPackage {
  const listed = (list: PackageSource[], name: string) =>
    list.find((s) => normaliseName(s.name) === normaliseName(name))?.skills ?? [];
  return {
    metier: { name: choice.metier, listed: listed(sources.metiers, choice.metier), chosen: choice.metierSkills },
    hobbies: choice.hobbies
      .filter((h) => h.name !== "")
      .map((h) => ({ name: h.name, listed: listed(sources.hobbies, h.name), chosen: h.skills })),
    talents: choice.talents.filter((name) => name !== ""),
  };
}

/** A package problem in the reader's language. */
export function packageProblemText(problem: BeginnerProblem): string {
  const { code, field, name, expected, got } = problem;
  if (code === "WH.Creation.Beginner.Count" && field === "metier" && name === "")
    return t("WH.Creation.Beginner.NoMetier");
  if (code === "WH.Creation.Beginner.Count") {
    const key = field === "metier" || field === "hobby" ? "SetSkills" : field === "hobbies" ? "Hobbies" : "Talents";
    return t(`WH.Creation.Beginner.Count.${key}`, { name, count: expected, got });
  }
  if (code === "WH.Creation.Beginner.Repeated") {
    return t(field === "hobbies" ? "WH.Creation.Beginner.RepeatedHobby" : code, { name });
  }
  return t(code, { name });
}

/** Whether the GMs' record says a package was applied to the character. */
export function appliedPackage(actor: Actor.Implementation): boolean {
  return Boolean(creationRecord(actor, "beginnerPackage"));
}

/**
 * Puts the package on the character, by the active GM. Refused (localised) to a non-owner, to a
 * player once a package was applied, and for a package the rules refuse; if a write fails, what
 * was written before it is taken back, so no half package is left.
 */
export async function applyBeginnerPackage(actor: Character, choice: PackageChoice): Promise<void> {
  if (!actor.isOwner) throw new UserError("WH.Chat.Error.NotOwner", { name: actor.name ?? "" });
  if (appliedPackage(actor) && !game.user.isGM)
    throw new UserError("WH.Creation.Error.PackageApplied", { name: actor.name ?? "" });
  await carryOut(APPLY_PACKAGE, { actorUuid: actor.uuid, choice });
}

/** More names than any package holds: a list past it is refused before it is read. */
const MAX_LIST = 20;

/** Names in a payload: a list of at most `max` texts. */
function namesField(value: unknown, field: string, max: number): string[] {
  if (!Array.isArray(value) || value.length > max || !value.every((v) => typeof v === "string" && v.length <= 200))
    throw new UserError("WH.Request.Error.BadField", { field });
  return value as string[];
}

/** The choice a payload gives, every name a bounded text (the rules then judge the package). */
function choiceField(payload: unknown): PackageChoice {
  const sent = objectField(payload, "choice");
  const metier = sent.metier;
  if (typeof metier !== "string" || metier.length > 200)
    throw new UserError("WH.Request.Error.BadField", { field: "choice.metier" });
  if (!Array.isArray(sent.hobbies) || sent.hobbies.length > MAX_LIST)
    throw new UserError("WH.Request.Error.BadField", { field: "choice.hobbies" });
  const hobbies = sent.hobbies.map((hobby: unknown) => {
    const h = (hobby ?? {}) as { name?: unknown; skills?: unknown };
    if (typeof h.name !== "string" || h.name.length > 200)
      throw new UserError("WH.Request.Error.BadField", { field: "choice.hobbies" });
    return { name: h.name, skills: namesField(h.skills, "choice.hobbies", MAX_LIST) };
  });
  return {
    metier,
    metierSkills: namesField(sent.metierSkills, "choice.metierSkills", MAX_LIST),
    hobbies,
    talents: namesField(sent.talents, "choice.talents", MAX_LIST),
  };
}

async function applyFor(payload: unknown, requester: User.Implementation): Promise<void> {
  const actor = await ownedActor(textField(payload, "actorUuid"), requester);
  if (actor.type !== "harmoniesCharacter") throw new UserError("WH.Creation.Error.NotHarmonies");
  const choice = choiceField(payload);
  await putOn(actor as Character, choice, requester);
}

async function putOn(actor: Character, choice: PackageChoice, requester: User.Implementation): Promise<void> {
  if (appliedPackage(actor) && !requester.isGM)
    throw new UserError("WH.Creation.Error.PackageApplied", { name: actor.name ?? "" });
  const sources = await packageSources(actor, requester);
  const pack = packageOf(choice, sources);
  const check = validateBeginnerPackage(pack);
  if (!check.valid) {
    throw new UserError("WH.Creation.Error.PackageInvalid", {
      problems: check.problems.map(packageProblemText).join(" "),
    });
  }

  const created: Item.CreateData[] = [];
  for (const [list, name] of [
    [sources.metiers, choice.metier],
    ...choice.hobbies.map((h) => [sources.hobbies, h.name] as const),
  ] as const) {
    const source = list.find((s) => normaliseName(s.name) === normaliseName(name));
    if (source && !source.owned) created.push(itemCopy(source.item));
  }
  const owned = new Map(
    actor.items.contents.filter((i) => i.type === "harmoniesSkill").map((i) => [normaliseName(i.name ?? ""), i]),
  );
  const worldSkills = sources.skillItems.filter((s) => !s.owned);
  const updates: Record<string, unknown>[] = [];
  const before: Record<string, unknown>[] = [];
  for (const skill of beginnerSkills(pack)) {
    const system = { level: skill.level, talent: skill.as === "talent" };
    const mine = owned.get(normaliseName(skill.name));
    if (mine) {
      const { level, talent } = (mine as Item.OfType<"harmoniesSkill">).system;
      updates.push({ _id: mine.id, system });
      before.push({ _id: mine.id, system: { level, talent } });
      continue;
    }
    const world = worldSkills.find((s) => normaliseName(s.name) === normaliseName(skill.name));
    const data: Item.CreateData = world ? itemCopy(world.item) : { name: skill.name, type: "harmoniesSkill" };
    created.push({ ...data, system: { ...data.system, ...system } });
  }

  const made = created.length ? await actor.createEmbeddedDocuments("Item", created) : [];
  try {
    if (updates.length) await actor.updateEmbeddedDocuments("Item", updates);
    try {
      await writeCreationRecord(actor.uuid, "beginnerPackage", {
        metier: choice.metier,
        hobbies: choice.hobbies.map((h) => h.name),
      });
    } catch (error) {
      if (before.length) await actor.updateEmbeddedDocuments("Item", before);
      throw error;
    }
  } catch (error) {
    const ids = (made ?? []).map((i) => i.id).filter((id): id is string => Boolean(id));
    if (ids.length) await actor.deleteEmbeddedDocuments("Item", ids);
    throw error;
  }
}

export function registerBeginnerPackage(): void {
  handleRequest(APPLY_PACKAGE, applyFor);
}

/** The levels a package gives, for the dialog's hints: métier 0, hobby −5, talent −10, and the floors. */
export const PACKAGE_LEVELS = {
  ...HARMONIES_DEFAULTS.mastery,
  metierFloor: HARMONIES_DEFAULTS.skillFloors.metier,
  hobbyFloor: HARMONIES_DEFAULTS.skillFloors.hobby,
};
