import { isCreated } from "./finished";
import { templatePath } from "../foundry/system";
import { characterDialogOpener } from "./character-dialogs";
import { notifyError } from "../core/errors";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HERO_TYPE_LABEL_PREFIX,
  RULES_HERO_TYPE,
  SKILL_CATEGORY_LABEL_PREFIX,
  WUXIA_ATTRIBUTES,
  WUXIA_PRIORITY_KEYS,
  ZODIAC_LABEL_PREFIX,
  ZODIAC_SIGNS,
  type HeroType,
  type ZodiacSign,
} from "../rules/vocabulary";
import {
  CONCEPT_KEYS,
  checkDraft,
  creationSources,
  draftFromArchetype,
  draftOf,
  budgetTexts,
  finishCreation,
  heroTypeLabel,
  isSpecialisation,
  wuxiaCreationProblemText,
  type CreationSources,
  type DraftItem,
  type DraftItemType,
  type WuxiaDraft,
} from "./wuxia-creation";
import { t } from "../core/i18n";
import { HandlebarsApplication, type ContextOptions } from "../foundry/applications";

type Character = Actor.OfType<"wuxiaCharacter">;

/** The builder's lists: what each holds and which items it adds. */
const LISTS: { id: string; label: string; types: DraftItemType[] }[] = [
  { id: "skills", label: "WH.Creation.Builder.Skills", types: ["wuxiaSkill"] },
  { id: "powers", label: "WH.Creation.Builder.Powers", types: ["wuxiaPower"] },
  { id: "traits", label: "WH.Creation.Builder.Traits", types: ["wuxiaTrait", "wuxiaDrame"] },
];

/**
 * The Wuxia creation builder (RULES 1.2): concept answers, the five priorities each used once
 * with what each buys from the world's creation table, then Attributes, skills, powers (those the
 * hero type opens and general ones), traits and drames of the zodiac sign, and starting XP, each
 * with what is spent against what is allowed, and every breach named. An archetype fills it in.
 * Finishing writes the character and marks it created.
 */
