// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, harmoniesFight, must, scriptFaces, woundsOf } from "../../test/support/combat";
import {
  carryOutAs,
  createActor,
  postedMessages,
  startWorld,
  wuxiaHero,
  type PostedMessage,
  type Seat,
} from "../../test/support/world";

/**
 * Each step of a Harmonies attack (RULES 2.4–2.5) and what it refuses, from the seat that would
 * try it. David (the player's, Ag +2, Pr +3, a sling) and Goliath (the GM's, Cp +3, Ag +2, Rs +3,
 * Bâton 1), as in the book's example; closed rolls unless said.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

type World = Awaited<ReturnType<typeof harmoniesFight>>;

/** A Goliath with Cp 0 and Rs 0, whose soak a closed roll can take down to −9. */
const frail = { characteristics: { corps: { value: 0 }, agilite: { value: 2 } }, means: { resistance: { value: 0 } } };

/** David's shot at difficulty −4 (modifier +1): faces 5 and 6 make 0, a success by default. */
async function shot(world: World, faces: readonly number[] = [5, 6]): Promise<PostedMessage> {
  const { harmoniesAttackWith } = await import("./harmonies-attack");
  scriptFaces(faces);
  await as("player", () =>
    harmoniesAttackWith(world.david, world.sling, world.goliath, { dialog: false, values: { difficulty: -4 } }),
  );
  return must(postedMessages().at(-1));
}

async function takeHit(message: PostedMessage, who: Seat = "gm"): Promise<void> {
  const { harmoniesDefend } = await import("./harmonies-attack");
  await as(who, () => harmoniesDefend(message as never, { take: true }));
}

/** Goliath's soak, Cp + Rs + armour − damage: +6 with no armour against damage 0. */
async function soak(message: PostedMessage, faces: readonly number[]): Promise<void> {
  const { harmoniesSoak } = await import("./harmonies-attack");
  scriptFaces(faces);
  await as("gm", () => harmoniesSoak(message as never));
}

/** A Harmonies roll of the actor as its client would send it (JSON), with these values and faces. */
async function rollJson(actor: Actor.Implementation, values: Record<string, unknown>, faces: readonly number[]) {
  const { rollSubject } = await import("../rolls/subject");
  const { ROLL_KINDS } = await import("../rolls/kinds");
  const kind = ROLL_KINDS.harmonies;
  const subject = rollSubject(actor) as never;
  const read = kind.read({ ...kind.defaults(subject, {}), ...values }, subject);
  scriptFaces(faces);
  return (await kind.roll(kind.check(subject, read)).evaluate()).toJSON();
}

async function plainMessage(): Promise<PostedMessage> {
  const Message = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<PostedMessage> } })
    .ChatMessage;
  return as("gm", () => Message.create({ content: "The wind rises." }));
}

const cardText = async (who: Seat, message: PostedMessage, selector: string) =>
  (await as(who, () => message.renderHTML())).querySelector(selector)?.textContent?.trim();

describe("the attacker's client", () => {
  it("attacks only with a Harmonies character the sender owns, at one Harmonies target; nothing is posted otherwise", async () => {
    const world = await harmoniesFight();
    const { harmoniesAttackWith } = await import("./harmonies-attack");
    const linMei = await wuxiaHero("Lin Mei");
    const attempts: [Seat, Actor.Implementation, Actor.Implementation | null, object][] = [
      ["stranger", world.david, world.goliath, { key: "WH.Roll.Error.NotOwner", data: { name: "David" } }],
      ["player", world.david, null, { key: "WH.Combat.Error.NoTarget" }],
      ["player", world.david, linMei, { key: "WH.Combat.Error.NotHarmonies", data: { name: "Lin Mei" } }],
      ["player", linMei, world.goliath, { key: "WH.Combat.Error.NotHarmonies", data: { name: "Lin Mei" } }],
    ];
    for (const [who, attacker, target, refusal] of attempts)
      await expect(
        as(who, () => harmoniesAttackWith(attacker, world.sling, target, { dialog: false })),
      ).rejects.toMatchObject(refusal);
    expect(postedMessages()).toEqual([]);
  });

  it("posts and changes nothing when a module cancels the attack, the parry or the soak", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    const cancel = foundry.Hooks.on("wuxia-harmonies.preRoll", () => false);
    await shot(world);
    const { harmoniesDefend } = await import("./harmonies-attack");
    await as("gm", () => harmoniesDefend(message as never, {}));
    expect([postedMessages().length, message.rolls.length]).toEqual([1, 1]);
    foundry.Hooks.off("wuxia-harmonies.preRoll", cancel);
    await takeHit(message);
    foundry.Hooks.on("wuxia-harmonies.preRoll", () => false);
    await soak(message, [5, 5]);
    expect([message.rolls.length, woundsOf(world.goliath).light]).toEqual([1, 0]);
  });

  it("refuses to defend or soak from a message that is not an attack, on either client", async () => {
    const world = await harmoniesFight();
    const plain = await plainMessage();
    const { harmoniesDefend, harmoniesSoak } = await import("./harmonies-attack");
    await expect(as("gm", () => harmoniesDefend(plain as never, { take: true }))).rejects.toMatchObject({
      key: "WH.Combat.Error.NotAnAttack",
    });
    await expect(as("gm", () => harmoniesSoak(plain as never))).rejects.toMatchObject({
      key: "WH.Combat.Error.NotAnAttack",
    });
    for (const action of ["harmoniesDefend", "harmoniesSoak"])
      await expect(carryOutAs("gm", action, { messageId: plain.id, take: true })).rejects.toMatchObject({
        key: "WH.Combat.Error.NotAnAttack",
      });
    const message = await shot(world);
    await takeHit(message);
    await expect(as("player", () => harmoniesSoak(message as never))).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
      data: { name: "Goliath" },
    });
  });
});

