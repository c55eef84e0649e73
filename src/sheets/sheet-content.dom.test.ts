// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, startWorld, strangerId } from "../../test/support/world";
import { defaultSheet, settle } from "../../test/support/dom";

/** What each sheet shows, read in the drawn sheet as its reader sees it. */

type AnyObject = Record<string, unknown>;
interface Sheet {
  element: HTMLFormElement;
  rendered: boolean;
  render(options?: unknown): Promise<unknown>;
  setEditMode(editMode: boolean): void;
  _onDropItem(event: unknown, item: unknown): Promise<unknown>;
}
interface Doc {
  id: string;
  name: string;
  type: string;
  system: AnyObject;
  items: { contents: Doc[]; find(fn: (i: Doc) => boolean): Doc | undefined };
  update(changes: AnyObject): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

async function open(document: unknown, options: { edit?: boolean } = {}): Promise<Sheet> {
  const sheet = defaultSheet<Sheet>(foundry, document as Doc);
  if (options.edit) sheet.setEditMode(true);
  await sheet.render({ force: true });
  return sheet;
}

/** The trimmed text of every element matching, in order. */
function texts(sheet: Sheet, selector: string): string[] {
  return [...sheet.element.querySelectorAll(selector)].map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim());
}

function text(sheet: Sheet, selector: string): string {
  return texts(sheet, selector)[0] ?? "";
}

async function actor(data: AnyObject & { items?: AnyObject[] }): Promise<Doc> {
  return (await createActor(data)) as unknown as Doc;
}

describe("the lists of a sheet", () => {
  it("are in the actor's order, then by name", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [
        { name: "Zhao", type: "wuxiaPower", sort: 2 },
        { name: "Bond", type: "wuxiaPower", sort: 2 },
        { name: "Yin", type: "wuxiaPower", sort: 1 },
      ],
    });
    const sheet = await open(hero);
    expect(texts(sheet, "[data-tab=powers] [data-roll-kind=power]")).toEqual(["Yin", "Bond", "Zhao"]);
    const other = await actor({
      name: "Mei",
      type: "wuxiaCharacter",
      items: [
        { name: "Chi", type: "wuxiaPower", sort: 1 },
        { name: "Bond", type: "wuxiaPower", sort: 2 },
        { name: "Aile", type: "wuxiaPower", sort: 3 },
      ],
    });
    expect(texts(await open(other), "[data-tab=powers] [data-roll-kind=power]")).toEqual(["Chi", "Bond", "Aile"]);
  });
});

describe("dropping an item on a sheet", () => {
  it("is refused on a group, which holds no items, with the reason", async () => {
    const group = await actor({ name: "Garde", type: "group" });
    const other = await actor({ name: "W", type: "wuxiaCharacter", items: [{ name: "Chasseur", type: "wuxiaSkill" }] });
    const sheet = await open(group);
    expect(await sheet._onDropItem({}, other.items.contents[0])).toBeNull();
    expect(foundry.notifications.at(-1)).toEqual({
      level: "warn",
      message: foundry.game.i18n.localize("WH.Sheet.Drop.NoItemsOnGroup"),
    });
    expect(group.items.contents).toHaveLength(0);
  });

  it("takes an item of the sheet's own rule set", async () => {
    const hero = await actor({ name: "Lin", type: "wuxiaCharacter" });
    const other = await actor({ name: "W", type: "wuxiaCharacter", items: [{ name: "Chasseur", type: "wuxiaSkill" }] });
    const sheet = await open(hero);
    expect(await sheet._onDropItem({}, other.items.contents[0])).not.toBeNull();
    expect(hero.items.contents.map((i) => i.name)).toEqual(["Chasseur"]);
  });

  it("leaves an item or actor of a type no rule set claims (another package's) to Foundry, on either rule set's sheet", async () => {
    const { dropProblem } = await import("./base/actor-sheet");
    const note = { type: "some-module.note", name: "Note" };
    expect(dropProblem({ type: "wuxiaCharacter" }, note)).toBeNull();
    expect(dropProblem({ type: "harmoniesCharacter" }, note)).toBeNull();
    expect(dropProblem({ type: "some-module.vehicle" }, { type: "wuxiaSkill", name: "Chasseur" })).toBeNull();
    expect(dropProblem({ type: "harmoniesCharacter" }, { type: "wuxiaSkill", name: "Chasseur" })).toBe(
      "Chasseur belongs to Wuxia; this sheet plays Harmonies.",
    );
  });
});

