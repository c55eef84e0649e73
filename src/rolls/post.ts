import { applyVisibility, type Visibility } from "./visibility";

/**
 * Evaluates a new roll and posts it as a chat message with the chosen visibility. The card
 * is the roll's own rendering, rebuilt from the roll on every client and after a reload.
 */
export async function postRoll(
  roll: Roll,
  options: { visibility: Visibility; actor?: Actor | null },
): Promise<ChatMessage | undefined> {
  // A blind roll must not ask its author to type in the dice it is meant not to see.
  await roll.evaluate({ allowInteractive: options.visibility !== "blind" });
  const data = applyVisibility(
    {
      speaker: ChatMessage.getSpeaker({ actor: options.actor ?? undefined }),
      rolls: [roll],
      sound: CONFIG.sounds.dice,
      whisper: [] as string[],
      blind: false,
    },
    options.visibility,
  );
  return ChatMessage.create(data);
}
