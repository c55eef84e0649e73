import { templatePath } from "../foundry/system";
import { characterDialogOpener } from "./character-dialogs";
import { notifyError } from "../core/errors";
import {
  PACKAGE_LEVELS,
  appliedPackage,
  applyBeginnerPackage,
  packageOf,
  packageProblemText,
  packageSources,
  type PackageChoice,
  type PackageSource,
  type PackageSources,
} from "./beginner-package";
import { normaliseName } from "../documents/items/identifier";
import { signed } from "../core/format";
import { t } from "../core/i18n";
import { HARMONIES_DEFAULTS, validateBeginnerPackage } from "../rules";
import { HandlebarsApplication, type ContextOptions } from "../foundry/applications";

type Character = Actor.OfType<"harmoniesCharacter">;

const HOBBIES = HARMONIES_DEFAULTS.beginner.hobbies;
const TALENTS = HARMONIES_DEFAULTS.beginner.talents;

/**
 * The Harmonies beginner's package (RULES 2.3): a métier and its four skills at 0, two hobbies
 * and two skills each at −5, four talents at −10, picked from the character's and the world's
 * métiers, hobbies and skills. Each skill shows the level it will have, or the floor it keeps
 * if not picked; what breaks the package is named as it is picked, and *Apply* waits for none.
 */
export class BeginnerPackageDialog extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["wuxia-harmonies", "wh-beginner-package"],
    window: { icon: "fa-solid fa-box-open", title: "WH.Creation.Beginner.Title" },
    position: { width: 560 },
    form: { handler: BeginnerPackageDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: BeginnerPackageDialog.#onCancel },
  };

  static override PARTS = {
    body: { template: templatePath("dialogs/beginner-package.hbs"), scrollable: [""] },
    footer: { template: templatePath("dialogs/beginner-package-footer.hbs") },
  };

  readonly actor: Character;
  #sources: PackageSources | undefined;
  choice: PackageChoice = {
    metier: "",
    metierSkills: [],
    hobbies: Array.from({ length: HOBBIES }, () => ({ name: "", skills: [] })),
    talents: Array.from({ length: TALENTS }, () => ""),
  };

  constructor(actor: Character, options: Record<string, unknown> = {}) {
    super({ id: `wh-beginner-package-${actor.id ?? ""}`, ...options });
    this.actor = actor;
  }

  override get title(): string {
    return t("WH.Creation.Beginner.Title", { name: this.actor.name ?? "" });
  }

  override async _prepareContext(options: ContextOptions) {
    const context = await super._prepareContext(options);
    // Read once: the compendiums are read from disk; applying reads the sources again.
    this.#sources ??= await packageSources(this.actor);
    const sources = this.#sources;
    const check = validateBeginnerPackage(packageOf(this.choice, sources));
    return Object.assign(context, {
      metier: this.setPicker("metier", sources.metiers, this.choice.metier, this.choice.metierSkills, 0),
      hobbies: this.choice.hobbies.map((h, i) =>
        this.setPicker(`hobby-${i}`, sources.hobbies, h.name, h.skills, i + 1),
      ),
      talents: this.choice.talents.map((name, i) => ({
        name: `talent-${i}`,
        label: t("WH.Creation.Beginner.TalentN", { n: i + 1 }),
        options: this.talentOptions(sources, name),
      })),
      levels: {
        metier: t("WH.Creation.Beginner.MetierLevels", {
          level: signed(PACKAGE_LEVELS.metier),
          floor: signed(PACKAGE_LEVELS.metierFloor),
        }),
        hobby: t("WH.Creation.Beginner.HobbyLevels", {
          level: signed(PACKAGE_LEVELS.hobby),
          floor: signed(PACKAGE_LEVELS.hobbyFloor),
        }),
        talent: t("WH.Creation.Beginner.TalentLevels", { level: signed(PACKAGE_LEVELS.talent) }),
      },
      empty: sources.metiers.length === 0 || sources.hobbies.length < HOBBIES,
      problems: check.problems.map(packageProblemText),
      canApply: check.valid,
      applied: appliedPackage(this.actor),
    });
  }

  /** The talent picker's options: every skill, the picked one selected. */
  private talentOptions(sources: PackageSources, picked: string) {
    return sources.skills.map((name) => ({ value: name, label: name, selected: name === picked }));
  }

  /** A métier or hobby picker: the sets offered, and the picked one's skills with the level each will have. */
  private setPicker(field: string, list: PackageSource[], picked: string, chosen: string[], index: number) {
    const set = list.find((s) => normaliseName(s.name) === normaliseName(picked));
    const isMetier = field === "metier";
    const level = signed(isMetier ? PACKAGE_LEVELS.metier : PACKAGE_LEVELS.hobby);
    const floor = signed(isMetier ? PACKAGE_LEVELS.metierFloor : PACKAGE_LEVELS.hobbyFloor);
    return {
      field,
      label: isMetier ? t("WH.Creation.Beginner.Metier") : t("WH.Creation.Beginner.HobbyN", { n: index }),
      sets: list.map((s) => ({
        value: s.name,
        label: s.owned ? t("WH.Creation.Beginner.OnSheet", { name: s.name }) : s.name,
        selected: s === set,
      })),
      skills: (set?.skills ?? []).map((name) => {
        const on = chosen.includes(name);
        return {
          name,
          checked: on,
          level: on ? t("WH.Creation.Beginner.AtLevel", { level }) : t("WH.Creation.Beginner.AtFloor", { floor }),
        };
      }),
    };
  }

  override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", () => void this.#onChange());
  }

  /** The choice the form shows; a set picked anew starts with none of its skills. */
  readForm(): PackageChoice {
    const form = this.element as HTMLFormElement;
    const value = (name: string) => form.querySelector<HTMLSelectElement>(`[name="${name}"]`)?.value ?? "";
    const checked = (name: string) =>
      Array.from(form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`))
        .filter((i) => i.checked)
        .map((i) => i.value);
    const metier = value("metier");
    return {
      metier,
      metierSkills: metier === this.choice.metier ? checked("metier-skill") : [],
      hobbies: this.choice.hobbies.map((before, i) => {
        const name = value(`hobby-${i}`);
        return { name, skills: name === before.name ? checked(`hobby-${i}-skill`) : [] };
      }),
      talents: this.choice.talents.map((_, i) => value(`talent-${i}`)),
    };
  }

  async #onChange(): Promise<void> {
    this.choice = this.readForm();
    await this.render();
  }

  static async #onCancel(this: BeginnerPackageDialog): Promise<void> {
    await this.close();
  }

  static async #onSubmit(this: BeginnerPackageDialog): Promise<void> {
    this.choice = this.readForm();
    try {
      await applyBeginnerPackage(this.actor, this.choice);
    } catch (error) {
      notifyError(error);
      return;
    }
    ui.notifications.info(t("WH.Creation.Beginner.Done", { name: this.actor.name ?? "" }));
    await this.close();
  }
}

/** Opens a Harmonies character's beginner package (one dialog per character), for its owner. */
export const openBeginnerPackage = characterDialogOpener(
  "harmoniesCharacter",
  "WH.Creation.Error.NotHarmonies",
  (actor: Character) => new BeginnerPackageDialog(actor),
);