describe("rich text on a sheet", () => {
  it("shows its secrets to the owner only", async () => {
    const hero = await actor({ name: "Lin", type: "wuxiaCharacter", system: { biography: "<p>Lin</p>" } });
    await hero.update({ ownership: { [strangerId()]: 2 } });
    const enrich = vi.spyOn(
      (
        globalThis as unknown as {
          foundry: {
            applications: {
              ux: { TextEditor: { implementation: { enrichHTML(html: string, options: AnyObject): Promise<string> } } };
            };
          };
        }
      ).foundry.applications.ux.TextEditor.implementation,
      "enrichHTML",
    );
    actAs("player");
    await open(hero);
    actAs("stranger");
    await open(hero);
    const secrets = enrich.mock.calls
      .filter(([html]) => html === "<p>Lin</p>")
      .map(([, options]) => [options.secrets, options.relativeTo]);
    expect(secrets).toEqual([
      [true, hero],
      [false, hero],
    ]);
  });
});

describe("rolls clicked on a sheet", () => {
  async function clickedRoll(document: Doc, selector: string): Promise<Record<string, string>> {
    actAs("player");
    const sheet = await open(document);
    sheet.element.querySelector<HTMLElement>(selector)?.click();
    await settle();
    const dialog =
      document instanceof Object ? globalThis.document.querySelector<HTMLFormElement>("form.wh-roll-dialog") : null;
    if (!dialog) throw new Error("no roll dialog");
    const chosen = Object.fromEntries(
      [...dialog.querySelectorAll<HTMLSelectElement>("select[name]")].map((s) => [s.name, s.value]),
    );
    dialog.querySelector<HTMLElement>("[data-action=cancel]")?.click();
    await settle();
    return chosen;
  }

  it("start a Harmonies roll from the characteristic or the means clicked", async () => {
    const hero = await actor({ name: "David", type: "harmoniesCharacter" });
    expect(await clickedRoll(hero, "[data-action=roll][data-key=intelligence]")).toMatchObject({
      characteristic: "intelligence",
    });
    expect(await clickedRoll(hero, "[data-action=roll][data-key=precision]")).toMatchObject({ means: "precision" });
  });

  it("start a skill's roll from the skill clicked", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [{ name: "Chasseur", type: "wuxiaSkill", system: { level: 3 } }],
    });
    const skill = hero.items.contents[0];
    expect(await clickedRoll(hero, `[data-item-id="${skill?.id ?? ""}"] [data-action=roll]`)).toMatchObject({
      skillId: skill?.id,
    });
  });

  it("start a group's roll from the score clicked", async () => {
    const group = await actor({
      name: "Garde",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [{ label: "Garde", count: 5, stats: { agilite: 1 } }],
        action: { characteristic: "agilite", means: "manoeuvre" },
      },
    });
    expect(await clickedRoll(group, "[data-action=rollCombined][data-key=corps]")).toMatchObject({
      characteristic: "corps",
    });
    expect(await clickedRoll(group, "[data-action=rollCombined][data-key=puissance]")).toMatchObject({
      means: "puissance",
    });
    // "Roll for the group" names no score: the group's own action is rolled.
    expect(await clickedRoll(group, "[data-action=roll][data-key=action]")).toMatchObject({
      characteristic: "agilite",
      means: "manoeuvre",
    });
  });

  it("tell the player why a roll is refused", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [{ name: "Chasseur", type: "wuxiaSkill", system: { level: 3 } }],
    });
    actAs("player");
    const sheet = await open(hero);
    const rollButton = sheet.element.querySelector<HTMLElement>("[data-roll-kind=skill]");
    rollButton?.closest("[data-item-id]")?.setAttribute("data-item-id", "gone");
    rollButton?.click();
    await settle();
    expect(foundry.notifications.at(-1)?.level).toBe("error");
    expect(document.querySelector("form.wh-roll-dialog")).toBeNull();
  });
});

