// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { turnEventsSettled } from "../../test/foundry/combat";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, must, scriptFaces, woundsOf } from "../../test/support/combat";
import {
  carryOutAs,
  createActor,
  createCombat,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
  type PostedMessage,
  type Seat,
} from "../../test/support/world";

/**
 * The checks Harmonies wounds call for (RULES 2.5), from each seat: the sudden action with a
 * grave wound (Cp + Rs, failure → critical) and the critical wound's It + Rs at the start of the
 * character's turns (failure → unconscious). [default] Neither takes the wound penalties, and
 * both are closed difference rolls at difficulty 0.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

/** The roll a client would send for this check, as JSON, with these values and faces. */
async function checkJson(actor: Actor.Implementation, values: Record<string, unknown>, faces: readonly number[]) {
  const { rollSubject } = await import("../rolls/subject");
  const { ROLL_KINDS } = await import("../rolls/kinds");
  const kind = ROLL_KINDS.harmonies;
  const subject = rollSubject(actor) as never;
  const base = { characteristic: "corps", means: "resistance", skillId: "", difficulty: 0, penalty: 0, open: false };
  const read = kind.read({ ...kind.defaults(subject, {}), ...base, ...values }, subject);
  scriptFaces(faces);
  return (await kind.roll(kind.check(subject, read)).evaluate()).toJSON();
}

const checkText = async (who: Seat, message: PostedMessage | undefined) =>
  (await as(who, () => must(message).renderHTML())).querySelector(".wh-wound-check")?.textContent?.trim();

const modifierOf = (message: PostedMessage | undefined) =>
  (must(message).rolls[0] as unknown as { state: { modifier: number; open: boolean } }).state;

describe("a sudden action with a grave wound", () => {
  it("is a Harmonies character's own check", async () => {
    const linMei = await wuxiaHero("Lin Mei");
    const { suddenActionCheck } = await import("./wound-checks");
    await expect(as("player", () => suddenActionCheck(linMei))).rejects.toMatchObject({
      key: "WH.Combat.Error.NotHarmonies",
      data: { name: "Lin Mei" },
    });
    const david = await harmoniesHero("David");
    await expect(as("player", () => suddenActionCheck(david))).rejects.toMatchObject({
      key: "WH.Combat.Error.NoGraveWound",
      data: { name: "David" },
    });
    await expect(as("stranger", () => suddenActionCheck(david))).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
      data: { name: "David" },
    });
    expect(postedMessages()).toEqual([]);
  });

  it("rolls Cp + Rs closed, without the wounds' penalty, even when the world's rolls are open", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
    const david = await harmoniesHero("David", {
      characteristics: { corps: { value: 2 } },
      means: { resistance: { value: 1 } },
      wounds: { light: 4, grave: 1 },
    });
    const { suddenActionCheck } = await import("./wound-checks");
    scriptFaces([10, 4]);
    await as("player", () => suddenActionCheck(david));
    const state = modifierOf(postedMessages().at(-1));
    expect(state).toMatchObject({ modifier: 3, open: false });
    expect(await checkText("stranger", postedMessages().at(-1))).toBe("The grave wound holds.");
    expect(woundsOf(david)).toMatchObject({ grave: 1, critical: 0 });
  });

  it("turns the wound fatal when it fails and the critical track is full", async () => {
    const david = await harmoniesHero("David", { wounds: { grave: 1, critical: 1 } });
    const { suddenActionCheck } = await import("./wound-checks");
    scriptFaces([1, 9]);
    await as("player", () => suddenActionCheck(david));
    expect(woundsOf(david)).toMatchObject({ grave: 0, critical: 1, fatal: true });
  });

  it("posts nothing when a module cancels the roll", async () => {
    const david = await harmoniesHero("David", { wounds: { grave: 1 } });
    const { suddenActionCheck } = await import("./wound-checks");
    foundry.Hooks.on("wuxia-harmonies.preRoll", () => false);
    await as("player", () => suddenActionCheck(david));
    expect([postedMessages().length, woundsOf(david).grave]).toEqual([0, 1]);
  });

  it("is refused by the GM unless it is the check itself, of an actor the sender owns with a grave wound", async () => {
    const david = await harmoniesHero("David", { wounds: { grave: 1 } });
    const send = (roll: unknown, who: Seat = "player") => carryOutAs(who, "harmoniesGraveCheck", { roll });
    for (const values of [
      { characteristic: "agilite" },
      { means: "puissance" },
      { difficulty: 2 },
      { open: true },
      { skillId: must(david.items.find((i) => i.name === "Fronde")).id },
    ])
      await expect(send(await checkJson(david, values, [1, 9]))).rejects.toMatchObject({
        key: "WH.Combat.Error.NotThatCheck",
      });
    await expect(send(await checkJson(david, {}, [1, 9]), "stranger")).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    const healed = await harmoniesHero("Healed");
    await expect(send(await checkJson(healed, {}, [1, 9]))).rejects.toMatchObject({
      key: "WH.Combat.Error.NoGraveWound",
      data: { name: "Healed" },
    });
    const linMei = await wuxiaHero("Lin Mei");
    const wuxia = (await checkJson(david, {}, [1, 9])) as unknown as { options: { harmonies: { actorUuid: string } } };
    wuxia.options.harmonies.actorUuid = linMei.uuid;
    await expect(send(wuxia)).rejects.toMatchObject({ key: "WH.Combat.Error.NotHarmonies" });
    expect(postedMessages()).toEqual([]);
    expect(woundsOf(david)).toMatchObject({ grave: 1, critical: 0 });
  });
});

