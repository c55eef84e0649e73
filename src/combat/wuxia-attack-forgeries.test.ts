// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  carryOutAs,
  createActor,
  harmoniesHero,
  opposingRollJson,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/**
 * What a player's client sends for a Wuxia attack is checked by the GM: the test each step asks
 * for (Feu to attack, Terre to defend, SR 10, no Destiny die added), the weapon's owner, the
 * defender; anything else is refused and no card is posted or changed.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

async function world() {
  const linMei = await wuxiaHero("Lin Mei");
  const bandit = await createActor(
    { name: "Bandit", type: "wuxiaCharacter", system: { attributes: { terre: 2 } } },
    { ownedByPlayer: false },
  );
  const zhao = await wuxiaHero("Zhao");
  const arc = linMei.items.find((i) => i.name === "Arc long");
  const attack = (roll: unknown, weaponUuid = arc?.uuid, targetUuid = bandit.uuid) =>
    carryOutAs("player", "wuxiaAttack", { roll, weaponUuid, targetUuid, reserve: 0 });
  return { linMei, bandit, zhao, arc, attack };
}

describe("a Wuxia attack sent to the GM", () => {
  it("must be the Feu test at SR 10, with no Destiny die added", async () => {
    const { linMei, attack } = await world();
    await expect(
      attack(await opposingRollJson(linMei, [8, 8, 8, 8], { attribute: "terre", sr: 10 })),
    ).rejects.toMatchObject({
      key: "WH.Combat.Error.NotThatTest",
      data: { attribute: "feu", name: "Lin Mei" },
    });
    await expect(
      attack(await opposingRollJson(linMei, [8, 8, 8, 8, 8], { attribute: "feu", sr: 12 })),
    ).rejects.toMatchObject({
      key: "WH.Combat.Error.NotThatTest",
    });
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    await expect(
      attack(await opposingRollJson(linMei, [8, 8, 8, 8, 8, 8], { attribute: "feu", sr: 10, destinyDice: 1 })),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.NotThatTest" });
    expect(postedMessages()).toEqual([]);
  });

  it("needs a Wuxia weapon of the attacker and a Wuxia target", async () => {
    const { linMei, zhao, attack } = await world();
    const feu = await opposingRollJson(linMei, [8, 8, 8, 8, 8], { attribute: "feu", sr: 10 });
    const othersBow = zhao.items.find((i) => i.name === "Arc long");
    await expect(attack(feu, othersBow?.uuid)).rejects.toMatchObject({ key: "WH.Roll.Error.ItemNotOwned" });
    const skill = linMei.items.find((i) => i.name === "Chasseur");
    await expect(attack(feu, skill?.uuid)).rejects.toMatchObject({ key: "WH.Roll.Error.ItemNotOwned" });
    const david = await harmoniesHero("David");
    await expect(attack(feu, undefined, david.uuid)).rejects.toMatchObject({ key: "WH.Combat.Error.NotWuxia" });
    expect(postedMessages()).toEqual([]);
  });

  it("takes a defence only as the defender's own Terre test", async () => {
    const { linMei, bandit, attack } = await world();
    await attack(await opposingRollJson(linMei, [8, 8, 8, 8, 8], { attribute: "feu", sr: 10 }));
    const card = postedMessages().at(-1);
    const defend = (roll: unknown) =>
      carryOutAs("gm", "wuxiaDefend", { messageId: card?.id, roll, defenseDice: 0, reserve: 0 });
    await expect(defend(await opposingRollJson(bandit, [2, 2, 2], { attribute: "feu", sr: 10 }))).rejects.toMatchObject(
      {
        key: "WH.Combat.Error.NotThatTest",
        data: { attribute: "terre" },
      },
    );
    await expect(
      defend(await opposingRollJson(linMei, [2, 2, 2, 2], { attribute: "terre", sr: 10 })),
    ).rejects.toMatchObject({
      key: "WH.Combat.Error.NotTheDefender",
    });
    expect(card?.rolls).toHaveLength(1);
    await expect(carryOutAs("player", "wuxiaApplyDamage", { messageId: card?.id })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotDefended",
    });
    await expect(
      carryOutAs("player", "wuxiaInvest", { messageId: card?.id, investment: "gold" }),
    ).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "investment" },
    });
  });

  it("is answered by Defend only: an opposing roll joined to an undefended attack card is refused, the card untouched", async () => {
    const { linMei, bandit, zhao, attack } = await world();
    await attack(await opposingRollJson(linMei, [8, 8, 8, 8, 8], { attribute: "feu", sr: 10 }));
    const card = postedMessages().at(-1);
    const oppose = (who: "gm" | "player", actor: Actor.Implementation, faces: number[]) =>
      opposingRollJson(actor, faces, { attribute: "terre", sr: 10 }).then((roll) =>
        carryOutAs(who, "oppose", { messageId: card?.id, roll }),
      );
    await expect(oppose("player", zhao, [2, 2, 2, 2])).rejects.toMatchObject({
      key: "WH.Chat.Error.AttackNotOpposed",
    });
    await expect(oppose("gm", bandit, [2, 2])).rejects.toMatchObject({ key: "WH.Chat.Error.AttackNotOpposed" });
    expect(card?.rolls).toHaveLength(1);
    await expect(carryOutAs("player", "wuxiaApplyDamage", { messageId: card?.id })).rejects.toMatchObject({
      key: "WH.Combat.Error.NotDefended",
    });
  });
});
