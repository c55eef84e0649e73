import { moduleGlobal } from "../foundry/globals";
import { untypedHooks } from "../foundry/hooks";
import { t } from "../core/i18n";

export const HARMONIES_PLUS_COLORSET = "wuxia-harmonies-plus";
export const HARMONIES_MINUS_COLORSET = "wuxia-harmonies-minus";

/** The part of Dice So Nice's `dice3d` this system calls. */
export interface DiceSoNice {
  addColorset(colorset: DiceSoNiceColorset, mode?: "default" | "preferred"): unknown;
  showForRoll(
    roll: Roll,
    user?: User.Implementation,
    synchronize?: boolean,
    whisper?: string[] | null,
    blind?: boolean,
    chatMessageId?: string | null,
  ): Promise<boolean>;
}

/**
 * Only colours: Dice So Nice fills what a colour set leaves out (material, texture, font) from
 * each user's own settings, so the two dice of the difference roll stand apart without
 * overriding anyone's dice.
 */
export interface DiceSoNiceColorset {
  name: string;
  description: string;
  category: string;
  foreground: string;
  background: string;
  outline: string;
  edge: string;
}

export function harmoniesColorsets(): DiceSoNiceColorset[] {
  const category = t("WH.Dice.DiceSoNice.Category");
  return [
    {
      name: HARMONIES_PLUS_COLORSET,
      description: t("WH.Dice.DiceSoNice.Plus"),
      category,
      foreground: "#ffffff",
      background: "#1f6b3a",
      outline: "#0b2e18",
      edge: "#1f6b3a",
    },
    {
      name: HARMONIES_MINUS_COLORSET,
      description: t("WH.Dice.DiceSoNice.Minus"),
      category,
      foreground: "#ffffff",
      background: "#8b2e16",
      outline: "#3a1208",
      edge: "#8b2e16",
    },
  ];
}

/** Registers the colour sets when Dice So Nice is ready; "default" mode only adds them as choices. */
export function registerDiceSoNice(): void {
  untypedHooks.once("diceSoNiceReady", (dice3d: DiceSoNice) => {
    for (const colorset of harmoniesColorsets()) dice3d.addColorset(colorset, "default");
  });
}

function diceSoNice(): DiceSoNice | null {
  return (moduleGlobal("dice3d") as DiceSoNice | undefined) ?? null;
}

/**
 * Dice So Nice animates the dice of a new chat message, and of a roll an update adds to one (an
 * opposing roll), by itself; a die rolled again inside a roll already there (a Destiny reroll)
 * is shown here, to the readers of that message.
 */
export async function showDice(roll: Roll, message: ChatMessage.Implementation): Promise<void> {
  const dice3d = diceSoNice();
  if (!dice3d) return;
  const whisper = [...message.whisper].map(String);
  await dice3d.showForRoll(
    roll,
    game.user ?? undefined,
    true,
    whisper.length ? whisper : null,
    Boolean(message.blind),
    message.id,
  );
}