function format(key: string, data: Record<string, string | number> = {}): string {
  return foundry.game.i18n.format(key, data);
}

describe("the Wuxia sheet", () => {
  it("shows the creation budget each priority buys, the house-rule marks and what breaks the rules", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      system: {
        heroType: "sorcier",
        priorities: { attributes: 1, skills: 2, powers: 3, traits: 4, experience: 5 },
        attributes: { metal: 3, feu: 4, terre: 2, eau: 2, bois: 1 },
      },
    });
    const sheet = await open(hero);
    const rows = [...sheet.element.querySelectorAll(".wh-creation tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").replace(/\s+/g, " ").trim()),
    );
    expect(rows.map((r) => r[1])).toEqual(["1", "2", "3", "4", "5"]);
    expect(rows[0]?.[2]).toMatch(/^\d+ points, maximum \d+$/);
    expect(rows[1]?.[2]).toMatch(/^\d+ points to spend †$/);
    expect(rows[2]?.[2]).toMatch(/^\d+ points; hero type: .+ †$/);
    expect(rows[3]?.[2]).toMatch(/^Traits: \d+ †$/);
    expect(rows[4]?.[2]).toMatch(/^\d+ points to spend †$/);
    expect(texts(sheet, ".wh-warnings li").length).toBeGreaterThan(0);
    expect(texts(sheet, ".wh-warnings li").join(" ")).not.toMatch(/WH\./);
  });

  it("counts what each priority spends from the character's own items, and names every problem", async () => {
    const { validateWuxiaCreation } = await import("../rules");
    const priorities = { attributes: 5, skills: 1, powers: 2, traits: 3, experience: 4 };
    const attributes = { metal: 3, feu: 9, terre: 2, eau: 2, bois: 1 };
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      system: { heroType: "sorcier", priorities, attributes, experience: 90 },
      items: [
        { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
        { name: "Médecin", type: "wuxiaSkill", system: { category: "profession", level: 2 } },
        // A spécialisation uses its Métier's level: it buys nothing of its own.
        { name: "Tir à l'arc", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Chasseur", level: 4 } },
        { name: "Go", type: "wuxiaSkill", system: { category: "narrow", level: 2 } },
        { name: "Bond", type: "wuxiaPower", system: { level: 4 } },
        { name: "Vol", type: "wuxiaPower", system: { level: 3 } },
        { name: "Tigre", type: "wuxiaTrait" },
        { name: "Rat", type: "wuxiaTrait" },
        { name: "Dette", type: "wuxiaDrame" },
      ],
    });
    const sheet = await open(hero);
    const spent = [...sheet.element.querySelectorAll(".wh-creation tbody tr td:last-child")].map((td) =>
      td.textContent?.trim(),
    );
    expect(spent).toEqual(["17", "7", "7", "2", "90"]);
    const check = validateWuxiaCreation({
      priorities,
      attributes,
      skillLevels: [3, 2, 2],
      powerLevels: [4, 3],
      traits: 2,
      experience: 90,
      heroType: "Sorcier",
    });
    expect(check.problems.map((p) => p.field)).toEqual(
      expect.arrayContaining(["attributes.feu", "heroType", "experience"]),
    );
    const field = (name: string) =>
      name === "attributes.feu"
        ? format("WH.Attribute.feu")
        : name === "heroType"
          ? format("WH.Actor.Wuxia.FIELDS.heroType.label")
          : format(`WH.Actor.Wuxia.FIELDS.priorities.${name}.label`);
    expect(texts(sheet, ".wh-warnings li")).toEqual(
      check.problems.map((p) => format(p.code, { field: field(p.field), spent: p.spent ?? 0, limit: p.limit ?? 0 })),
    );
  });

  it("names the hero type and sign, and marks the thresholds reached", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      system: {
        heroType: "guerrier",
        zodiac: "tigre",
        attributes: { metal: 3, eau: 2 },
        wounds: { value: 13 },
        panic: { value: 0 },
      },
    });
    const sheet = await open(hero);
    expect(texts(sheet, ".wh-subtitle .wh-tag")).toEqual([
      `${format("WH.Actor.Wuxia.FIELDS.heroType.label")} ${format("WH.HeroType.guerrier")}`,
      `${format("WH.Actor.Wuxia.FIELDS.zodiac.label")} ${format("WH.Zodiac.tigre")}`,
    ]);
    // Death threshold (2 × 3 + 2) × 3 = 24: thresholds 6, 12, 18 at the default 25, 50, 75 %.
    const wound = [...sheet.element.querySelectorAll("[data-tab=main] .wh-thresholds")][0];
    expect(
      [...(wound?.querySelectorAll(".wh-threshold") ?? [])].map((el) => [
        el.textContent?.replace(/\s+/g, " ").trim(),
        el.classList.contains("wh-reached"),
      ]),
    ).toEqual([
      [`6 ${format("WH.Sheet.SrPenalty", { penalty: 1 })}`, true],
      [`12 ${format("WH.Sheet.SrPenalty", { penalty: 2 })}`, true],
      [`18 ${format("WH.Sheet.SrPenalty", { penalty: 3 })}`, false],
      [`24 ${format("WH.Sheet.Wuxia.Dead")}`, false],
    ]);
    const panic = [...sheet.element.querySelectorAll("[data-tab=main] .wh-thresholds")][1];
    const flee = [...(panic?.querySelectorAll(".wh-threshold small") ?? [])].map((el) => el.textContent?.trim());
    expect(flee.at(-1)).toBe(format("WH.Sheet.Wuxia.Flee"));
    expect(flee.slice(0, -1).every((t) => t !== format("WH.Sheet.Wuxia.Flee"))).toBe(true);
    // No "Zodiac sign: none" on a hero who has neither yet.
    const none = await open(await actor({ name: "N", type: "wuxiaCharacter" }));
    expect(texts(none, ".wh-subtitle .wh-tag")).toEqual([]);
  });

  it("sorts skills into Métiers, Professions and the narrow ones, with what each uses", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [
        { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
        { name: "Médecin", type: "wuxiaSkill", system: { category: "profession", level: 2 } },
        { name: "Tir à l'arc", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Chasseur", level: 1 } },
        { name: "Go", type: "wuxiaSkill", system: { category: "narrow", level: 2 } },
      ],
    });
    const sheet = await open(hero);
    const tables = [...sheet.element.querySelectorAll("[data-tab=skills] table")].map((t) =>
      texts({ element: t } as unknown as Sheet, "[data-roll-kind=skill]"),
    );
    expect(tables).toEqual([["Chasseur"], ["Médecin"], ["Go", "Tir à l'arc"]]);
    expect(texts(sheet, "[data-tab=skills] .wh-use")).toEqual([
      format("WH.Sheet.Wuxia.CompetenceUse", { competence: 3 }),
      format("WH.Sheet.Wuxia.CompetenceUse", { competence: 2 }),
      format("WH.Sheet.Wuxia.HobbyUse", { competence: 2 }),
      `${format("WH.Sheet.Wuxia.SpecialisationOf", { parent: "Chasseur", competence: 3, rerolls: 1 })} †`,
    ]);
  });
});

