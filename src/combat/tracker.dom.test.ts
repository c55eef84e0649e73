// @vitest-environment happy-dom
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asClient } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import { settle } from "../../test/support/dom";
import { reserveOf, roundOf, wuxiaFight } from "../../test/support/combat";
import {
  createActor,
  createCombat,
  disconnectGms,
  harmoniesHero,
  seatUser,
  startWorld,
  wuxiaHero,
  type Seat,
} from "../../test/support/world";
import { moveSuccess } from "./split";

/**
 * The combat tracker's Wuxia round, drawn and clicked from each seat: Lin Mei (the player's, 2
 * successes), Zhao (the second player's, 1), Bandit (the GM's, 2).
 */

interface Tracker {
  element: HTMLElement;
  render(options?: unknown): Promise<unknown>;
}
const tracker = () => (globalThis as unknown as { ui: { combat: Tracker } }).ui.combat;

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

/** The tracker as this seat's client draws it. */
async function drawnFor(who: Seat): Promise<HTMLElement> {
  await asClient(seatUser(who), () => tracker().render({ force: true }));
  return tracker().element;
}

const row = (html: HTMLElement, combatant: Combatant.Implementation | undefined) =>
  html.querySelector<HTMLElement>(`[data-combatant-id="${combatant?.id}"] .wh-tracker__round`);
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim();
const localize = (key: string) =>
  (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n.localize(key);
const format = (key: string, data: Record<string, string>) =>
  (globalThis as unknown as { game: { i18n: { format(k: string, d: unknown): string } } }).game.i18n.format(key, data);

describe("the tracker's Wuxia rows", () => {
  it("shows everyone each combatant's Initiative as Métal plus the successes bought, actions left and Defense dice left, on one line", async () => {
    const { lin, zhaoC, banditC } = await wuxiaFight();
    const html = await drawnFor("stranger");
    const status = (c: Combatant.Implementation | undefined) =>
      [...(row(html, c)?.querySelector(".wh-tracker__status")?.children ?? [])].map((el) => text(el));
    expect(status(lin)).toEqual(["Metal 3 + 2", "Actions 1", "Defense 0"]);
    expect(status(banditC)).toEqual(["Metal 3 + 2", "Actions 1", "Defense 0"]);
    expect(row(html, lin)?.querySelector<HTMLElement>(".wh-tracker__base")?.dataset.tooltip).toBe(
      "Initiative 5: Metal (Métal) 3 + 2 bought with successes",
    );
    expect(lin?.initiative).toBe(5);
    // Nobody else's split: the stranger's row alone has one, folded.
    expect([
      row(html, lin)?.querySelector(".wh-tracker__split"),
      row(html, banditC)?.querySelector(".wh-tracker__split"),
    ]).toEqual([null, null]);
    const split = row(html, zhaoC)?.querySelector<HTMLDetailsElement>(".wh-tracker__split");
    expect([split?.open, text(split?.querySelector("summary"))]).toEqual([false, "Place 1 success"]);
    expect([...(split?.querySelectorAll(".wh-tracker__spend") ?? [])].map((el) => text(el))).toEqual([
      "Initiative\u22121+",
      "Extra actions\u22120+",
      "Defense dice\u22120+",
    ]);
  });

  it("keeps a split its owner opened open when the tracker is drawn again, and folds it again when closed", async () => {
    const { lin } = await wuxiaFight();
    const html = await drawnFor("player");
    const split = () =>
      tracker().element.querySelector<HTMLDetailsElement>(`[data-combatant-id="${lin.id}"] .wh-tracker__split`);
    const opened = split();
    if (!opened) throw new Error("no split line");
    opened.open = true;
    opened.dispatchEvent(new Event("toggle"));
    expect(html).toBe(tracker().element);
    await drawnFor("player");
    expect(split()?.open).toBe(true);
    const again = split();
    if (!again) throw new Error("no split line");
    again.open = false;
    again.dispatchEvent(new Event("toggle"));
    await drawnFor("player");
    expect(split()?.open).toBe(false);
  });

  it("gives the owner, and only the owner, the controls to move a success, which the GM carries out", async () => {
    const { lin, zhaoC } = await wuxiaFight();
    const stranger = await drawnFor("stranger");
    expect(row(stranger, lin)?.querySelector("[data-wh-delta]")).toBeNull();
    expect(row(stranger, zhaoC)?.querySelectorAll("[data-wh-delta]").length).toBe(6);
    const html = await drawnFor("player");
    expect(row(html, zhaoC)?.querySelector("[data-wh-delta]")).toBeNull();
    expect(row(html, zhaoC)?.querySelector(".wh-tracker__split")).toBeNull();
    const plusAction = row(html, lin)?.querySelector<HTMLButtonElement>("[data-wh-spend=actions] [data-wh-delta='1']");
    const minusAction = row(html, lin)?.querySelector<HTMLButtonElement>(
      "[data-wh-spend=actions] [data-wh-delta='-1']",
    );
    expect([plusAction?.disabled, minusAction?.disabled]).toEqual([false, true]);
    await asClient(seatUser("player"), async () => {
      plusAction?.click();
      await settle();
      await vi.waitFor(() => expect(roundOf(lin).spent).toEqual({ initiative: 1, actions: 1, defense: 0 }));
    });
    expect(lin?.initiative).toBe(4);
    // Both successes placed, one of them an extra action: nothing is left unspent.
    expect(row(await drawnFor("player"), lin)?.querySelector(".wh-tracker__unspent")).toBeNull();
  });

  it("gives the button back after a refused request, with the refusal in the player's words", async () => {
    const { lin } = await wuxiaFight();
    const html = await drawnFor("player");
    const plus = () => row(html, lin)?.querySelector<HTMLButtonElement>("[data-wh-spend=actions] [data-wh-delta='1']");
    disconnectGms();
    await asClient(seatUser("player"), async () => {
      plus()?.click();
      await settle();
      await vi.waitFor(() => expect(plus()?.disabled).toBe(false));
    });
    expect(roundOf(lin).spent).toEqual({ initiative: 2, actions: 0, defense: 0 });
    const errors = foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
    expect(errors).toEqual([localize("WH.Chat.Error.NoGm")]);
  });

  it("lets the GM add and take Defense dice on any row and dice of a side's reserve in the header; players see the counts", async () => {
    const { combat, banditC } = await wuxiaFight();
    const player = await drawnFor("player");
    expect(player.querySelector(".wh-tracker__reserve button")).toBeNull();
    expect(text(player.querySelector(".wh-tracker__side--friendly"))).toBe("Allies 0");
    const html = await drawnFor("gm");
    await asClient(seatUser("gm"), async () => {
      html
        .querySelector<HTMLElement>(`[data-combatant-id="${banditC.id}"] .wh-tracker__defense button:last-child`)
        ?.click();
      await settle();
      await vi.waitFor(() => expect(roundOf(banditC).defenseDice).toBe(1));
    });
    const again = await drawnFor("gm");
    await asClient(seatUser("gm"), async () => {
      again.querySelector<HTMLElement>(".wh-tracker__side--hostile button:last-child")?.click();
      await settle();
      await vi.waitFor(() => expect(reserveOf(combat).hostile).toBe(1));
    });
  });

  it("draws nothing of Wuxia for a combat without Wuxia characters", async () => {
    await createCombat([await harmoniesHero("David")], { start: false });
    const html = await drawnFor("gm");
    expect(html.querySelector(".wh-tracker__round, .wh-tracker__reserve")).toBeNull();
  });
});

describe("the tracker's controls, seat by seat", () => {
  const controls = (el: HTMLElement | null | undefined) =>
    [...(el?.querySelectorAll<HTMLButtonElement>("button") ?? [])].map((b) => [
      b.getAttribute("aria-label"),
      b.disabled,
    ]);

  it("counts the successes taken back as unspent, and takes the controls away once the combatant has acted", async () => {
    const { combat, lin } = await wuxiaFight();
    const html = await drawnFor("player");
    const minus = row(html, lin)?.querySelector<HTMLButtonElement>("[data-wh-spend=initiative] [data-wh-delta='-1']");
    expect(minus?.getAttribute("aria-label")).toBe("Initiative \u22121");
    await asClient(seatUser("player"), async () => {
      minus?.click();
      await settle();
      await vi.waitFor(() => expect(roundOf(lin).spent.initiative).toBe(1));
    });
    const after = await drawnFor("player");
    expect(text(row(after, lin)?.querySelector(".wh-tracker__unspent"))).toBe("1 unspent (lost)");
    expect(text(row(after, lin)?.querySelector(".wh-tracker__actions"))).toBe("Actions 1");
    await asClient(seatUser("gm"), () => combat.nextTurn());
    await asClient(seatUser("player"), () => combat.nextTurn());
    const acted = await drawnFor("player");
    expect(row(acted, lin)?.querySelector(".wh-tracker__split")).toBeNull();
    expect(text(row(acted, lin)?.querySelector(".wh-tracker__actions"))).toBe("Actions 0");
  });

  it("counts nothing unspent while every success is placed, a Defense die among them", async () => {
    const { lin } = await wuxiaFight();
    const html = await drawnFor("player");
    expect(row(html, lin)?.querySelector(".wh-tracker__unspent")).toBeNull();
    const toDefense = row(html, lin)?.querySelector<HTMLButtonElement>("[data-wh-spend=defense] [data-wh-delta='1']");
    await asClient(seatUser("player"), async () => {
      toDefense?.click();
      await settle();
      await vi.waitFor(() => expect(roundOf(lin).spent).toEqual({ initiative: 1, actions: 0, defense: 1 }));
    });
    const after = await drawnFor("player");
    expect(row(after, lin)?.querySelector(".wh-tracker__unspent")).toBeNull();
    expect(text(row(after, lin)?.querySelector(".wh-tracker__dice"))).toBe("Defense 1");
  });

  it("gives the owner a button to use a Defense die, enabled while one is left; the GM −/+ instead; the stranger none", async () => {
    const { combat, lin } = await wuxiaFight();
    const defense = (html: HTMLElement) =>
      html.querySelector<HTMLElement>(`[data-combatant-id="${lin.id}"] .wh-tracker__defense`);
    expect(controls(defense(await drawnFor("player")))).toEqual([["Use a Defense die", true]]);
    expect(controls(defense(await drawnFor("stranger")))).toEqual([]);
    expect(controls(defense(await drawnFor("gm")))).toEqual([
      ["One Defense die less", true],
      ["One Defense die more", false],
    ]);
    const { combatRequests } = await import("./requests");
    await asClient(seatUser("gm"), () => combatRequests.adjustPool(combat, "defense", "up", lin));
    expect(controls(defense(await drawnFor("gm")))[0]).toEqual(["One Defense die less", false]);
    const html = await drawnFor("player");
    expect(controls(defense(html))).toEqual([["Use a Defense die", false]]);
    await asClient(seatUser("player"), async () => {
      defense(html)?.querySelector<HTMLElement>("button")?.click();
      await settle();
      await vi.waitFor(() => expect(roundOf(lin).defenseDice).toBe(0));
    });
  });

  it("lets the GM take a reserve die back once there is one; never below nothing", async () => {
    const { combat } = await wuxiaFight();
    const side = (html: HTMLElement) => html.querySelector<HTMLElement>(".wh-tracker__side--friendly");
    expect(controls(side(await drawnFor("gm")))).toEqual([
      ["One reserve die less", true],
      ["One reserve die more", false],
    ]);
    const { combatRequests } = await import("./requests");
    await asClient(seatUser("gm"), () => combatRequests.adjustPool(combat, "friendly", "up"));
    const html = await drawnFor("gm");
    expect(text(side(html)?.querySelector(".wh-tracker__side-dice"))).toBe("Allies 1");
    await asClient(seatUser("gm"), async () => {
      side(html)?.querySelector<HTMLElement>("button")?.click();
      await settle();
      await vi.waitFor(() => expect(reserveOf(combat).friendly).toBe(0));
    });
    expect(text(html.querySelector(".wh-tracker__reserve-title"))).toBe("Reserve");
  });

  it("draws each row's round once however often the tracker is drawn; a combat not begun shows no successes", async () => {
    const { lin } = await wuxiaFight({ start: false });
    await drawnFor("gm");
    const html = await drawnFor("gm");
    expect([
      html.querySelectorAll(".wh-tracker__round").length,
      html.querySelectorAll(".wh-tracker__reserve").length,
    ]).toEqual([3, 1]);
    expect(row(html, lin)?.querySelector(".wh-tracker__split, .wh-tracker__base")).toBeNull();
    expect(text(row(html, lin)?.querySelector(".wh-tracker__actions"))).toBe("Actions 0");
  });

  it("leaves a Harmonies combatant's row alone in a combat with Wuxia ones", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const david = await harmoniesHero("David");
    const combat = await createCombat([linMei, david], { start: false });
    const html = await drawnFor("gm");
    const [lin, dav] = combat.combatants.contents;
    expect([row(html, lin) !== null, row(html, dav)]).toEqual([true, null]);
  });
});

