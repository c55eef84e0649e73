// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  bandits as banditsActor,
  createActor,
  facesRandom,
  palaceGuards as palaceGuardsActor,
  postedMessages,
  renderAs,
  startWorld,
  strangerId,
  type PostedMessage,
} from "../../test/support/world";
import { defaultSheet, settle } from "../../test/support/dom";
import { evaluateWuxiaPool, harmoniesOdds, wuxiaThreshold } from "../rules";

/** A group's rolls from its sheet, clicked as its owner (or a stranger) would, down to the card each posts. */

interface Sheet {
  element: HTMLElement;
  rendered: boolean;
  render(options?: unknown): Promise<unknown>;
}
type Doc = Actor.Implementation & { update(changes: Record<string, unknown>): Promise<unknown> };
interface StateRoll {
  constructor: { name: string };
  formula: string;
  total: number;
  state: Record<string, unknown>;
  dice: { results: { result: number }[] }[];
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

async function open(actor: unknown): Promise<Sheet> {
  const sheet = defaultSheet<Sheet>(foundry, actor as { type: string });
  await sheet.render({ force: true });
  return sheet;
}

/** Clicks a button of the sheet, as a person does; the dialog it opens (if any) is then drawn. */
async function click(sheet: Sheet, selector: string): Promise<void> {
  const target = sheet.element.querySelector<HTMLElement>(selector);
  if (!target) throw new Error(`nothing to click at ${selector}`);
  target.click();
  await settle();
}

function dialog(): HTMLFormElement {
  const form = document.querySelector<HTMLFormElement>("form.wh-roll-dialog");
  if (!form) throw new Error("no roll dialog drawn");
  return form;
}

/** Sets a field of the open dialog and presses Roll, with the dice to come scripted. */
async function rollDialog(faces: number[], fields: Record<string, string> = {}): Promise<void> {
  const form = dialog();
  for (const [name, value] of Object.entries(fields)) {
    const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    if (!input) throw new Error(`no field ${name}`);
    input.value = value;
  }
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  form.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
  await settle();
}

function rollOf(message: PostedMessage | undefined): StateRoll {
  const roll = message?.rolls[0] as unknown as StateRoll | undefined;
  if (!roll) throw new Error("no roll posted");
  return roll;
}

function texts(root: ParentNode, selector: string): string[] {
  return [...root.querySelectorAll(selector)].map((el) => el.textContent?.replace(/\s+/g, " ").trim() ?? "");
}

const i18n = () => foundry.game.i18n;
const format = (key: string, data: Record<string, string | number> = {}) =>
  i18n().format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));

const palaceGuards = (ownedByPlayer = true) => palaceGuardsActor(ownedByPlayer) as unknown as Promise<Doc>;
const bandits = () => banditsActor() as unknown as Promise<Doc>;

