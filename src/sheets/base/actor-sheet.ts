import { templatePath } from "../../foundry/system";
import { itemRuleset, actorRuleset } from "../../documents/rulesets";
import { RULESET_LABEL_PREFIX } from "../../rules/vocabulary";
import { t } from "../../core/i18n";
import { applyInlineEdit, inputValue, refuseSubmission } from "../inline-edit";
import { rollFromSheet, type SheetRollKind } from "../roll-actions";
import { HandlebarsActorSheet, coreDropItem, corePartContext } from "../../foundry/applications";
import { enrichFor } from "../enrich";
import { createEffect, deleteEffect, editEffect, effectRows, toggleEffect } from "../effects-tab";
import { identifierOf, slugOf } from "../../documents/items/identifier";

type SheetOptions = typeof foundry.applications.sheets.ActorSheetV2.DEFAULT_OPTIONS;

/** ActorSheetV2's drop handler in Foundry v13 and v14, which fvtt-types 13.345 does not declare. */
/** An owned item as the sheets list it. */
export interface ItemRow {
  id: string;
  name: string;
  type: string;
  system: unknown;
}

/** Why `item` may not go onto `actor`, or null when it may. */
export function dropProblem(
  actor: { type: string; system?: unknown },
  item: { type: string; name?: string | null },
): string | null {
  const target = actorRuleset(actor);
  const source = itemRuleset(item.type);
  if (actor.type === "group") return t("WH.Sheet.Drop.NoItemsOnGroup");
  if (source === null || target === null || source === target) return null;
  return t("WH.Sheet.Drop.WrongRuleset", {
    item: item.name ?? "",
    itemRuleset: t(`${RULESET_LABEL_PREFIX}.${source}`),
    actorRuleset: t(`${RULESET_LABEL_PREFIX}.${target}`),
  });
}

/**
 * What every actor sheet of the system shares: the edit/play toggle, tabs, item controls,
 * in-place editing of owned items, clickable rolls and the rule-set check on dropped items.
 */
