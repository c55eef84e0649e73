// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  carryOutAs,
  createActor,
  facesRandom,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/**
 * A Harmonies attack a player's client sends is rebuilt by the GM from the actor and its items;
 * only the choices and the faces are the player's, and the faces must be a difference roll's.
 */

let foundry: FoundryDouble;
type Json = Record<string, unknown> & {
  terms: { class: string; results?: { result: unknown; active?: boolean; exploded?: boolean }[] }[];
  options: { harmonies: Record<string, unknown> };
};

beforeEach(async () => {
  foundry = await startWorld();
});

/** David's sling shot at Goliath as his client makes it, as JSON, with the faces scripted. */
async function shot(faces: number[], open = false) {
  await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", open);
  const david = await harmoniesHero("David");
  const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
  const sling = david.items.find((i) => i.name === "Lance-pierre");
  const { rollSubject, rollStart } = await import("../rolls/subject");
  const { ROLL_KINDS } = await import("../rolls/kinds");
  const subject = rollSubject(david) as never;
  const kind = ROLL_KINDS.harmonies;
  const values = kind.read({ ...kind.defaults(subject, rollStart(subject, sling)), difficulty: -4 }, subject);
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces);
  const roll = await kind.roll(kind.check(subject, values)).evaluate();
  const json = JSON.parse(JSON.stringify(roll.toJSON())) as Json;
  const send = (data: unknown, who: "player" | "stranger" = "player") =>
    carryOutAs(who, "harmoniesAttack", { roll: data, weaponUuid: sling?.uuid, targetUuid: goliath.uuid });
  return { json, send, david };
}

const dice = (json: Json) => json.terms.filter((t) => t.class === "Die");

describe("a Harmonies attack sent to the GM", () => {
  it("is rebuilt from the actor: a forged modifier, name and odds give way to the sheet's", async () => {
    const { json, send } = await shot([5, 6]);
    Object.assign(json.options.harmonies, { modifier: 40, actorName: "The Emperor", odds: 1, skillLevel: 20 });
    await send(json);
    const [roll] = postedMessages().at(-1)?.rolls as unknown as { state: Record<string, unknown>; total: number }[];
    expect(roll?.state).toMatchObject({ actorName: "David", skillLevel: 0, difficulty: -4, modifier: 1 });
    expect(roll?.total).toBe(0);
  });

  it("refuses faces a d10 cannot show, two faces on a closed die, and an open die going on without a 10", async () => {
    const closed = await shot([5, 6]);
    const face = structuredClone(closed.json);
    (dice(face)[0]?.results as { result: unknown; active?: boolean }[])[0] = { result: 11, active: true };
    await expect(closed.send(face)).rejects.toMatchObject({ key: "WH.Request.Error.BadFace" });
    const twice = structuredClone(closed.json);
    dice(twice)[0]?.results?.push({ result: 4, active: true });
    await expect(closed.send(twice)).rejects.toMatchObject({ key: "WH.Request.Error.BadFaces" });
    const one = structuredClone(closed.json);
    one.terms = one.terms.filter((t, i) => t.class !== "Die" || i === 0);
    await expect(closed.send(one)).rejects.toMatchObject({ key: "WH.Request.Error.BadFaces" });
    expect(postedMessages()).toEqual([]);
  });

  it("takes an open die's explosions only after a 10, and refuses a trailing 10 the rules cannot read", async () => {
    const open = await shot([10, 3, 2], true);
    await open.send(open.json);
    expect((postedMessages().at(-1)?.rolls[0] as unknown as { total: number }).total).toBe(1 + 13 - 2);
    const bad = structuredClone(open.json);
    (dice(bad)[0]?.results as { result: unknown; active?: boolean }[])[0] = { result: 7, active: true };
    await expect(open.send(bad)).rejects.toMatchObject({ key: "WH.Request.Error.BadFaces" });
    const trailing = structuredClone(open.json);
    (dice(trailing)[1]?.results as { result: unknown; active?: boolean }[])[0] = { result: 10, active: true };
    await expect(open.send(trailing)).rejects.toMatchObject({ key: "WH.Request.Error.BadFaces" });
  });

  it("keeps the added and the subtracted die apart, with each explosion marked, as sent", async () => {
    const open = await shot([10, 4, 3], true);
    await open.send(open.json);
    const roll = postedMessages().at(-1)?.rolls[0] as unknown as {
      plus: number[];
      minus: number[];
      dice: { results: { result: number; exploded?: boolean }[] }[];
    };
    expect([roll.plus, roll.minus]).toEqual([[10, 4], [3]]);
    expect(roll.dice.map((d) => d.results.map((r) => Boolean(r.exploded)))).toEqual([[true, false], [false]]);
  });

  it("refuses an open die with more explosions than a die may show, and a skill that is not the actor's", async () => {
    const open = await shot([10, 4, 3], true);
    const endless = structuredClone(open.json);
    const results = dice(endless)[0]?.results as { result: unknown; active?: boolean }[];
    results.splice(0, results.length, ...Array.from({ length: 20 }, () => ({ result: 10, active: true })), {
      result: 4,
      active: true,
    });
    await expect(open.send(endless)).rejects.toMatchObject({
      key: "WH.Request.Error.BadFaces",
      data: { expected: "1–20", count: 21 },
    });
    const goliath = await createActor(
      { name: "Géant", type: "harmoniesCharacter", items: [{ name: "Fronde", type: "harmoniesSkill" }] },
      { ownedByPlayer: false },
    );
    const borrowed = structuredClone(open.json);
    borrowed.options.harmonies.itemUuid = goliath.items.contents[0]?.uuid;
    await expect(open.send(borrowed)).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "itemUuid" },
    });
    expect(postedMessages()).toEqual([]);
  });

  it("refuses a roll of another class, an unevaluated one, and an actor the sender does not own", async () => {
    const { json, send } = await shot([5, 6]);
    await expect(send({ ...json, class: "WuxiaRoll" })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotHarmoniesRoll",
    });
    await expect(send({ ...json, evaluated: false })).rejects.toMatchObject({ key: "WH.Request.Error.NotEvaluated" });
    await expect(send(json, "stranger")).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    const linMei = await wuxiaHero("Lin Mei");
    const wuxia = structuredClone(json);
    wuxia.options.harmonies.actorUuid = linMei.uuid;
    await expect(send(wuxia)).rejects.toMatchObject({ key: "WH.Combat.Error.NotHarmonies" });
    expect(postedMessages()).toEqual([]);
  });
});