describe("the attack card the GM posts", () => {
  it("needs a Harmonies weapon of the attacker, named in the refusal", async () => {
    const world = await harmoniesFight();
    const roll = await rollJson(world.david, { difficulty: -4 }, [5, 6]);
    const send = (weaponUuid: string) =>
      carryOutAs("player", "harmoniesAttack", { roll, weaponUuid, targetUuid: world.goliath.uuid });
    const other = await createActor({
      name: "Archer",
      type: "harmoniesCharacter",
      items: [{ name: "Arc", type: "harmoniesWeapon", system: { damage: 2, range: "missile" } }],
    });
    await expect(send(must(other.items.find((i) => i.name === "Arc")).uuid)).rejects.toMatchObject({
      key: "WH.Roll.Error.ItemNotOwned",
      data: { item: "Arc", actor: "David" },
    });
    await expect(send(must(world.david.items.find((i) => i.name === "Fronde")).uuid)).rejects.toMatchObject({
      key: "WH.Roll.Error.ItemNotOwned",
      data: { item: "Fronde", actor: "David" },
    });
    expect(postedMessages()).toEqual([]);
  });

  it("gives a melee weapon Cp + Pu + its damage, a missile weapon its damage, plus strength when the world says so", async () => {
    const world = await harmoniesFight({}, { means: { resistance: { value: 3 }, puissance: { value: 2 } } });
    const [club] = (await as("gm", () =>
      world.goliath.createEmbeddedDocuments("Item", [
        { name: "Massue", type: "harmoniesWeapon", system: { damage: 1, range: "melee" } },
        { name: "Rocher", type: "harmoniesWeapon", system: { damage: 1, range: "missile" } },
      ] as never),
    )) as Item.Implementation[];
    const rock = must(world.goliath.items.find((i) => i.name === "Rocher"));
    const { harmoniesAttackRecord, harmoniesAttackWith } = await import("./harmonies-attack");
    const damageWith = async (weapon: Item.Implementation) => {
      scriptFaces([5, 5]);
      await as("gm", () => harmoniesAttackWith(world.goliath, weapon, world.david, { dialog: false }));
      return harmoniesAttackRecord(must(postedMessages().at(-1)) as never)?.damage;
    };
    expect(await damageWith(must(club))).toBe(3 + 2 + 1);
    expect(await damageWith(rock)).toBe(1);
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesMissileStrength", true);
    expect(await damageWith(rock)).toBe(3 + 2 + 1);
  });
});

