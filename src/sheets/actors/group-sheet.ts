import { WUXIA_ATTRIBUTE_RANGE } from "../../rules/limits";
import { templatePath } from "../../foundry/system";
import { activeMembers, newMember, type GroupMemberData, type GroupModel } from "../../documents/actors/group";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HARMONIES_ATTRIBUTES,
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  RULESETS,
  RULESET_LABEL_PREFIX,
  WUXIA_ATTRIBUTES,
  choiceLabels,
  type HarmoniesAttributeKey,
} from "../../rules/vocabulary";
import { signed } from "../../core/format";
import { t } from "../../core/i18n";
import { GROUP_DEFAULTS, HARMONIES_DEFAULTS, deathThreshold } from "../../rules";
import { combinationText, measureText } from "../../core/values-text";
import { notifyError } from "../../core/errors";
import { rollCombined, rollEachSubgroup } from "../../rolls/pipeline";
import type { RollStart } from "../../rolls/subject";
import { SystemActorSheet } from "../base/actor-sheet";
import { applyInlineEdit, inputValue } from "../inline-edit";

type GroupSystem = GroupModel;

/**
 * The member being hurt in a sub-group (RULES 3.4: damage falls on one member at a time), against
 * what puts it out: Wuxia, its NB toward the death threshold (Métal, Eau); Harmonies, its wounds
 * against a character's default room. A dash while nobody is hurt.
 */
function memberHurt(member: GroupMemberData, harmonies: boolean): string {
  const { nb, light, grave, critical } = member.wounds;
  if (!harmonies)
    return nb > 0
      ? t("WH.Sheet.Group.HurtWuxia", { nb, max: deathThreshold(member.stats.metal, member.stats.eau) })
      : "—";
  if (light + grave + critical === 0) return "—";
  const room = HARMONIES_DEFAULTS.woundMaxima;
  return t("WH.Sheet.Group.HurtHarmonies", {
    light,
    grave,
    critical,
    lightMax: room.light,
    graveMax: room.grave,
    criticalMax: room.critical,
  });
}

/** The merges that made a sub-groups' combined Value, for those still fighting. */
function groupCombinationText(key: HarmoniesAttributeKey, members: readonly GroupMemberData[]): string[] {
  return combinationText(activeMembers(members).map((m) => ({ value: m.stats[key], count: m.count })));
}

/** Sheet of a group of NPCs: its sub-groups, their combined Values and whether one roll may serve. */
export class GroupSheet extends SystemActorSheet {
  static override DEFAULT_OPTIONS: typeof SystemActorSheet.DEFAULT_OPTIONS = {
    classes: ["group"],
    position: { width: 760, height: 680 },
    actions: {
      addMember: GroupSheet.#onAddMember,
      removeMember: GroupSheet.#onRemoveMember,
      rollCombined: GroupSheet.#onRollCombined,
      rollSubgroups: GroupSheet.#onRollSubgroups,
      memberPage: GroupSheet.#onMemberPage,
    },
  };

  /** Sub-groups drawn at once: a page of an army of 1 000 stays quick to draw and to read. */
  static readonly MEMBERS_PER_PAGE = 100;

  /** The page of sub-groups shown, from 0. */
  #page = 0;

  static override TABS = {
    primary: {
      tabs: [
        { id: "members", icon: "fa-solid fa-people-group", cssClass: "" },
        { id: "description", icon: "fa-solid fa-feather", cssClass: "" },
      ],
      initial: "members",
      labelPrefix: "WH.Sheet.Tab",
    },
  };

  static override PARTS = {
    header: { template: templatePath("actors/group/header.hbs") },
    tabs: { template: templatePath("sheets/tabs.hbs") },
    members: { template: templatePath("actors/group/members.hbs"), scrollable: [""] },
    description: { template: templatePath("actors/group/description.hbs"), scrollable: [""] },
  };

