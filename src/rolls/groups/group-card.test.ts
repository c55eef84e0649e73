// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../../test/foundry/install";
import {
  actAs,
  createActor,
  facesRandom,
  postedMessage,
  rollAs,
  startWorld,
  type PostedMessage,
} from "../../../test/support/world";
import { mulberry32 } from "../../rules";
import type { SystemApi } from "../../api/index";
import type { HarmoniesGroupRoll } from "./group-roll";

/** One card, one story (RULES 3.3): the numbers a group card shows, read at the DOM, add up. */

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;

/** A count or margin as the card writes it ("1,200", "+3", "−4") read back as a number. */
const numberOf = (text: string | null | undefined) => Number((text ?? "").replace(/[,\s]/g, "").replace("\u2212", "-"));

interface ShownCard {
  size: number;
  succeeded: number;
  failed: number;
  rows: { margin: number; count: number; success: boolean }[];
}

function readCard(html: HTMLElement): ShownCard {
  const [succeeded, failed] = [...html.querySelectorAll(".wh-group__totals b")].map((b) => numberOf(b.textContent));
  const size = numberOf(/[\d,]+/.exec(html.querySelector(".wh-card__details li")?.textContent ?? "")?.[0]);
  const rows = [...html.querySelectorAll(".wh-group__margins tbody tr")].map((tr) => ({
    margin: numberOf(tr.querySelector("th")?.textContent),
    count: numberOf(tr.querySelector("td")?.textContent),
    success: tr.classList.contains("wh-outcome--success"),
  }));
  return { size, succeeded: succeeded ?? NaN, failed: failed ?? NaN, rows };
}

const sum = (rows: ShownCard["rows"]) => rows.reduce((total, r) => total + r.count, 0);

function build(config: Record<string, unknown>): Roll {
  return api().dice.HarmoniesGroupRoll.build({
    size: 25,
    characteristic: "agilite",
    characteristicValue: 1,
    means: "manoeuvre",
    meansValue: 1,
    skillName: null,
    skillLevel: 0,
    difficulty: 0,
    open: false,
    mode: "book2",
    actorUuid: null,
    actorName: "Gardes",
    ...config,
  } as never);
}

async function post(roll: Roll, random: () => number): Promise<HTMLElement> {
  foundry.CONFIG.Dice.randomUniform = random;
  const message = (await api().post(roll, { visibility: "public" })) as unknown as PostedMessage | null;
  if (!message) throw new Error(`post: refused (${foundry.notifications.at(-1)?.message})`);
  return postedMessage(message.id).renderHTML();
}

/** What every group card with rows must show: totals that are its rows' sums, the group's size in all. */
function expectOneStory(card: ShownCard, label: string): void {
  expect(card.rows.length, label).toBeGreaterThan(0);
  expect(card.succeeded, `${label}: succeeded`).toBe(sum(card.rows.filter((r) => r.success)));
  expect(card.failed, `${label}: failed`).toBe(sum(card.rows.filter((r) => !r.success)));
  expect(card.succeeded + card.failed, `${label}: the group`).toBe(card.size);
  // Success rows are the margins 0 and above; rows sorted, each holding someone, so "T or better" never rises with T.
  expect(
    card.rows.every((r) => r.success === r.margin >= 0 && r.count > 0),
    label,
  ).toBe(true);
  expect(card.rows.map((r) => r.margin)).toEqual([...card.rows.map((r) => r.margin)].sort((a, b) => a - b));
}

beforeEach(async () => {
  foundry = await startWorld();
  actAs("gm");
});

