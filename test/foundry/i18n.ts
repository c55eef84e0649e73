import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export type Translations = Record<string, unknown>;

/** Reads one of the system's real language files. */
export function loadLang(lang: "en" | "fr", root = process.cwd()): Translations {
  return JSON.parse(readFileSync(resolve(root, "lang", `${lang}.json`), "utf8")) as Translations;
}

/** Every dotted key of a nested translation object (its leaves). */
export function flattenKeys(obj: Translations, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? flattenKeys(v as Translations, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(obj: Translations, key: string): unknown {
  // Foundry accepts both nested objects and flat dotted keys; the system uses nested ones.
  if (key in obj) return obj[key];
  let node: unknown = obj;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Translations)[part];
  }
  return node;
}

/**
 * Foundry's `game.i18n`, on the real lang files. Like Foundry, an unknown key comes back
 * unchanged; unlike Foundry there is no English fallback for a missing French key — the system
 * keeps both files complete, and this makes a gap visible. `missing` records every miss.
 */
export class LocalizationDouble {
  readonly missing = new Set<string>();
  translations: Translations;

  constructor(public lang: "en" | "fr" = "en") {
    this.translations = loadLang(lang);
  }

  has(key: string): boolean {
    return typeof lookup(this.translations, key) === "string";
  }

  localize(key: string): string {
    const value = lookup(this.translations, key);
    if (typeof value === "string") return value;
    this.missing.add(key);
    return key;
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{([^}]+)}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
  }
}
