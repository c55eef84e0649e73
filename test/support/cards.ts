/**
 * Helpers for tests that click the chat cards as the chat log draws them: a click that waits for
 * the card action it starts, and a stand-in for Dice So Nice that records every animation.
 */

interface HooksLike {
  on(name: string, fn: (...args: never[]) => unknown): number;
}

interface MessageLike {
  id: string;
  rolls: Roll[];
}

/**
 * Lets a card action started by a click run to its end: card buttons start their action without
 * handing back its promise (`void action()`), as a DOM listener must.
 */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Clicks an element of a rendered card, as the reader would, and waits for what it starts. */
export async function click(element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error("click: no such element on the card");
  element.click();
  await settle();
}

/** One animation Dice So Nice would play: the roll's formula and how it came to be played. */
export interface Animation {
  formula: string;
  via: "create" | "update" | "showForRoll";
  messageId: string | null;
}

/**
 * Dice So Nice as far as this system meets it: `game.dice3d.showForRoll` plays a roll, a new chat
 * message plays its rolls, and an update that adds rolls to a message plays the added ones
 * (Dice So Nice's `preUpdateChatMessage`/`updateChatMessage` hooks count the added rolls,
 * `updateData.rolls.length - message.toObject().rolls.length`, and render the last ones). A roll
 * changed in place (same number of rolls) is not played by the update.
 */
export function installDiceSoNice(): Animation[] {
  const g = globalThis as unknown as { Hooks: HooksLike; game: { dice3d?: unknown } };
  const animations: Animation[] = [];
  const counts = new Map<string, number>();
  g.Hooks.on("createChatMessage", ((message: MessageLike) => {
    counts.set(message.id, message.rolls.length);
    for (const roll of message.rolls) animations.push({ formula: roll.formula, via: "create", messageId: message.id });
  }) as never);
  g.Hooks.on("updateChatMessage", ((message: MessageLike, changes: Record<string, unknown>) => {
    if (!("rolls" in changes)) return;
    const added = message.rolls.length - (counts.get(message.id) ?? 0);
    counts.set(message.id, message.rolls.length);
    if (added > 0)
      for (const roll of message.rolls.slice(-added))
        animations.push({ formula: roll.formula, via: "update", messageId: message.id });
  }) as never);
  g.game.dice3d = {
    addColorset: () => undefined,
    async showForRoll(
      roll: Roll,
      _user?: unknown,
      _synchronize?: boolean,
      _whisper?: string[] | null,
      _blind?: boolean,
      messageId?: string | null,
    ): Promise<boolean> {
      animations.push({ formula: roll.formula, via: "showForRoll", messageId: messageId ?? null });
      return true;
    },
  };
  return animations;
}
