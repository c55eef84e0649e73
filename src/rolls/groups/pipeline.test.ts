// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../../test/foundry/install";
import { actAs, createActor, facesRandom, postedMessages, startWorld, wuxiaHero } from "../../../test/support/world";
import { settle } from "../../../test/support/dom";

/** A group's own rolls through the pipeline: who may roll, what a hook or a closed dialog stops. */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

/** Three sub-groups far apart, the last one entirely out of the fight. */
function band(): Promise<Actor.Implementation> {
  return createActor({
    name: "Bandits",
    type: "group",
    system: {
      ruleset: "harmonies",
      members: [
        { label: "Chef", count: 1, stats: { agilite: 9, manoeuvre: 9, skill: 9 } },
        { label: "Bandit", count: 12, stats: { agilite: 1, manoeuvre: 2, skill: 3 } },
        { label: "Éclaireur", count: 4, stats: { agilite: 3, manoeuvre: 3, skill: 2 } },
        { label: "Fuyard", count: 2, out: 2, stats: { agilite: 0 } },
      ],
    },
  });
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  const { describeError } = await import("../../core/errors");
  try {
    await run();
  } catch (error) {
    return describeError(error);
  }
  throw new Error("not refused");
}

const format = (key: string, data: Record<string, string> = {}) => foundry.game.i18n.format(key, data);

describe("rolling a group as one body or sub-group by sub-group", () => {
  it("refuses no actor, an actor that is not a group, and a group the user does not own, posting nothing", async () => {
    const { rollCombined, rollEachSubgroup } = await import("../pipeline");
    const group = await band();
    const hero = await wuxiaHero();
    for (const roll of [rollCombined, rollEachSubgroup]) {
      actAs("player");
      expect(await refusal(() => roll(null, { dialog: false }))).toBe(format("WH.Roll.Error.NoActor"));
      expect(await refusal(() => roll(hero, { dialog: false }))).toBe(
        format("WH.Roll.Error.NotRollable", { name: "Lin Mei" }),
      );
      actAs("stranger");
      expect(await refusal(() => roll(group, { dialog: false }))).toBe(
        format("WH.Roll.Error.NotOwner", { name: roll === rollCombined ? "Bandits" : "Bandits — Chef" }),
      );
    }
    expect(postedMessages()).toHaveLength(0);
  });

  it("rolls each sub-group still fighting, in order; a closed dialog rolls none", async () => {
    const { rollEachSubgroup } = await import("../pipeline");
    const group = await band();
    actAs("player");
    const closing = rollEachSubgroup(group, { dialog: true });
    await settle();
    document.querySelector<HTMLElement>("form.wh-roll-dialog [data-action=cancel]")?.click();
    expect(await closing).toEqual([]);
    expect(postedMessages()).toHaveLength(0);

    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 6, 6, 7, 7]);
    const messages = await rollEachSubgroup(group, { dialog: false, values: { visibility: "public" } });
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => (m.rolls[0] as unknown as { state: { actorName: string } }).state.actorName)).toEqual([
      "Bandits — Chef",
      "Bandits — Bandit",
      "Bandits — Éclaireur",
    ]);
    expect(postedMessages().map((m) => m.id)).toEqual(messages.map((m) => m.id));
  });

  it("leaves out a sub-group a module's preRoll hook cancels, and rolls the others", async () => {
    const { PRE_ROLL_HOOK, rollEachSubgroup } = await import("../pipeline");
    const group = await band();
    foundry.Hooks.on(PRE_ROLL_HOOK, ((subject: { name: string }) => subject.name !== "Bandits — Bandit") as never);
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 7, 7]);
    const messages = await rollEachSubgroup(group, { dialog: false, values: { visibility: "public" } });
    expect(messages.map((m) => (m.rolls[0] as unknown as { state: { size: number } }).state.size)).toEqual([1, 4]);
  });

  it("resolves with the messages actually posted: a card a module stops from being created is not one", async () => {
    const { rollEachSubgroup } = await import("../pipeline");
    const group = await band();
    let created = 0;
    foundry.Hooks.on("preCreateChatMessage", (() => ++created !== 2) as never);
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 6, 6, 7, 7]);
    const messages = await rollEachSubgroup(group, { dialog: false, values: { visibility: "public" } });
    expect(messages.map((m) => (m.rolls[0] as unknown as { state: { size: number } }).state.size)).toEqual([1, 4]);
    expect(postedMessages()).toHaveLength(2);
  });

  it("rolls nothing when the hook cancels the first sub-group, which the dialog asked for", async () => {
    const { PRE_ROLL_HOOK, rollEachSubgroup, rollCombined } = await import("../pipeline");
    const group = await band();
    foundry.Hooks.on(PRE_ROLL_HOOK, (() => false) as never);
    actAs("player");
    expect(await rollEachSubgroup(group, { dialog: false, values: { visibility: "public" } })).toEqual([]);
    expect(await rollCombined(group, { dialog: false, values: { visibility: "public" } })).toBeNull();
    expect(postedMessages()).toHaveLength(0);
  });
});