describe("the Harmonies sheet", () => {
  it("shows each score signed with its race bonus and total, and each métier's skills with the levels", async () => {
    const hero = await actor({
      name: "David",
      type: "harmoniesCharacter",
      system: { characteristics: { corps: { value: 3, race: 1 } }, means: { puissance: { value: -2 } } },
      items: [
        { name: "Chasseur", type: "harmoniesMetier", system: { skills: ["Fronde", "Pister"] } },
        { name: "Fronde", type: "harmoniesSkill", system: { level: 2 } },
      ],
    });
    const sheet = await open(hero);
    const corps = [...sheet.element.querySelectorAll(".wh-scores tbody tr")][0];
    expect([...(corps?.querySelectorAll("td") ?? [])].slice(0, 3).map((td) => td.textContent?.trim())).toEqual([
      "+3",
      "+1",
      "+4",
    ]);
    expect(text(sheet, ".wh-scores tbody tr th")).toBe(
      `${format("WH.Attribute.corps")} ${format("WH.AttributeAbbr.corps")}`,
    );
    expect(texts(sheet, "[data-tab=metiers] .wh-chip")).toEqual(["Fronde (+2)", "Pister"]);
    expect(texts(sheet, "[data-tab=metiers] .wh-warning")).toEqual([format("WH.Sheet.Harmonies.NotQualified")]);
    expect(texts(sheet, "[data-tab=metiers] .wh-section-title")).toEqual([
      format("WH.Sheet.Harmonies.Metiers"),
      format("WH.Sheet.Harmonies.Hobbies"),
    ]);
    const skillRow = sheet.element.querySelector("[data-tab=skills] tbody tr");
    expect(skillRow?.querySelector("strong")?.textContent).toBe("+2");
    expect(skillRow?.querySelector("strong")?.getAttribute("data-tooltip")).toBe(
      format("WH.Sheet.Harmonies.Source.own"),
    );
    expect(skillRow?.querySelector(".wh-sets")?.textContent?.trim()).toBe("Chasseur");
  });

  it("draws the wound track box by box, over the room marked, and the weapons' range and soak", async () => {
    const hero = await actor({
      name: "Goliath",
      type: "harmoniesCharacter",
      system: { wounds: { light: 2, grave: 1 } },
      items: [{ name: "Fronde", type: "harmoniesWeapon", system: { damage: 1, range: "missile" } }],
    });
    const sheet = await open(hero);
    const system = hero.system as { woundMaxima: Record<string, number> };
    const boxes = [...sheet.element.querySelectorAll(".wh-boxes")].map((row) =>
      [...row.querySelectorAll(".wh-box")].map(
        (b) => (b.classList.contains("wh-filled") ? "x" : "") + (b.classList.contains("wh-over") ? "!" : ""),
      ),
    );
    expect(boxes[0]).toEqual(
      Array.from(
        { length: Math.max(2, system.woundMaxima.light ?? 0) },
        (_, i) => (i < 2 ? "x" : "") + (i >= (system.woundMaxima.light ?? 0) ? "!" : ""),
      ),
    );
    expect(boxes[1]?.filter((b) => b.startsWith("x"))).toHaveLength(1);
    const weapon = sheet.element.querySelector("[data-tab=combat] tr[data-item-id]");
    expect(weapon?.textContent).toContain(format("WH.Item.HarmoniesWeapon.Range.missile"));
    expect(weapon?.querySelector(".wh-house-rule")).not.toBeNull();
    expect(texts(sheet, "[data-tab=combat] .wh-muted")).toContain(format("WH.Sheet.Harmonies.Soak", { soak: "0" }));
  });
});

