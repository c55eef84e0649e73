// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { harmoniesOdds, wuxiaOdds } from "../../rules";
import type { FoundryDouble } from "../../../test/foundry/install";
import { actAs, createActor, facesRandom, postedMessages, startWorld } from "../../../test/support/world";
import { choose, openRollDialog, settle } from "../../../test/support/dom";

/** The group roll dialogs as their owner uses them: what each shows, and what a change does to the odds. */

interface Dialog {
  element: HTMLFormElement;
  rendered: boolean;
  render(options?: unknown): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

const texts = (dialog: Dialog, selector: string) =>
  [...dialog.element.querySelectorAll(selector)].map((el) => el.textContent?.trim() ?? "");
const figure = (dialog: Dialog, key: string) =>
  dialog.element.querySelector(`.wh-odds-panel__figure--${key} dd`)?.textContent ?? "";

/** Six guards (Feu 4, skill 2) and a captain (Feu 6, skill 5), Feu their action. */
function guards(): Promise<Actor.Implementation> {
  return createActor({
    name: "Gardes",
    type: "group",
    system: {
      ruleset: "wuxia",
      members: [
        { label: "Gardes", count: 6, stats: { feu: 4, metal: 2, skill: 2 } },
        { label: "Capitaine", count: 1, stats: { feu: 6, metal: 7, skill: 5 } },
      ],
      action: { attribute: "feu" },
    },
  });
}

describe("the Wuxia group's roll dialog", () => {
  it("shows each sub-group's pool and odds, the members expected to succeed, and follows the Attribute and SR chosen", async () => {
    const { percent } = await import("../../core/format");
    actAs("player");
    const dialog = await openRollDialog<Dialog>(await guards());
    expect(texts(dialog, ".wh-roll-dialog__actor")).toEqual(["Gardes — 7 members"]);
    // Each sub-group tests on its own: the warning that one roll may not stand for all does not apply.
    expect(dialog.element.querySelector(".wh-roll-dialog__warning")).toBeNull();
    expect(texts(dialog, ".hint")).toContain(foundry.game.i18n.localize("WH.Dialog.WuxiaGroup.Hint"));
    const facts = () => texts(dialog, ".wh-odds-panel__facts li");
    const fact = (label: string, members: number, dice: number, threshold: number) =>
      foundry.game.i18n.format(`WH.Dialog.WuxiaGroup.Test.${dice === 1 ? "one" : "other"}`, {
        label,
        members: String(members),
        count: String(dice),
        threshold: String(threshold),
        success: percent(wuxiaOdds(dice, threshold).success),
      });
    expect(facts()).toEqual([fact("Gardes", 6, 4, 8), fact("Capitaine", 1, 6, 5)]);
    const expected = (6 * wuxiaOdds(4, 8).success + wuxiaOdds(6, 5).success) / 7;
    expect(figure(dialog, "success")).toBe(percent(expected));
    const critical = (6 * wuxiaOdds(4, 8).critical + wuxiaOdds(6, 5).critical) / 7;
    expect(figure(dialog, "critical")).toBe(percent(critical));
    // One bar per number of sub-groups succeeding, the chances adding up to 1.
    const bars = [...dialog.element.querySelectorAll(".wh-odds-chart g > title")].map((t) => t.textContent ?? "");
    expect(bars).toHaveLength(3);
    const p = [wuxiaOdds(4, 8).success, wuxiaOdds(6, 5).success] as const;
    expect(bars[2]).toBe(
      foundry.game.i18n.format("WH.Dialog.Odds.SubgroupsBar.other", { count: "2", chance: percent(p[0] * p[1]) }),
    );
    expect(bars[0]).toBe(
      foundry.game.i18n.format("WH.Dialog.Odds.SubgroupsBar.other", {
        count: "0",
        chance: percent((1 - p[0]) * (1 - p[1])),
      }),
    );

    expect(texts(dialog, ".wh-odds-panel__figure dt")).toEqual([
      foundry.game.i18n.localize("WH.Dialog.Odds.MembersSucceeding"),
      foundry.game.i18n.localize("WH.Dialog.Odds.MembersCritical"),
    ]);
    expect(texts(dialog, ".wh-odds-chart figcaption")).toEqual([
      foundry.game.i18n.localize("WH.Dialog.Odds.SubgroupsCaption"),
    ]);
    // None succeeding is drawn apart from one or more succeeding.
    expect(
      [...dialog.element.querySelectorAll(".wh-odds-chart__bar")].map((b) =>
        b.classList.contains("wh-odds-chart__bar--good"),
      ),
    ).toEqual([false, true, true]);

    await choose(dialog, "sr", "13");
    expect(facts()).toEqual([fact("Gardes", 6, 4, 11), fact("Capitaine", 1, 6, 8)]);
    await choose(dialog, "attribute", "metal");
    expect(facts()).toEqual([fact("Gardes", 6, 2, 11), fact("Capitaine", 1, 7, 8)]);
  });

  it("rolls what it shows: the Attribute and SR chosen, each sub-group's own dice", async () => {
    actAs("player");
    const { rollActor } = await import("../pipeline");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9, 9, 9, 9, 9, 9]);
    const posting = rollActor(await guards(), { dialog: true });
    await settle();
    const form = document.querySelector<HTMLFormElement>("form.wh-roll-dialog");
    if (!form) throw new Error("no dialog drawn");
    (form.querySelector("[name=attribute]") as HTMLSelectElement).value = "metal";
    (form.querySelector("[name=sr]") as HTMLSelectElement).value = "12";
    form.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    const message = (await posting) as unknown as { rolls: { formula: string; total: number }[] };
    // Métal 2 and 7; thresholds 10 and 7: the guards' 9s fail, the captain's succeed.
    expect(message.rolls[0]?.formula).toBe("2d10 + 7d10");
    expect(message.rolls[0]?.total).toBe(1);
    expect(postedMessages()).toHaveLength(1);
  });
});

