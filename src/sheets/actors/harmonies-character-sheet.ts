import { notifyError } from "../../core/errors";
import { suddenActionCheck } from "../../combat/wound-checks";
import { templatePath } from "../../foundry/system";
import {
  STUNNED_STATUS,
  type HarmoniesCharacterModel,
  type HarmoniesScore,
} from "../../documents/actors/harmonies-character";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  type HarmoniesAttributeKey,
} from "../../rules/vocabulary";
import type { HarmoniesSkillModel } from "../../documents/items/harmonies-skill";
import { normaliseName } from "../../documents/items/identifier";
import { signed } from "../../core/format";
import { t } from "../../core/i18n";
import {
  WOUND_LEVELS,
  addWound,
  attackDamage,
  healWound,
  qualifiesAs,
  soakModifier,
  type WoundLevel,
} from "../../rules";
import { harmoniesRuleOptions } from "../../settings/house-rules";
import { SystemActorSheet, type ItemRow } from "../base/actor-sheet";
import { applyInlineEdit } from "../inline-edit";
import { purchaseControls } from "../level-purchase-controls";
import { buyAttributeLevel, buySkillLevel, lastPurchase, undoPurchase } from "../../creation/level-purchase";
import { attributeRoll } from "../../creation/attribute-generation";
import { isCreated } from "../../creation/finished";
import { toggleCreated } from "./creation-finished";
import { openAttributeGeneration } from "../../creation/attribute-generation-dialog";
import { appliedPackage } from "../../creation/beginner-package";
import { openBeginnerPackage } from "../../creation/beginner-package-dialog";
import { skillSetOffers, takeSkillSet } from "../../creation/skill-set-offers";

type HarmoniesSystem = HarmoniesCharacterModel;

function scoreRows(
  actor: Actor.OfType<"harmoniesCharacter">,
  group: "characteristics" | "means",
  keys: readonly HarmoniesAttributeKey[],
  editable: boolean,
) {
  const scores = actor.system[group] as Record<string, HarmoniesScore>;
  return keys.map((key) => ({
    key,
    label: `${ATTRIBUTE_LABEL_PREFIX}.${key}`,
    abbr: `WH.AttributeAbbr.${key}`,
    ...scores[key],
    valueText: signed(scores[key]?.value ?? 0),
    raceText: signed(scores[key]?.race ?? 0),
    totalText: signed(scores[key]?.total ?? 0),
    path: `system.${group}.${key}`,
    ...purchaseControls(
      { level: scores[key]?.value ?? 0, xp: scores[key]?.xp ?? 0, cost: scores[key]?.nextLevelCost ?? null },
      lastPurchase(actor, key),
      editable,
    ),
  }));
}

/** The wound track as rows of boxes, one per wound, marked when over the room the track has. */
function woundTrack(system: HarmoniesSystem) {
  return WOUND_LEVELS.map((level) => ({
    level,
    label: `WH.Actor.Harmonies.FIELDS.wounds.${level}.label`,
    name: `system.wounds.${level}`,
    maxName: `system.woundMaxima.${level}`,
    count: system.wounds[level],
    max: system.woundMaxima[level],
    // More than the track holds (typed in, or its room lowered since): said, not drawn as if normal.
    over:
      system.wounds[level] > system.woundMaxima[level]
        ? t("WH.Sheet.Harmonies.OverTrack", {
            level: t(`WH.Actor.Harmonies.FIELDS.wounds.${level}.label`),
            count: system.wounds[level],
            max: system.woundMaxima[level],
          })
        : null,
    boxes: Array.from({ length: Math.max(system.wounds[level], system.woundMaxima[level]) }, (_, i) => ({
      filled: i < system.wounds[level],
      over: i >= system.woundMaxima[level],
    })),
  }));
}

/** The 16 fields of action, characteristic + means, each a one-click roll (RULES 2.1). */
function fieldGrid(system: HarmoniesSystem) {
  return {
    means: HARMONIES_MEANS.map((key) => ({
      key,
      abbr: `WH.AttributeAbbr.${key}`,
      label: `${ATTRIBUTE_LABEL_PREFIX}.${key}`,
    })),
    rows: HARMONIES_CHARACTERISTICS.map((c) => ({
      key: c,
      abbr: `WH.AttributeAbbr.${c}`,
      label: `${ATTRIBUTE_LABEL_PREFIX}.${c}`,
      cells: HARMONIES_MEANS.map((m) => {
        const total = system.characteristics[c].total + system.means[m].total;
        return {
          means: m,
          text: signed(total),
          title: t("WH.Sheet.Harmonies.FieldOfAction", {
            characteristic: t(`${ATTRIBUTE_LABEL_PREFIX}.${c}`),
            means: t(`${ATTRIBUTE_LABEL_PREFIX}.${m}`),
            value: signed(total),
          }),
        };
      }),
    })),
  };
}