describe("a Wuxia group's roll, from its sheet", () => {
  it("one test per sub-group still fighting on one card: each row's faces, successes and outcome, and the members counted", async () => {
    const group = await palaceGuards();
    actAs("player");
    const sheet = await open(group);
    expect(texts(sheet.element, ".wh-hint")).toContain(i18n().localize("WH.Sheet.Group.WuxiaEachTests"));
    // No roll per sub-group is offered: the group's roll already is one.
    expect(sheet.element.querySelector("[data-action=rollSubgroups]")).toBeNull();
    await click(sheet, "[data-action=roll][data-key=action]");
    expect(dialog().querySelector<HTMLSelectElement>("[name=attribute]")?.value).toBe("metal");
    expect(texts(dialog(), ".wh-odds-panel__facts li")).toEqual([
      expect.stringContaining("Gardes (4)"),
      expect.stringContaining("Capitaine (1)"),
    ]);
    // Gardes: Métal 3 at 12 − 2 = 10 → one 10 (success); Capitaine: Métal 5 at 12 − 4 = 8 → two 1s, one 9 (critical).
    await rollDialog([10, 4, 5, 1, 1, 9, 3, 2], { sr: "12" });

    const message = postedMessages().at(-1);
    const roll = rollOf(message);
    expect(roll.constructor.name).toBe("WuxiaGroupRoll");
    expect(roll.formula).toBe("3d10 + 5d10");
    expect(roll.dice.map((d) => d.results.map((r) => r.result))).toEqual([
      [10, 4, 5],
      [1, 1, 9, 3, 2],
    ]);
    expect(roll.total).toBe(4);

    const card = await renderAs("player", message as PostedMessage);
    expect(texts(card, ".wh-subgroup__name strong")).toEqual(["Gardes", "Capitaine"]);
    expect(texts(card, ".wh-subgroup__name span")).toEqual(["4 members", "1 member"]);
    expect(texts(card, ".wh-card__title")).toEqual([format("WH.Chat.WuxiaGroup.Title", { attribute: "Metal" })]);
    expect(texts(card, ".wh-card__details li")).toEqual(["5 members", format("WH.Chat.Wuxia.Sr", { sr: 12 })]);
    const rows = [...card.querySelectorAll(".wh-subgroup")];
    const faces = rows.map((row) => texts(row, ".wh-die__face").map(Number));
    expect(faces).toEqual([
      [10, 4, 5],
      [1, 1, 9, 3, 2],
    ]);
    // Each row reads as the pool rules read its faces.
    const expected = [
      evaluateWuxiaPool([10, 4, 5], wuxiaThreshold(12, 2)),
      evaluateWuxiaPool([1, 1, 9, 3, 2], wuxiaThreshold(12, 4)),
    ];
    expect(expected.map((o) => [o.successes, o.ones])).toEqual([
      [1, 0],
      [1, 2],
    ]);
    expect(rows.map((row) => texts(row, ".wh-outcome span")[0])).toEqual([
      "1 success",
      "1 success against 2 dice showing 1",
    ]);
    expect(rows.map((row) => row.querySelector(".wh-outcome")?.className)).toEqual([
      "wh-outcome wh-outcome--success",
      "wh-outcome wh-outcome--critical",
    ]);
    expect(rows.map((row) => texts(row, ".wh-subgroup__pool")[0])).toEqual([
      "Metal 3 · SR 12 − skill 2: success on a 10 only",
      "Metal 5 · SR 12 − skill 4: success on 8+",
    ]);
    // The totals are the rows' members: 4 guards succeeded, the captain failed critically.
    expect(texts(card, "[data-wh-total]")).toEqual(["4", "1", "1"]);
    expect(card.querySelector(".dice-tooltip")).not.toBeNull();
  });

  it("leaves members out of the fight out of the next roll, and refuses a group with no one left", async () => {
    const group = await palaceGuards();
    actAs("player");
    const sheet = await open(group);
    const members = () => (group.system as unknown as { members: { out: number }[] }).members;
    const out = sheet.element.querySelectorAll<HTMLInputElement>("[data-member-field=out]");
    expect([...out].map((input) => input.value)).toEqual(["2", "2", "0"]);
    expect([...out].map((input) => input.dataset.tooltip)).toEqual(
      [4, 0, 1].map((fighting) => format("WH.Sheet.Group.Fighting", { fighting })),
    );
    const captain = out[2] as HTMLInputElement;
    captain.value = "1";
    captain.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(members().map((m) => m.out)).toEqual([2, 2, 1]);
    await sheet.render();

    foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 8, 9]);
    await click(sheet, "[data-action=roll][data-key=action]");
    expect(rollOf(postedMessages().at(-1)).formula).toBe("3d10");

    const source = (group as unknown as { toObject(): { system: { members: object[] } } }).toObject().system.members;
    await group.update({ "system.members": source.map((m) => ({ ...m, out: 9 })) });
    await sheet.render();
    // No roll is offered for a group with no one left; a macro is refused with the localised reason.
    expect(sheet.element.querySelector("[data-action=roll][data-key=action]")).toBeNull();
    const before = postedMessages().length;
    const { rollActor } = await import("../rolls/pipeline");
    const { notifyError } = await import("../core/errors");
    await rollActor(group, { dialog: false }).catch(notifyError);
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: format("WH.Roll.Error.EmptyGroup", { name: "Gardes du palais" }),
    });
    expect(postedMessages()).toHaveLength(before);
  });
});

describe("a Wuxia group that is not homogeneous", () => {
  it("is told each sub-group tests on its own, and is offered no second roll button", async () => {
    const group = await createActor({
      name: "Pêle-mêle",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [
          { label: "Recrues", count: 6, stats: { feu: 1, skill: 0 } },
          { label: "Maître", count: 1, stats: { feu: 9, skill: 9 } },
        ],
      },
    });
    actAs("player");
    const sheet = await open(group);
    expect((group.system as unknown as { homogeneity: { homogeneous: boolean } }).homogeneity.homogeneous).toBe(false);
    expect(sheet.element.querySelector(".wh-warning")).toBeNull();
    expect(texts(sheet.element, ".wh-hint")).toContain(i18n().localize("WH.Sheet.Group.WuxiaEachTests"));
    expect(sheet.element.querySelector("[data-action=rollSubgroups]")).toBeNull();
    expect(sheet.element.querySelectorAll("[data-action=roll][data-key=action]")).toHaveLength(1);
  });
});

