import { textField } from "../fields";

/**
 * A skill's stable identifier, as dnd5e's items have one: given from the name when the skill is
 * created, kept when it is renamed. A weapon names its skill by it, so renaming "Tir" to "Tir à
 * l'arc" does not drop the weapon's skill.
 */

/** A name as an identifier: lower case, accents dropped, words joined by "-" ("Tir à l'arc" → "tir-a-l-arc"). */
export function slugOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** A name as two names are compared: trimmed, inner spaces single, lower case ("  Tir  à l'Arc" → "tir à l'arc"). */
export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase();
}

/** The schema field: blank until the skill is created, then its name's slug unless one was given. */
export function identifierField() {
  return textField();
}

/** A skill's identifier; one made before identifiers existed answers to its name's slug. */
export function identifierOf(item: { name?: string | null; system: unknown }): string {
  const own = (item.system as { identifier?: unknown }).identifier;
  return typeof own === "string" && own.trim() ? slugOf(own) : slugOf(item.name ?? "");
}

/** For a model's `_preCreate`: the identifier from the new item's name when none was given. */
export function identifierOnCreate(data: unknown, given: string): { identifier: string } | null {
  if (given.trim()) return null;
  const name = (data as { name?: unknown } | null)?.name;
  return { identifier: slugOf(typeof name === "string" ? name : "") };
}

/**
 * For a model's `_preUpdate`: a skill made before identifiers, renamed, keeps the identifier its
 * old name gave it, so the weapons that named it still find it.
 */
export function identifierOnRename(changes: unknown, item: { name?: string | null }, own: string): void {
  const change = changes as { name?: unknown; system?: { identifier?: unknown } } | null;
  if (own.trim() || typeof change?.name !== "string" || change.name === item.name) return;
  if (change.system?.identifier !== undefined) return;
  change.system = { ...change.system, identifier: slugOf(item.name ?? "") };
}

/** What a skill model's `_preCreate` does once its parent's has allowed the creation. */
export function adoptIdentifier<Allowed>(
  model: { identifier: string; updateSource(changes: object): unknown },
  allowed: Allowed,
  data: unknown,
): Allowed | false {
  if (allowed === false) return false;
  const identifier = identifierOnCreate(data, model.identifier);
  if (identifier) model.updateSource(identifier);
  return allowed;
}

/** What a skill model's `_preUpdate` does once its parent's has allowed the update. */
export function keepIdentifier<Allowed>(
  model: { identifier: string; parent: { name?: string | null } },
  allowed: Allowed,
  changes: unknown,
): Allowed | false {
  if (allowed === false) return false;
  identifierOnRename(changes, model.parent, model.identifier);
  return allowed;
}