  override async _prepareContext(options: Parameters<SystemActorSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const system = this.actor.system as GroupSystem;
    return Object.assign(context, {
      harmonies: system.ruleset === "harmonies",
      homogeneity: system.homogeneity,
      maxSpread: GROUP_DEFAULTS.homogeneityMaxSpread,
    });
  }

  protected override async partContext(partId: string): Promise<Record<string, unknown>> {
    const system = this.actor.system as GroupSystem;
    switch (partId) {
      case "header":
        return {
          rulesetChoices: choiceLabels(RULESETS, RULESET_LABEL_PREFIX),
          rulesetLabel: `${RULESET_LABEL_PREFIX}.${system.ruleset}`,
        };
      case "members":
        return this.membersContext(system);
      case "description":
        return { descriptionHTML: await this.enrich(system.description) };
      default:
        return {};
    }
  }

  private membersContext(system: GroupSystem) {
    const harmonies = system.ruleset === "harmonies";
    const keys: readonly string[] = harmonies ? HARMONIES_ATTRIBUTES : WUXIA_ATTRIBUTES;
    const members = system.members as GroupMemberData[];
    // Harmonies scores sit around 0 and read signed, as the book writes them; Wuxia's are 1..10.
    const shown = (n: number | undefined) => (n === undefined ? "" : harmonies ? signed(n) : String(n));
    const perPage = GroupSheet.MEMBERS_PER_PAGE;
    const pages = Math.max(1, Math.ceil(members.length / perPage));
    this.#page = Math.min(this.#page, pages - 1);
    const first = this.#page * perPage;
    const pageMembers = members.slice(first, first + perPage);
    return {
      pager:
        pages > 1
          ? {
              text: t("WH.Sheet.Group.Page", {
                from: first + 1,
                to: first + pageMembers.length,
                count: members.length,
              }),
              previous: this.#page > 0 ? this.#page - 1 : null,
              next: this.#page < pages - 1 ? this.#page + 1 : null,
            }
          : null,
      columns: keys.map((key) => ({
        key,
        label: `${ATTRIBUTE_LABEL_PREFIX}.${key}`,
        abbr: harmonies ? `WH.AttributeAbbr.${key}` : `${ATTRIBUTE_LABEL_PREFIX}.${key}`,
      })),
      statLimits: harmonies ? { min: "", max: "" } : WUXIA_ATTRIBUTE_RANGE,
      members: pageMembers.map((member, i) => ({
        index: first + i,
        label: member.label,
        count: member.count,
        out: member.out,
        fighting: system.fighting[first + i] ?? 0,
        stats: keys.map((key) => {
          const value = member.stats[key as keyof GroupMemberData["stats"]];
          return { key, value, shown: shown(value) };
        }),
        skill: member.stats.skill,
        skillShown: shown(member.stats.skill),
        hurt: memberHurt(member, harmonies),
        score: system.actionScores[first + i],
        scoreShown: shown(system.actionScores[first + i]),
      })),
      actionChoices: {
        characteristic: choiceLabels(HARMONIES_CHARACTERISTICS, ATTRIBUTE_LABEL_PREFIX),
        means: choiceLabels(HARMONIES_MEANS, ATTRIBUTE_LABEL_PREFIX),
        attribute: choiceLabels(WUXIA_ATTRIBUTES, ATTRIBUTE_LABEL_PREFIX),
      },
      actionLabel: harmonies
        ? t("WH.Sheet.Group.ActionHarmonies", {
            characteristic: t(`${ATTRIBUTE_LABEL_PREFIX}.${system.action.characteristic}`),
            means: t(`${ATTRIBUTE_LABEL_PREFIX}.${system.action.means}`),
          })
        : t("WH.Sheet.Group.ActionWuxia", { attribute: t(`${ATTRIBUTE_LABEL_PREFIX}.${system.action.attribute}`) }),
      // One roll per sub-group is offered where the sheet advises it; a Wuxia group's roll already is one.
      rollEach: harmonies && system.homogeneity !== null && !system.homogeneity.homogeneous,
      homogeneityText: system.homogeneity
        ? t(system.homogeneity.homogeneous ? "WH.Sheet.Group.Homogeneous" : "WH.Sheet.Group.NotHomogeneous", {
            count: system.homogeneity.spread,
            max: GROUP_DEFAULTS.homogeneityMaxSpread,
          })
        : "",
      combined: system.combined.map((c) => ({
        key: c.key,
        label: `${ATTRIBUTE_LABEL_PREFIX}.${c.key}`,
        valueText: signed(c.value),
        // The Value's Measure (RULES 2.2): how many times the strength of one ordinary person.
        measure: measureText(c.value),
        steps: groupCombinationText(c.key, members).join(";\n"),
        setAside: c.setAside
          .map((a) => (a.members.length ? `${signed(a.value)} (${a.members.join(", ")})` : signed(a.value)))
          .join(", "),
      })),
    };
  }