describe("the largest sub-group still fighting", () => {
  it("is the first of equals", async () => {
    const { rollSubject } = await import("../subject");
    const { combinedSubject } = await import("./subject");
    const group = await createActor({
      name: "Pairs",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "A", count: 3, stats: { agilite: 1, skill: 1 } },
          { label: "B", count: 3, stats: { agilite: 2, skill: 2 } },
        ],
      },
    });
    const subject = rollSubject(group);
    if (subject.kind !== "group") throw new Error("not a group subject");
    expect([subject.scores.agilite, subject.skillLevel]).toEqual([1, 1]);
    expect(combinedSubject(group).skillLevel).toBe(1);
  });
});

describe("a Wuxia group's roll from a macro", () => {
  function palace(): Promise<Actor.Implementation> {
    return createActor({
      name: "Gardes du palais",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [{ label: "Gardes", count: 3, stats: { metal: 2, feu: 4, skill: 1 } }],
        action: { attribute: "metal" },
      },
    });
  }

  it("starts from the Attribute and SR asked for, names the group it rolled for, and refuses fields that make no roll", async () => {
    const { rollActor } = await import("../pipeline");
    const group = await palace();
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9]);
    const message = await rollActor(group, { dialog: false, start: { attribute: "feu", sr: 12 } });
    const state = (message?.rolls[0] as unknown as { state: Record<string, unknown> }).state;
    expect(state).toMatchObject({ attribute: "feu", sr: 12, actorUuid: group.uuid, actorName: "Gardes du palais" });
    expect(message?.rolls[0]?.formula).toBe("4d10");

    const field = (key: string) => foundry.game.i18n.localize(key);
    expect(await refusal(() => rollActor(group, { dialog: false, values: { attribute: "air" } }))).toBe(
      format("WH.Roll.Error.BadChoice", { field: field("WH.Dialog.Attribute") }),
    );
    expect(await refusal(() => rollActor(group, { dialog: false, values: { sr: "dix" } }))).toBe(
      format("WH.Roll.Error.NotWholeNumber", { field: field("WH.Dialog.Sr.Label") }),
    );
    expect(await refusal(() => rollActor(group, { dialog: false, values: { visibility: "loud" } }))).toBe(
      format("WH.Roll.Error.BadChoice", { field: field("WH.Dialog.Visibility") }),
    );
    expect(postedMessages()).toHaveLength(1);
  });

  it("without a start, rolls the group's action at the standard SR", async () => {
    const { rollActor } = await import("../pipeline");
    const group = await palace();
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9]);
    const message = await rollActor(group, { dialog: false });
    expect((message?.rolls[0] as unknown as { state: Record<string, unknown> }).state).toMatchObject({
      attribute: "metal",
      sr: 10,
    });
  });
});

describe("a combined Values roll", () => {
  it("names the group it rolled for", async () => {
    const { rollCombined } = await import("../pipeline");
    const group = await band();
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5]);
    const message = await rollCombined(group, { dialog: false, values: { visibility: "public" } });
    expect((message?.rolls[0] as unknown as { state: Record<string, unknown> }).state).toMatchObject({
      actorUuid: group.uuid,
      actorName: "Bandits",
      size: 17,
    });
  });
});
