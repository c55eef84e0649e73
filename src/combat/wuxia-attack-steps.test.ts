// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { placeToken, serverWrites } from "../../test/foundry/combat";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  as,
  must,
  reserveOf,
  roundOf,
  scriptFaces,
  wuxiaAttack,
  wuxiaAttackFight,
  wuxiaDefend,
} from "../../test/support/combat";
import {
  carryOutAs,
  createActor,
  harmoniesHero,
  postedMessages,
  startWorld,
  type PostedMessage,
} from "../../test/support/world";

/**
 * Each step of a Wuxia attack (RULES 1.4) and what it refuses, from the seat that would try it:
 * the attacker's client, the defence and the dice it spends, each surplus success invested, the
 * damage applied. Lin Mei (the player's) rolls 5 successes with her Arc long (ND 3); the Bandit
 * (the GM's NPC, Terre 2) answers with one success unless told otherwise.
 */

let foundry: FoundryDouble;
type Wuxia = { wounds: { value: number; dead: boolean }; panic: { value: number; max: number } };
const system = (actor: Actor.Implementation) => actor.system as unknown as Wuxia;

beforeEach(async () => {
  foundry = await startWorld();
});

/** A GM's plain message (not a typed card): by default one that is no attack at all. */
async function plainMessage(data: object = { content: "The wind rises." }): Promise<PostedMessage> {
  const Message = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<PostedMessage> } })
    .ChatMessage;
  return as("gm", () => Message.create(data));
}

/** Lin Mei's arrow at the Bandit in a cuirass (AR 1), defended without Defense or reserve dice. */
async function armouredAttack() {
  const world = await wuxiaAttackFight();
  await as("gm", () =>
    world.bandit.createEmbeddedDocuments("Item", [
      { name: "Cuirasse", type: "wuxiaArmour", system: { armour: 1, equipped: true } },
    ] as never),
  );
  const message = await wuxiaAttack(world);
  await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
  return { world, message };
}

/** The armoured attack with one Critique invested: damage 3. */
async function armouredHit() {
  const attack = await armouredAttack();
  await invest(attack.message, "critique");
  return attack;
}

async function invest(message: PostedMessage, ...investments: string[]): Promise<void> {
  const { attackRequests } = await import("./attack");
  for (const investment of investments)
    await as("player", () => attackRequests.invest(message as never, investment as never));
}

async function applyDamage(message: PostedMessage, who: "player" | "gm" | "stranger" = "player"): Promise<void> {
  const { attackRequests } = await import("./attack");
  await as(who, () => attackRequests.applyDamage(message as never));
}

