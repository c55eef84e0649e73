// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asClient } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import { must, scriptFaces } from "../../test/support/combat";
import { defaultSheet, settle } from "../../test/support/dom";
import {
  createActor,
  harmoniesHero,
  postedMessages,
  seatUser,
  setWorldSetting,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/**
 * A click on a weapon with one token targeted is an attack when the target fights under the
 * weapon's rule set — a character or an NPC group (RULES 1.4, 2.5, 3.4) — and a plain weapon roll
 * otherwise. Played from the player's seat, on the sheet as Foundry draws it.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
  await setWorldSetting("skipRollDialog", true);
});

function band(ruleset: "wuxia" | "harmonies"): Promise<Actor.Implementation> {
  const stats = ruleset === "wuxia" ? { metal: 1, eau: 1, terre: 1, skill: 0 } : { agilite: 1, manoeuvre: 1, skill: 0 };
  return createActor(
    { name: "Gardes", type: "group", system: { ruleset, members: [{ label: "Garde", count: 3, stats }] } },
    { ownedByPlayer: false },
  );
}

/** The player targets the target's token and clicks the weapon on the attacker's sheet; the message posted. */
async function clickWeapon(
  attacker: Actor.Implementation,
  weaponName: string,
  target: Actor.Implementation,
  ...others: Actor.Implementation[]
) {
  const player = seatUser("player") as { targets: Set<{ actor: unknown }> };
  player.targets.clear();
  for (const actor of [target, ...others]) player.targets.add({ actor });
  const weapon = must(attacker.items.find((i) => i.name === weaponName));
  const before = postedMessages().length;
  await asClient(player, async () => {
    const sheet = defaultSheet<{ element: HTMLElement; render(o: unknown): Promise<unknown> }>(
      foundry,
      attacker as never,
    );
    await sheet.render({ force: true });
    sheet.element.querySelector<HTMLElement>(`tr[data-item-id="${weapon.id}"] [data-roll-kind=weapon]`)?.click();
    await settle();
    await vi.waitFor(() => expect(postedMessages().length).toBe(before + 1));
  });
  return must(postedMessages().at(-1));
}

describe("a weapon clicked with a group targeted", () => {
  it("attacks a Wuxia group with a Wuxia weapon: the attack card names the group as the defender", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const guards = await band("wuxia");
    scriptFaces([8, 8, 9, 10, 7]);
    const message = await clickWeapon(lin, "Arc long", guards);
    const { attackRecord } = await import("../combat/attack");
    expect(attackRecord(message as never)).toMatchObject({ defenderUuid: guards.uuid, defence: null });
  });

  it("attacks a Harmonies group with a Harmonies weapon: the attack card names the group as the defender", async () => {
    const david = await harmoniesHero("David");
    const soldiers = await band("harmonies");
    scriptFaces([5, 6]);
    const message = await clickWeapon(david, "Lance-pierre", soldiers);
    const { harmoniesAttackRecord } = await import("../combat/harmonies-attack");
    expect(harmoniesAttackRecord(message as never)).toMatchObject({ defenderUuid: soldiers.uuid });
  });

  it("attacks a character of the weapon's rule set too, and only rolls the weapon at one of the other", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const bandit = await createActor({ name: "Bandit", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    scriptFaces([8, 8, 9, 10, 7]);
    const { attackRecord } = await import("../combat/attack");
    expect(attackRecord((await clickWeapon(lin, "Arc long", bandit)) as never)?.defenderUuid).toBe(bandit.uuid);
    const david = await harmoniesHero("David");
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    scriptFaces([5, 6]);
    const { harmoniesAttackRecord } = await import("../combat/harmonies-attack");
    const sling = await clickWeapon(david, "Lance-pierre", goliath);
    expect(harmoniesAttackRecord(sling as never)?.defenderUuid).toBe(goliath.uuid);
    scriptFaces([5, 6]);
    const plain = await clickWeapon(david, "Lance-pierre", bandit);
    expect([harmoniesAttackRecord(plain as never), plain.rolls.length]).toEqual([null, 1]);
  });

  it("only rolls the weapon when two tokens are targeted: an attack has one defender", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const guards = await band("wuxia");
    const bandit = await createActor({ name: "Bandit", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    scriptFaces([8, 8, 9, 10, 7]);
    const message = await clickWeapon(lin, "Arc long", guards, bandit);
    const { attackRecord } = await import("../combat/attack");
    expect(attackRecord(message as never)).toBeNull();
    expect(message.rolls).toHaveLength(1);
  });

  it("only rolls the weapon when the group plays the other rule set: no attack card", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const soldiers = await band("harmonies");
    scriptFaces([8, 8, 9, 10, 7]);
    const message = await clickWeapon(lin, "Arc long", soldiers);
    const { attackRecord } = await import("../combat/attack");
    expect(attackRecord(message as never)).toBeNull();
    expect(message.rolls).toHaveLength(1);
  });
});
