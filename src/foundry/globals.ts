import { SYSTEM_ID } from "./system";

/** What modules and core versions add beyond the v13 type definitions, read in one place. */

/** A property a module adds to `game` (Dice So Nice's `dice3d`); undefined without the module. */
export function moduleGlobal(name: string): unknown {
  return (game as unknown as Partial<Record<string, unknown>>)[name];
}

/** Publishes the system's API as `game.system.api`, for macros and modules. */
export function publishApi(api: object): void {
  (game.system as unknown as { api: object }).api = api;
}

/** The system's API as a macro reaches it (`game.system.api`); undefined before it is published. */
export function publishedApi(): unknown {
  return (game.system as unknown as { api?: unknown }).api;
}

interface AnySettings {
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

/** One of the system's settings by a key known only at run time (the typed keys are in SettingConfig). */
export function systemSetting(key: string): unknown {
  return (game.settings as unknown as AnySettings).get(SYSTEM_ID, key);
}

/** Writes one of the system's settings by a key known only at run time; core checks the value. */
export async function setSystemSetting(key: string, value: unknown): Promise<void> {
  await (game.settings as unknown as AnySettings).set(SYSTEM_ID, key, value);
}

/** A core client setting by key, including those the v13 types do not list (v14's `messageMode`). */
export function coreSetting(key: string): unknown {
  return (game.settings as unknown as { get(namespace: "core", key: string): unknown }).get("core", key);
}

/** ChatMessage's visibility statics: v13's `applyRollMode`, v14's `applyMode` (no v14 types exist). */
export interface ChatModeStatics {
  applyMode?: (data: { whisper?: string[]; blind?: boolean }, mode: string) => unknown;
  applyRollMode?: (data: { whisper?: string[]; blind?: boolean }, mode: string) => unknown;
}

export function chatModeStatics(): ChatModeStatics {
  return ChatMessage as unknown as ChatModeStatics;
}