describe("the tracker's row, edge by edge", () => {
  it("offers no split to a combatant whose test made no success: nothing to place", async () => {
    const { lin } = await wuxiaFight({ faces: [2, 2, 2, 2, 2, 2, 2, 2, 2] });
    expect(roundOf(lin).successes).toBe(0);
    const html = await drawnFor("player");
    expect(row(html, lin)?.querySelector(".wh-tracker__split")).toBeNull();
    expect(row(html, lin)?.querySelector(".wh-tracker__base")?.textContent).toBe("Metal 3 + 0");
  });

  it("takes one click only while the first is carried out", async () => {
    const { lin } = await wuxiaFight();
    const { combatRequests } = await import("./requests");
    const html = await drawnFor("player");
    const plus = row(html, lin)?.querySelector<HTMLButtonElement>("[data-wh-spend=actions] [data-wh-delta='1']");
    const spend = vi.spyOn(combatRequests, "spendInitiative");
    await asClient(seatUser("player"), async () => {
      plus?.click();
      expect(plus?.disabled).toBe(true);
      plus?.click();
      await settle();
      await vi.waitFor(() => expect(roundOf(lin).spent.actions).toBe(1));
    });
    expect(spend).toHaveBeenCalledTimes(1);
    spend.mockRestore();
  });

  it("redraws for a change to a group it shows, not for a group it does not show nor for a character", async () => {
    const group = await createActor({
      name: "Gardes",
      type: "group",
      system: { ruleset: "wuxia", members: [{ label: "Garde", count: 3, stats: { metal: 1, skill: 0 } }] },
    });
    const other = await createActor({
      name: "Autres",
      type: "group",
      system: { ruleset: "wuxia", members: [{ label: "Garde", count: 2, stats: { metal: 1, skill: 0 } }] },
    });
    const hero = await wuxiaHero("Lin Mei");
    await createCombat([group, hero], { start: false });
    await drawnFor("gm");
    const render = vi.spyOn(tracker(), "render");
    await other.update({ name: "Autres gardes" } as never);
    await hero.update({ name: "Lin Mei, rebelle" } as never);
    expect(render).not.toHaveBeenCalled();
    await group.update({ name: "Gardes du palais" } as never);
    expect(render).toHaveBeenCalledTimes(1);
    render.mockRestore();
  });
});

