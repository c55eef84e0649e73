// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, facesRandom, renderAs, startWorld, type PostedMessage, type Seat } from "../../test/support/world";
import type { SystemApi } from "../api/index";
import { mulberry32 } from "../rules";

/**
 * A roll's data is what its author's client wrote: a player may post a message whose roll carries
 * markup, faces no d10 shows or dice its state does not explain. Every reader's card draws none of
 * it as HTML, and says it cannot show the roll rather than breaking the message.
 */

type AnyObject = Record<string, unknown>;
type Term = {
  class: string;
  faces?: unknown;
  modifiers?: unknown[];
  results: { result: unknown; active: boolean }[];
  options: AnyObject;
};
type RollJson = { class: string; options: Record<string, AnyObject>; terms: Term[]; formula: string };

const XSS = "<img src=x onerror=alert(1)>";
let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const t = (key: string) => foundry.game.i18n.localize(key);

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  actAs("player");
});

const wuxiaConfig = {
  attribute: "feu",
  attributeValue: 3,
  skillName: "Chasseur",
  competence: 3,
  rerolls: 1,
  specialisation: "Tir à l'arc",
  sr: 10,
  srPenalty: 0,
  extraDice: 0,
  destinyDice: 0,
  actorUuid: null,
  actorName: "Lin Mei",
  itemUuid: null,
} as const;
const harmoniesConfig = {
  characteristic: "agilite",
  characteristicValue: 2,
  means: "precision",
  meansValue: 3,
  skillName: "Fronde",
  skillLevel: 0,
  difficulty: 0,
  penalty: 0,
  open: false,
  actorUuid: null,
  actorName: "David",
  itemUuid: null,
} as const;
const groupConfig = {
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
} as const;

/** A real roll of each kind, evaluated with these faces, as the JSON its author's client sends. */
async function wuxiaJson(faces = [1, 8, 4, 9]): Promise<RollJson> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  return JSON.parse(
    JSON.stringify(
      await api()
        .dice.WuxiaRoll.build({ ...wuxiaConfig })
        .evaluate(),
    ),
  ) as RollJson;
}
async function harmoniesJson(config: AnyObject = {}, faces = [8, 2]): Promise<RollJson> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  return JSON.parse(
    JSON.stringify(
      await api()
        .dice.HarmoniesRoll.build({ ...harmoniesConfig, ...config } as never)
        .evaluate(),
    ),
  ) as RollJson;
}
async function groupJson(config: AnyObject = {}): Promise<RollJson> {
  // Every member of the group rolls in individual mode: more faces than a script holds.
  foundry.CONFIG.Dice.randomUniform = config.mode === "individual" ? mulberry32(5) : facesRandom([6, 4]);
  return JSON.parse(
    JSON.stringify(
      await api()
        .dice.HarmoniesGroupRoll.build({ ...groupConfig, ...config } as never)
        .evaluate(),
    ),
  ) as RollJson;
}

/** The player posts the message with the roll as written; each reader's chat log draws it. */
async function postedBy(json: RollJson): Promise<PostedMessage> {
  actAs("player");
  const ChatMessageClass = ChatMessage as unknown as { create(data: unknown): Promise<PostedMessage> };
  return ChatMessageClass.create({ rolls: [json] });
}

async function readers(json: RollJson): Promise<HTMLElement[]> {
  const message = await postedBy(json);
  const seats: Seat[] = ["gm", "player", "stranger"];
  const drawn: HTMLElement[] = [];
  for (const seat of seats) drawn.push(await renderAs(seat, message));
  return drawn;
}

/** No element, attribute or handler came from the roll's data. */
function expectNoMarkupFromData(html: HTMLElement): void {
  expect(html.querySelector("img, [onerror]")).toBeNull();
  expect(html.innerHTML).not.toContain("<img");
}

async function expectUnreadable(json: RollJson): Promise<void> {
  for (const html of await readers(json)) {
    expectNoMarkupFromData(html);
    const card = html.querySelector("[data-wh-card]");
    expect(card?.getAttribute("data-wh-card")).toBe("unreadable");
    expect(card?.textContent?.trim()).toBe(t("WH.Chat.Unreadable"));
    expect(html.querySelector(".dice-tooltip")).toBeNull();
  }
}

