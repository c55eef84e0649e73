// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../../test/foundry/clients";
import { as, must, reserveOf, scriptFaces, wuxiaAttackFight, type WuxiaAttackWorld } from "../../test/support/combat";
import { settle } from "../../test/support/dom";
import { carryOutAs, postedMessages, seatUser, startWorld, type PostedMessage } from "../../test/support/world";
import type { WuxiaRoll } from "../rolls/wuxia/roll";

/**
 * A group reserve die spent on an attack adds one d10 to the attacker's pool (RULES 1.4
 * [default]). Lin Mei (the player's, Feu 5, friendly side) shoots the Bandit; her side's reserve
 * holds two dice.
 */

beforeEach(async () => {
  document.body.innerHTML = "";
  await startWorld();
});

async function withFriendlyReserve(dice: number): Promise<WuxiaAttackWorld> {
  const world = await wuxiaAttackFight();
  const { combatRequests } = await import("./requests");
  for (let i = 0; i < dice; i++) await as("gm", () => combatRequests.adjustPool(world.combat, "friendly", "up"));
  expect(reserveOf(world.combat).friendly).toBe(dice);
  return world;
}

async function shoot(world: WuxiaAttackWorld, values: Record<string, unknown>, faces = [8, 8, 9, 10, 7, 9, 9]) {
  const { attackWith } = await import("./attack");
  scriptFaces(faces);
  await as("player", () => attackWith(world.linMei, world.arc, world.bandit, { dialog: false, values }));
  return must(postedMessages().at(-1));
}

/** Lin Mei's Feu test with the Arc long and these extra dice, evaluated, as JSON: what her client would send. */
async function attackRollJson(world: WuxiaAttackWorld, extraDice: number): Promise<object> {
  const { WuxiaRoll: RollClass } = await import("../rolls/wuxia/roll");
  const { wuxiaConfig, wuxiaDefaults } = await import("../rolls/wuxia/fields");
  const { rollStart, rollSubject } = await import("../rolls/subject");
  const subject = rollSubject(world.linMei) as Parameters<typeof wuxiaDefaults>[0];
  const values = { ...wuxiaDefaults(subject, rollStart(subject, world.arc)), extraDice };
  scriptFaces([8, 8, 9, 10, 7, 9, 9]);
  const roll = RollClass.build(wuxiaConfig(subject, values));
  await roll.evaluate();
  return roll.toJSON() as object;
}

const cardLine = async (message: PostedMessage, who: "player" | "stranger" | "gm" = "stranger") =>
  (await asClient(seatUser(who), () => message.renderHTML())).querySelector(".wh-attack__reserve")?.textContent ?? null;