describe("the group sheet", () => {
  it("shows its description, enriched, in the description tab", async () => {
    const group = await actor({
      name: "Gardes",
      type: "group",
      system: { ruleset: "harmonies", description: "<p>Les gardes du <em>palais</em>.</p>" },
    });
    const sheet = await open(group);
    expect(sheet.element.querySelector('[data-application-part="description"] .wh-rich-text')?.innerHTML).toBe(
      "<p>Les gardes du <em>palais</em>.</p>",
    );
  });

  it("explains the spread in its header in words, with the limit", async () => {
    const group = await actor({ name: "Gardes", type: "group", system: { ruleset: "harmonies" } });
    const sheet = await open(group);
    const tile = [...sheet.element.querySelectorAll<HTMLElement>(".wh-resource")].find((el) =>
      el.textContent?.includes(format("WH.Sheet.Group.Spread")),
    );
    expect(tile?.dataset.tooltip).toBe(
      "Spread: how far apart the sub-groups' scores for the group's action are. At most 5, one roll may stand for the whole group.",
    );
  });

  it("shows no spread for a Wuxia group, whose sub-groups always test one by one, however far apart", async () => {
    const members = [
      { label: "Novices", count: 10, stats: { feu: 1, skill: 0 } },
      { label: "Maître", count: 1, stats: { feu: 10, skill: 5 } },
    ];
    const group = await actor({ name: "Moines", type: "group", system: { ruleset: "wuxia", members } });
    const sheet = await open(group);
    const tiles = [...sheet.element.querySelectorAll<HTMLElement>(".wh-resource")].map((el) => el.textContent ?? "");
    expect(tiles.some((text) => text.includes(format("WH.Sheet.Group.Spread")))).toBe(false);
    expect(sheet.element.querySelector(".wh-alert, .wh-warning")).toBeNull();
  });

  it("shows the combined Values with those set aside, and whether one roll may stand for all", async () => {
    const group = await actor({
      name: "Bande",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Chefs", count: 1, stats: { corps: 5, agilite: 1 } },
          { label: "Chiens", count: 1, stats: { corps: -8, agilite: 1 } },
        ],
        action: { characteristic: "agilite", means: "manoeuvre" },
      },
    });
    const sheet = await open(group);
    const corps = [...sheet.element.querySelectorAll(".wh-combined tbody tr")][0];
    expect(corps?.querySelector("th")?.textContent).toBe(format("WH.Attribute.corps"));
    expect(corps?.querySelector("td:last-child")?.textContent).toBe("−8 (Chiens)");
    expect(text(sheet, ".wh-ok")).toBe(
      "Homogeneous: the scores are within 0 points of each other (at most 5). One roll may stand for the group.",
    );
    expect(
      [...sheet.element.querySelectorAll(".wh-members thead th[data-tooltip]")].at(-1)?.getAttribute("data-tooltip"),
    ).toBe(
      format("WH.Sheet.Group.ActionHarmonies", {
        characteristic: format("WH.Attribute.agilite"),
        means: format("WH.Attribute.manoeuvre"),
      }),
    );
    expect(texts(sheet, ".wh-members thead th.wh-num").slice(1, 3)).toEqual([
      format("WH.AttributeAbbr.corps"),
      format("WH.AttributeAbbr.agilite"),
    ]);
  });

  it("shows the member being hurt in each sub-group, so the GM sees how close the next hit is to dropping one", async () => {
    const wuxia = await actor({
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [
          // Métal 1, Eau 1: a death threshold of (2 × 1 + 1) × 3 = 9 NB.
          { label: "Gardes", count: 3, wounds: { nb: 5 }, stats: { metal: 1, eau: 1 } },
          { label: "Sergent", count: 1, stats: { metal: 2, eau: 2 } },
        ],
      },
    });
    const hurt = (sheet: Sheet) => texts(sheet, ".wh-members tbody .wh-member-hurt");
    expect(hurt(await open(wuxia))).toEqual([format("WH.Sheet.Group.HurtWuxia", { nb: "5", max: "9" }), "—"]);
    const harmonies = await actor({
      name: "Soldats",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [{ label: "Soldats", count: 4, wounds: { light: 2, grave: 1 } }],
      },
    });
    expect(hurt(await open(harmonies))).toEqual([
      format("WH.Sheet.Group.HurtHarmonies", {
        light: "2",
        grave: "1",
        critical: "0",
        lightMax: "4",
        graveMax: "2",
        criticalMax: "1",
      }),
    ]);
  });

  it("bounds a Wuxia sub-group's Attributes as the schema does, and names its action", async () => {
    const group = await actor({
      name: "Garde",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [{ label: "Gardes", count: 3, stats: { metal: 3 } }],
        action: { attribute: "metal" },
      },
    });
    const sheet = await open(group, { edit: true });
    const metal = sheet.element.querySelector<HTMLInputElement>("[data-member-field='stats.metal']");
    expect([metal?.min, metal?.max, metal?.value]).toEqual(["1", "10", "3"]);
    expect(
      [...sheet.element.querySelectorAll(".wh-members thead th[data-tooltip]")].at(-1)?.getAttribute("data-tooltip"),
    ).toBe(format("WH.Sheet.Group.ActionWuxia", { attribute: format("WH.Attribute.metal") }));
    expect(texts(sheet, ".wh-members thead th.wh-num")[1]).toBe(format("WH.Attribute.metal"));
  });
});