describe("a critical wound at the start of the character's turn", () => {
  it("rolls It + Rs closed and without penalty; held, the character stays conscious", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
    const david = await harmoniesHero("David", {
      characteristics: { intuition: { value: 1 } },
      means: { resistance: { value: 2 } },
      wounds: { light: 4, critical: 1 },
    });
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    scriptFaces([10, 4]);
    const combat = await createCombat([goliath, david], { initiatives: [9, 3] });
    await as("gm", () => combat.nextTurn());
    await vi.waitFor(() => expect(postedMessages()).toHaveLength(1));
    expect(modifierOf(postedMessages()[0])).toMatchObject({ modifier: 3, open: false });
    expect(await checkText("player", postedMessages()[0])).toBe("Stays conscious despite the critical wound.");
    expect(david.statuses.has("unconscious")).toBe(false);
  });

  it("is not rolled without a critical wound, nor once unconscious, nor for a Wuxia character", async () => {
    const david = await harmoniesHero("David");
    const out = await harmoniesHero("Out", { wounds: { critical: 1 } });
    await as("gm", () => out.toggleStatusEffect("unconscious", { active: true }));
    const linMei = await wuxiaHero("Lin Mei");
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    scriptFaces([1, 9, 1, 9, 1, 9]);
    const combat = await createCombat([goliath, david, out], { initiatives: [9, 5, 3] });
    await as("gm", () => combat.nextTurn());
    await turnEventsSettled();
    await as("gm", () => combat.nextTurn());
    await turnEventsSettled();
    expect(postedMessages()).toEqual([]);
    const { criticalWoundCheck } = await import("./wound-checks");
    await expect(as("gm", () => criticalWoundCheck(linMei))).rejects.toMatchObject({
      key: "WH.Combat.Error.NotHarmonies",
    });
  });

  it("goes through the roll pipeline: a module's preRoll hook sees it and may cancel it, and nothing is posted", async () => {
    const david = await harmoniesHero("David", { wounds: { light: 4, critical: 1 } });
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    const seen: unknown[] = [];
    foundry.Hooks.on(
      "wuxia-harmonies.preRoll",
      (_subject: unknown, state: { characteristic: string; means: string }) => {
        seen.push([state.characteristic, state.means]);
        return false;
      },
    );
    const combat = await createCombat([goliath, david], { initiatives: [9, 3] });
    await as("gm", () => combat.nextTurn());
    await turnEventsSettled();
    expect(seen).toEqual([["intuition", "resistance"]]);
    expect(postedMessages()).toEqual([]);
    expect(david.statuses.has("unconscious")).toBe(false);
  });

  it("is not rolled for a turn a jump passes over: the GM's Next round mid-round", async () => {
    const david = await harmoniesHero("David", { wounds: { light: 4, critical: 1 } });
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    const combat = await createCombat([goliath, david], { initiatives: [9, 3] });
    scriptFaces([10, 4, 10, 4]);
    // Goliath's turn, then round 2: David's turn of round 1 never came.
    await as("gm", () => combat.nextRound());
    await turnEventsSettled();
    expect(postedMessages()).toEqual([]);
    // Round 2 from Goliath's turn: David's turn comes, and he checks.
    await as("gm", () => combat.nextTurn());
    await turnEventsSettled();
    expect(postedMessages()).toHaveLength(1);
  });

  it("is not rolled for a defeated combatant whose turn Next turn skips", async () => {
    await foundry.game.settings.set("core", "combatTrackerConfig", { resource: "", skipDefeated: true });
    const out = await harmoniesHero("Out", { wounds: { light: 4, critical: 1 } });
    const david = await harmoniesHero("David", { wounds: { light: 4, critical: 1 } });
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    const combat = await createCombat([goliath, out, david], { initiatives: [9, 5, 3] });
    await as("gm", () => must(combat.combatants.find((c) => c.actor === out)).update({ defeated: true }));
    scriptFaces([10, 4, 10, 4]);
    await as("gm", () => combat.nextTurn());
    await turnEventsSettled();
    const speakers = postedMessages().map((m) => (m as unknown as { speaker: { alias?: string } }).speaker.alias);
    expect(speakers).toEqual(["David"]);
  });

  it("reads no check on a message that is not one", async () => {
    const { woundCheckOf } = await import("./wound-checks");
    const Message = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<PostedMessage> } })
      .ChatMessage;
    const plain = await as("gm", () => Message.create({ content: "The wind rises." }));
    expect(woundCheckOf(plain as never)).toBeNull();
    expect((await as("gm", () => plain.renderHTML())).querySelector(".wh-wound-check")).toBeNull();
  });
});