describe("a Wuxia roll written by its author's client", () => {
  it("is drawn as it is when its data is a roll the system made", async () => {
    for (const html of await readers(await wuxiaJson())) {
      expect(html.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("wuxia");
      expect(html.querySelectorAll(".dice-tooltip .roll")).toHaveLength(4);
    }
  });

  it("is drawn as it is with a wound penalty and a Destiny reroll", async () => {
    foundry.CONFIG.Dice.randomUniform = facesRandom([1, 8, 4, 9, 10]);
    const roll = await api()
      .dice.WuxiaRoll.build({ ...wuxiaConfig, srPenalty: 2 })
      .evaluate();
    await roll.rerollWithDestiny(2);
    const [html] = await readers(JSON.parse(JSON.stringify(roll)) as RollJson);
    expect(html?.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("wuxia");
    expect(html?.querySelectorAll(".dice-tooltip .roll")).toHaveLength(5);
  });

  it("shows names carrying markup as text", async () => {
    const json = await wuxiaJson();
    Object.assign(json.options.wuxia as AnyObject, { actorName: XSS, skillName: XSS, specialisation: XSS });
    for (const html of await readers(json)) {
      expectNoMarkupFromData(html);
      expect([
        html.querySelector(".wh-card__title")?.textContent,
        html.querySelector(".wh-card__actor")?.textContent,
      ]).toEqual([XSS, XSS]);
    }
  });

  it.each([
    ["markup", XSS],
    ["an 11", 11],
    ["a 0", 0],
    ["a fraction", 2.5],
    ["a number written as text", "7"],
    ["nothing", null],
  ])("is not drawn when a face is %s", async (_what, face) => {
    const json = await wuxiaJson();
    (json.terms[0] as Term).results[1] = { result: face, active: true };
    await expectUnreadable(json);
  });

  it.each([
    ["markup", XSS],
    ["a face", 7],
  ])("is not drawn when its die carries %s past the pool and its rerolls", async (_what, result) => {
    const json = await wuxiaJson();
    (json.terms[0] as Term).results.push({ result, active: true });
    await expectUnreadable(json);
  });

  it("is not drawn when it holds a die term its state does not explain", async () => {
    const json = await wuxiaJson();
    json.terms.push({ class: "Die", faces: 10, modifiers: [], results: [{ result: XSS, active: true }], options: {} });
    await expectUnreadable(json);
  });

  it.each([
    ["a number of faces", { faces: 6 }],
    ["modifiers", { modifiers: [XSS] }],
    ["a flavor", { options: { flavor: XSS } }],
    ["a number of dice", { number: 4 }],
  ])("is not drawn when its die has %s of its own", async (_what, change) => {
    const json = await wuxiaJson();
    Object.assign(json.terms[0] as Term, change);
    await expectUnreadable(json);
  });

  it.each([
    ["an unknown Attribute", { attribute: XSS }],
    ["a threshold that is not a whole number", { threshold: 7.5 }],
    ["a pool size written as text", { attributeValue: "3" }],
    ["rerolls that are not a list", { rerolled: XSS }],
    ["a reroll of a die outside the pool", { rerolled: [{ index: 9, by: "specialisation" }] }],
    ["a reroll by nobody known", { rerolled: [{ index: 0, by: XSS }] }],
    ["a name that is not text", { actorName: { toString: XSS } }],
    ["odds that are not a number", { odds: { success: XSS, critical: 0 } }],
    ["odds above 1", { odds: { success: 1.5, critical: 0 } }],
    ["odds below 0", { odds: { success: 0.5, critical: -0.1 } }],
    ["no odds at all", { odds: null }],
    ["a skill name that is not text", { skillName: 5 }],
    ["rerolls that are not a whole number", { rerolls: 1.5 }],
    ["dice that are not whole, though they add up", { attributeValue: 2.5, extraDice: 0.5 }],
    ["a threshold its SR and skill do not give", { threshold: 2 }],
    ["a reroll that is not one", { rerolled: [null] }],
    ["a reroll of a die before the pool", { rerolled: [{ index: -1, by: "specialisation" }] }],
    ["a reroll of the die just past the pool", { rerolled: [{ index: 3, by: "specialisation" }] }],
    ["a reroll of a die named as text", { rerolled: [{ index: "0", by: "specialisation" }] }],
  ])("is not drawn when its state has %s", async (_what, change) => {
    const json = await wuxiaJson();
    Object.assign(json.options.wuxia as AnyObject, change);
    await expectUnreadable(json);
  });

  it("has no die rolled again with a Destiny die", async () => {
    const json = await wuxiaJson();
    (json.terms[0] as Term).results.push({ result: XSS, active: true });
    const roll = Roll.fromData(json as never) as InstanceType<SystemApi["dice"]["WuxiaRoll"]>;
    await expect(roll.rerollWithDestiny(0)).rejects.toMatchObject({
      name: "UserError",
      key: "WH.Chat.Error.Unreadable",
    });
    expect(roll.dice[0]?.results).toHaveLength(5);
  });

  it("is not drawn when it has no state", async () => {
    const json = await wuxiaJson();
    delete json.options.wuxia;
    const roll = Roll.fromData(json as never);
    const card = document.createElement("div");
    card.innerHTML = await roll.render();
    expect(card.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("unreadable");
  });
});

describe("a Harmonies roll written by its author's client", () => {
  it("is drawn as it is when its data is a roll the system made, open or closed", async () => {
    for (const json of [await harmoniesJson(), await harmoniesJson({ open: true }, [10, 3, 2])]) {
      const [html] = await readers(json);
      expect(html?.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("harmonies");
    }
  });

  it.each([
    ["markup on the added die", 0, XSS],
    ["an 11 on the subtracted die", 1, 11],
    ["a fraction on the added die", 0, 4.5],
  ])("is not drawn with %s", async (_what, term, face) => {
    const json = await harmoniesJson();
    (json.terms.filter((t) => t.class === "Die")[term] as Term).results[0] = { result: face, active: true };
    await expectUnreadable(json);
  });

  it("is drawn with odds at either end, 0 and 1", async () => {
    for (const odds of [0, 1]) {
      const json = await harmoniesJson();
      (json.options.harmonies as AnyObject).odds = odds;
      const [html] = await readers(json);
      expect(html?.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("harmonies");
    }
  });

  it.each([
    ["a 10 that does not roll again", [10]],
    ["a face rolled again after no 10", [3, 5]],
  ])("is not drawn when an open die shows %s", async (_what, faces) => {
    const json = await harmoniesJson({ open: true }, [4, 2]);
    (json.terms[0] as Term).results = faces.map((result) => ({ result, active: true }));
    await expectUnreadable(json);
  });

  it("is not drawn when its open dice explode their own way", async () => {
    const json = await harmoniesJson({ open: true }, [4, 2]);
    (json.terms[0] as Term).modifiers = ["xo"];
    await expectUnreadable(json);
  });

  it("is not drawn when a closed die holds two faces", async () => {
    const json = await harmoniesJson();
    (json.terms[0] as Term).results.push({ result: 3, active: true });
    await expectUnreadable(json);
  });

  it("is not drawn when its dice are not the roll's kind: an open die on a closed roll", async () => {
    const json = await harmoniesJson();
    (json.terms[0] as Term).modifiers = ["x"];
    await expectUnreadable(json);
  });

  it.each([
    ["a modifier that is not its terms' sum", { modifier: 40 }],
    ["an unknown means", { means: XSS }],
    ["a skill level written as text", { skillLevel: "0" }],
    ["an award flag that is not a flag", { xpAwarded: "false" }],
    ["terms that are not whole, though they add up", { skillLevel: 0.5, difficulty: -0.5 }],
    ["an open flag that is not a flag", { open: 0 }],
    ["a skill item that is not a UUID", { itemUuid: 5 }],
  ])("is not drawn when its state has %s", async (_what, change) => {
    const json = await harmoniesJson();
    Object.assign(json.options.harmonies as AnyObject, change);
    await expectUnreadable(json);
  });
});

describe("a group roll written by its author's client", () => {
  it("is drawn as it is when its data is a roll the system made, in every mode", async () => {
    for (const mode of ["book1", "book2", "exact", "individual"]) {
      const [html] = await readers(await groupJson({ mode }));
      expect(html?.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("group");
    }
  });

  it("is not drawn with a face out of range", async () => {
    const json = await groupJson();
    (json.terms[0] as Term).results[0] = { result: 12, active: true };
    await expectUnreadable(json);
  });

  it("is not drawn when a roll of every member holds a die", async () => {
    const json = await groupJson({ mode: "individual" });
    json.terms.push({ class: "Die", faces: 10, modifiers: [], results: [{ result: XSS, active: true }], options: {} });
    await expectUnreadable(json);
  });

  it.each([
    ["an unknown reading", { mode: XSS }],
    ["a size that is not a whole number", { size: 2.5 }],
    ["an unknown characteristic", { characteristic: XSS }],
    ["members' margins though one roll stands for all", { individual: [{ margin: 1, count: 25 }] }],
  ])("is not drawn when its state has %s", async (_what, change) => {
    const json = await groupJson();
    Object.assign(json.options.group as AnyObject, change);
    await expectUnreadable(json);
  });

  it.each([
    ["a count that is not a number", [{ margin: 1, count: XSS }]],
    [
      "one entry that is not a count",
      [
        { margin: 1, count: 2 },
        { margin: "x", count: 1 },
      ],
    ],
    ["an entry that is not one", [null]],
  ])("is not drawn when the members' margins hold %s", async (_what, individual) => {
    const json = await groupJson({ mode: "individual" });
    (json.options.group as AnyObject).individual = individual;
    await expectUnreadable(json);
  });

  it("is not drawn when an open die's 10 does not roll again", async () => {
    const json = await groupJson({ open: true });
    (json.terms[0] as Term).results = [{ result: 10, active: true }];
    await expectUnreadable(json);
  });

  it("is not drawn when it has no state", async () => {
    const json = await groupJson();
    delete json.options.group;
    const card = document.createElement("div");
    card.innerHTML = await Roll.fromData(json as never).render();
    expect(card.querySelector("[data-wh-card]")?.getAttribute("data-wh-card")).toBe("unreadable");
  });
});
