// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../../test/foundry/install";
import { facesRandom, startWorld } from "../../../test/support/world";
import type { CreationRollState, HarmoniesCreationRoll as CreationRollClass } from "./creation-roll";
import { HARMONIES_MINUS_COLORSET, HARMONIES_PLUS_COLORSET } from "../dice-so-nice";

/** The Harmonies attribute roll (RULES 2.1) on core d6 terms, and its card. */

let foundry: FoundryDouble;
let HarmoniesCreationRoll: typeof CreationRollClass;

/** Six added then six subtracted faces: results +5, 0, −5, +2, −2, +2. */
const FACES = [6, 3, 1, 4, 2, 5, 1, 3, 6, 2, 4, 3];
const state = (overrides: Partial<CreationRollState> = {}): CreationRollState => ({
  actorUuid: "Actor.aiko",
  actorName: "Aiko",
  attempt: 1,
  allowed: 2,
  ...overrides,
});

type RollJson = {
  options: { creation: Record<string, unknown> };
  terms: { class: string; faces?: number; number?: number; results?: { result: number; active: boolean }[] }[];
};

async function rolled(overrides: Partial<CreationRollState> = {}): Promise<CreationRollClass> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(FACES, 6);
  return HarmoniesCreationRoll.build(state(overrides)).evaluate() as Promise<CreationRollClass>;
}

/** The roll rebuilt from JSON its author's client might have changed. */
function rebuilt(json: RollJson): CreationRollClass {
  return Roll.fromData(json as never) as unknown as CreationRollClass;
}

async function card(roll: CreationRollClass): Promise<HTMLElement> {
  const el = document.createElement("div");
  el.innerHTML = await roll.render();
  return el;
}

beforeEach(async () => {
  foundry = await startWorld();
  ({ HarmoniesCreationRoll } = await import("./creation-roll"));
});

describe("HarmoniesCreationRoll", () => {
  it("is 6d6 − 6d6 on core Die terms; the i-th added and subtracted die make the i-th result", async () => {
    const roll = await rolled();
    expect(roll.formula).toBe("6d6 - 6d6");
    expect(roll.dice.map((d) => [d.constructor.name, d.faces, d.number])).toEqual([
      ["Die", 6, 6],
      ["Die", 6, 6],
    ]);
    expect(roll.attributes).toEqual({
      rolls: [5, 0, -5, 2, -2, 2],
      kept: [0, 2, -2, 2],
      dropped: { highest: 5, lowest: -5 },
      droppedAt: { highest: 0, lowest: 2 },
    });
    // The total is what the four pairs share out.
    expect(roll.total).toBe(2);
  });

  it("colours the added and the subtracted dice as the difference roll does (Dice So Nice)", async () => {
    const roll = await rolled();
    expect(roll.dice.map((d) => (d.options as { appearance?: { colorset: string } }).appearance?.colorset)).toEqual([
      HARMONIES_PLUS_COLORSET,
      HARMONIES_MINUS_COLORSET,
    ]);
  });

  it("is found again by its class name from a saved message", async () => {
    const roll = await rolled();
    const again = rebuilt(JSON.parse(JSON.stringify(roll.toJSON())) as RollJson);
    expect(again).toBeInstanceOf(HarmoniesCreationRoll);
    expect(again.readable).toBe(true);
    expect(again.attributes.kept).toEqual([0, 2, -2, 2]);
  });

  it("draws its card: which roll of how many, the six results with their dice, the dropped two struck out", async () => {
    const el = await card(await rolled());
    expect(el.querySelector(".wh-card__title")?.textContent).toBe("Attributes rolled");
    expect(el.querySelector(".wh-card__badge")?.textContent).toBe("Roll 1 of 2");
    const results = Array.from(el.querySelectorAll(".wh-creation-results__result"));
    expect(results.map((r) => r.querySelector("b, s")?.textContent)).toEqual(["+5", "0", "−5", "+2", "−2", "+2"]);
    expect(results.map((r) => r.querySelector(".wh-creation-results__dice")?.textContent)).toEqual([
      "6 − 1",
      "3 − 3",
      "1 − 6",
      "4 − 2",
      "2 − 4",
      "5 − 3",
    ]);
    expect(results.map((r) => r.classList.contains("is-dropped"))).toEqual([true, false, true, false, false, false]);
    expect(results[0]?.querySelector("small")?.textContent).toBe("highest, dropped");
    expect(results[2]?.querySelector("small")?.textContent).toBe("lowest, dropped");
    expect(el.querySelector(".wh-creation-kept")?.textContent).toBe("Kept: 0, +2, −2, +2");
  });

  it("is readable as the last roll allowed (roll 2 of 2)", async () => {
    const roll = await rolled({ attempt: 2 });
    expect(roll.readable).toBe(true);
    expect((await card(roll)).querySelector(".wh-card__badge")?.textContent).toBe("Roll 2 of 2");
  });

  it("escapes the actor's name, which is document text", async () => {
    const el = await card(await rolled({ actorName: "<img src=x onerror=alert(1)>" }));
    expect(el.querySelector("img")).toBeNull();
    expect(el.querySelector(".wh-card__actor")?.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("shows a private reader who rolled, and nothing of the dice", async () => {
    const roll = await rolled();
    const el = document.createElement("div");
    el.innerHTML = await roll.render({ isPrivate: true } as never);
    expect(el.querySelector(".wh-card__actor")?.textContent).toContain("Aiko");
    expect(el.querySelector(".wh-card__private")).not.toBeNull();
    expect(el.querySelector(".wh-creation-results")).toBeNull();
  });
});

describe("a creation roll its author's client changed", () => {
  const cases: [string, (json: RollJson) => void][] = [
    ["an attempt past the rolls allowed", (json) => void (json.options.creation.attempt = 3)],
    ["an attempt 0", (json) => void (json.options.creation.attempt = 0)],
    ["no actor name", (json) => void delete json.options.creation.actorName],
    ["a d10 for a d6", (json) => void ((json.terms[0] as { faces: number }).faces = 10)],
    ["a seventh face", (json) => json.terms[2]?.results?.push({ result: 3, active: true })],
    ["a face off the die", (json) => void ((json.terms[2]?.results ?? [])[0] = { result: 7, active: true })],
  ];
  it.each(cases)("with %s draws the unreadable card", async (_, forge) => {
    const json = JSON.parse(JSON.stringify((await rolled()).toJSON())) as RollJson;
    forge(json);
    const roll = rebuilt(json);
    expect(roll.readable).toBe(false);
    const el = await card(roll);
    expect(el.querySelector(".wh-card--creation")).toBeNull();
    expect(el.textContent).toContain("cannot");
  });
});