describe("a group card's succeeded and failed are the sums of its rows", () => {
  it("[default] 300 soldiers at +2, book method 2: 216 succeeded, 84 failed, as the rows add up (the book's row said 210)", async () => {
    // Modifier +2 (Ag 1 + Ma 1), dice 5 − 5.
    const card = readCard(await post(build({ size: 300 }), facesRandom([5, 5])));
    expect([card.succeeded, card.failed]).toEqual([216, 84]);
    expectOneStory(card, "300 at +2");
  });

  it("book method 2 and the exact mode, for small to large groups and margins from −9 to +13", async () => {
    // Dice (closed): 1 − 10 → −7, 3 − 8 → −3, 5 − 5 → +2, 9 − 2 → +9; open: 10, 4 − 3 → +13.
    const dice: [number[], boolean][] = [
      [[1, 10], false],
      [[3, 8], false],
      [[5, 5], false],
      [[9, 2], false],
      [[10, 4, 3], true],
    ];
    for (const mode of ["book2", "exact"]) {
      for (const size of [1, 7, 25, 142, 300, 1200, 10_000]) {
        for (const [faces, open] of dice) {
          const label = `${mode}, ${size} members, faces ${faces.join(" ")}`;
          const card = readCard(await post(build({ mode, size, open }), facesRandom(faces)));
          expect(card.size, label).toBe(size);
          expectOneStory(card, label);
        }
      }
    }
  });

  it("every member rolls: a few members, and a million drawn at once from Foundry's random source", async () => {
    // Three guards at +2: 8 − 2 → +8, 3 − 7 → −2, 5 − 5 → +2.
    const few = readCard(await post(build({ mode: "individual", size: 3 }), facesRandom([8, 2, 3, 7, 5, 5])));
    expect(few.rows).toEqual([
      { margin: -2, count: 1, success: false },
      { margin: 2, count: 1, success: true },
      { margin: 8, count: 1, success: true },
    ]);
    expectOneStory(few, "three guards");
    for (const open of [false, true]) {
      const card = readCard(await post(build({ mode: "individual", size: 1_000_000, open }), mulberry32(7)));
      expectOneStory(card, `a million, open ${open}`);
      expect(card.size).toBe(1_000_000);
    }
  });

  it("method 1 shows no rows, and its totals are the group", async () => {
    const html = await post(build({ mode: "book1", size: 25 }), facesRandom([5, 3]));
    const card = readCard(html);
    expect(card.rows).toEqual([]);
    // RULES 3.2: 25 guards, margin +4 → +14 − 4 − 3 = +7 → Measure 5: 5 failed.
    expect([card.succeeded, card.failed]).toEqual([20, 5]);
  });
});

describe("the card's data for a reader it is not for", () => {
  it("holds the notice's frame only: no size, outcome, totals, rows or odds", async () => {
    const { groupCardContext } = await import("./group-card");
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5]);
    const roll = (await build({ size: 300 }).evaluate()) as unknown as HarmoniesGroupRoll;
    const hidden = groupCardContext(roll, { isPrivate: true, tooltip: "<div>dice</div>" });
    expect(hidden).toMatchObject({
      isPrivate: true,
      details: [],
      banner: null,
      succeeded: "",
      failed: "",
      rows: [],
      odds: "",
    });
    const shown = groupCardContext(roll, { isPrivate: false, tooltip: "<div>dice</div>" });
    expect([shown.banner?.margin, shown.succeeded, shown.failed, shown.rows.length]).toEqual(["+2", "216", "84", 19]);
  });
});

describe("a group with members out of the fight", () => {
  it("rolls, and its card counts, only the members still fighting", async () => {
    const band = await createActor({
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Garde", count: 200, out: 50, stats: { agilite: 1, manoeuvre: 1, skill: 0 } },
          { label: "Sergent", count: 100, out: 100, stats: { agilite: 1, manoeuvre: 1, skill: 0 } },
        ],
        action: { characteristic: "agilite", means: "manoeuvre" },
      },
    });
    await foundry.game.settings.set("wuxia-harmonies", "groupRollMode", "book2");
    const message = await rollAs("gm", band, [5, 5], { values: { open: false } });
    const roll = postedMessage(message.id).rolls[0] as unknown as HarmoniesGroupRoll;
    expect(roll.state.size).toBe(150);
    const card = readCard(await postedMessage(message.id).renderHTML());
    expect(card.size).toBe(150);
    expectOneStory(card, "150 still fighting");
  });
});

describe("whose figures a group's one roll takes", () => {
  it("names the largest sub-group still fighting, on the card, when others fight beside it; none for a lone sub-group", async () => {
    const band = await createActor({
      name: "Gardes",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Sergent", count: 4, stats: { agilite: 3, manoeuvre: 2, skill: 1 } },
          { label: "Garde", count: 25, stats: { agilite: 1, manoeuvre: 1, skill: 0 } },
        ],
        action: { characteristic: "agilite", means: "manoeuvre" },
      },
    });
    const message = await rollAs("gm", band, [1, 9], { values: { open: false } });
    const html = await postedMessage(message.id).renderHTML();
    const details = [...html.querySelectorAll(".wh-card__details li")].map((li) => li.textContent);
    expect(details.slice(0, 3)).toEqual([
      "29 members",
      "Figures of Garde, its largest sub-group still fighting",
      "Agility +1",
    ]);
    // Modifier +2, dice 1 − 9: margin −6, a failure, whatever the members' counts.
    expect(html.querySelector(".wh-banner")?.className).toContain("wh-outcome--failure");
    const alone = await createActor({
      name: "Patrouille",
      type: "group",
      system: { ruleset: "harmonies", members: [{ label: "Garde", count: 5, stats: { agilite: 1 } }] },
    });
    const lone = await postedMessage((await rollAs("gm", alone, [5, 5])).id).renderHTML();
    expect([...lone.querySelectorAll(".wh-card__details li")].map((li) => li.textContent)).not.toContain(
      "Figures of Garde, its largest sub-group still fighting",
    );
  });
});