describe("the item sheets", () => {
  it("offer a specialisation its possible parents, and a Harmonies skill shows its trades and hobbies", async () => {
    const hero = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [
        { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier" } },
        { name: "Go", type: "wuxiaSkill", system: { category: "narrow" } },
      ],
    });
    const go = hero.items.find((i) => i.name === "Go");
    const goSheet = await open(go);
    expect([...goSheet.element.querySelectorAll("datalist option")].map((o) => o.getAttribute("value"))).toEqual([
      "Chasseur",
    ]);
    expect(text(goSheet, ".wh-subtitle")).toContain(format("TYPES.Item.wuxiaSkill"));
    expect(text(goSheet, ".wh-subtitle")).toContain("Lin");

    const david = await actor({
      name: "David",
      type: "harmoniesCharacter",
      items: [
        { name: "Chasseur", type: "harmoniesMetier", system: { skills: ["Fronde", "Pister"] } },
        { name: "Fronde", type: "harmoniesSkill", system: { level: 1 } },
      ],
    });
    const metier = david.items.find((i) => i.name === "Chasseur");
    const metierSheet = await open(metier);
    expect(metierSheet.element.querySelector("textarea")?.value).toBe("Fronde\nPister");
    expect(
      [...metierSheet.element.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()),
      ),
    ).toEqual([
      ["Fronde", "+1", "+1"],
      ["Pister", format("WH.Sheet.Harmonies.NotOnSheet"), "—"],
    ]);
    const skillSheet = await open(david.items.find((i) => i.name === "Fronde"));
    expect(skillSheet.element.textContent).toContain("Chasseur");
  });

  it("list a trade's skill never learnt with no level and the level the trade gives; a world trade lists no levels", async () => {
    const david = await actor({
      name: "David",
      type: "harmoniesCharacter",
      items: [
        { name: "Chasseur", type: "harmoniesMetier", system: { skills: ["Pister"] } },
        { name: "Promeneur", type: "harmoniesHobby", system: { skills: ["Pister"] } },
        { name: "Pister", type: "harmoniesSkill", system: { level: null } },
        { name: "Nager", type: "harmoniesSkill", system: { level: 1 } },
      ],
    });
    const metierSheet = await open(david.items.find((i) => i.name === "Chasseur"));
    expect(
      [...metierSheet.element.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()),
      ),
    ).toEqual([["Pister", "—", "−3"]]);
    const pister = await open(david.items.find((i) => i.name === "Pister"));
    const sets = pister.element.textContent?.replace(/\s+/g, " ") ?? "";
    expect(sets).toContain(format("WH.Sheet.Harmonies.InMetiers", { names: "Chasseur" }));
    expect(sets).toContain(format("WH.Sheet.Harmonies.InHobbies", { names: "Promeneur" }));
    const nager = await open(david.items.find((i) => i.name === "Nager"));
    expect(nager.element.textContent).toContain(format("WH.Sheet.Harmonies.InNoSet"));

    const Item = globalThis.Item as unknown as { create(data: unknown): Promise<Doc> };
    const world = await Item.create({ name: "Chasseur", type: "harmoniesMetier", system: { skills: ["Pister"] } });
    const worldSheet = await open(world);
    expect(worldSheet.element.querySelector("textarea")?.value).toBe("Pister");
    expect(worldSheet.element.querySelector("table")).toBeNull();
    expect(worldSheet.element.querySelector(".wh-subtitle .wh-tag")).toBeNull();
  });
});

