import { INITIATIVE_SPEND_CHOICES } from "../../settings/combat";
import { templatePath } from "../../foundry/system";
import type { WuxiaCharacterModel } from "../../documents/actors/wuxia-character";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HERO_TYPES,
  HERO_TYPE_LABEL_PREFIX,
  RULES_HERO_TYPE,
  WUXIA_ATTRIBUTES,
  WUXIA_PRIORITY_KEYS,
  type PowerType,
  type WuxiaAttributeKey,
  ZODIAC_LABEL_PREFIX,
  ZODIAC_SIGNS,
  choiceLabels,
} from "../../rules/vocabulary";
import type { WuxiaSkillModel } from "../../documents/items/wuxia-skill";
import { t } from "../../core/i18n";
import { signed } from "../../core/format";
import { updateSystem } from "../../foundry/write";
import { validateWuxiaCreation, type WuxiaCreationTable } from "../../rules";
import { budgetTexts, powerTypeOf, wuxiaCreationProblemText } from "../../creation/wuxia-creation";
import { openWuxiaBuilder } from "../../creation/wuxia-builder-dialog";
import { isCreated } from "../../creation/finished";
import { toggleCreated } from "./creation-finished";
import { wuxiaRuleOptions } from "../../settings/house-rules";
import { SystemActorSheet, type ItemRow } from "../base/actor-sheet";
import { notifyError } from "../../core/errors";
import { purchaseControls } from "../level-purchase-controls";
import {
  buyWuxiaAttribute,
  buyWuxiaItemLevel,
  lastWuxiaPurchase,
  undoWuxiaPurchase,
  wuxiaNextCost,
} from "../../creation/level-purchase";

type WuxiaSystem = WuxiaCharacterModel;
type SkillRow = ItemRow & { system: WuxiaSkillModel };

/** The priorities for which RULES 1.2 gives the figures (the rest are house rules). */
const BOOK_PRIORITIES: Record<string, readonly number[]> = { attributes: [1, 5], powers: [1, 5] };

/** Sheet of a Wuxia hero or individual NPC. */
export class WuxiaCharacterSheet extends SystemActorSheet {
  static override DEFAULT_OPTIONS: typeof SystemActorSheet.DEFAULT_OPTIONS = {
    classes: ["wuxia"],
    actions: {
      restoreChi: WuxiaCharacterSheet.#onRestoreChi,
      buyLevel: WuxiaCharacterSheet.#onBuyLevel,
      undoLevel: WuxiaCharacterSheet.#onUndoLevel,
      openBuilder: WuxiaCharacterSheet.#onOpenBuilder,
      toggleCreated: toggleCreated,
    },
  };

