export interface SettingConfigDouble {
  name?: string;
  hint?: string;
  scope?: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  default?: unknown;
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
  /** Not in Foundry's config: a setting kept only as a shim over another (a renamed setting). */
  shim?: { get(): unknown; set(value: unknown): Promise<unknown> };
}

/** The acting user as the settings see it (`game.user`). */
interface SettingUser {
  name: string;
  can(permission: string): boolean;
}

/**
 * `game.settings`: register/get/set with defaults, `choices` and `range` checked on `set`.
 * A world setting is a Setting document, and the server refuses its write to a user without
 * SETTINGS_MODIFY (CONST.USER_PERMISSIONS, default role ASSISTANT; Foundry's settings.js refuses
 * with "User … lacks permission to update the World setting …").
 * Simpler than Foundry: values live in memory (no database, no per-user storage) and `set` is
 * synchronous underneath its promise.
 */
export class SettingsDouble {
  readonly settings = new Map<string, SettingConfigDouble & { namespace: string; key: string }>();
  readonly menus = new Map<string, Record<string, unknown>>();
  #values = new Map<string, unknown>();

  register(namespace: string, key: string, config: SettingConfigDouble): void {
    this.settings.set(`${namespace}.${key}`, { ...config, namespace, key });
  }

  registerMenu(namespace: string, key: string, config: Record<string, unknown>): void {
    this.menus.set(`${namespace}.${key}`, config);
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    if (config.shim) return config.shim.get();
    return this.#values.has(id) ? this.#values.get(id) : config.default;
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    if (config.shim) return config.shim.set(value);
    const user = (globalThis as { game?: { user?: SettingUser } }).game?.user;
    if (config.scope === "world" && user && !user.can("SETTINGS_MODIFY"))
      throw new Error(`User ${user.name} lacks permission to update the World setting ${id}`);
    if (config.choices && !(String(value) in config.choices))
      throw new Error(`${id}: "${String(value)}" is not a valid choice`);
    if (config.range && typeof value === "number" && (value < config.range.min || value > config.range.max)) {
      throw new Error(`${id}: ${value} is outside ${config.range.min}..${config.range.max}`);
    }
    this.#values.set(id, value);
    config.onChange?.(value);
    return value;
  }
}
