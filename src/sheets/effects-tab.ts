import { t } from "../core/i18n";

/**
 * The Effects tab of a character's sheet: its ActiveEffects (a stun, a status set on the token,
 * one a module added), each with its statuses named, toggled on and off, opened or deleted; a
 * new one added by the owner. Foundry applies them; the tab only shows and edits them.
 */

export interface EffectRow {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  statuses: string;
}

interface StatusEntry {
  id?: string;
  name?: string;
}

/** A status's name in the reader's language, from `CONFIG.statusEffects` (an array on v13, an object on v14). */
function statusName(id: string): string {
  const config = CONFIG.statusEffects as unknown;
  const entries: StatusEntry[] = Array.isArray(config)
    ? (config as StatusEntry[])
    : Object.values((config ?? {}) as Record<string, StatusEntry>);
  const name = entries.find((s) => s.id === id)?.name;
  return name ? t(name) : id;
}

export function effectRows(actor: Actor.Implementation): EffectRow[] {
  return actor.effects.contents.map((effect) => ({
    id: effect.id ?? "",
    name: effect.name ?? "",
    img: effect.img ?? "",
    disabled: effect.disabled,
    statuses: [...effect.statuses].map(statusName).join(", "),
  }));
}

function effectOf(actor: Actor.Implementation, target: HTMLElement): ActiveEffect.Implementation | undefined {
  const id = target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "";
  return actor.effects.get(id) ?? undefined;
}

export async function createEffect(actor: Actor.Implementation): Promise<void> {
  const [created] = (await actor.createEmbeddedDocuments("ActiveEffect", [
    { name: t("WH.Sheet.Effects.New"), img: "icons/svg/aura.svg" },
  ])) as ActiveEffect.Implementation[];
  await created?.sheet?.render(true);
}

export async function toggleEffect(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const effect = effectOf(actor, target);
  await effect?.update({ disabled: !effect.disabled });
}

export async function editEffect(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  await effectOf(actor, target)?.sheet?.render(true);
}

export async function deleteEffect(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  await effectOf(actor, target)?.delete();
}