describe("group reserve dice on an attack", () => {
  it("adds each die to the attacker's pool, takes it from the side's reserve and says so on the card", async () => {
    const world = await withFriendlyReserve(2);
    const message = await shoot(world, { reserveDice: 2 });
    const attack = message.rolls[0] as unknown as WuxiaRoll;
    expect([attack.faces.length, attack.state.extraDice]).toEqual([7, 2]);
    expect(attack.outcome.successes).toBe(7);
    expect(reserveOf(world.combat)).toEqual({ friendly: 0, hostile: 1 });
    const { attackRecord } = await import("./attack");
    expect(attackRecord(message as never)?.reserveDice).toBe(2);
    expect(await cardLine(message)).toBe("The group reserve adds 2 dice to this attack.");
  });

  it("says nothing of the reserve on a card that spent none, and leaves the reserve whole", async () => {
    const world = await withFriendlyReserve(2);
    const message = await shoot(world, {});
    expect((message.rolls[0] as unknown as WuxiaRoll).faces).toHaveLength(5);
    expect(reserveOf(world.combat).friendly).toBe(2);
    expect(await cardLine(message)).toBeNull();
  });

  it("refuses more dice than the side's reserve holds, before anything is rolled or taken", async () => {
    const world = await withFriendlyReserve(1);
    const before = postedMessages().length;
    await expect(shoot(world, { reserveDice: 2 })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotEnoughReserve",
      data: { count: 1 },
    });
    expect([postedMessages().length, reserveOf(world.combat).friendly]).toEqual([before, 1]);
  });

  it("refuses a forged request: reserve dice the roll does not have, or more than the reserve holds", async () => {
    const world = await withFriendlyReserve(1);
    const rolled = (extraDice: number) => attackRollJson(world, extraDice);
    const request = { weaponUuid: world.arc.uuid, targetUuid: world.bandit.uuid };
    const before = postedMessages().length;
    await expect(
      carryOutAs("player", "wuxiaAttack", { ...request, roll: await rolled(0), reserve: 1 }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.ReserveNotRolled", data: { count: 1 } });
    await expect(
      carryOutAs("player", "wuxiaAttack", { ...request, roll: await rolled(2), reserve: 2 }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotEnoughReserve", data: { count: 1 } });
    expect([postedMessages().length, reserveOf(world.combat).friendly]).toEqual([before, 1]);
    // A stranger cannot spend the side's reserve with someone else's character.
    await expect(
      carryOutAs("stranger", "wuxiaAttack", { ...request, roll: await rolled(1), reserve: 1 }),
    ).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    expect([postedMessages().length, reserveOf(world.combat).friendly]).toEqual([before, 1]);
  });

  it("refuses reserve dice asked for outside any combat, even with the dice rolled", async () => {
    const world = await wuxiaAttackFight({ start: false });
    await as("gm", () => world.combat.delete());
    const before = postedMessages().length;
    await expect(
      carryOutAs("player", "wuxiaAttack", {
        weaponUuid: world.arc.uuid,
        targetUuid: world.bandit.uuid,
        roll: await attackRollJson(world, 1),
        reserve: 1,
      }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotInCombat", data: { name: "Lin Mei" } });
    expect(postedMessages().length).toBe(before);
  });

  it("gives the dice back when no card is posted (a module cancels it)", async () => {
    const world = await withFriendlyReserve(2);
    const hooks = (globalThis as unknown as { Hooks: { once(name: string, fn: () => boolean): void } }).Hooks;
    hooks.once("preCreateChatMessage", () => false);
    const before = postedMessages().length;
    const { attackWith } = await import("./attack");
    scriptFaces([8, 8, 9, 10, 7, 9, 9]);
    await as("player", () =>
      attackWith(world.linMei, world.arc, world.bandit, { dialog: false, values: { reserveDice: 2 } }),
    );
    expect([postedMessages().length, reserveOf(world.combat).friendly]).toEqual([before, 2]);
  });

  it("gives the last die to one of two attacks sent at once; the other is refused and posts nothing", async () => {
    const world = await withFriendlyReserve(1);
    const rolls = [await attackRollJson(world, 1), await attackRollJson(world, 1)];
    const before = postedMessages().length;
    const request = { weaponUuid: world.arc.uuid, targetUuid: world.bandit.uuid, reserve: 1 };
    const results = await Promise.allSettled(
      rolls.map((roll) => carryOutAs("player", "wuxiaAttack", { ...request, roll })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(postedMessages().length).toBe(before + 1);
    expect(reserveOf(world.combat).friendly).toBe(0);
  });

  it("offers the reserve in the attack's roll dialog only while the side has dice, bounded by what it holds", async () => {
    const world = await withFriendlyReserve(2);
    const { attackWith } = await import("./attack");
    scriptFaces([8, 8, 9, 10, 7, 9]);
    const attacking = as("player", () => attackWith(world.linMei, world.arc, world.bandit, { dialog: true }));
    await settle();
    const form = must(document.querySelector<HTMLFormElement>("form.wh-roll-dialog"));
    const input = must(form.querySelector<HTMLInputElement>("[name=reserveDice]"));
    expect([input.value, input.max]).toEqual(["0", "2"]);
    expect(form.textContent).toContain("Dice left in your side's group reserve: 2");
    input.value = "1";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await settle();
    form.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    await attacking;
    const attack = must(postedMessages().at(-1)).rolls[0] as unknown as WuxiaRoll;
    expect(attack.faces).toHaveLength(6);
    expect(reserveOf(world.combat).friendly).toBe(1);

    // A roll that is not an attack draws on no reserve: its dialog has no such field.
    document.body.innerHTML = "";
    const { openRollDialog } = await import("../../test/support/dom");
    const plain = await openRollDialog<{ element: HTMLElement; render(o: { force: boolean }): Promise<unknown> }>(
      world.linMei,
      {},
    );
    expect(plain.element.querySelector("[name=reserveDice]")).toBeNull();
  });
});