describe("who may roll for a group", () => {
  it("the player who owns it rolls; the second player, who owns nothing, is refused and posts nothing", async () => {
    const group = await palaceGuards();
    const { rollActor } = await import("../rolls/pipeline");
    const { notifyError } = await import("../core/errors");
    actAs("stranger");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9, 9, 9, 9, 9]);
    await rollActor(group, { dialog: false, values: { visibility: "public" } }).catch(notifyError);
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: format("WH.Roll.Error.NotOwner", { name: "Gardes du palais" }),
    });
    expect(postedMessages()).toHaveLength(0);

    // Observing the group, the stranger sees its sheet but none of its roll buttons works.
    actAs("gm");
    await group.update({ ownership: { [strangerId()]: 2 } });
    actAs("stranger");
    const sheet = await open(group);
    const buttons = [...sheet.element.querySelectorAll<HTMLButtonElement>("[data-action^=roll]")];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((b) => b.disabled)).toBe(true);

    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9, 9, 9, 9, 9]);
    const message = await rollActor(group, { dialog: false, values: { visibility: "public", sr: 12 } });
    // Gardes at 12 − 2 = 10: three 9s fail; the captain at 12 − 4 = 8: five successes. One member succeeded.
    expect(rollOf(message as unknown as PostedMessage).total).toBe(1);
  });
});

