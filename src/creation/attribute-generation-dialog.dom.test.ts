// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { choose, openSheet, settle, windowFrame } from "../../test/support/dom";
import {
  actAs,
  createActor,
  facesRandom,
  harmoniesHero,
  postedMessages,
  setWorldSetting,
  startWorld,
} from "../../test/support/world";
import type * as DialogModule from "./attribute-generation-dialog";

/**
 * The guided Harmonies attribute roll, clicked through as the player (RULES 2.1): roll, give each
 * pair a result, split it among the legal splits only, apply. The GM starts it over.
 */

let foundry: FoundryDouble;
let dialogs: typeof DialogModule;

/** Results +5, 0, −5, +2, −2, +2: kept 0, +2, −2, +2. */
const FACES = [6, 3, 1, 4, 2, 5, 1, 3, 6, 2, 4, 3];

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  dialogs = await import("./attribute-generation-dialog");
});

afterEach(() => {
  for (const el of Array.from(document.querySelectorAll("form.wh-attribute-generation"))) el.remove();
});

const dialogElement = () => document.querySelector<HTMLFormElement>("form.wh-attribute-generation");
const shown = () => {
  const el = dialogElement();
  if (!el) throw new Error("the dialog is not drawn");
  return { element: el };
};
const button = (action: string) =>
  dialogElement()?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`) ?? null;
const options = (name: string) =>
  Array.from(shown().element.querySelectorAll<HTMLOptionElement>(`select[name="${name}"] option`));
const selected = (name: string) => options(name).find((o) => o.selected)?.textContent;
const scores = (actor: Actor.Implementation) => {
  const s = actor.system as unknown as {
    characteristics: Record<string, { value: number }>;
    means: Record<string, { value: number }>;
  };
  return [...Object.values(s.characteristics), ...Object.values(s.means)].map((v) => v.value);
};
const infos = () => foundry.notifications.filter((n) => n.level === "info").map((n) => n.message);
const warnings = () => foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message);

async function click(target: HTMLButtonElement | null | undefined): Promise<void> {
  if (!target) throw new Error("no such button");
  target.click();
  await settle();
}

/** The player opens David's attribute roll from the sheet and rolls with these faces. */
async function rollFromSheet(faces = FACES): Promise<Actor.Implementation> {
  const david = await harmoniesHero("David");
  actAs("player");
  const sheet = await openSheet(foundry, david);
  await click(sheet.element.querySelector<HTMLButtonElement>('[data-action="generateAttributes"]'));
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces, 6);
  await click(button("roll"));
  return david;
}

describe("the attribute roll dialog", () => {
  it("opens from the sheet; Roll posts the card and lists the six results, the dropped two struck out", async () => {
    await rollFromSheet();
    expect(postedMessages()).toHaveLength(1);
    expect(windowFrame(shown().element)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-dice",
      resizable: false,
      scoped: true,
    });
    const results = Array.from(shown().element.querySelectorAll(".wh-creation-results__result"));
    expect(results.map((r) => r.textContent?.replace(/\s+/g, " ").trim())).toEqual([
      "+5 highest, dropped",
      "0",
      "−5 lowest, dropped",
      "+2",
      "−2",
      "+2",
    ]);
    expect(shown().element.querySelector(".wh-attribute-generation__attempt")?.textContent).toBe("Roll 1 of 1");
    // The one roll allowed is made: no button to roll again, and the dialog says why.
    expect(button("roll")).toBeNull();
    expect(shown().element.textContent).toContain("No roll left");
  });

  it("gives the pairs the kept results in roll order, each split even", async () => {
    await rollFromSheet();
    const rows = Array.from(shown().element.querySelectorAll("tr[data-pair] th")).map((th) => th.textContent);
    expect(rows).toEqual(["Body / Agility", "Intuition / Intelligence", "Power / Resistance", "Manoeuvre / Precision"]);
    expect([0, 1, 2, 3].map((p) => selected(`result-${p}`))).toEqual(["0", "+2", "−2", "+2"]);
    expect([0, 1, 2, 3].map((p) => selected(`split-${p}`))).toEqual(["0 / 0", "+1 / +1", "−1 / −1", "+1 / +1"]);
  });

  it("offers only the legal splits: the two add up to the pair's result and differ by 2 at most", async () => {
    await rollFromSheet();
    const number = (text: string) => Number(text.replace("\u2212", "-"));
    for (const p of [0, 1, 2, 3]) {
      const result = number(selected(`result-${p}`) ?? "");
      const splits = options(`split-${p}`).map(
        (o) => (o.textContent ?? "").split(" / ").map(number) as [number, number],
      );
      for (const [a, b] of splits) {
        expect(a + b).toBe(result);
        expect(Math.abs(a - b)).toBeLessThanOrEqual(2);
      }
      // And every legal split is there: three for an even result (gap 0 or 2 either way).
      expect(splits).toHaveLength(3);
    }
  });

  it("swaps results between pairs, so each result goes to one pair; other splits chosen stay", async () => {
    await rollFromSheet();
    await choose(shown(), "split-1", "0");
    expect(selected("split-1")).toBe("0 / +2");
    // The two pairs about to swap had uneven splits: each starts even with its new result.
    await choose(shown(), "split-0", "0");
    await choose(shown(), "split-2", "2");
    expect([selected("split-0"), selected("split-2")]).toEqual(["−1 / +1", "0 / −2"]);
    // Body / Agility takes the −2 Power / Resistance held; that pair gets the 0.
    await choose(shown(), "result-0", "2");
    expect([0, 1, 2, 3].map((p) => selected(`result-${p}`))).toEqual(["−2", "+2", "0", "+2"]);
    expect(options("split-0").map((o) => o.textContent)).toEqual(["−2 / 0", "−1 / −1", "0 / −2"]);
    expect(selected("split-0")).toBe("−1 / −1");
    expect(selected("split-2")).toBe("0 / 0");
    expect(selected("split-1")).toBe("0 / +2");
    // Picking the result a pair already holds changes nothing: its split stays.
    await choose(shown(), "result-1", "1");
    expect([selected("result-1"), selected("split-1")]).toEqual(["+2", "0 / +2"]);
  });

  it("swaps with the first pair too", async () => {
    await rollFromSheet();
    // Intuition / Intelligence takes the 0 Body / Agility held; Body / Agility gets the +2.
    await choose(shown(), "result-1", "0");
    expect([0, 1, 2, 3].map((p) => selected(`result-${p}`))).toEqual(["+2", "0", "−2", "+2"]);
  });

  it("applies what it shows to the sheet and closes; the sheet then says what was rolled", async () => {
    const david = await rollFromSheet();
    await choose(shown(), "result-0", "1");
    await choose(shown(), "split-0", "2");
    await choose(shown(), "split-3", "0");
    await click(shown().element.querySelector<HTMLButtonElement>('button[type="submit"]'));
    // Cp/Ag +2 as +2/0, It/Ig 0 as 0/0, Pu/Rs −2 as −1/−1, Mn/Pr +2 as 0/+2.
    expect(scores(david)).toEqual([2, 0, 0, 0, -1, -1, 0, 2]);
    expect(dialogElement()).toBeNull();
    expect(infos()).toContain("The attributes of David are on the sheet.");
    const sheet = await openSheet(foundry, david);
    expect(sheet.element.querySelector(".wh-attribute-roll__summary")?.textContent).toBe(
      "Attributes rolled (roll 1); kept: 0, +2, −2, +2",
    );
    // Done for the player: only the GM may open it again, to start over.
    expect(sheet.element.querySelector('[data-action="generateAttributes"]')).toBeNull();
  });

  it("offers the rerolls the GM allows, counting down", async () => {
    await setWorldSetting("harmoniesCreationRerolls", 2);
    await rollFromSheet();
    expect(button("roll")?.textContent?.trim()).toBe("Roll again (2 rolls left)");
    foundry.CONFIG.Dice.randomUniform = facesRandom(FACES, 6);
    await click(button("roll"));
    expect(button("roll")?.textContent?.trim()).toBe("Roll again (1 roll left)");
    expect(shown().element.querySelector(".wh-attribute-generation__attempt")?.textContent).toBe("Roll 2 of 3");
    expect(postedMessages()).toHaveLength(2);
  });

  it("is titled for the character; picking the result a pair already holds changes nothing", async () => {
    await rollFromSheet();
    expect(shown().element.querySelector(".window-title")?.textContent).toBe("Attributes of David");
    await choose(shown(), "split-1", "0");
    await choose(shown(), "result-1", "1");
    expect(selected("split-1")).toBe("0 / +2");
  });

  it("reopened, finds the roll on the character with each split even", async () => {
    const david = await rollFromSheet();
    await click(button("cancel"));
    expect(dialogElement()).toBeNull();
    await dialogs.openAttributeGeneration(david);
    expect([0, 1, 2, 3].map((p) => selected(`split-${p}`))).toEqual(["0 / 0", "+1 / +1", "−1 / −1", "+1 / +1"]);
  });

  it("puts the results back in roll order after a reroll", async () => {
    await setWorldSetting("harmoniesCreationRerolls", 1);
    await rollFromSheet();
    await choose(shown(), "result-0", "2");
    foundry.CONFIG.Dice.randomUniform = facesRandom(FACES, 6);
    await click(button("roll"));
    expect([0, 1, 2, 3].map((p) => selected(`result-${p}`))).toEqual(["0", "+2", "−2", "+2"]);
  });

  it("shows the attributes applied elsewhere meanwhile as soon as the GMs' record says so, with nothing left to apply", async () => {
    const david = await rollFromSheet();
    expect(shown().element.querySelector('button[type="submit"]')).not.toBeNull();
    const { applyAttributes } = await import("./attribute-generation");
    await applyAttributes(david as never, { cp: 0, ag: 0, it: 1, ig: 1, pu: -1, rs: -1, mn: 1, pr: 1 });
    await settle();
    expect(dialogElement()).not.toBeNull();
    expect(shown().element.querySelector(".wh-attribute-generation__applied")?.textContent?.trim()).toBe(
      foundry.game.i18n.localize("WH.Creation.Harmonies.AlreadyApplied"),
    );
    expect(shown().element.querySelector('button[type="submit"]')).toBeNull();
    await expect(
      applyAttributes(david as never, { cp: 0, ag: 0, it: 1, ig: 1, pu: -1, rs: -1, mn: 1, pr: 1 }),
    ).rejects.toMatchObject({ key: "WH.Creation.Error.Applied" });
  });

  it("starts its choices over when the GM forgets the roll while it is open, and leaves the actor's applications once closed", async () => {
    const david = await rollFromSheet();
    actAs("gm");
    const { resetAttributeRoll } = await import("./attribute-generation");
    await resetAttributeRoll(david as never);
    await settle();
    expect(shown().element.querySelectorAll("tr[data-pair]")).toHaveLength(0);
    expect(Object.keys((david as unknown as { apps: object }).apps)).toContain(`wh-attribute-generation-${david.id}`);
    actAs("player");
    await click(shown().element.querySelector<HTMLButtonElement>('[data-action="cancel"]'));
    expect(Object.keys((david as unknown as { apps: object }).apps)).not.toContain(
      `wh-attribute-generation-${david.id}`,
    );
  });

  it("is refused for a character of the other rule set", async () => {
    const lin = await createActor({ name: "Lin", type: "wuxiaCharacter" });
    actAs("player");
    expect(await dialogs.openAttributeGeneration(lin)).toBeNull();
    expect(warnings()).toEqual(["This is for Harmonies characters only."]);
  });

  it("is not offered to a player who does not own the character", async () => {
    const david = await harmoniesHero("David");
    actAs("stranger");
    expect(await dialogs.openAttributeGeneration(david)).toBeNull();
    expect(warnings()).toContain("You do not own David.");
    expect(dialogElement()).toBeNull();
  });

  it("lets the GM start it over: the reset clears the roll and the character rolls again", async () => {
    const david = await rollFromSheet();
    await click(shown().element.querySelector<HTMLButtonElement>('button[type="submit"]'));
    actAs("gm");
    const sheet = await openSheet(foundry, david);
    await click(sheet.element.querySelector<HTMLButtonElement>('[data-action="generateAttributes"]'));
    expect(shown().element.textContent).toContain("These results are on the sheet.");
    expect(button("roll")).toBeNull();
    await click(button("reset"));
    expect(button("reset")).toBeNull();
    expect(button("roll")?.textContent?.trim()).toBe("Roll the attributes");
    expect(shown().element.querySelector("tr[data-pair]")).toBeNull();
  });
});