describe("every sheet's window", () => {
  it("carries the system's classes its styles are scoped to, a size, resizing, and tabs each with an icon and a label", async () => {
    const wuxia = await actor({
      name: "Lin",
      type: "wuxiaCharacter",
      items: [{ name: "Chasseur", type: "wuxiaSkill" }],
    });
    const harmonies = await actor({ name: "David", type: "harmoniesCharacter" });
    const group = await actor({ name: "Garde", type: "group" });
    const expected: [Doc, string[], string[]][] = [
      [
        wuxia,
        ["wuxia-harmonies", "sheet", "actor", "wuxia"],
        ["main", "skills", "powers", "combat", "effects", "biography"],
      ],
      [
        harmonies,
        ["wuxia-harmonies", "sheet", "actor", "harmonies"],
        ["main", "skills", "metiers", "combat", "effects", "biography"],
      ],
      [group, ["wuxia-harmonies", "sheet", "actor", "group"], ["members", "description"]],
      [wuxia.items.contents[0] as Doc, ["wuxia-harmonies", "sheet", "item"], []],
    ];
    for (const [document, classes, tabs] of expected) {
      const sheet = (await open(document)) as Sheet & {
        options: { position: { width?: number; height?: number }; window: { resizable?: boolean } };
      };
      expect([...sheet.element.classList]).toEqual(expect.arrayContaining(classes));
      expect(
        [sheet.options.position.width, sheet.options.position.height].every((n) => typeof n === "number" && n > 300),
      ).toBe(true);
      expect(sheet.options.window.resizable).toBe(true);
      const links = [...sheet.element.querySelectorAll<HTMLElement>("nav.tabs [data-action=tab]")];
      expect(links.map((a) => a.dataset.tab)).toEqual(tabs);
      for (const link of links) {
        expect(link.querySelector("i")?.className).toMatch(/^fa-solid fa-[a-z-]+$/);
        expect(link.textContent?.trim()).toBe(format(`WH.Sheet.Tab.${link.dataset.tab ?? ""}`));
      }
      expect(texts(sheet, "[data-tab].tab").length).toBe(tabs.length);
    }
  });
});