describe("a group's row in the tracker", () => {
  it("says how many of its members still fight, each sub-group in the row's plain-text title", async () => {
    const group = await createActor({
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Garde <b>", count: 5, out: 2, stats: { agilite: 1, manoeuvre: 1, skill: 0 } },
          { label: "Chef", count: 1, stats: { agilite: 2, manoeuvre: 2, skill: 1 } },
        ],
      },
    });
    const combat = await createCombat([group]);
    const combatant = combat.combatants.contents[0];
    const html = await drawnFor("stranger");
    const cell = html.querySelector<HTMLElement>(`[data-combatant-id="${combatant?.id}"] .wh-tracker__group`);
    expect(text(cell)).toBe(format("WH.Combat.GroupFighting", { left: "4", total: "6" }));
    expect(cell?.title).toBe(
      [
        format("WH.Combat.GroupFightingMember", { label: "Garde <b>", left: "3", total: "5" }),
        format("WH.Combat.GroupFightingMember", { label: "Chef", left: "1", total: "1" }),
      ].join(" · "),
    );
    expect(cell?.querySelector("b")).toBeNull();
    // A member put out: the row says so without waiting for the combat to change.
    await group.update({
      system: {
        members: [
          { label: "Garde <b>", count: 5, out: 3 },
          { label: "Chef", count: 1 },
        ],
      },
    } as never);
    await vi.waitFor(() =>
      expect(text(html.querySelector(`[data-combatant-id="${combatant?.id}"] .wh-tracker__group`))).toBe(
        format("WH.Combat.GroupFighting", { left: "3", total: "6" }),
      ),
    );
    // Drawn again, the row still has one count, not two.
    const again = await drawnFor("stranger");
    expect(again.querySelectorAll(`[data-combatant-id="${combatant?.id}"] .wh-tracker__group`)).toHaveLength(1);
  });
});