export class WuxiaBuilderDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["wuxia-harmonies", "wh-wuxia-builder"],
    window: { icon: "fa-solid fa-yin-yang", title: "WH.Creation.Builder.Title", resizable: true },
    position: { width: 640, height: 760 },
    form: { handler: WuxiaBuilderDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      addItem: WuxiaBuilderDialog.#onAddItem,
      removeItem: WuxiaBuilderDialog.#onRemoveItem,
      cancel: WuxiaBuilderDialog.#onCancel,
    },
  };

  static override PARTS = {
    body: { template: templatePath("dialogs/wuxia-builder.hbs"), scrollable: [""] },
    footer: { template: templatePath("dialogs/wuxia-builder-footer.hbs") },
  };

  readonly actor: Character;
  draft: WuxiaDraft;
  sources: CreationSources = { archetypes: [], items: [] };
  #sources: CreationSources | undefined;
  archetype = "";

  constructor(actor: Character, options: Record<string, unknown> = {}) {
    super({ id: `wh-wuxia-builder-${actor.id ?? ""}`, ...options });
    this.actor = actor;
    this.draft = draftOf(actor);
  }

  override get title(): string {
    return t("WH.Creation.Builder.Title", { name: this.actor.name ?? "" });
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    // Read once: the compendiums are read from disk, and what they offer does not change while the builder is open.
    this.#sources ??= await creationSources();
    this.sources = this.#sources;
    const draft = this.draft;
    const check = checkDraft(draft);
    const budget = check.budget;
    const heroType = budget ? budget.powers.heroType : null;
    const buys: Record<string, string | undefined> = budgetTexts(budget);
    const allowed: Record<string, number | null> = {
      attributes: budget?.attributes.points ?? null,
      skills: budget?.skills.points ?? null,
      powers: budget?.powers.points ?? null,
      traits: budget?.traits.count ?? null,
      experience: budget?.experience.points ?? null,
    };
    const tally = (key: keyof typeof check.spent) =>
      allowed[key] === null
        ? ""
        : t("WH.Creation.Builder.Spent", { spent: check.spent[key], allowed: allowed[key] ?? 0 });
    // A priority spent beyond what it buys is marked on its own row, not only in the list of breaches.
    const overBy = (key: keyof typeof check.spent) => Math.max(0, check.spent[key] - (allowed[key] ?? Infinity));
    const powerNames = draft.items.filter((i) => i.type === "wuxiaPower").map((i) => i.name);
    return Object.assign(context, {
      archetypes: this.sources.archetypes.map((a) => ({
        value: a.uuid,
        label: a.name ?? "",
        selected: a.uuid === this.archetype,
      })),
      concept: CONCEPT_KEYS.map((key) => ({
        key,
        name: `concept.${key}`,
        label: `WH.Actor.Wuxia.FIELDS.concept.${key}.label`,
        value: draft.concept[key],
      })),
      priorities: WUXIA_PRIORITY_KEYS.map((key) => ({
        key,
        name: `priorities.${key}`,
        label: `WH.Actor.Wuxia.FIELDS.priorities.${key}.label`,
        options: [5, 4, 3, 2, 1].map((p) => ({ value: p, label: String(p), selected: draft.priorities[key] === p })),
        buys: buys[key] ?? "",
        spent: tally(key),
        over: overBy(key) ? t("WH.Creation.Builder.OverBy", { count: overBy(key) }) : "",
      })),
      attributes: WUXIA_ATTRIBUTES.map((key) => ({
        key,
        name: `attributes.${key}`,
        label: `${ATTRIBUTE_LABEL_PREFIX}.${key}`,
        value: draft.attributes[key],
        max: budget?.attributes.maximum ?? 10,
      })),
      attributeTally: tally("attributes"),
      zodiac: ZODIAC_SIGNS.map((sign) => ({
        value: sign,
        label: `${ZODIAC_LABEL_PREFIX}.${sign}`,
        selected: sign === draft.zodiac,
      })),
      heroType: heroType ? heroTypeLabel(heroType) : "",
      lists: LISTS.map((list) => ({
        ...list,
        tally: list.id === "traits" ? tally("traits") : tally(list.id as "skills" | "powers"),
        rows: draft.items.flatMap((item, index) =>
          list.types.includes(item.type) ? [{ index, ...this.rowOf(item) }] : [],
        ),
        offers: this.offers(list.types, heroType),
      })),
      experience: draft.experience,
      experienceTally: tally("experience"),
      problems: check.problems.map((p) => wuxiaCreationProblemText(p, powerNames)),
      canFinish: check.valid,
    });
  }

  private rowOf(item: DraftItem) {
    const category = (item.data.system as { category?: string } | undefined)?.category;
    return {
      name: item.name,
      level: item.level,
      hasLevel: item.level !== null && !isSpecialisation(item, this.draft),
      detail:
        item.type === "wuxiaSkill"
          ? isSpecialisation(item, this.draft)
            ? t("WH.Creation.Builder.Specialisation", { parent: item.parent })
            : t(`${SKILL_CATEGORY_LABEL_PREFIX}.${category ?? "metier"}`)
          : item.type === "wuxiaPower"
            ? t(`${HERO_TYPE_LABEL_PREFIX}.${item.heroType ?? "general"}`)
            : t(item.type === "wuxiaTrait" ? "TYPES.Item.wuxiaTrait" : "TYPES.Item.wuxiaDrame"),
    };
  }

  /**
   * What a list may add: items not in the draft yet; powers general or of the hero type the
   * Pouvoirs priority gives; traits and drames of no sign or of the character's sign.
   */
  private offers(types: DraftItemType[], heroType: string | null) {
    const taken = new Set(this.draft.items.map((i) => `${i.type}:${i.name.toLocaleLowerCase()}`));
    return this.sources.items
      .filter((item) => types.includes(item.type) && !taken.has(`${item.type}:${item.name.toLocaleLowerCase()}`))
      .filter(
        (item) =>
          item.type !== "wuxiaPower" ||
          item.heroType === "general" ||
          (heroType !== null && RULES_HERO_TYPE[item.heroType as HeroType] === heroType),
      )
      .filter((item) => item.zodiac === null || item.zodiac === this.draft.zodiac)
      .map((item) => ({ value: item.key, label: `${item.name} (${this.rowOf(item).detail})` }));
  }

  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => void this.#onChange(event));
  }

  /** The draft the form shows (concept, priorities, Attributes, sign, XP, levels); the rest stays. */
  readForm(): WuxiaDraft {
    const form = this.element as HTMLFormElement;
    const value = (name: string) => form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
    const whole = (name: string, fallback: number) => {
      const read = Number(value(name));
      return value(name) === undefined || value(name) === "" || !Number.isInteger(read) ? fallback : read;
    };
    const draft = this.draft;
    return {
      concept: Object.fromEntries(
        CONCEPT_KEYS.map((k) => [k, value(`concept.${k}`) ?? draft.concept[k]]),
      ) as WuxiaDraft["concept"],
      priorities: Object.fromEntries(
        WUXIA_PRIORITY_KEYS.map((k) => [k, whole(`priorities.${k}`, draft.priorities[k])]),
      ) as WuxiaDraft["priorities"],
      attributes: Object.fromEntries(
        WUXIA_ATTRIBUTES.map((k) => [k, whole(`attributes.${k}`, draft.attributes[k])]),
      ) as WuxiaDraft["attributes"],
      zodiac: ((value("zodiac") ?? draft.zodiac ?? "") || null) as ZodiacSign | null,
      experience: whole("experience", draft.experience),
      items: draft.items.map((item, i) =>
        item.level === null ? item : { ...item, level: whole(`level.${i}`, item.level) },
      ),
    };
  }

  async #onChange(event: Event): Promise<void> {
    const target = event.target as HTMLSelectElement | null;
    if (target?.name?.startsWith("add-")) return;
    if (target?.name === "archetype") {
      this.archetype = target.value;
      const archetype = this.sources.archetypes.find((a) => a.uuid === target.value);
      if (archetype) this.draft = draftFromArchetype(archetype, this.readForm());
    } else {
      this.draft = this.readForm();
    }
    await this.render();
  }

  static async #onAddItem(this: WuxiaBuilderDialog, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const list = target.dataset.list ?? "";
    const key = this.element.querySelector<HTMLSelectElement>(`select[name="add-${list}"]`)?.value;
    const item = this.sources.items.find((i) => i.key === key);
    if (!item) return;
    this.draft = { ...this.readForm(), items: [...this.readForm().items, item] };
    await this.render();
  }

  static async #onRemoveItem(this: WuxiaBuilderDialog, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(target.dataset.index);
    const draft = this.readForm();
    this.draft = { ...draft, items: draft.items.filter((_, i) => i !== index) };
    await this.render();
  }

  static async #onCancel(this: WuxiaBuilderDialog): Promise<void> {
    await this.close();
  }

  static async #onSubmit(this: WuxiaBuilderDialog): Promise<void> {
    this.draft = this.readForm();
    try {
      await finishCreation(this.actor, this.draft);
    } catch (error) {
      notifyError(error);
      return;
    }
    ui.notifications.info(t("WH.Creation.Builder.Done", { name: this.actor.name ?? "" }));
    await this.close();
  }
}

/**
 * A Wuxia hero a user creates from the Actors directory opens the builder on their screen: the
 * directory's creation dialog creates with `renderSheet: true` (ClientDocumentMixin.createDialog,
 * API v13), which an import, a duplicate or a drop from a compendium does not. NPCs and heroes
 * already created are left alone.
 */
export function registerWuxiaBuilder(): void {
  Hooks.on("createActor", (actor: Actor.Implementation, options: { renderSheet?: boolean }, userId: string) => {
    if (userId !== game.user.id || !options.renderSheet || actor.type !== "wuxiaCharacter") return;
    if ((actor as Character).system.npc || isCreated(actor)) return;
    void openWuxiaBuilder(actor);
  });
}

/** Opens a Wuxia character's creation builder (one per character), for its owner. */
export const openWuxiaBuilder = characterDialogOpener(
  "wuxiaCharacter",
  "WH.Creation.Error.NotWuxia",
  (actor: Character) => new WuxiaBuilderDialog(actor),
);
