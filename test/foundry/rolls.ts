import { chatMessageDouble, registerCoreVisibilitySettings } from "./chat";
import { CollectionDouble } from "./documents";
import type { ChatMessageDouble } from "./install";
import type { SettingsDouble } from "./settings";
import { MacroDouble, fromUuidSync, installQueries } from "./world";

type AnyObject = Record<string, unknown>;

/**
 * The Foundry surface that rolls, chat cards, GM queries and hotbar macros use, added to a fresh
 * double by `installFoundry`: the generation's ChatMessage (see chat.ts), the core visibility
 * setting, `CONFIG.sounds.dice`, `fromUuid`/`fromUuidSync`, `Macro` and `game.macros`, user
 * queries and `game.users.activeGM` (see world.ts).
 */
export function growForRolls(env: {
  CONFIG: AnyObject;
  game: AnyObject;
  settings: SettingsDouble;
  generation: 13 | 14;
  ChatMessageBase: typeof ChatMessageDouble;
}): void {
  const g = globalThis as unknown as AnyObject & { foundry: { documents: AnyObject } };
  const ChatMessage = chatMessageDouble(env.ChatMessageBase, env.generation);
  g.ChatMessage = ChatMessage;
  g.foundry.documents.ChatMessage = ChatMessage;
  (env.CONFIG.ChatMessage as AnyObject).documentClass = ChatMessage;
  registerCoreVisibilitySettings(env.settings, env.generation);
  env.CONFIG.sounds = { dice: "sounds/dice.wav" };
  env.game.macros = new CollectionDouble<MacroDouble>();
  g.Macro = MacroDouble;
  g.foundry.documents.Macro = MacroDouble;
  g.fromUuidSync = fromUuidSync;
  g.fromUuid = async (uuid: string) => fromUuidSync(uuid);
  installQueries(
    env.game as unknown as Parameters<typeof installQueries>[0],
    env.CONFIG.queries as Parameters<typeof installQueries>[1],
  );
}