describe("the attacker's client", () => {
  it("attacks only with a Wuxia character the sender owns, at one Wuxia target, and posts nothing otherwise", async () => {
    const world = await wuxiaAttackFight();
    const { attackWith } = await import("./attack");
    const before = postedMessages().length;
    await expect(
      as("stranger", () => attackWith(world.linMei, world.arc, world.bandit, { dialog: false })),
    ).rejects.toMatchObject({ key: "WH.Roll.Error.NotOwner", data: { name: "Lin Mei" } });
    await expect(
      as("player", () => attackWith(world.linMei, world.arc, null, { dialog: false })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NoTarget" });
    const david = await harmoniesHero("David");
    await expect(
      as("player", () => attackWith(world.linMei, world.arc, david, { dialog: false })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotWuxia", data: { name: "David" } });
    await expect(
      as("player", () => attackWith(david, world.arc, world.bandit, { dialog: false })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotWuxia", data: { name: "David" } });
    expect(postedMessages()).toHaveLength(before);
  });

  it("posts nothing when a module cancels the attacker's or the defender's roll", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    const cancel = foundry.Hooks.on("wuxia-harmonies.preRoll", () => false);
    const before = postedMessages().length;
    await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    foundry.Hooks.off("wuxia-harmonies.preRoll", cancel);
    expect(postedMessages()).toHaveLength(before);
    expect(message.rolls).toHaveLength(1);
  });

  it("refuses to defend from a message that is not an attack, and names the defender to a non-owner", async () => {
    const world = await wuxiaAttackFight();
    const { defendAgainst } = await import("./attack");
    const plain = await plainMessage();
    await expect(as("gm", () => defendAgainst(plain as never, { defenseDice: 0, reserve: 0 }))).rejects.toMatchObject({
      key: "WH.Combat.Error.NotAnAttack",
    });
    const message = await wuxiaAttack(world);
    await expect(wuxiaDefend(message, { defenseDice: 0, reserve: 0 }, { who: "stranger" })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
      data: { name: "Bandit" },
    });
    await expect(
      carryOutAs("gm", "wuxiaDefend", { messageId: plain.id, defenseDice: 0, reserve: 0 }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotAnAttack" });
  });

  it("refuses another actor's weapon by name, and the defence of someone else's target", async () => {
    const world = await wuxiaAttackFight();
    const { opposingRollJson } = await import("../../test/support/world");
    const feu = await opposingRollJson(world.linMei, [8, 8, 8, 8, 8], { attribute: "feu", sr: 10 });
    const archer = await createActor({
      name: "Archer",
      type: "wuxiaCharacter",
      items: [{ name: "Arbalète", type: "wuxiaWeapon", system: { damage: 2 } }],
    });
    const crossbow = must(archer.items.find((i) => i.name === "Arbalète"));
    await expect(
      carryOutAs("player", "wuxiaAttack", {
        roll: feu,
        weaponUuid: crossbow.uuid,
        targetUuid: world.bandit.uuid,
        reserve: 0,
      }),
    ).rejects.toMatchObject({ key: "WH.Roll.Error.ItemNotOwned", data: { item: "Arbalète", actor: "Lin Mei" } });
  });
});

describe("the defence", () => {
  it("takes the defender's combat skill for its Terre test, never a power", async () => {
    const world = await wuxiaAttackFight();
    const [staff, power] = (await as("gm", () =>
      world.bandit.createEmbeddedDocuments("Item", [
        { name: "Bâton", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
        { name: "Poing de fer", type: "wuxiaPower", system: { level: 2, attribute: "terre" } },
      ] as never),
    )) as Item.Implementation[];
    await as("gm", () => world.bandit.update({ system: { combat: { skill: must(staff).id } } } as never));
    const message = await wuxiaAttack(world);
    // Bâton 3: threshold 7, so an 8 succeeds.
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 }, { faces: [8, 3] });
    const defence = message.rolls[1] as unknown as { state: { attribute: string; skillName: string | null } };
    expect(defence.state).toMatchObject({ attribute: "terre", skillName: "Bâton" });
    const { attackOutcome } = await import("./attack");
    expect(attackOutcome(message as never)?.defenderSuccesses).toBe(1);
    await as("gm", () => world.bandit.update({ system: { combat: { skill: must(power).id } } } as never));
    const second = await wuxiaAttack(world);
    await wuxiaDefend(second, { defenseDice: 0, reserve: 0 }, { faces: [8, 3] });
    const { skillName } = (second.rolls[1] as unknown as { state: { skillName: string | null } }).state;
    expect([skillName, attackOutcome(second as never)?.defenderSuccesses]).toEqual([null, 0]);
  });

  it("may spend every Defense die held, and only the dice held, each refusal saying how many are left", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await expect(wuxiaDefend(message, { defenseDice: 3, reserve: 0 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotEnoughDefense",
      data: { name: "Bandit", count: 2 },
    });
    await expect(wuxiaDefend(message, { defenseDice: 0, reserve: 2 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotEnoughReserve",
      data: { count: 1 },
    });
    await wuxiaDefend(message, { defenseDice: 2, reserve: 0 });
    expect([roundOf(world.banditC).defenseDice, reserveOf(world.combat).hostile]).toEqual([0, 1]);
  });

  it("writes no combat document when no die is spent; a die spent is taken from the defender's own row and side", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    serverWrites.length = 0;
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    expect(serverWrites).toEqual([]);
    const second = await wuxiaAttack(world);
    serverWrites.length = 0;
    await wuxiaDefend(second, { defenseDice: 0, reserve: 1 });
    expect(serverWrites.map((w) => w.documentName)).toEqual(["Combat"]);
    expect([reserveOf(world.combat), roundOf(world.banditC).defenseDice]).toEqual([{ friendly: 0, hostile: 0 }, 2]);
  });

  it("outside any combat, defends without dice and refuses Defense or reserve dice, naming the defender", async () => {
    const world = await wuxiaAttackFight();
    await as("gm", () => world.combat.delete());
    const message = await wuxiaAttack(world);
    await expect(wuxiaDefend(message, { defenseDice: 1, reserve: 0 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotInCombat",
      data: { name: "Bandit" },
    });
    await expect(wuxiaDefend(message, { defenseDice: 0, reserve: 1 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotInCombat",
    });
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    expect(message.rolls).toHaveLength(2);
  });

  it("counts the defender's armour against the damage", async () => {
    const { world, message } = await armouredAttack();
    await applyDamage(message);
    expect(system(world.bandit).wounds.value).toBe(3 - 1);
  });
});

describe("investing the surplus", () => {
  it("buys one thing per surplus success, the Manœuvres counted together; the card lists them", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    // 5 successes against 1, nothing cancelled: 3 beyond the one needed.
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await invest(message, "precise", "estourbir", "intimidation");
    await expect(invest(message, "precise")).rejects.toMatchObject({ key: "WH.Error.OverSpent" });
    const { attackRecord } = await import("./attack");
    expect(attackRecord(message as never)?.invested).toMatchObject({ precise: 1, estourbir: 1, intimidation: 1 });
    const html = await as("stranger", () => message.renderHTML());
    expect(html.querySelector(".wh-attack__invested")?.textContent).toBe(
      "Stun (Estourbir, Earth −1) ×1 · Intimidation (Panic +1) ×1 · Precise attack (Attaque précise) ×1",
    );
  });

  it("gives a Defense die to the attacker's row and a reserve die to its side at once", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await invest(message, "defenseDice", "groupReserve", "groupReserve");
    expect([roundOf(world.lin).defenseDice, reserveOf(world.combat)]).toEqual([1, { friendly: 2, hostile: 1 }]);
    expect(roundOf(world.banditC).defenseDice).toBe(2);
  });

  it("gives the reserve die to the attacker's token's side: a hostile token adds to the foes'", async () => {
    const world = await wuxiaAttackFight();
    const token = placeToken(world.linMei as never, { actorLink: true });
    // TokenDocument#disposition (CONST.TOKEN_DISPOSITIONS): −1 hostile, 0 neutral, 1 friendly.
    Object.assign(token, { disposition: -1 });
    await as("gm", () => world.lin.delete());
    await as("gm", () =>
      world.combat.createEmbeddedDocuments("Combatant", [{ actorId: world.linMei.id, tokenId: token.id }] as never),
    );
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await invest(message, "groupReserve");
    expect(reserveOf(world.combat)).toEqual({ friendly: 0, hostile: 2 });
    Object.assign(token, { disposition: 1 });
    await invest(message, "groupReserve");
    expect(reserveOf(world.combat)).toEqual({ friendly: 1, hostile: 2 });
    // A neutral token is not an ally.
    Object.assign(token, { disposition: 0 });
    await invest(message, "groupReserve");
    expect(reserveOf(world.combat)).toEqual({ friendly: 1, hostile: 3 });
  });

  it("is spent in the card's own round only: in the next round, or in another combat, it buys nothing", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await invest(message, "defenseDice");
    scriptFaces(Array.from({ length: 30 }, () => 2));
    await as("gm", () => world.combat.nextRound());
    const before = [roundOf(world.lin).defenseDice, reserveOf(world.combat).friendly];
    for (const investment of ["defenseDice", "groupReserve", "critique"])
      await expect(invest(message, investment)).rejects.toMatchObject({ key: "WH.Combat.Error.SurplusExpired" });
    expect([roundOf(world.lin).defenseDice, reserveOf(world.combat).friendly]).toEqual(before);
    const { attackRecord } = await import("./attack");
    expect(attackRecord(message as never)?.invested).toMatchObject({ defenseDice: 1, groupReserve: 0, critique: 0 });
    // The damage is not surplus: it is applied whenever the attacker's owner clicks.
    await applyDamage(message);
  });

  it("buys no Defense or reserve dice for an attack made outside the combat", async () => {
    const world = await wuxiaAttackFight({ start: false });
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    scriptFaces(Array.from({ length: 30 }, () => 2));
    await as("gm", () => world.combat.startCombat());
    for (const investment of ["defenseDice", "groupReserve"])
      await expect(invest(message, investment)).rejects.toMatchObject({ key: "WH.Combat.Error.SurplusExpired" });
    await invest(message, "critique");
  });

  it("refuses Defense and reserve dice to an attacker outside the combat, a miss, an undefended card and an applied one", async () => {
    const world = await wuxiaAttackFight();
    const missed = await wuxiaAttack(world, world.bandit, [2, 2, 2, 2, 2, 2, 2]);
    await expect(invest(missed, "critique")).rejects.toMatchObject({ key: "WH.Combat.Error.NotDefended" });
    await wuxiaDefend(missed, { defenseDice: 0, reserve: 0 });
    await expect(invest(missed, "critique")).rejects.toMatchObject({ key: "WH.Combat.Error.Missed" });
    const hit = await wuxiaAttack(world);
    await wuxiaDefend(hit, { defenseDice: 0, reserve: 0 });
    await applyDamage(hit);
    await expect(invest(hit, "critique")).rejects.toMatchObject({ key: "WH.Combat.Error.AlreadyApplied" });
    await as("gm", () => world.combat.delete());
    const outside = await wuxiaAttack(world);
    await wuxiaDefend(outside, { defenseDice: 0, reserve: 0 });
    for (const investment of ["defenseDice", "groupReserve"])
      await expect(invest(outside, investment)).rejects.toMatchObject({
        key: "WH.Combat.Error.NotInCombat",
        data: { name: "Lin Mei" },
      });
    await invest(outside, "critique");
    const { attackRecord } = await import("./attack");
    expect(attackRecord(outside as never)?.invested).toMatchObject({ critique: 1, defenseDice: 0, groupReserve: 0 });
  });
});

describe("applying the damage", () => {
  it("by a GM who owns neither side; once only", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await applyDamage(message, "gm");
    expect(system(world.bandit).wounds.value).toBe(3);
    await expect(applyDamage(message, "gm")).rejects.toMatchObject({ key: "WH.Combat.Error.AlreadyApplied" });
    expect(system(world.bandit).wounds.value).toBe(3);
  });

  it("a hit that does not kill: no effect without Estourbir, the combatant stays in the fight", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await applyDamage(message);
    expect([system(world.bandit).wounds.dead, world.banditC.defeated, world.bandit.effects.contents.length]).toEqual([
      false,
      false,
      0,
    ]);
    expect(world.bandit.statuses.has("fleeing")).toBe(false);
  });

  it("a parried attack is marked applied and wounds nobody", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world, world.bandit, [8, 2, 2, 2, 2, 2, 2]);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 }, { faces: [10, 10] });
    await applyDamage(message);
    const { attackRecord } = await import("./attack");
    expect([attackRecord(message as never)?.applied, system(world.bandit).wounds.value]).toEqual([true, 0]);
  });

  it("keeps a fleeing defender fleeing when another Intimidation lands", async () => {
    const world = await wuxiaAttackFight();
    const { max } = system(world.bandit).panic;
    await as("gm", () => world.bandit.update({ system: { panic: { value: max } } } as never));
    await as("gm", () => world.bandit.toggleStatusEffect("fleeing", { active: true }));
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    await invest(message, "intimidation");
    await applyDamage(message);
    expect(world.bandit.statuses.has("fleeing")).toBe(true);
  });
});

