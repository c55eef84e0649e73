// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DialogV2 } from "../../../test/foundry/applications";
import type { FoundryDouble } from "../../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  createActor,
  currentUser,
  disconnectGms,
  facesRandom,
  harmoniesHero,
  opposingRollJson,
  postedMessage,
  postedMessages,
  renderAs,
  rollAs,
  seatUser,
  startWorld,
  wuxiaHero,
} from "../../../test/support/world";
import { wuxiaAttack, wuxiaAttackFight } from "../../../test/support/combat";
import { settle } from "../../../test/support/dom";
import { asClient, server } from "../../../test/foundry/clients";
import type { WuxiaRoll } from "./roll";

/**
 * A Wuxia power's chi (RULES 1.1): using the power spends it, the card says so, a player short of
 * chi is refused, the GM may use it anyway, and a roll that cannot be posted gives it back.
 */

let foundry: FoundryDouble;
const format = (key: string, data: Record<string, string | number> = {}) => foundry.game.i18n.format(key, data);

const chiOf = (actor: Actor.Implementation) => (actor.system as unknown as { chi: { value: number } }).chi.value;
const power = (actor: Actor.Implementation) => actor.items.find((i) => i.name === "Bond du tigre");
const notes = (html: HTMLElement) => [...html.querySelectorAll(".wh-card__notes li")].map((li) => li.textContent);
const messages = () => ChatMessage as unknown as { create(data: unknown): Promise<unknown> };

/** Lin Mei (the player's) with her power Bond du tigre costing `cost`, and `chi` left. */
async function linMei(chi: number, cost = 3): Promise<Actor.Implementation> {
  const actor = await wuxiaHero("Lin Mei", { chi: { value: chi } });
  actAs("gm");
  await power(actor)?.update({ system: { chiCost: cost } } as never);
  return actor;
}

