// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  createActor,
  currentUser,
  destinyOf,
  facesRandom,
  guards,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import type { SystemApi } from "./index";

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const messages = () => postedMessages().length;

beforeEach(async () => {
  foundry = await startWorld();
});

describe("game.system.api", () => {
  it("exposes the rules engine and the Roll classes", async () => {
    const rules = await import("../rules");
    expect(api().rules.wuxiaOdds).toBe(rules.wuxiaOdds);
    expect(api().rules.harmoniesOdds).toBe(rules.harmoniesOdds);
    expect(foundry.CONFIG.Dice.rolls).toEqual(expect.arrayContaining(Object.values(api().dice)));
    expect(Object.keys(api().dice).sort()).toEqual([
      "HarmoniesCombinedRoll",
      "HarmoniesGroupRoll",
      "HarmoniesRoll",
      "WuxiaGroupRoll",
      "WuxiaRoll",
    ]);
  });

  it("rolls for an actor given by name, with fields set by the macro", async () => {
    await wuxiaHero();
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 9, 8, 7, 6, 5, 4]);
    const message = (await api().roll("Lin Mei", {
      dialog: false,
      values: { sr: 13, extraDice: 2, visibility: "public" },
    })) as unknown as { rolls: { formula: string; state: { sr: number } }[] };
    expect(message.rolls[0]?.formula).toBe("7d10");
    expect(message.rolls[0]?.state.sr).toBe(13);
  });

  it("takes an item by name and posts a roll a macro built itself", async () => {
    await harmoniesHero();
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2, 4, 4]);
    const message = await api().roll("David", {
      item: "Fronde",
      dialog: false,
      values: { difficulty: -3, visibility: "public" },
    });
    expect((message as unknown as { rolls: { total: number }[] }).rolls[0]?.total).toBe(2 + 3 + 0 - 3 + 6);
    const roll = api().dice.HarmoniesRoll.build({
      characteristic: "corps",
      characteristicValue: 0,
      means: "puissance",
      meansValue: 0,
      skillName: null,
      skillLevel: 0,
      difficulty: 0,
      penalty: 0,
      open: false,
      actorUuid: null,
      actorName: "x",
      itemUuid: null,
    });
    const posted = (await api().post(roll, { visibility: "self" })) as unknown as { whisper: string[] };
    expect(posted.whisper).toEqual([currentUser().id]);
    expect(roll.total).toBe(0);
  });

  it("refuses, with a localised notification and no message, a player rolling for an actor they do not own", async () => {
    const actor = await createActor({ name: "Boss", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    actAs("player");
    expect(await api().roll(actor, { dialog: false })).toBeNull();
    expect(foundry.notifications.at(-1)).toEqual({
      level: "error",
      message: foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name: "Boss" }),
    });
    expect(messages()).toBe(0);
  });

  it("refuses to post a macro's roll for an actor the player does not own, or anything but a roll", async () => {
    const boss = await createActor({ name: "Boss", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    actAs("player");
    const build = (actorUuid: string | null) =>
      api().dice.WuxiaRoll.build({
        attribute: "feu",
        attributeValue: 3,
        skillName: null,
        competence: 0,
        rerolls: 0,
        specialisation: null,
        sr: 10,
        srPenalty: 0,
        extraDice: 0,
        destinyDice: 0,
        actorUuid,
        actorName: "Boss",
        itemUuid: null,
      });
    const refusal = foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name: "Boss" });
    expect(await api().post(build(boss.uuid), { visibility: "public" })).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(refusal);
    expect(await api().post(build(null), { visibility: "public", actor: boss })).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(refusal);
    expect(await api().post({ formula: "1d10" } as never)).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(foundry.game.i18n.localize("WH.Roll.Error.NotARoll"));
    expect(messages()).toBe(0);
  });

  it("refuses bad input with a localised message naming the field", async () => {
    await harmoniesHero();
    expect(await api().roll("David", { dialog: false, values: { difficulty: "hard" } })).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(
      foundry.game.i18n.format("WH.Roll.Error.NotWholeNumber", {
        field: foundry.game.i18n.localize("WH.Dialog.Difficulty.Label"),
      }),
    );
    await wuxiaHero();
    expect(await api().roll("Lin Mei", { dialog: false, values: { extraDice: 96 } })).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(
      foundry.game.i18n.format("WH.Roll.Error.PoolTooLarge", { max: 100 }),
    );
    expect(await api().roll(null, { dialog: false })).toBeNull();
    expect(foundry.notifications.at(-1)?.message).toBe(foundry.game.i18n.localize("WH.Roll.Error.NoActor"));
    expect(messages()).toBe(0);
  });
});