  /** The creation builder (RULES 1.2). */
  static async #onOpenBuilder(this: WuxiaCharacterSheet): Promise<void> {
    await openWuxiaBuilder(this.actor);
  }

  /**
   * Chi back to the full reserve (rest, meditation: the GM's call, RULES 1.1), once asked "are
   * you sure?" — the button sits beside the chi field, and a slip would undo the fight's spending.
   */
  static async #onRestoreChi(this: WuxiaCharacterSheet): Promise<void> {
    if (!this.isEditable) return;
    const system = this.actor.system as WuxiaSystem;
    if (system.chi.value >= system.chi.max) return;
    const text = document.createElement("p");
    text.textContent = t("WH.Sheet.Wuxia.RestoreChiConfirm", {
      name: this.actor.name ?? "",
      value: system.chi.value,
      max: system.chi.max,
    });
    const confirmed = await foundry.applications.api.DialogV2.confirm({
      window: { title: t("WH.Sheet.Wuxia.RestoreChi") },
      content: text.outerHTML,
    });
    if (confirmed !== true) return;
    await updateSystem(this.actor as Actor.OfType<"wuxiaCharacter">, { chi: { value: system.chi.max } });
  }

  /** An Attribute (`data-key`) or the skill or power of the row raised one level with the XP pool. */
  static async #onBuyLevel(this: WuxiaCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#rowItem(target);
    const key = target.dataset.key as WuxiaAttributeKey | undefined;
    await (item ? buyWuxiaItemLevel(item) : key ? buyWuxiaAttribute(this.hero, key) : Promise.resolve()).catch(
      notifyError,
    );
  }

  /** The GM takes back the last level bought. */
  static async #onUndoLevel(this: WuxiaCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const targetId = this.#rowItem(target)?.id ?? target.dataset.key ?? "";
    await undoWuxiaPurchase(this.hero, targetId).catch(notifyError);
  }

  #rowItem(target: HTMLElement): Item.OfType<"wuxiaSkill"> | Item.OfType<"wuxiaPower"> | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.actor.items.get(id) : undefined;
    return item?.type === "wuxiaSkill" || item?.type === "wuxiaPower"
      ? (item as Item.OfType<"wuxiaSkill"> | Item.OfType<"wuxiaPower">)
      : undefined;
  }

  private get hero(): Actor.OfType<"wuxiaCharacter"> {
    return this.actor as Actor.OfType<"wuxiaCharacter">;
  }

  /** The level bought with the XP pool: the button when the pool reaches the cost, the GM's undo of the last one. */
  private purchase(kind: "attribute" | "skill", level: number, target: string) {
    const system = this.actor.system as WuxiaSystem;
    return purchaseControls(
      { level, xp: system.experience, cost: wuxiaNextCost(kind, level) },
      lastWuxiaPurchase(this.hero, target),
      this.isEditable && !system.npc,
      String,
    );
  }

  static override TABS = {
    primary: {
      tabs: [
        { id: "main", icon: "fa-solid fa-yin-yang", cssClass: "" },
        { id: "skills", icon: "fa-solid fa-scroll", cssClass: "" },
        { id: "powers", icon: "fa-solid fa-dragon", cssClass: "" },
        { id: "combat", icon: "fa-solid fa-khanda", cssClass: "" },
        { id: "effects", icon: "fa-solid fa-bolt", cssClass: "" },
        { id: "biography", icon: "fa-solid fa-feather", cssClass: "" },
      ],
      initial: "main",
      labelPrefix: "WH.Sheet.Tab",
    },
  };

  /** An NPC in play mode: one compact stat block instead of tabs that are mostly empty for it. */
  static STATBLOCK_PARTS = {
    header: { template: templatePath("actors/wuxia/header.hbs") },
    statblock: { template: templatePath("actors/wuxia/statblock.hbs"), scrollable: [""] },
  };

  static override PARTS = {
    header: { template: templatePath("actors/wuxia/header.hbs") },
    tabs: { template: templatePath("sheets/tabs.hbs") },
    main: { template: templatePath("actors/wuxia/main.hbs"), scrollable: [""] },
    skills: { template: templatePath("actors/wuxia/skills.hbs"), scrollable: [""] },
    powers: { template: templatePath("actors/wuxia/powers.hbs"), scrollable: [""] },
    combat: { template: templatePath("actors/wuxia/combat.hbs"), scrollable: [""] },
    effects: { template: templatePath("actors/shared/effects.hbs"), scrollable: [""] },
    biography: { template: templatePath("actors/wuxia/biography.hbs"), scrollable: [""] },
  };

  override async _prepareContext(options: Parameters<SystemActorSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    return Object.assign(context, { npc: (this.actor.system as WuxiaSystem).npc });
  }

  protected override async partContext(partId: string): Promise<Record<string, unknown>> {
    const system = this.actor.system as WuxiaSystem;
    switch (partId) {
      case "header":
        return this.headerContext(system);
      case "main":
        return this.mainContext(system);
      case "skills":
        return { skillGroups: this.skillGroups() };
      case "powers":
        return {
          powers: this.itemRows("wuxiaPower").map((row) => ({
            ...row,
            ...this.purchase("skill", (row.system as { level: number }).level, row.id),
          })),
          zodiacLists: [
            { type: "wuxiaTrait", label: "WH.Sheet.Wuxia.Traits", rows: this.itemRows("wuxiaTrait") },
            { type: "wuxiaDrame", label: "WH.Sheet.Wuxia.Drames", rows: this.itemRows("wuxiaDrame") },
          ],
        };
      case "combat":
        return this.combatContext(system);
      case "biography":
        return {
          concept: ["origin", "impression", "motivations", "qualities", "flaws", "likes", "dislikes"].map((key) => ({
            key,
            label: `WH.Actor.Wuxia.FIELDS.concept.${key}.label`,
            name: `system.concept.${key}`,
            value: system.concept[key as keyof WuxiaSystem["concept"]],
          })),
          biographyHTML: await this.enrich(system.biography),
        };
      case "statblock":
        return {
          attributes: this.attributeRows(system),
          powers: this.itemRows("wuxiaPower"),
          weapons: this.itemRows("wuxiaWeapon"),
          skills: this.skills().map((skill) => ({
            id: skill.id,
            name: skill.name,
            level: skill.system.use.competence,
          })),
        };
      default:
        return {};
    }
  }

  private skills(): SkillRow[] {
    return this.itemRows("wuxiaSkill") as SkillRow[];
  }

  private attributeRows(system: WuxiaSystem) {
    return WUXIA_ATTRIBUTES.map((key) => ({
      key,
      label: `${ATTRIBUTE_LABEL_PREFIX}.${key}`,
      value: system.attributes[key],
      name: `system.attributes.${key}`,
    }));
  }

  private headerContext(system: WuxiaSystem) {
    return {
      chiFull: system.chi.value >= system.chi.max,
      // The wound level against its thresholds (RULES 1.1): a bar with a tick at each, and the SR penalty now.
      woundBar: {
        fill: Math.min(100, system.wounds.max > 0 ? (100 * system.wounds.value) / system.wounds.max : 0),
        ticks: system.wounds.thresholds
          .filter((at) => at > 0 && at < system.wounds.max)
          .map((at) => ({ at: (100 * at) / system.wounds.max, reached: system.wounds.value >= at })),
        label: t("WH.Sheet.Wuxia.WoundBar", {
          value: system.wounds.value,
          max: system.wounds.max,
          penalty: signed(system.wounds.penalty),
        }),
        penalty: system.wounds.penalty
          ? t("WH.Sheet.Wuxia.SrPenaltyNow", { penalty: signed(system.wounds.penalty) })
          : null,
      },
      // What the table must not miss, in the header where it is seen first.
      fates: [
        ...(system.wounds.dead
          ? [
              {
                key: "dead",
                icon: "fa-skull",
                text: t("WH.Sheet.Fate.Dead", { value: system.wounds.value, max: system.wounds.max }),
              },
            ]
          : []),
        ...(system.panic.mustFlee
          ? [{ key: "flee", icon: "fa-person-running", text: t("WH.Sheet.Fate.MustFlee") }]
          : []),
      ],
      zodiacLabel: system.zodiac ? `${ZODIAC_LABEL_PREFIX}.${system.zodiac}` : "WH.Sheet.None",
      heroTypeLabel: system.heroType ? `${HERO_TYPE_LABEL_PREFIX}.${system.heroType}` : "WH.Sheet.None",
    };
  }

  private mainContext(system: WuxiaSystem) {
    const rules = wuxiaRuleOptions();
    return {
      attributes: this.attributeRows(system).map((row) => ({
        ...row,
        ...this.purchase("attribute", row.value, row.key),
      })),
      attributeSum: WUXIA_ATTRIBUTES.reduce((sum, key) => sum + system.attributes[key], 0),
      zodiacChoices: choiceLabels(ZODIAC_SIGNS, ZODIAC_LABEL_PREFIX),
      heroTypeChoices: choiceLabels(HERO_TYPES, HERO_TYPE_LABEL_PREFIX),
      woundThresholds: system.wounds.thresholds.map((level, i) => ({
        level,
        penalty: rules.woundPenalties[i] ?? 0,
        reached: system.wounds.value >= level,
      })),
      panicThresholds: system.panic.thresholds.map((level, i, all) => ({
        level,
        penalty: rules.panicPenalties[i] ?? 0,
        flee: i === all.length - 1,
        reached: system.panic.value >= level,
      })),
      creation: system.npc
        ? null
        : this.creation(
            system,
            { skills: this.skills(), powers: this.itemRows("wuxiaPower"), traits: this.itemRows("wuxiaTrait") },
            rules.creation,
          ),
    };
  }

  private skillGroups() {
    const skills = this.skills().map((skill) => ({
      ...skill,
      ...(skill.system.use.kind === "specialisation" ? {} : this.purchase("skill", skill.system.level, skill.id)),
      // Written here, not in the template, for French elision (« spécialisation d'Artisan »).
      specialisationOf:
        skill.system.use.kind === "specialisation"
          ? t("WH.Sheet.Wuxia.SpecialisationOf", {
              parent: skill.system.parentSkill,
              competence: skill.system.use.competence,
              rerolls: skill.system.use.rerolls,
            })
          : null,
    }));
    return [
      {
        category: "metier",
        label: "WH.Sheet.Wuxia.Metiers",
        rows: skills.filter((s) => s.system.category === "metier"),
      },
      {
        category: "profession",
        label: "WH.Sheet.Wuxia.Professions",
        rows: skills.filter((s) => s.system.category === "profession"),
      },
      {
        category: "narrow",
        label: "WH.Sheet.Wuxia.Narrow",
        rows: skills.filter((s) => s.system.category === "narrow"),
        narrow: true,
      },
    ];
  }

  private combatContext(system: WuxiaSystem) {
    const skills = this.skills();
    return {
      combatSkillChoices: Object.fromEntries(skills.map((s) => [s.id, s.name])),
      combatSkillName: skills.find((s) => s.id === system.combat.skill)?.name ?? t("WH.Sheet.None"),
      spendChoices: INITIATIVE_SPEND_CHOICES,
      spendLabel: system.combat.spend ? INITIATIVE_SPEND_CHOICES[system.combat.spend] : "WH.Sheet.Wuxia.WorldDefault",
      weapons: this.itemRows("wuxiaWeapon").map((row) => ({
        ...row,
        skillName: this.weaponSkillName((row.system as { skill: string }).skill, "wuxiaSkill", "wuxiaPower"),
      })),
      armours: this.itemRows("wuxiaArmour"),
    };
  }

  /** The creation priorities with what each buys and what is spent (RULES 1.2). */
  private creation(
    system: WuxiaSystem,
    items: { skills: SkillRow[]; powers: ItemRow[]; traits: ItemRow[] },
    creation: WuxiaCreationTable,
  ) {
    const check = validateWuxiaCreation(
      {
        priorities: { ...system.priorities },
        attributes: { ...system.attributes },
        skillLevels: items.skills.filter((s) => s.system.use.kind !== "specialisation").map((s) => s.system.level),
        powerLevels: items.powers.map((p) => (p.system as { level: number }).level),
        powerTypes: items.powers.map((p) => powerTypeOf((p.system as { heroType: PowerType }).heroType)),
        traits: items.traits.length,
        experience: system.experience,
        ...(system.heroType ? { heroType: RULES_HERO_TYPE[system.heroType] } : {}),
      },
      { creation },
    );
    const powerNames = items.powers.map((p) => p.name);
    const budget = check.budget;
    const limits: Record<string, string | undefined> = budgetTexts(budget);
    // A finished hero is no longer measured against its creation budget: experience changes it.
    const finished = isCreated(this.actor);
    return {
      finished,
      valid: check.valid,
      rows: WUXIA_PRIORITY_KEYS.map((key) => ({
        key,
        label: `WH.Actor.Wuxia.FIELDS.priorities.${key}.label`,
        name: `system.priorities.${key}`,
        priority: system.priorities[key],
        buys: limits[key] ?? "",
        houseRule: !(BOOK_PRIORITIES[key] ?? []).includes(system.priorities[key]),
        spent: check.spent[key],
      })),
      problems: finished ? [] : check.problems.map((p) => wuxiaCreationProblemText(p, powerNames)),
      canBuild: this.actor.isOwner && (this.editMode || !finished),
    };
  }
}