describe("a Harmonies group's combined Values, from its sheet", () => {
  it("shows each combined Value's Measure beside it, and the sub-groups a set-aside Value stands for", async () => {
    const group = await bandits();
    actAs("player");
    const sheet = await open(group);
    const rows = [...sheet.element.querySelectorAll<HTMLElement>(".wh-combined tbody tr")];
    const row = (index: number) => [...(rows[index]?.querySelectorAll("td") ?? [])].map((td) => td.textContent?.trim());
    // Corps +11: Measure 12.5 (1.25 × 10); the chief's +3 set aside; Manœuvre +14: Measure 25.
    expect(row(0)).toEqual(["+11", "12.5", "", "+3 (Chef)"]);
    expect(row(6)).toEqual(["+14", "25", "", "—"]);
    // The merges behind each, on hover and to a screen reader: nine bandits still fighting pool first.
    const steps = (index: number) => rows[index]?.querySelector(".wh-steps");
    const corps = [
      i18n().format("WH.Sheet.Group.Steps.Equal", { count: 9, value: "+1", result: "+11" }),
      i18n().format("WH.Sheet.Group.Steps.SetAside", { weaker: "+3", stronger: "+11", gap: 8 }),
    ].join(";\n");
    expect(steps(0)?.getAttribute("data-tooltip")).toBe(corps);
    expect(steps(0)?.getAttribute("aria-label")).toBe(corps);
    expect(steps(6)?.getAttribute("data-tooltip")).toBe(
      [
        i18n().format("WH.Sheet.Group.Steps.Equal", { count: 9, value: "+2", result: "+12" }),
        i18n().format("WH.Sheet.Group.Steps.Merge", { weaker: "+9", stronger: "+12", gap: 3, result: "+14" }),
      ].join(";\n"),
    );
    expect(corps).toBe("9 at +1 pool into +11;\n+3 is set aside (8 behind +11)");
    expect(sheet.element.querySelector(".wh-combined thead th:nth-child(3)")?.getAttribute("title")).toBe(
      i18n().localize("WH.Sheet.Group.MeasureHint"),
    );
  });

  it("says when a Value had nothing to combine, and counts only the members still fighting", async () => {
    const { combinationText, measureText } = await import("../core/values-text");
    const { activeMembers } = await import("../documents/actors/group");
    const member = (label: string, count: number, out: number, corps: number) =>
      ({ label, count, out, stats: { corps } }) as unknown as Parameters<typeof activeMembers>[0][number];
    const text = (members: ReturnType<typeof member>[]) =>
      combinationText(activeMembers(members).map((m) => ({ value: m.stats.corps, count: m.count })));
    expect(text([member("Chef", 1, 0, 4)])).toEqual([i18n().localize("WH.Sheet.Group.Steps.Alone")]);
    expect(text([member("Chef", 1, 0, 4), member("Gardes", 3, 3, 9)])).toEqual([
      i18n().localize("WH.Sheet.Group.Steps.Alone"),
    ]);
    expect(text([member("Gardes", 3, 3, 9)])).toEqual([]);
    expect(text([member("Gardes", 4, 1, 0)])).toEqual([
      i18n().format("WH.Sheet.Group.Steps.Equal", { count: 3, value: "0", result: "+5" }),
    ]);
    // A Measure in the reader's digits, and a huge one as a power of ten.
    expect([-3, 0, 34, 60, 70, 135].map(measureText)).toEqual([
      "0.5",
      "1",
      "2,500",
      "1,000,000",
      "1 × 10^7",
      "3 × 10^13",
    ]);
  });

  it("the button of a combined Value rolls that Value, for the group as one body, and the card says so", async () => {
    const { percent } = await import("../core/format");
    const group = await bandits();
    actAs("player");
    const sheet = await open(group);
    const combined = (group.system as unknown as { combined: { key: string; value: number }[] }).combined;
    const value = (key: string) => combined.find((c) => c.key === key)?.value ?? NaN;
    // Nine bandits at Corps +1 are +11 together, the chief's +3 set aside (8 behind); Manœuvre: +12 and +9 → +14.
    expect([value("corps"), value("manoeuvre")]).toEqual([11, 14]);
    await click(sheet, "[data-action=rollCombined][data-key=corps]");
    expect(dialog().querySelector("[data-wh-combined]")?.textContent).toBe(i18n().localize("WH.Dialog.Combined.Hint"));
    const characteristic = dialog().querySelector<HTMLSelectElement>("[name=characteristic]");
    expect(characteristic?.value).toBe("corps");
    expect(characteristic?.selectedOptions[0]?.textContent).toBe("Body (+11)");
    // Closed roll 4 − 7 at +11 + 14 + skill 3 − 20.
    await rollDialog([4, 7], { difficulty: "-20" });

    const message = postedMessages().at(-1);
    const roll = rollOf(message);
    expect(roll.constructor.name).toBe("HarmoniesCombinedRoll");
    expect(roll.state).toMatchObject({ characteristicValue: 11, meansValue: 14, skillLevel: 3, size: 10, modifier: 8 });
    expect(roll.total).toBe(8 + 4 - 7);
    const card = await renderAs("player", message as PostedMessage);
    expect(texts(card, ".wh-card__title")).toEqual([
      format("WH.Chat.Combined.Title", { characteristic: "Body", means: "Manoeuvre" }),
    ]);
    expect(texts(card, ".wh-card__details li")).toEqual([
      "10 members acting as one",
      format("WH.Chat.Combined.Value", { attribute: "Body", value: "+11" }),
      format("WH.Chat.Combined.Value", { attribute: "Manoeuvre", value: "+14" }),
      format("WH.Chat.Combined.Skill", { level: "+3" }),
      format("WH.Chat.Harmonies.Difficulty", { difficulty: "−20" }),
      format("WH.Chat.Harmonies.Modifier", { modifier: "+8" }),
    ]);
    expect(texts(card, ".wh-margin")).toEqual(["+5"]);
    expect(card.querySelector(".wh-outcome--success")).not.toBeNull();
    expect(texts(card, ".wh-odds")).toEqual([format("WH.Chat.Harmonies.Odds", { success: percent(harmoniesOdds(8)) })]);
  });

  it("a means' button starts from that means, with the group's action characteristic", async () => {
    const group = await bandits();
    actAs("player");
    const sheet = await open(group);
    await click(sheet, "[data-action=rollCombined][data-key=precision]");
    expect(dialog().querySelector<HTMLSelectElement>("[name=means]")?.value).toBe("precision");
    expect(dialog().querySelector<HTMLSelectElement>("[name=characteristic]")?.value).toBe("agilite");
  });
});