beforeEach(async () => {
  foundry = await startWorld();
  DialogV2.answers = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("using a Wuxia power", () => {
  it("spends its chi when the player rolls it, and the card says how much", async () => {
    const actor = await linMei(8);
    const message = await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(5);
    expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBe(3);
    expect(notes(await renderAs("player", message))).toContain(format("WH.Chat.Wuxia.ChiSpent", { count: 3 }));
  });

  it("with no GM connected, is paid on the owner's own client", async () => {
    const actor = await linMei(8);
    disconnectGms();
    await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(5);
  });

  it("spends the last chi exactly", async () => {
    const actor = await linMei(3);
    await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(0);
  });

  it("spends nothing for a skill or the Attribute alone, writes nothing to the hero, and the card has no chi line", async () => {
    const actor = await linMei(8);
    const writes: unknown[] = [];
    Hooks.on("updateActor", (_actor: unknown, changed: unknown) => writes.push(changed));
    const skill = await rollAs("player", actor, [9, 9, 9, 9, 9], {
      item: actor.items.find((i) => i.name === "Chasseur")?.id,
    });
    const attribute = await rollAs("player", actor, [9, 9, 9, 9, 9]);
    expect(chiOf(actor)).toBe(8);
    expect(writes).toEqual([]);
    for (const message of [skill, attribute]) {
      expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBeUndefined();
      expect(notes(await renderAs("player", message)).join()).not.toContain("Chi");
    }
  });

  it("spends nothing for a power that costs none", async () => {
    const actor = await linMei(2, 0);
    const message = await rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(chiOf(actor)).toBe(2);
    expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBeUndefined();
  });

  it("is refused to a player short of chi, in their language, and nothing is rolled or written", async () => {
    const actor = await linMei(2);
    await expect(rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotEnoughChi",
      data: { name: "Lin Mei", cost: 3, left: 2 },
    });
    expect(format("WH.Roll.Error.NotEnoughChi", { name: "Lin Mei", cost: 3, left: 2 })).toBe(
      "Lin Mei has 2 chi left: this power costs 3.",
    );
    expect(chiOf(actor)).toBe(2);
    expect(postedMessages()).toHaveLength(0);
    expect(DialogV2.answers).toEqual([]);
  });

  it("lets the GM use it anyway once confirmed: the chi falls to 0, not below, and the card says what was paid", async () => {
    const actor = await linMei(2);
    DialogV2.answers.push(true);
    const confirm = vi.spyOn(DialogV2, "confirm");
    const message = await rollAs("gm", actor, [9, 9, 9, 9], { item: power(actor)?.id });
    expect(DialogV2.answers).toEqual([]);
    expect(confirm.mock.calls).toEqual([
      [
        {
          window: { title: "Not enough chi" },
          content: "<p>Lin Mei has 2 chi left and this power costs 3. Use it anyway? Their chi falls to 0.</p>",
        },
      ],
    ]);
    expect(chiOf(actor)).toBe(0);
    expect(notes(await renderAs("gm", message))).toContain(format("WH.Chat.Wuxia.ChiSpent", { count: 2 }));
  });

  it("rolls nothing when the GM declines", async () => {
    const actor = await linMei(2);
    DialogV2.answers.push(false);
    actAs("gm");
    const { rollActor } = await import("../pipeline");
    expect(await rollActor(actor, { item: power(actor)?.id, dialog: false })).toBeNull();
    expect(chiOf(actor)).toBe(2);
    expect(postedMessages()).toHaveLength(0);
  });

  it("gives the chi back when the roll cannot be posted", async () => {
    const actor = await linMei(8);
    vi.spyOn(messages(), "create").mockRejectedValueOnce(new Error("the server refused the message"));
    await expect(rollAs("player", actor, [9, 9, 9, 9], { item: power(actor)?.id })).rejects.toThrow(
      "the server refused the message",
    );
    expect(chiOf(actor)).toBe(8);
    expect(postedMessages()).toHaveLength(0);
  });

  it("pays for two uses at once one after the other: the second, short, is refused", async () => {
    const actor = await linMei(4);
    const { rollActor } = await import("../pipeline");
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = () => 0.15;
    const request = { item: power(actor)?.id, dialog: false, values: { visibility: "public" } };
    const results = await Promise.allSettled([rollActor(actor, request), rollActor(actor, request)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { key: "WH.Roll.Error.NotEnoughChi", data: { left: 1, cost: 3 } },
    });
    expect(chiOf(actor)).toBe(1);
    expect(postedMessages()).toHaveLength(1);
  });

  it("pays twice when the player and an assistant GM use her power at the same instant from their own clients, over a slow server", async () => {
    const actor = await linMei(8);
    const assistant = foundry.addUser("gmUser000000002", "Assistant", 3);
    const { rollActor } = await import("../pipeline");
    foundry.CONFIG.Dice.randomUniform = () => 0.15;
    server.latencyMs = 20;
    const request = { item: power(actor)?.id, dialog: false, values: { visibility: "public" } };
    await Promise.all([
      asClient(seatUser("player"), () => rollActor(actor, request)),
      asClient(assistant, () => rollActor(actor, request)),
    ]);
    expect(chiOf(actor)).toBe(2);
    expect(postedMessages()).toHaveLength(2);
  });

  it("is taken by the authority at the power's own cost: a player's request for less, for another item or another's hero is refused", async () => {
    const actor = await linMei(8);
    const itemUuid = power(actor)?.uuid ?? "";
    const skillUuid = actor.items.find((i) => i.name === "Chasseur")?.uuid ?? "";
    await expect(carryOutAs("player", "payChi", { actorUuid: actor.uuid, itemUuid, count: 1 })).rejects.toMatchObject({
      key: "WH.Request.Error.ChiUnpaid",
      data: { count: 3 },
    });
    await expect(carryOutAs("player", "payChi", { actorUuid: actor.uuid, itemUuid, count: 4 })).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "count" },
    });
    await expect(
      carryOutAs("player", "payChi", { actorUuid: actor.uuid, itemUuid: skillUuid, count: 0 }),
    ).rejects.toMatchObject({ key: "WH.Roll.Error.NoItem" });
    await expect(carryOutAs("stranger", "payChi", { actorUuid: actor.uuid, itemUuid, count: 3 })).rejects.toMatchObject(
      { key: "WH.Chat.Error.NotOwner" },
    );
    expect(chiOf(actor)).toBe(8);
    await carryOutAs("gm", "payChi", { actorUuid: actor.uuid, itemUuid, count: 1 });
    expect(chiOf(actor)).toBe(7);
  });

  it("gives a payment back once, to its payer only", async () => {
    const actor = await linMei(8);
    const receipt = await carryOutAs("player", "payChi", {
      actorUuid: actor.uuid,
      itemUuid: power(actor)?.uuid ?? "",
      count: 3,
    });
    expect(chiOf(actor)).toBe(5);
    for (const who of ["stranger", "gm"] as const)
      await expect(carryOutAs(who, "refundChi", { receipt })).rejects.toMatchObject({
        key: "WH.Request.Error.NoChiReceipt",
      });
    await carryOutAs("player", "refundChi", { receipt });
    await expect(carryOutAs("player", "refundChi", { receipt })).rejects.toMatchObject({
      key: "WH.Request.Error.NoChiReceipt",
    });
    expect(chiOf(actor)).toBe(8);
  });

  it("cannot be used by the second player on a hero they do not own: refused before any chi is spent", async () => {
    const actor = await linMei(8);
    await expect(rollAs("stranger", actor, [9, 9, 9, 9], { item: power(actor)?.id })).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
    });
    expect(chiOf(actor)).toBe(8);
  });

  it("is nothing for an actor that has no chi: a Harmonies character has 0", async () => {
    const { chiLeft } = await import("./chi");
    const david = await harmoniesHero("David");
    expect(chiLeft(david)).toBe(0);
    expect(chiLeft(await linMei(6))).toBe(6);
  });
});

