import { templatePath } from "../../foundry/system";
import { t } from "../../core/i18n";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  HERO_TYPE_LABEL_PREFIX,
  POWER_TYPES,
  SKILL_CATEGORY_LABEL_PREFIX,
  WEAPON_RANGES,
  WEAPON_RANGE_LABEL_PREFIX,
  WUXIA_ATTRIBUTES,
  WUXIA_SKILL_CATEGORIES,
  ZODIAC_LABEL_PREFIX,
  ZODIAC_SIGNS,
  choiceLabels,
} from "../../rules/vocabulary";
import { applyInlineEdit, inputValue, refuseSubmission } from "../inline-edit";
import { HandlebarsItemSheet } from "../../foundry/applications";
import { enrichFor } from "../enrich";
import { identifierOf, slugOf } from "../../documents/items/identifier";

/** The parts of an item sheet: the shared header and description around the type's details. */
export function itemParts(details: string) {
  return {
    header: { template: templatePath("items/header.hbs") },
    details: { template: templatePath(`items/${details}.hbs`) },
    description: { template: templatePath("items/description.hbs") },
  };
}

/** Every choice list an item sheet may offer, as `selectOptions` takes them. */
/** The skill a weapon uses, for each weapon type. */
const WEAPON_SKILL_TYPE: Record<string, string> = { wuxiaWeapon: "wuxiaSkill", harmoniesWeapon: "harmoniesSkill" };

/**
 * An owned weapon's skill is chosen among its actor's skills, so that a typo cannot silently
 * drop it, and stored by the skill's identifier, so that renaming the skill keeps it; one the
 * actor no longer has stays offered, marked, until another is chosen. Null for a weapon of no
 * actor (a world or compendium item) or of an actor with no skill: the skill's name is typed.
 */
function weaponSkillChoices(item: Item.Implementation): Record<string, string> | null {
  const skillType = WEAPON_SKILL_TYPE[item.type];
  if (!skillType || !item.actor) return null;
  const skills = item.actor.items
    .filter((i) => i.type === skillType)
    .map((i) => ({ identifier: identifierOf(i), name: i.name ?? "" }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const choices: Record<string, string> = Object.fromEntries(skills.map((s) => [s.identifier, s.name]));
  const current = (item.system as { skill?: string }).skill ?? "";
  if (current && !(slugOf(current) in choices)) choices[current] = t("WH.Sheet.SkillNotOwned", { name: current });
  return Object.keys(choices).length ? choices : null;
}

/** The stored skill as the select reads it: a weapon made before identifiers names its skill. */
function weaponSkillSelected(item: Item.Implementation, choices: Record<string, string> | null): string {
  const current = (item.system as { skill?: string }).skill ?? "";
  return choices && slugOf(current) in choices ? slugOf(current) : current;
}

const ITEM_CHOICES = {
  categories: choiceLabels(WUXIA_SKILL_CATEGORIES, SKILL_CATEGORY_LABEL_PREFIX),
  powerTypes: choiceLabels(POWER_TYPES, HERO_TYPE_LABEL_PREFIX),
  wuxiaAttributes: choiceLabels(WUXIA_ATTRIBUTES, ATTRIBUTE_LABEL_PREFIX),
  zodiac: choiceLabels(ZODIAC_SIGNS, ZODIAC_LABEL_PREFIX),
  characteristics: choiceLabels(HARMONIES_CHARACTERISTICS, ATTRIBUTE_LABEL_PREFIX),
  means: choiceLabels(HARMONIES_MEANS, ATTRIBUTE_LABEL_PREFIX),
  ranges: choiceLabels(WEAPON_RANGES, WEAPON_RANGE_LABEL_PREFIX),
};

/** What every item sheet shares: header, description, choice lists, in-place list editing. */
export class SystemItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: typeof foundry.applications.sheets.ItemSheetV2.DEFAULT_OPTIONS = {
    classes: ["wuxia-harmonies", "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  override async _prepareContext(options: Parameters<InstanceType<typeof HandlebarsItemSheet>["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.item;
    const system = item.system as { description?: string };
    const skillChoices = weaponSkillChoices(item);
    return Object.assign(context, {
      item,
      system: item.system,
      editable: this.isEditable,
      owner: item.actor ?? null,
      typeLabel: `TYPES.Item.${item.type}`,
      choices: ITEM_CHOICES,
      descriptionHTML: await enrichFor(item, system.description ?? ""),
      skillChoices,
      skillSelected: weaponSkillSelected(item, skillChoices),
    });
  }

  override async _onFirstRender(...args: Parameters<InstanceType<typeof HandlebarsItemSheet>["_onFirstRender"]>) {
    await super._onFirstRender(...args);
    this.element.addEventListener("change", (event) => void this.#onListChange(event));
  }

  override _prepareSubmitData(...args: Parameters<InstanceType<typeof HandlebarsItemSheet>["_prepareSubmitData"]>) {
    try {
      return super._prepareSubmitData(...args);
    } catch (error) {
      return refuseSubmission(this, error);
    }
  }

  /** A textarea marked `data-list-field` holds a list, one entry a line. */
  async #onListChange(event: Event): Promise<void> {
    const input = (event.target as HTMLElement | null)?.closest<HTMLTextAreaElement>("[data-list-field]");
    if (!input?.dataset.listField || !this.isEditable) return;
    event.stopPropagation();
    const entries = String(inputValue(input) ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const ok = await applyInlineEdit(this.item, input.dataset.listField, entries);
    if (!ok) await this.render();
  }
}