describe("a Harmonies group rolled for each sub-group, from its sheet", () => {
  it("is offered where the sheet advises it, and posts one card per sub-group still fighting, each with its own stats and size", async () => {
    const group = await bandits();
    actAs("player");
    const sheet = await open(group);
    expect(sheet.element.querySelector(".wh-warning")).not.toBeNull();
    expect(texts(sheet.element, "[data-action=rollSubgroups]")).toEqual([
      i18n().localize("WH.Sheet.Group.RollSubgroups"),
    ]);
    await click(sheet, "[data-action=rollSubgroups]");
    expect(dialog().querySelector("[data-wh-subgroup]")?.textContent).toContain(
      format("WH.Dialog.Group.Subgroup", { label: "Chef", n: 1, of: 2 }),
    );
    expect(dialog().querySelector<HTMLInputElement>("[name=skillLevel]")?.value).toBe("9");
    // Each sub-group is identical individuals: no warning that one roll may not stand for all.
    expect(dialog().querySelector(".wh-roll-dialog__warning")).toBeNull();
    // The chief: 5 − 5 at +9 + 9 + 9 − 3; the bandits: 8 − 2 at +1 + 2 + 3 − 3.
    await rollDialog([5, 5, 8, 2], { difficulty: "-3" });

    const messages = postedMessages();
    expect(messages).toHaveLength(2);
    const [chief, band] = messages.map((m) => rollOf(m));
    expect(chief?.state).toMatchObject({ actorName: "Bandits — Chef", size: 1, characteristicValue: 9, skillLevel: 9 });
    expect(band?.state).toMatchObject({
      actorName: "Bandits — Bandit",
      size: 9,
      characteristicValue: 1,
      skillLevel: 3,
    });
    expect([chief?.total, band?.total]).toEqual([24, 9]);
    const card = await renderAs("player", messages[1] as PostedMessage);
    expect(texts(card, ".wh-card__actor")[0]).toContain("Bandits — Bandit");
    expect(texts(card, ".wh-card__details li")[0]).toBe("9 members");
  });

  it("is not offered to a homogeneous group, whose one roll stands for all", async () => {
    const group = await createActor({
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Garde", count: 20, stats: { agilite: 1, manoeuvre: 1 } },
          { label: "Sergent", count: 2, stats: { agilite: 2, manoeuvre: 2 } },
        ],
      },
    });
    actAs("player");
    const sheet = await open(group);
    expect(sheet.element.querySelector(".wh-ok")).not.toBeNull();
    expect(sheet.element.querySelector("[data-action=rollSubgroups]")).toBeNull();
    expect(sheet.element.querySelector("[data-action=roll][data-key=action]")).not.toBeNull();
  });

  it("'Roll for the group' rolls the members still fighting with the largest fighting sub-group's stats", async () => {
    const group = await bandits();
    actAs("player");
    const sheet = await open(group);
    await click(sheet, "[data-action=roll][data-key=action]");
    expect(dialog().querySelector(".wh-roll-dialog__actor")?.textContent).toContain("10 members");
    expect(dialog().querySelector(".wh-roll-dialog__warning")?.textContent).toBe(
      i18n().localize("WH.Dialog.Group.NotHomogeneous"),
    );
    await rollDialog([6, 6]);
    expect(rollOf(postedMessages().at(-1)).state).toMatchObject({
      size: 10,
      characteristicValue: 1,
      meansValue: 2,
      skillLevel: 3,
    });
  });
});

describe("a group's roll buttons on a sheet drawn before the group changed", () => {
  it("say why they cannot roll, and post nothing", async () => {
    const group = await bandits();
    actAs("player");
    const sheet = await open(group);
    const combinedButton = sheet.element.querySelector<HTMLElement>("[data-action=rollCombined][data-key=corps]");
    combinedButton?.setAttribute("data-key", "gone");
    await click(sheet, "[data-action=rollCombined][data-key=gone]");
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: format("WH.Roll.Error.BadChoice", { field: i18n().localize("WH.Dialog.Characteristic") }),
    });
    expect(document.querySelector("form.wh-roll-dialog")).toBeNull();

    // Everyone is out by now, but this sheet has not redrawn yet (the update still on its way to
    // this client): it still shows the buttons it had.
    (group as unknown as { apps: Record<string, unknown> }).apps = {};
    const source = (group as unknown as { toObject(): { system: { members: object[] } } }).toObject().system.members;
    await group.update({ "system.members": source.map((m) => ({ ...m, out: 20 })) });
    await click(sheet, "[data-action=rollSubgroups]");
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: format("WH.Roll.Error.EmptyGroup", { name: "Bandits" }),
    });
    await click(sheet, "[data-action=rollCombined][data-key=puissance]");
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: format("WH.Roll.Error.EmptyGroup", { name: "Bandits" }),
    });
    expect(document.querySelector("form.wh-roll-dialog")).toBeNull();
    expect(postedMessages()).toHaveLength(0);
    // Drawn again, the sheet offers no roll for a group with no one left.
    await sheet.render();
    expect(sheet.element.querySelector("[data-action^=roll]")).toBeNull();
  });
});