describe("a refused edit", () => {
  it("gives every reason the model has, one after the other, and lets any other error through", async () => {
    const group = await actor({
      name: "Garde",
      type: "group",
      system: { ruleset: "wuxia", members: [{ label: "Gardes", count: 3, stats: {} }] },
    });
    const { applyInlineEdit, refuseSubmission } = await import("./inline-edit");
    const members = [{ label: "Gardes", count: 3, stats: { metal: 0, feu: 12, terre: 2, eau: 2, bois: 2, skill: 0 } }];
    expect(await applyInlineEdit(group as never, "system.members", members)).toBe(false);
    const message = foundry.notifications.at(-1)?.message ?? "";
    expect(message).toMatch(/\(got 0\)\. .+\(got 12\)\.$/);
    const sheet = { render: vi.fn(async () => undefined) };
    expect(() => refuseSubmission(sheet, new Error("not the user's input"))).toThrow("not the user's input");
    expect(sheet.render).not.toHaveBeenCalled();
  });
});

describe("the armour's heading on a Wuxia hero's combat tab", () => {
  it("says the armour worn and its total AR once, in English and in French", async () => {
    for (const [lang, expected] of [
      ["en", "Armour worn total AR 2"],
      ["fr", "Armures portées AR totale 2"],
    ] as const) {
      foundry = await startWorld({ lang });
      actAs("player");
      const hero = await actor({
        name: "Lin Mei",
        type: "wuxiaCharacter",
        items: [{ name: "Cuirasse", type: "wuxiaArmour", system: { armour: 2, worn: true } }],
      });
      const sheet = await open(hero);
      const heading = [...sheet.element.querySelectorAll(".wh-section-title")].find((h) => h.querySelector("small"));
      expect(heading?.textContent?.replace(/\s+/g, " ").trim()).toBe(expected);
    }
  });
});

describe("a Harmonies wound track holding more than its room", () => {
  it("says so in words beside the track, and nothing when every level fits", async () => {
    const david = await actor({
      name: "David",
      type: "harmoniesCharacter",
      system: { wounds: { light: 6 }, woundMaxima: { light: 4 } },
    });
    const sheet = await open(david);
    expect(texts(sheet, ".wh-wound-over")).toEqual([
      "Light wounds: 6, more than the 4 its track holds. Lower the count, or raise the track's room in edit mode.",
    ]);
    await david.update({ system: { wounds: { light: 3 } } });
    await sheet.render();
    expect(texts(sheet, ".wh-wound-over")).toEqual([]);
  });
});

describe("an empty description", () => {
  it("says there is none yet on a group's description tab, in play mode, instead of a blank", async () => {
    const group = await actor({ name: "Gardes", type: "group", system: { ruleset: "harmonies" } });
    const sheet = await open(group);
    expect(texts(sheet, '[data-application-part="description"] .wh-empty')).toEqual(["No description yet."]);
    await group.update({ system: { description: "<p>Les gardes.</p>" } });
    await sheet.render();
    expect(texts(sheet, '[data-application-part="description"] .wh-empty')).toEqual([]);
  });
});