describe("reading a card", () => {
  it("has no outcome nor odds for a message that is not an attack, or whose defender is gone", async () => {
    const world = await wuxiaAttackFight();
    const { attackOutcome, defenceOdds } = await import("./attack");
    const plain = await plainMessage();
    expect([attackOutcome(plain as never), defenceOdds(plain as never, 0)]).toEqual([null, null]);
    const message = await wuxiaAttack(world);
    expect(attackOutcome(message as never)).toBeNull();
    expect(defenceOdds(message as never, 0)?.hit).toBeCloseTo(1);
    await as("gm", () => world.bandit.delete());
    expect(defenceOdds(message as never, 0)).toBeNull();
  });

  it("reads a card as it was rolled: ND and AR stay when the weapon and the defender are gone", async () => {
    const { world, message } = await armouredHit();
    const { attackOutcome } = await import("./attack");
    // ND 3 + Critique 1 − AR 1, whatever becomes of the bow and the Bandit.
    expect(attackOutcome(message as never)?.damage).toBe(3);
    await as("gm", () => world.arc.delete());
    await as("gm", () => world.bandit.delete());
    expect(attackOutcome(message as never)?.damage).toBe(3);
  });

  it("reads an older card, which recorded neither ND nor AR, from the weapon and the defender, and without them as 0", async () => {
    const { world, message } = await armouredHit();
    const { attackOutcome, attackRecord } = await import("./attack");
    // A card from before ND and AR were recorded, and before cards were typed messages: a plain
    // message of the GM's with the record in a flag.
    const { weaponDamage: _nd, defence, ...rest } = must(attackRecord(message as never));
    const { armour: _ar, ...oldDefence } = must(defence);
    const older = await plainMessage({
      rolls: message.rolls.map((r) => r.toJSON()),
      flags: { "wuxia-harmonies": { attack: { ...rest, defence: oldDefence } } },
    });
    expect(attackRecord(older as never)).toMatchObject({ defence: { defenseDice: 0, reserve: 0 } });
    expect(attackRecord(older as never)?.weaponDamage).toBeUndefined();
    expect(attackRecord(older as never)?.defence?.armour).toBeUndefined();
    await as("gm", () => world.arc.update({ system: { damage: 4 } } as never));
    // ND 4 + Critique 1 − AR 1; then no ND; then no AR either.
    expect(attackOutcome(older as never)?.damage).toBe(4);
    await as("gm", () => world.arc.delete());
    expect(attackOutcome(older as never)?.damage).toBe(0);
    await as("gm", () => world.bandit.delete());
    expect(attackOutcome(older as never)?.damage).toBe(1);
  });
});
