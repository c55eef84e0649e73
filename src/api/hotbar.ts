import { documentAtSync } from "../foundry/documents";
import { SYSTEM_ID } from "../foundry/system";
import { UserError, notifyError } from "../core/errors";
import { rollActor } from "../rolls/pipeline";
import { speakerActor } from "../core/speaker-actor";

/** Items a hotbar macro can roll: skills, powers and weapons of both rule sets. */
export const ROLLABLE_ITEM_TYPES = [
  "wuxiaSkill",
  "wuxiaPower",
  "wuxiaWeapon",
  "harmoniesSkill",
  "harmoniesWeapon",
] as const;

export function isRollableItem(item: { type: string } | null | undefined): boolean {
  return Boolean(item && (ROLLABLE_ITEM_TYPES as readonly string[]).includes(item.type));
}

/** The script a macro for this item runs. */
export function itemMacroCommand(uuid: string): string {
  return `game.system.api.rollItem(${JSON.stringify(uuid)});`;
}

/**
 * What an item macro does: rolls the item for its owner, or — for an item of the world, not of
 * an actor — the same-named item of the controlled token's actor or the user's character.
 */
export async function rollItem(
  uuid: string,
  request: { dialog?: boolean } = {},
): Promise<ChatMessage.Implementation | null> {
  const item = documentAtSync(uuid) as Item.Implementation | null;
  if (!item || !isRollableItem(item)) throw new UserError("WH.Roll.Error.NoItemFound", { uuid });
  if (item.actor) return rollActor(item.actor as Actor.Implementation, { ...request, item });
  const actor = speakerActor();
  const own = actor?.items.find((i) => i.type === item.type && i.name === item.name);
  if (!actor || !own) throw new UserError("WH.Roll.Error.NoItemOnSpeaker", { item: item.name ?? "" });
  return rollActor(actor, { ...request, item: own });
}

/** Makes (or reuses) the macro rolling a dropped item and puts it in the slot. */
async function createItemMacro(uuid: string, slot: number): Promise<void> {
  const item = documentAtSync(uuid) as Item.Implementation | null;
  if (!item) return;
  const command = itemMacroCommand(uuid);
  const existing = game.macros?.find((m) => m.command === command && m.isOwner);
  const macro =
    existing ??
    (await Macro.create({
      name: item.name ?? "",
      type: "script",
      img: item.img ?? undefined,
      command,
      flags: { [SYSTEM_ID]: { itemMacro: true } },
    }));
  if (macro) await game.user.assignHotbarMacro(macro as Macro.Implementation, slot);
}

/** Dropping a rollable item on the hotbar makes a macro that rolls it. */
export function registerHotbar(): void {
  Hooks.on("hotbarDrop", (_bar, data, slot) => {
    const { type, uuid } = data as { type?: string; uuid?: string };
    if (type !== "Item" || !uuid || !isRollableItem(documentAtSync(uuid) as Item.Implementation | null)) return;
    void createItemMacro(uuid, Number(slot)).catch(notifyError);
    return false;
  });
}