/** The GM's bandit rolls (8, 9); Lin Mei, the player's, has 8 chi and Bond du tigre costing 3. */
async function banditRolledAgainstLinMei() {
  const bandit = await createActor(
    { name: "Bandit", type: "wuxiaCharacter", system: { attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 } } },
    { ownedByPlayer: false },
  );
  const actor = await linMei(8);
  return { actor, message: await rollAs("gm", bandit, [8, 9]) };
}

describe("a power used where the roll goes to the GM", () => {
  it("opposing a card with a power, chosen in the dialog, spends its chi and says so on the card", async () => {
    const { actor, message } = await banditRolledAgainstLinMei();
    actAs("player");
    currentUser().character = actor;
    const { opposeFromCard } = await import("./opposed");
    const pending = opposeFromCard(postedMessage(message.id) as never);
    await settle();
    const form = document.querySelector<HTMLFormElement>("form.wh-roll-dialog");
    const skill = form?.querySelector<HTMLSelectElement>('[name="skillId"]');
    if (!form || !skill) throw new Error("no roll dialog drawn");
    skill.value = power(actor)?.id ?? "";
    skill.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    foundry.CONFIG.Dice.randomUniform = facesRandom([9, 9, 9, 9, 9, 9]);
    form.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    await pending;
    expect(chiOf(actor)).toBe(5);
    const opposing = postedMessage(message.id).rolls[1] as WuxiaRoll;
    expect(opposing.state.chiSpent).toBe(3);
    expect(notes(await renderAs("player", postedMessage(message.id) as never))).toContain(
      format("WH.Chat.Wuxia.ChiSpent", { count: 3 }),
    );
  });

  it("attacking with a weapon whose skill is a power spends the power's chi", async () => {
    const world = await wuxiaAttackFight();
    actAs("gm");
    await power(world.linMei)?.update({ system: { chiCost: 2 } } as never);
    await world.linMei.update({ system: { chi: { value: 5 } } } as never);
    await world.arc.update({ system: { skill: "Bond du tigre" } } as never);
    const message = await wuxiaAttack(world);
    expect(chiOf(world.linMei)).toBe(3);
    expect((message.rolls[0] as WuxiaRoll).state.chiSpent).toBe(2);
  });

  it("refuses a power's roll sent unpaid by a player, and takes it from the GM, who may use a power short", async () => {
    const { actor, message } = await banditRolledAgainstLinMei();
    const unpaid = await opposingRollJson(actor, [9, 9, 9, 9, 9, 9], { skillId: power(actor)?.id });
    await expect(carryOutAs("player", "oppose", { messageId: message.id, roll: unpaid })).rejects.toMatchObject({
      key: "WH.Request.Error.ChiUnpaid",
      data: { count: 3 },
    });
    const overpaid = structuredClone(unpaid) as { options: { wuxia: { chiSpent?: number } } };
    overpaid.options.wuxia.chiSpent = 4;
    await expect(carryOutAs("player", "oppose", { messageId: message.id, roll: overpaid })).rejects.toMatchObject({
      key: "WH.Request.Error.ChiUnpaid",
    });
    await carryOutAs("gm", "oppose", { messageId: message.id, roll: unpaid });
    expect(postedMessages().at(-1)?.rolls).toHaveLength(2);
  });
});