describe("an attack from a macro", () => {
  it("attacks the target with a weapon of the attacker, named: one attack card, as a click with a target makes", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const bandit = await createActor({ name: "Bandit", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9, 9]);
    await api().attack("Lin Mei", "Arc long", bandit.uuid, { dialog: false });
    const card = postedMessages().at(-1) as unknown as { type: string; system: { defenderUuid: string } };
    expect([card.type, card.system.defenderUuid]).toEqual(["attack", bandit.uuid]);
    expect(lin.name).toBe("Lin Mei");
  });

  it("refuses, in words and with no card, a weapon of another rule set, no weapon, no target, another's actor", async () => {
    await wuxiaHero("Lin Mei");
    const david = await harmoniesHero("David");
    const bandit = await createActor({ name: "Bandit", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    actAs("player");
    const before = messages();
    await api().attack("Lin Mei", "Arc long", david.uuid, { dialog: false });
    await api().attack("Lin Mei", "Nothing", bandit.uuid, { dialog: false });
    await api().attack("Lin Mei", "Arc long", "nobody", { dialog: false });
    actAs("stranger");
    await api().attack("Lin Mei", "Arc long", bandit.uuid, { dialog: false });
    expect(messages()).toBe(before);
    const errors = foundry.notifications.filter((n) => n.level === "error").map((n) => n.message);
    expect(errors).toEqual([
      foundry.game.i18n.format("WH.Combat.Error.WeaponTarget", { weapon: "Arc long", target: "David" }),
      foundry.game.i18n.format("WH.Roll.Error.NoItem", { item: "Nothing", actor: "Lin Mei" }),
      foundry.game.i18n.localize("WH.Combat.Error.NoTarget"),
      foundry.game.i18n.format("WH.Roll.Error.NotOwner", { name: "Lin Mei" }),
    ]);
  });
});

describe("Destiny dice added before rolling (world setting)", () => {
  it("leave the actor and join the pool; more than the actor has are refused and nothing is written", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const actor = await wuxiaHero();
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 9, 8, 7, 6, 5]);
    const message = (await api().roll(actor, {
      dialog: false,
      values: { destinyDice: 1, visibility: "public" },
    })) as unknown as { rolls: { formula: string }[] };
    expect(message.rolls[0]?.formula).toBe("6d10");
    expect(destinyOf(actor)).toBe(1);
    expect(await api().roll(actor, { dialog: false, values: { destinyDice: 2 } })).toBeNull();
    expect(destinyOf(actor)).toBe(1);
    expect(messages()).toBe(1);
  });
});

describe("the roll dialog's shortcut", () => {
  it("is skipped by the setting, and Shift reverses the setting", async () => {
    const { shouldAsk } = await import("../rolls/ask");
    const keyboard = { shift: false, isModifierActive: () => keyboard.shift };
    foundry.game.keyboard = keyboard;
    expect(shouldAsk({})).toBe(true);
    keyboard.shift = true;
    expect(shouldAsk({})).toBe(false);
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    expect(shouldAsk({})).toBe(true);
    keyboard.shift = false;
    expect(shouldAsk({})).toBe(false);
    expect(shouldAsk({ dialog: true })).toBe(true);
  });
});

describe("sheet clicks", () => {
  it("roll the attribute or item clicked", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    const actor = await harmoniesHero();
    const { rollFromSheet } = await import("../sheets/roll-actions");
    foundry.CONFIG.Dice.randomUniform = facesRandom([5, 5, 5, 5, 5, 5]);
    await rollFromSheet(actor, { kind: "attribute", key: "precision" });
    const state = (i: number) => (postedMessages()[i]?.rolls[0] as unknown as { state: Record<string, unknown> }).state;
    expect(state(0)).toMatchObject({ means: "precision", skillName: null });
    await rollFromSheet(actor, {
      kind: "weapon",
      itemId: actor.items.find((i) => i.name === "Lance-pierre")?.id ?? "",
    });
    expect(state(1)).toMatchObject({ characteristic: "agilite", means: "precision", skillName: "Fronde" });
    await rollFromSheet(await guards(25), { kind: "group", key: "intuition" });
    expect(state(2)).toMatchObject({ characteristic: "intuition", means: "manoeuvre", size: 25, mode: "book2" });
  });
});

describe("hotbar macros", () => {
  it("a skill dropped on the hotbar becomes a macro that rolls it", async () => {
    const actor = await wuxiaHero();
    const skill = actor.items.find((i) => i.name === "Chasseur");
    const handled = foundry.Hooks.call("hotbarDrop", {}, { type: "Item", uuid: skill?.uuid }, 4);
    expect(handled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const macro = (foundry.game as unknown as { macros: { contents: { id: string; name: string; command: string }[] } })
      .macros.contents[0];
    expect(macro).toMatchObject({
      name: "Chasseur",
      command: `game.system.api.rollItem(${JSON.stringify(skill?.uuid)});`,
    });
    expect(currentUser().hotbar[4]).toBe(macro?.id);

    await foundry.game.settings.set("wuxia-harmonies", "skipRollDialog", true);
    foundry.CONFIG.Dice.randomUniform = facesRandom([7, 7, 7, 7, 7]);
    await new Function("game", macro?.command ?? "")(foundry.game);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((postedMessages()[0]?.rolls[0] as unknown as { state: { skillName: string } }).state.skillName).toBe(
      "Chasseur",
    );
  });

  it("leaves other drops to Foundry", async () => {
    const actor = await createActor({
      name: "Zhao",
      type: "wuxiaCharacter",
      items: [{ name: "Tigre", type: "wuxiaTrait" }],
    });
    expect(foundry.Hooks.call("hotbarDrop", {}, { type: "Item", uuid: actor.items.contents[0]?.uuid }, 1)).toBe(true);
    expect(foundry.Hooks.call("hotbarDrop", {}, { type: "Macro", uuid: "Macro.x" }, 1)).toBe(true);
  });
});

describe("Dice So Nice", () => {
  it("gets distinct colour sets for the added and subtracted dice, colours only", async () => {
    const added: { colorset: Record<string, unknown>; mode: string }[] = [];
    foundry.Hooks.callAll("diceSoNiceReady", {
      addColorset: (colorset: Record<string, unknown>, mode: string) => added.push({ colorset, mode }),
    });
    expect(added.map((a) => a.colorset.name)).toEqual(["wuxia-harmonies-plus", "wuxia-harmonies-minus"]);
    expect(added.every((a) => a.mode === "default" && !("material" in a.colorset) && !("texture" in a.colorset))).toBe(
      true,
    );
    expect(added[0]?.colorset.background).not.toBe(added[1]?.colorset.background);
  });
});