describe("moving one success in the tracker", () => {
  const split = fc.record({
    initiative: fc.nat(5),
    actions: fc.nat(5),
    defense: fc.nat(5),
  });

  it("never spends more successes than were rolled, never goes below 0, and keeps the total when all are placed", () => {
    fc.assert(
      fc.property(
        split,
        fc.nat(5),
        fc.constantFrom("initiative", "actions", "defense") as fc.Arbitrary<"initiative" | "actions" | "defense">,
        fc.constantFrom(1, -1) as fc.Arbitrary<1 | -1>,
        (given, extra, bucket, delta) => {
          const successes = given.initiative + given.actions + given.defense + extra;
          const next = moveSuccess(given, successes, bucket, delta);
          if (next === null) return;
          const total = next.initiative + next.actions + next.defense;
          expect(total).toBeLessThanOrEqual(successes);
          expect(Math.min(next.initiative, next.actions, next.defense)).toBeGreaterThanOrEqual(0);
          expect(next[bucket] - given[bucket]).toBe(delta);
          if (extra === 0 && delta === 1) expect(total).toBe(successes);
        },
      ),
    );
  });

  it("takes a new extra action from Initiative when every success is placed, and refuses when none is left", () => {
    expect(moveSuccess({ initiative: 2, actions: 0, defense: 0 }, 2, "actions", 1)).toEqual({
      initiative: 1,
      actions: 1,
      defense: 0,
    });
    expect(moveSuccess({ initiative: 0, actions: 2, defense: 0 }, 2, "defense", 1)).toBeNull();
    expect(moveSuccess({ initiative: 2, actions: 0, defense: 0 }, 2, "initiative", 1)).toBeNull();
    expect(moveSuccess({ initiative: 0, actions: 0, defense: 0 }, 1, "initiative", 1)).toEqual({
      initiative: 1,
      actions: 0,
      defense: 0,
    });
  });
});