  override async _onFirstRender(...args: Parameters<SystemActorSheet["_onFirstRender"]>) {
    await super._onFirstRender(...args);
    this.element.addEventListener("change", (event) => void this.#onMemberChange(event));
  }

  /** The members as stored, ready to be changed and written back whole. */
  private sourceMembers(): GroupMemberData[] {
    return structuredClone((this.actor.system as GroupSystem).toObject().members) as GroupMemberData[];
  }

  /** An input marked `data-member-field` edits that field of the sub-group of its row. */
  async #onMemberChange(event: Event): Promise<void> {
    const input = (event.target as HTMLElement | null)?.closest<HTMLInputElement>("[data-member-field]");
    const index = Number(input?.closest<HTMLElement>("[data-member-index]")?.dataset.memberIndex);
    if (!input?.dataset.memberField || !Number.isInteger(index) || !this.isEditable) return;
    event.stopPropagation();
    const members = this.sourceMembers();
    const member = members[index];
    if (!member) return;
    const [field, stat] = input.dataset.memberField.split(".");
    const value = inputValue(input);
    if (field === "stats" && stat) Object.assign(member.stats, { [stat]: value });
    else Object.assign(member, { [field ?? ""]: value });
    const ok = await applyInlineEdit(this.actor, "system.members", members);
    if (!ok) await this.render();
  }

  static async #onAddMember(this: GroupSheet): Promise<void> {
    if (!this.isEditable) return;
    const members = this.sourceMembers();
    const label = t("WH.Sheet.Group.NewMember", { n: members.length + 1 });
    members.push(newMember(label));
    await applyInlineEdit(this.actor, "system.members", members);
  }

  /** A combined Value's button: the group acts as one body, starting from that characteristic or means. */
  static async #onRollCombined(this: GroupSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const key = target.dataset.key ?? "";
    const start: RollStart = (HARMONIES_MEANS as readonly string[]).includes(key)
      ? { means: key as RollStart["means"] }
      : { characteristic: key as RollStart["characteristic"] };
    try {
      await rollCombined(this.actor, { start });
    } catch (error) {
      notifyError(error);
    }
  }

  /** The pager's buttons: another page of sub-groups. */
  static async #onMemberPage(this: GroupSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const page = Number(target.dataset.page);
    if (!Number.isInteger(page) || page < 0) return;
    this.#page = page;
    await this.render({ parts: ["members"] });
  }

  static async #onRollSubgroups(this: GroupSheet): Promise<void> {
    try {
      await rollEachSubgroup(this.actor);
    } catch (error) {
      notifyError(error);
    }
  }

  static async #onRemoveMember(this: GroupSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(target.closest<HTMLElement>("[data-member-index]")?.dataset.memberIndex);
    const members = this.sourceMembers();
    if (!Number.isInteger(index) || !members[index] || !this.isEditable) return;
    members.splice(index, 1);
    await applyInlineEdit(this.actor, "system.members", members);
  }
}