describe("the Harmonies group's dialogs", () => {
  function band(): Promise<Actor.Implementation> {
    return createActor({
      name: "Bandits",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Chef", count: 1, stats: { agilite: 9, manoeuvre: 9, skill: 9 } },
          { label: "Bandit", count: 12, stats: { agilite: 1, manoeuvre: 2, skill: 3 } },
        ],
      },
    });
  }

  it("the combined Values' dialog offers the combined Values and shows the odds of their modifier", async () => {
    const { combinedSubject } = await import("./subject");
    const { groupDefaults } = await import("./fields");
    const { rollDialogFor } = await import("../ask");
    actAs("player");
    const subject = combinedSubject(await band());
    const dialog = rollDialogFor(subject, groupDefaults(subject, { characteristic: "agilite" })) as unknown as Dialog;
    await dialog.render({ force: true });
    const { agilite, manoeuvre } = subject.scores;
    expect(texts(dialog, "[data-wh-combined]")).toEqual([foundry.game.i18n.localize("WH.Dialog.Combined.Hint")]);
    expect(dialog.element.querySelector("[data-wh-subgroup]")).toBeNull();
    expect(dialog.element.querySelector(".wh-roll-dialog__warning")).toBeNull();
    expect(figure(dialog, "success")).toBe(
      (await import("../../core/format")).percent(harmoniesOdds(agilite + manoeuvre + 3)),
    );
  });

  it("a single sub-group left to roll on its own says which, without promising others", async () => {
    const { subgroupSubjects } = await import("./subject");
    const { groupDefaults } = await import("./fields");
    const { rollDialogFor } = await import("../ask");
    const alone = await createActor({
      name: "Bandits",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Chef", count: 1, out: 1, stats: { agilite: 9 } },
          { label: "Bandit", count: 12, stats: { agilite: 1 } },
        ],
      },
    });
    actAs("player");
    const [subject] = subgroupSubjects(alone);
    if (!subject) throw new Error("no sub-group");
    const dialog = rollDialogFor(subject, groupDefaults(subject)) as unknown as Dialog;
    await dialog.render({ force: true });
    expect(texts(dialog, "[data-wh-subgroup]")).toEqual([
      foundry.game.i18n.format("WH.Dialog.Group.Subgroup", { label: "Bandit", n: "1", of: "1" }),
    ]);
  });
});

describe("the Wuxia group dialog's chart", () => {
  it("leaves off the outcomes too unlikely to draw", async () => {
    actAs("player");
    const members = Array.from({ length: 8 }, (_, i) => ({
      label: `Escouade ${i + 1}`,
      count: 2,
      stats: { feu: 9, skill: 8 },
    }));
    const group = await createActor({ name: "Élite", type: "group", system: { ruleset: "wuxia", members } });
    const dialog = await openRollDialog<Dialog>(group);
    // At threshold 2, each squad fails with 9 dice only when its 1s outnumber its successes: none failing is likely,
    // most failing is far below what the chart draws.
    const bars = [...dialog.element.querySelectorAll(".wh-odds-chart g > title")].map((t) => t.textContent ?? "");
    expect(bars.length).toBeLessThan(9);
    expect(
      bars
        .at(-1)
        ?.startsWith(foundry.game.i18n.format("WH.Dialog.Odds.SubgroupsBar.other", { count: "8", chance: "" })),
    ).toBe(true);
  });
});