export abstract class SystemActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["wuxia-harmonies", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: SystemActorSheet.#onToggleMode,
      roll: SystemActorSheet.#onRoll,
      createItem: SystemActorSheet.#onCreateItem,
      editItem: SystemActorSheet.#onEditItem,
      deleteItem: SystemActorSheet.#onDeleteItem,
      createEffect: SystemActorSheet.#onCreateEffect,
      toggleEffect: SystemActorSheet.#onToggleEffect,
      editEffect: SystemActorSheet.#onEditEffect,
      deleteEffect: SystemActorSheet.#onDeleteEffect,
    },
  };

  /** What a user who may see only the sheet's outline (LIMITED) is shown: name, portrait, biography. */
  static LIMITED_PARTS = { limited: { template: templatePath("actors/limited.hbs") } };

  #editMode = false;

  /** Whether the user may see no more than the outline: LIMITED, below OBSERVER (GMs see all). */
  get limited(): boolean {
    return !this.actor.testUserPermission(game.user, "OBSERVER");
  }

  /** Whether the sheet shows its inputs (edit) or its values and rolls (play). */
  get editMode(): boolean {
    return this.isEditable && this.#editMode;
  }

  /** Switches between edit and play mode. */
  setEditMode(editMode: boolean): void {
    this.#editMode = editMode;
  }

  override async _prepareContext(options: Parameters<InstanceType<typeof HandlebarsActorSheet>["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    return Object.assign(context, {
      actor: this.actor,
      system: this.actor.system,
      editable: this.isEditable,
      editMode: this.editMode,
      limited: this.limited,
      typeLabel: `TYPES.Actor.${this.actor.type}`,
      // Each part template reads its own tab (tabs.<part>) for its active class.
      tabs: this._prepareTabs("primary"),
      modeLabel: this.editMode ? "WH.Sheet.Mode.ToPlay" : "WH.Sheet.Mode.ToEdit",
    });
  }

  /**
   * Each part is given what it draws, and only when it is drawn: a re-render of the header alone
   * does not rebuild the tabs' tables nor enrich the biography.
   */
  async _preparePartContext(
    partId: string,
    shared: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>> {
    const context = await corePartContext(this, partId, shared, options);
    return Object.assign(context, await this.sharedPartContext(partId));
  }

  /** The parts every actor sheet has (effects, the limited outline), then the sheet's own. */
  private async sharedPartContext(partId: string): Promise<Record<string, unknown>> {
    if (partId === "effects") return { effects: effectRows(this.actor) };
    if (partId !== "limited") return this.partContext(partId);
    const system = this.actor.system as { biography?: string; description?: string };
    return { outlineHTML: await this.enrich(system.biography ?? system.description ?? "") };
  }

  /** What one part of this sheet draws beyond the context all its parts share. */
  protected abstract partContext(partId: string): Promise<Record<string, unknown>>;

  /** The owned items of some types, sorted as the actor sorts them. */
  protected itemRows(...types: string[]): ItemRow[] {
    return this.actor.items
      .filter((item) => types.includes(item.type))
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || (a.name ?? "").localeCompare(b.name ?? ""))
      .map((item) => ({ id: item.id ?? "", name: item.name ?? "", type: item.type, system: item.system }));
  }

  /** The name of the owned skill a weapon names by identifier; what it stores when the actor has none such. */
  protected weaponSkillName(skill: string, ...types: string[]): string {
    const wanted = slugOf(skill);
    if (!wanted) return "";
    return this.actor.items.find((i) => types.includes(i.type) && identifierOf(i) === wanted)?.name ?? skill;
  }

  /** Rich text with links, rolls and (for owners) secrets made live. */
  protected async enrich(html: string): Promise<string> {
    return enrichFor(this.actor, html);
  }

  /**
   * A limited view draws its one part instead of the sheet's, an NPC in play mode its stat block
   * where the sheet has one (HandlebarsApplicationMixin's hook).
   */
  _configureRenderParts(): Record<string, { template: string }> {
    const sheet = this.constructor as typeof SystemActorSheet & { STATBLOCK_PARTS?: Record<string, unknown> };
    const npc = (this.actor.system as { npc?: boolean }).npc === true;
    const parts = this.limited
      ? SystemActorSheet.LIMITED_PARTS
      : npc && !this.editMode && sheet.STATBLOCK_PARTS
        ? sheet.STATBLOCK_PARTS
        : sheet.PARTS;
    return structuredClone(parts) as Record<string, { template: string }>;
  }

  /**
   * Core replaces the parts it draws and leaves the others in place; when the set of parts
   * changes (an NPC's stat block and its full sheet, a view that became limited), the parts no
   * longer drawn are taken away first.
   */
  override _replaceHTML(...args: Parameters<InstanceType<typeof HandlebarsActorSheet>["_replaceHTML"]>): void {
    // What is drawn now is always among the parts configured now: any other part is a leftover.
    const configured = new Set(Object.keys(this._configureRenderParts()));
    for (const part of args[1].querySelectorAll<HTMLElement>("[data-application-part]"))
      if (!configured.has(part.dataset.applicationPart ?? "")) part.remove();
    super._replaceHTML(...args);
  }

  override async _onFirstRender(...args: Parameters<InstanceType<typeof HandlebarsActorSheet>["_onFirstRender"]>) {
    await super._onFirstRender(...args);
    this.element.addEventListener("change", (event) => void this.#onInlineChange(event));
  }

  override async _onRender(...args: Parameters<InstanceType<typeof HandlebarsActorSheet>["_onRender"]>) {
    await super._onRender(...args);
    this.element.classList.toggle("limited", this.limited);
  }

  /**
   * Foundry disables every control of a sheet the user may not edit; an observer may still open
   * the items listed, so the controls marked `.always-interactive` are enabled again (as dnd5e's
   * sheets do).
   */
  override _toggleDisabled(disabled: boolean): void {
    super._toggleDisabled(disabled);
    for (const control of this.element.querySelectorAll<HTMLButtonElement>(".always-interactive"))
      control.disabled = false;
  }

  /**
   * A `<prose-mirror>` editor hands its text to the form only when the form is submitted, and a
   * redraw replaces the editor: the form is submitted before the sheet changes mode or closes,
   * so text typed in edit mode is kept (as dnd5e does on a mode change).
   */
  async #submitEdits(): Promise<void> {
    if (this.editMode) await this.submit();
  }

  /** Closing submits what edit mode holds, unless told not to (core closes a deleted document's sheets so). */
  override async _preClose(...args: Parameters<InstanceType<typeof HandlebarsActorSheet>["_preClose"]>) {
    if ((args[0] as { submit?: boolean } | undefined)?.submit !== false) await this.#submitEdits();
    await super._preClose(...args);
  }

  override _prepareSubmitData(...args: Parameters<InstanceType<typeof HandlebarsActorSheet>["_prepareSubmitData"]>) {
    try {
      return super._prepareSubmitData(...args);
    } catch (error) {
      return refuseSubmission(this, error);
    }
  }

  /** Refuses items of the other rule set (and any item on a group) before Foundry adds them. */
  async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown> {
    if (!this.isEditable) return null;
    const problem = dropProblem(this.actor, item);
    if (problem) {
      ui.notifications.warn(problem);
      return null;
    }
    return coreDropItem(this, event, item);
  }

  /**
   * An input marked `data-item-field` edits that field of the item of its row. Foundry disables
   * the form of a sheet the user may not edit; the checks here keep a re-enabled input or a
   * stray click from trying an update the server would refuse anyway.
   */
  async #onInlineChange(event: Event): Promise<void> {
    const input = (event.target as HTMLElement | null)?.closest<HTMLInputElement | HTMLSelectElement>(
      "[data-item-field]",
    );
    const itemId = input?.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = itemId ? this.actor.items.get(itemId) : undefined;
    if (!input || !item || !input.dataset.itemField || !this.isEditable) return;
    event.stopPropagation();
    const ok = await applyInlineEdit(item, input.dataset.itemField, inputValue(input));
    if (!ok) await this.render();
  }

  static async #onToggleMode(this: SystemActorSheet): Promise<void> {
    await this.#submitEdits();
    this.#editMode = !this.#editMode;
    await this.render();
  }

  static async #onRoll(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { rollKind, key, means } = target.dataset;
    const itemId = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (!rollKind) return;
    await rollFromSheet(this.actor, { kind: rollKind as SheetRollKind, key, itemId, means });
  }

  static async #onCreateEffect(this: SystemActorSheet): Promise<void> {
    if (this.isEditable) await createEffect(this.actor);
  }

  static async #onToggleEffect(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (this.isEditable) await toggleEffect(this.actor, target);
  }

  static async #onEditEffect(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await editEffect(this.actor, target);
  }

  static async #onDeleteEffect(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (this.isEditable) await deleteEffect(this.actor, target);
  }

  static async #onCreateItem(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const { type, ...system } = target.dataset;
    if (!type || !this.isEditable) return;
    const name = t("WH.Sheet.NewItem", { type: t(`TYPES.Item.${type}`) });
    const created = (
      await this.actor.createEmbeddedDocuments("Item", [{ name, type: type as Item.SubType, system }])
    )?.[0];
    await created?.sheet?.render(true);
  }

  static async #onEditItem(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const itemId = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await this.actor.items.get(itemId ?? "")?.sheet?.render(true);
  }

  static async #onDeleteItem(this: SystemActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const itemId = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await this.actor.items.get(itemId ?? "")?.delete();
  }
}