/** Sheet of a Harmonies character or individual NPC. */
export class HarmoniesCharacterSheet extends SystemActorSheet {
  static override DEFAULT_OPTIONS: typeof SystemActorSheet.DEFAULT_OPTIONS = {
    classes: ["harmonies"],
    actions: {
      addWound: HarmoniesCharacterSheet.#onAddWound,
      healWound: HarmoniesCharacterSheet.#onHealWound,
      toggleStunned: HarmoniesCharacterSheet.#onToggleStunned,
      suddenAction: HarmoniesCharacterSheet.#onSuddenAction,
      buyLevel: HarmoniesCharacterSheet.#onBuyLevel,
      generateAttributes: HarmoniesCharacterSheet.#onGenerateAttributes,
      beginnerPackage: HarmoniesCharacterSheet.#onBeginnerPackage,
      takeSkillSet: HarmoniesCharacterSheet.#onTakeSkillSet,
      undoLevel: HarmoniesCharacterSheet.#onUndoLevel,
      toggleCreated: toggleCreated,
    },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "main", icon: "fa-solid fa-user", cssClass: "" },
        { id: "skills", icon: "fa-solid fa-scroll", cssClass: "" },
        { id: "metiers", icon: "fa-solid fa-briefcase", cssClass: "" },
        { id: "combat", icon: "fa-solid fa-shield-halved", cssClass: "" },
        { id: "effects", icon: "fa-solid fa-bolt", cssClass: "" },
        { id: "biography", icon: "fa-solid fa-feather", cssClass: "" },
      ],
      initial: "main",
      labelPrefix: "WH.Sheet.Tab",
    },
  };

  /** An NPC in play mode: one compact stat block instead of tabs that are mostly empty for it. */
  static STATBLOCK_PARTS = {
    header: { template: templatePath("actors/harmonies/header.hbs") },
    statblock: { template: templatePath("actors/harmonies/statblock.hbs"), scrollable: [""] },
  };

  static override PARTS = {
    header: { template: templatePath("actors/harmonies/header.hbs") },
    tabs: { template: templatePath("sheets/tabs.hbs") },
    main: { template: templatePath("actors/harmonies/main.hbs"), scrollable: [""] },
    skills: { template: templatePath("actors/harmonies/skills.hbs"), scrollable: [""] },
    metiers: { template: templatePath("actors/harmonies/metiers.hbs"), scrollable: [""] },
    combat: { template: templatePath("actors/harmonies/combat.hbs"), scrollable: [""] },
    effects: { template: templatePath("actors/shared/effects.hbs"), scrollable: [""] },
    biography: { template: templatePath("actors/harmonies/biography.hbs"), scrollable: [""] },
  };

  override async _prepareContext(options: Parameters<SystemActorSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    return Object.assign(context, { npc: (this.actor.system as HarmoniesSystem).npc });
  }

  protected override async partContext(partId: string): Promise<Record<string, unknown>> {
    const system = this.actor.system as HarmoniesSystem;
    switch (partId) {
      case "header":
        return this.headerContext(system);
      case "main":
        return {
          scoreTables: [
            {
              label: "WH.Actor.Harmonies.FIELDS.characteristics.label",
              rows: scoreRows(this.harmoniesActor, "characteristics", HARMONIES_CHARACTERISTICS, this.isEditable),
            },
            {
              label: "WH.Actor.Harmonies.FIELDS.means.label",
              rows: scoreRows(this.harmoniesActor, "means", HARMONIES_MEANS, this.isEditable),
            },
          ],
          fieldGrid: fieldGrid(system),
          attributeRoll: system.npc ? null : this.attributeRollContext(),
          creation: system.npc || !this.editMode ? null : { finished: isCreated(this.actor) },
        };
      case "skills":
        return { skills: this.skillRows() };
      case "metiers": {
        const skills = this.skills();
        return {
          skillSets: [
            this.skillSetList("harmoniesMetier", "metier", skills),
            this.skillSetList("harmoniesHobby", "hobby", skills),
          ],
          offers: this.actor.isOwner && !system.npc ? this.offerRows() : [],
          // A player applies the package once; the GM may again. A finished character: in edit mode only.
          beginnerPackage:
            !system.npc && this.actor.isOwner && this.inCreation && (!appliedPackage(this.actor) || game.user.isGM),
        };
      }
      case "combat":
        return {
          ...this.armsContext(system),
          woundTrack: woundTrack(system),
          armours: this.itemRows("harmoniesArmour"),
        };
      case "statblock":
        return { ...this.armsContext(system), fieldGrid: fieldGrid(system), skills: this.skillRows() };
      case "biography":
        return { biographyHTML: await this.enrich(system.biography) };
      default:
        return {};
    }
  }

  /** The world's métiers and hobbies the character now qualifies for (RULES 2.3), each to take. */
  private offerRows() {
    return skillSetOffers(this.harmoniesActor).map((offer) => ({
      ...offer,
      text: t(offer.kind === "metier" ? "WH.Sheet.Harmonies.Offer.Metier" : "WH.Sheet.Harmonies.Offer.Hobby", {
        name: offer.name,
        skills: offer.skills.map((s) => `${s.name} ${signed(s.level)}`).join(", "),
      }),
    }));
  }

  /** Where the character's attribute roll stands (RULES 2.1), and whether this user may open it. */
  private attributeRollContext() {
    const record = attributeRoll(this.actor);
    const results = record?.kept.map(signed).join(", ") ?? "";
    const summary = !record
      ? null
      : t(record.applied ? "WH.Creation.Harmonies.Summary" : "WH.Creation.Harmonies.Pending", {
          attempt: record.attempt,
          results,
        });
    const canOpen = this.actor.isOwner && this.inCreation && (!record?.applied || game.user.isGM);
    return summary || canOpen ? { summary, canOpen } : null;
  }

  /** Whether the creation buttons show: while the character is unfinished, or in edit mode. */
  private get inCreation(): boolean {
    return this.editMode || !isCreated(this.actor);
  }

  private skills(): (ItemRow & { system: HarmoniesSkillModel })[] {
    return this.itemRows("harmoniesSkill") as (ItemRow & { system: HarmoniesSkillModel })[];
  }

  private get harmoniesActor(): Actor.OfType<"harmoniesCharacter"> {
    return this.actor as Actor.OfType<"harmoniesCharacter">;
  }

  private skillRows() {
    return this.skills().map((skill) => ({
      ...skill,
      ...purchaseControls(
        { level: skill.system.level, xp: skill.system.xp, cost: skill.system.nextLevelCost },
        lastPurchase(this.actor.items.get(skill.id) as Item.OfType<"harmoniesSkill">, undefined),
        this.isEditable,
      ),
      effectiveText: signed(skill.system.effective.level),
      sets: [...skill.system.metiers, ...skill.system.hobbies].join(", "),
      sourceLabel: `WH.Sheet.Harmonies.Source.${skill.system.effective.source}`,
    }));
  }

  private headerContext(system: HarmoniesSystem) {
    return {
      // What the table must not miss, in the header where it is seen first.
      fates: [
        ...(system.wounds.fatal ? [{ key: "dead", icon: "fa-skull", text: t("WH.Sheet.Fate.Fatal") }] : []),
        ...(system.stunned && !system.wounds.fatal
          ? [{ key: "stunned", icon: "fa-face-dizzy", text: t("WH.Sheet.Fate.Stunned") }]
          : []),
      ],
      // Each wound type as pips against its room on the track (RULES 2.5: 4 light, 2 grave, 1 critical).
      woundPips: (["light", "grave", "critical"] as const).map((type) => {
        const count = system.wounds[type];
        const max = system.woundMaxima[type];
        return {
          type,
          label: t(`WH.Sheet.Harmonies.WoundPips.${type}`, { count, max }),
          pips: Array.from({ length: Math.max(max, count) }, (_, i) => i < count),
        };
      }),
      penaltyAll: signed(system.actionPenalty.all),
      penaltyPhysical: signed(system.actionPenalty.physical),
    };
  }

  /** The weapons with their total damage and the soak, as the combat tab and the stat block show them. */
  private armsContext(system: HarmoniesSystem) {
    const cp = system.characteristics.corps.total;
    const { missileAddsStrength } = harmoniesRuleOptions();
    return {
      weapons: this.itemRows("harmoniesWeapon").map((row) => {
        const weapon = row.system as { damage: number; range: "melee" | "missile"; skill: string };
        return {
          ...row,
          rangeLabel: `WH.Item.HarmoniesWeapon.Range.${weapon.range}`,
          skillName: this.weaponSkillName(weapon.skill, "harmoniesSkill"),
          totalDamage: signed(
            attackDamage(cp, system.means.puissance.total, weapon.damage, {
              missile: weapon.range === "missile",
              missileAddsStrength,
            }),
          ),
          houseRule: weapon.range === "missile",
        };
      }),
      soak: signed(soakModifier(cp, system.means.resistance.total, system.armour, 0)),
    };
  }

  /** Métiers or hobbies with the owner's level in each of their skills, and whether they qualify. */
  private skillSetList(
    type: "harmoniesMetier" | "harmoniesHobby",
    kind: "metier" | "hobby",
    skills: (ItemRow & { system: HarmoniesSkillModel })[],
  ) {
    const byName = new Map(skills.map((s) => [normaliseName(s.name), s]));
    return {
      type,
      kind,
      label: kind === "metier" ? "WH.Sheet.Harmonies.Metiers" : "WH.Sheet.Harmonies.Hobbies",
      rule: kind === "metier" ? "WH.Sheet.Harmonies.MetierRule" : "WH.Sheet.Harmonies.HobbyRule",
      rows: this.itemRows(type).map((set) => {
        const names = (set.system as { skills: string[] }).skills;
        const ownLevels = names.map((n) => byName.get(normaliseName(n))?.system.level);
        const levels = ownLevels.filter((l): l is number => typeof l === "number");
        return {
          ...set,
          skillList: names.map((n, i) => {
            const level = ownLevels[i];
            return typeof level === "number"
              ? t("WH.Sheet.Harmonies.SkillAtLevel", { name: n, level: signed(level) })
              : n;
          }),
          qualifies: qualifiesAs(kind, levels),
        };
      }),
    };
  }

  /** Records a wound of the severity clicked, aggravated as the track requires (RULES 2.5). */
  static async #onAddWound(this: HarmoniesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const severity = target.dataset.severity as WoundLevel | undefined;
    if (!severity || !this.isEditable) return;
    const system = this.actor.system as HarmoniesSystem;
    const next = addWound(system.woundTrack(), severity, { woundMaxima: { ...system.woundMaxima } });
    await applyInlineEdit(this.actor, "system.wounds", next);
  }

  /** One healing period: the most severe wound drops one stage (RULES 2.6). */
  static async #onHealWound(this: HarmoniesCharacterSheet): Promise<void> {
    const system = this.actor.system as HarmoniesSystem;
    if (system.wounds.fatal || !this.isEditable) return;
    await applyInlineEdit(this.actor, "system.wounds", healWound(system.woundTrack()));
  }

  /** The header's box: core's stun status on or off, as the token HUD sets it (the −1 is derived from it). */
  static async #onToggleStunned(
    this: HarmoniesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!this.isEditable) return;
    const active = (target as HTMLInputElement).checked;
    await this.actor.toggleStatusEffect(STUNNED_STATUS, { active }).catch(notifyError);
  }

  /** The skill's (its row's) or the attribute's (`data-key`) next level, bought with its XP (RULES 2.7). */
  static async #onBuyLevel(this: HarmoniesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const skill = this.#rowSkill(target);
    const key = target.dataset.key as HarmoniesAttributeKey | undefined;
    await (skill ? buySkillLevel(skill) : key ? buyAttributeLevel(this.harmoniesActor, key) : Promise.resolve()).catch(
      notifyError,
    );
  }

  /** The GM takes back the last level bought. */
  static async #onUndoLevel(this: HarmoniesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const skill = this.#rowSkill(target);
    const key = target.dataset.key as HarmoniesAttributeKey | undefined;
    await (skill ? undoPurchase(skill) : undoPurchase(this.harmoniesActor, key)).catch(notifyError);
  }

  #rowSkill(target: HTMLElement): Item.OfType<"harmoniesSkill"> | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.actor.items.get(id) : undefined;
    return item?.type === "harmoniesSkill" ? (item as Item.OfType<"harmoniesSkill">) : undefined;
  }

  /** The guided attribute roll (RULES 2.1). */
  static async #onGenerateAttributes(this: HarmoniesCharacterSheet): Promise<void> {
    await openAttributeGeneration(this.actor);
  }

  /** A beginner's métier, hobbies and talents (RULES 2.3). */
  static async #onBeginnerPackage(this: HarmoniesCharacterSheet): Promise<void> {
    await openBeginnerPackage(this.actor);
  }

  /** Takes a métier or hobby the sheet offers. */
  static async #onTakeSkillSet(
    this: HarmoniesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await takeSkillSet(this.harmoniesActor, target.dataset.itemId ?? "").catch(notifyError);
  }

  /** A sudden action with a grave wound: the Cp + Rs check, failure turning the wound critical (RULES 2.5). */
  static async #onSuddenAction(this: HarmoniesCharacterSheet): Promise<void> {
    await suddenActionCheck(this.actor).catch(notifyError);
  }
}
