import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export type Translations = Record<string, unknown>;

/**
 * The names of core's status effects (`CONFIG.statusEffects`, the double's `coreStatusEffects`),
 * which core's own language files carry: English as core ships it, French as the French core
 * translation gives it. A sheet that names an effect's statuses reads them.
 */
const CORE_STATUS_NAMES: Record<"en" | "fr", Translations> = {
  en: {
    "EFFECT.StatusDead": "Dead",
    "EFFECT.StatusUnconscious": "Unconscious",
    "EFFECT.StatusAsleep": "Asleep",
    "EFFECT.StatusStunned": "Stunned",
    "EFFECT.StatusProne": "Prone",
    "EFFECT.StatusBlind": "Blind",
    "EFFECT.StatusFear": "Fear",
    "EFFECT.StatusInvisible": "Invisible",
  },
  fr: {
    "EFFECT.StatusDead": "Mort",
    "EFFECT.StatusUnconscious": "Inconscient",
    "EFFECT.StatusAsleep": "Endormi",
    "EFFECT.StatusStunned": "Étourdi",
    "EFFECT.StatusProne": "À terre",
    "EFFECT.StatusBlind": "Aveugle",
    "EFFECT.StatusFear": "Effrayé",
    "EFFECT.StatusInvisible": "Invisible",
  },
};

/** Reads one of the system's real language files, with the core status names beside it. */
export function loadLang(lang: "en" | "fr", root = process.cwd()): Translations {
  const system = JSON.parse(readFileSync(resolve(root, "lang", `${lang}.json`), "utf8")) as Translations;
  return { ...CORE_STATUS_NAMES[lang], ...system };
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
    return this.localize(key).replace(/{([^}]+)}/g, (whole, name: string) =>
      name in data ? String(data[name]) : whole,
    );
  }
}

interface LocalizableField {
  label: string;
  hint: string;
  fieldPath: string;
  fields?: Record<string, LocalizableField>;
}

/**
 * Foundry's `Localization.localizeDataModel`, run for every registered data model once the
 * language is loaded (before `i18nInit`): each field's `label`/`hint` comes from
 * `${prefix}.FIELDS.${fieldPath}` of the model's LOCALIZATION_PREFIXES, later prefixes replacing
 * earlier ones key by key at the top level as Foundry's `Object.assign` does. Simpler than
 * Foundry: no English fallback, and the inner fields of an ArrayField's element are not visited.
 */
export function localizeDataModel(
  model: { LOCALIZATION_PREFIXES: string[]; schema: { fields: Record<string, LocalizableField> } },
  i18n: LocalizationDouble,
): void {
  const rules: Translations = {};
  for (const prefix of model.LOCALIZATION_PREFIXES) {
    const fields = lookup(i18n.translations, `${prefix}.FIELDS`);
    if (fields && typeof fields === "object") Object.assign(rules, fields);
  }
  const visit = (field: LocalizableField): void => {
    const rule = lookup(rules, field.fieldPath) as { label?: unknown; hint?: unknown } | undefined;
    // Foundry passes these through localize(); they are already the translated text.
    if (typeof rule?.label === "string") field.label = rule.label;
    if (typeof rule?.hint === "string") field.hint = rule.hint;
    for (const inner of Object.values(field.fields ?? {})) visit(inner);
  };
  for (const field of Object.values(model.schema.fields)) visit(field);
}