describe("the defence", () => {
  it("takes the hit once: the card waits for the soak; a second answer is refused", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    const { harmoniesHit } = await import("./harmonies-attack");
    expect(harmoniesHit(message as never)).toBeNull();
    await takeHit(message);
    expect([harmoniesHit(message as never), message.rolls.length]).toEqual([true, 1]);
    expect(await cardText("player", message, ".wh-attack .wh-outcome")).toBe("Hit: damage 0");
    await expect(takeHit(message)).rejects.toMatchObject({ key: "WH.Combat.Error.AlreadyDefended" });
  });

  it("takes only the target's own parry", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    const davids = await rollJson(world.david, { difficulty: -4 }, [5, 5]);
    await expect(carryOutAs("gm", "harmoniesDefend", { messageId: message.id, roll: davids })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotTheDefender",
    });
    expect(message.rolls).toHaveLength(1);
  });

  it("a missed shot or a parried one is no hit, and nothing is soaked", async () => {
    const world = await harmoniesFight();
    const missed = await shot(world, [1, 9]);
    // Nothing to parry or take: a forged defence of a miss is refused, and the card says it missed.
    await expect(takeHit(missed)).rejects.toMatchObject({
      key: "WH.Combat.Error.NothingToParry",
      data: { name: "David" },
    });
    expect(await cardText("stranger", missed, ".wh-attack .wh-outcome")).toBe("David missed");
    await expect(soak(missed, [5, 5])).rejects.toMatchObject({ key: "WH.Combat.Error.NoHit" });
    const parried = await shot(world);
    const { harmoniesDefend, harmoniesHit } = await import("./harmonies-attack");
    // Ag + Rs + Bâton + difficulty −4 = +2; 6 − 3 = +3: parried.
    scriptFaces([6, 3]);
    await as("gm", () =>
      harmoniesDefend(parried as never, {
        characteristic: "agilite",
        means: "resistance",
        skillId: world.baton.id ?? "",
      }),
    );
    expect(harmoniesHit(parried as never)).toBe(false);
    expect(await cardText("player", parried, ".wh-attack .wh-outcome")).toBe("Parried by Goliath");
    await expect(soak(parried, [5, 5])).rejects.toMatchObject({ key: "WH.Combat.Error.NoHit" });
    expect(woundsOf(world.goliath)).toMatchObject({ light: 0, grave: 0, critical: 0, stunned: false });
  });
});

describe("the soak", () => {
  it("absorbs a soak of 0 or more: no wound, and the card says so", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    await takeHit(message);
    // +6 with 5 − 9: +2.
    await soak(message, [5, 9]);
    expect(woundsOf(world.goliath)).toMatchObject({ light: 0, grave: 0, critical: 0, stunned: false, fatal: false });
    expect(await cardText("player", message, ".wh-attack__soak")).toBe("Absorbed (soak +2)");
    expect(world.goliath.effects.contents).toHaveLength(0);
  });

  it("puts a grave wound on its own track, and the combatant stays in the fight", async () => {
    const world = await harmoniesFight({}, frail);
    const message = await shot(world);
    await takeHit(message);
    // Cp 0 + Rs 0 against damage 0, closed: 1 − 10 = −9, a grave wound.
    await soak(message, [1, 10]);
    expect(woundsOf(world.goliath)).toMatchObject({ light: 0, grave: 1, fatal: false });
    expect(world.combat.combatants.contents.find((c) => c.actorId === world.goliath.id)?.defeated).toBe(false);
  });

  it("counts the victim's armour, and refuses a soak roll that is not Cp + Rs at armour − damage, no skill", async () => {
    const world = await harmoniesFight();
    await as("gm", () =>
      world.goliath.createEmbeddedDocuments("Item", [
        { name: "Cuir", type: "harmoniesArmour", system: { armour: 2, equipped: true } },
      ] as never),
    );
    const message = await shot(world);
    await takeHit(message);
    expect(await cardText("gm", message, "[data-wh-attack=soak]")).toBe(
      "Soak (Body + Resistance + armour 2 − damage 0)",
    );
    const forged = [
      { characteristic: "agilite", means: "resistance", difficulty: 2, skillId: "", penalty: 0 },
      { characteristic: "corps", means: "puissance", difficulty: 2, skillId: "", penalty: 0 },
      { characteristic: "corps", means: "resistance", difficulty: 0, skillId: "", penalty: 0 },
      { characteristic: "corps", means: "resistance", difficulty: 2, skillId: world.baton.id, penalty: 0 },
    ];
    for (const values of forged) {
      const roll = await rollJson(world.goliath, values, [5, 5]);
      await expect(carryOutAs("gm", "harmoniesSoak", { messageId: message.id, roll })).rejects.toMatchObject({
        key: "WH.Combat.Error.NotASoak",
        data: { difficulty: 2 },
      });
    }
    const davids = await rollJson(
      world.david,
      { characteristic: "corps", means: "resistance", difficulty: 2, skillId: "" },
      [5, 5],
    );
    await expect(carryOutAs("gm", "harmoniesSoak", { messageId: message.id, roll: davids })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotASoak",
    });
    // Cp 3 + Rs 3 + armour 2 − damage 0, closed: 1 − 10 = −9 → −1, stunned.
    await soak(message, [1, 10]);
    expect(woundsOf(world.goliath).stunned).toBe(true);
    expect(await cardText("stranger", message, ".wh-attack__soak")).toBe(
      "Stunned: −1 to all actions during the next round (soak −1)",
    );
  });

  it("outside any combat, a fatal wound is written and nothing else is asked of the tracker", async () => {
    const world = await harmoniesFight({ light: 4, grave: 2, critical: 1 }, frail);
    await as("gm", () => world.combat.delete());
    const message = await shot(world);
    await takeHit(message);
    await soak(message, [1, 10]);
    expect(woundsOf(world.goliath).fatal).toBe(true);
  });
});
