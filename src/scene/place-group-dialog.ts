import { templatePath } from "../foundry/system";
import { t } from "../core/i18n";
import { HandlebarsApplication, type ContextOptions } from "../foundry/applications";
import { MAX_PLACED_TOKENS, PLACE_MODES, placeCounts, placeGroupTokens, type PlaceMode } from "./group-tokens";

type GroupActor = Actor.OfType<"group">;

/**
 * The GM's choice before a group's tokens go on the viewed scene: one token per member still
 * fighting or one per sub-group, each with how many tokens it would place. A mode that would place
 * more than MAX_PLACED_TOKENS tokens is not offered.
 */
export class PlaceGroupDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["wuxia-harmonies", "wh-place-group"],
    window: { icon: "fa-solid fa-people-group", title: "WH.Tokens.Place.Title" },
    position: { width: 420 },
    form: { handler: PlaceGroupDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: PlaceGroupDialog.#onCancel },
  };

  static override PARTS = {
    body: { template: templatePath("dialogs/place-group.hbs") },
    footer: { template: templatePath("dialogs/place-group-footer.hbs") },
  };

  readonly group: GroupActor;

  constructor(group: GroupActor, options: Record<string, unknown> = {}) {
    super({ id: `wh-place-group-${group.id ?? ""}`, ...options });
    this.group = group;
  }

  override get title(): string {
    return t("WH.Tokens.Place.Title", { name: this.group.name ?? "" });
  }

  /** Only a GM sees it, however it is opened. */
  override _canRender(options: never) {
    if (!game.user?.isGM) return false;
    return super._canRender(options);
  }

  /** The modes offered: a mode that would place nothing, or too many, is shown disabled. */
  modes(): { value: PlaceMode; label: string; disabled: boolean; hint: string | null }[] {
    const counts = placeCounts(this.group);
    return PLACE_MODES.map((value) => {
      const tooMany = counts[value] > MAX_PLACED_TOKENS;
      const hint = value === "members" ? "WH.Tokens.Place.TooManyHint" : "WH.Tokens.Place.TooManySubgroupsHint";
      return {
        value,
        label: t(value === "members" ? "WH.Tokens.Place.Members" : "WH.Tokens.Place.Subgroups", {
          count: counts[value],
        }),
        disabled: counts[value] === 0 || tooMany,
        hint: tooMany ? t(hint, { max: MAX_PLACED_TOKENS }) : null,
      };
    });
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    const modes = this.modes();
    const chosen = modes.find((m) => !m.disabled)?.value ?? null;
    const noScene = !(globalThis as { canvas?: { scene?: unknown } | null }).canvas?.scene;
    return Object.assign(context, {
      name: this.group.name ?? "",
      joinCombat: this.combatToJoin() ? t("WH.Tokens.Place.AddToCombat", { name: this.group.name ?? "" }) : null,
      modes: modes.map((m) => ({ ...m, checked: m.value === chosen })),
      noScene,
      canPlace: chosen !== null && !noScene,
    });
  }

  /** The combat the GM's tracker shows, when the group is not in it yet: the group may join it. */
  combatToJoin() {
    const combat = game.combat;
    if (!combat || combat.combatants.contents.some((c) => c.actorId === this.group.id)) return null;
    return combat;
  }

  /**
   * Places the tokens in the chosen mode and, when asked, adds the group to the combat as one
   * combatant standing on its first token (RULES 3.4: a group is one combatant); the dialog
   * closes once they are on the scene.
   */
  async place(mode: PlaceMode, joinCombat = false): Promise<unknown[] | null> {
    const placed = await placeGroupTokens(this.group, { mode });
    if (!placed) return placed;
    const combat = joinCombat ? this.combatToJoin() : null;
    const first = placed[0] as { id?: string; parent?: { id?: string } | null } | undefined;
    if (combat && first?.id)
      await combat.createEmbeddedDocuments("Combatant", [
        { actorId: this.group.id, tokenId: first.id, sceneId: first.parent?.id ?? null },
      ]);
    await this.close();
    return placed;
  }

  static async #onSubmit(
    this: PlaceGroupDialog,
    _event: Event,
    _form: HTMLFormElement,
    formData: { object: Record<string, unknown> },
  ): Promise<void> {
    const mode = formData.object.mode;
    if (PLACE_MODES.includes(mode as PlaceMode))
      await this.place(mode as PlaceMode, formData.object.addToCombat === true);
  }

  static async #onCancel(this: PlaceGroupDialog): Promise<void> {
    await this.close();
  }
}

const shown = new Map<string, PlaceGroupDialog>();

/** Opens the placing dialog of a group for a GM; anyone else is told only a GM places a group's tokens. */
export async function openPlaceGroupDialog(group: unknown): Promise<PlaceGroupDialog | null> {
  if (!game.user?.isGM) {
    ui.notifications.warn(t("WH.Tokens.Error.NotGM"));
    return null;
  }
  if (!(group instanceof Actor) || group.type !== "group") {
    ui.notifications.warn(t("WH.Tokens.Error.NotGroup"));
    return null;
  }
  // One dialog per group: asking again brings the open one forward.
  const open = shown.get(group.id ?? "");
  const dialog = open?.rendered ? open : new PlaceGroupDialog(group as GroupActor);
  shown.set(group.id ?? "", dialog);
  await dialog.render({ force: true });
  return dialog;
}
