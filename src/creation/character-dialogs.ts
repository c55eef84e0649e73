import { t } from "../core/i18n";

/** A character's dialog: built for one actor, drawn on demand. */
interface CharacterDialog {
  rendered: boolean;
  render(options: { force: boolean }): Promise<unknown>;
}

/**
 * Opens a creation dialog of a character for its owner, one per character (asking again brings
 * the open one forward): refused, with the reason shown, for an actor of another type, or for a
 * user who does not own it.
 */
export function characterDialogOpener<D extends CharacterDialog, A extends Actor.Implementation>(
  type: "harmoniesCharacter" | "wuxiaCharacter",
  wrongType: string,
  create: (actor: A) => D,
): (actor: unknown) => Promise<D | null> {
  const shown = new Map<string, D>();
  return async (actor) => {
    if (!(actor instanceof Actor) || actor.type !== type) {
      ui.notifications.warn(t(wrongType));
      return null;
    }
    const character = actor as A;
    if (!character.isOwner) {
      ui.notifications.warn(t("WH.Chat.Error.NotOwner", { name: character.name ?? "" }));
      return null;
    }
    const open = shown.get(character.id ?? "");
    const dialog = open?.rendered ? open : create(character);
    shown.set(character.id ?? "", dialog);
    await dialog.render({ force: true });
    return dialog;
  };
}
