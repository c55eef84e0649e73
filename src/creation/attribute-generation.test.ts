// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  carryOutAs,
  facesRandom,
  harmoniesHero,
  postedMessage,
  postedMessages,
  seatUser,
  setWorldSetting,
  startWorld,
} from "../../test/support/world";
import type * as Generation from "./attribute-generation";

/**
 * A Harmonies character's attribute roll from the player's seat (RULES 2.1): every roll a public
 * card, counted against the rerolls the GM allows; applied once, in one update; only the GM
 * starts it over. The second player, who owns nothing, may do none of it.
 */

let foundry: FoundryDouble;
let generation: typeof Generation;

/** Results +5, 0, −5, +2, −2, +2: kept 0, +2, −2, +2. */
const FACES = [6, 3, 1, 4, 2, 5, 1, 3, 6, 2, 4, 3];
/** Results +1, +1, +1, −1, 0, +3: kept +1, +1, +1, 0. */
const OTHER_FACES = [2, 3, 4, 1, 1, 6, 1, 2, 3, 2, 1, 3];

type Character = Parameters<typeof Generation.rollAttributes>[0];
const scores = (actor: Actor.Implementation) => {
  const s = actor.system as unknown as {
    characteristics: Record<string, { value: number; race: number }>;
    means: Record<string, { value: number; race: number }>;
  };
  return Object.fromEntries(
    [...Object.entries(s.characteristics), ...Object.entries(s.means)].map(([k, v]) => [k, v.value]),
  );
};
/** A sharing out of the kept 0, +2, −2, +2 in roll order, each split legal. */
const LEGAL = { cp: 0, ag: 0, it: 2, ig: 0, pu: -1, rs: -1, mn: 1, pr: 1 };

async function roll(actor: Actor.Implementation, faces = FACES): Promise<Generation.AttributeRollRecord | null> {
  foundry.CONFIG.Dice.randomUniform = facesRandom(faces, 6);
  return generation.rollAttributes(actor as Character);
}

beforeEach(async () => {
  foundry = await startWorld();
  generation = await import("./attribute-generation");
});

describe("rolling the attributes", () => {
  it("posts a public card for the player and keeps the roll on the actor", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const record = await roll(david);
    expect(record).toMatchObject({ attempt: 1, rolls: [5, 0, -5, 2, -2, 2], kept: [0, 2, -2, 2], applied: false });
    expect(generation.attributeRoll(david)).toEqual(record);
    const message = postedMessage(record?.messageId ?? "");
    expect(message.whisper).toEqual([]);
    expect(message.blind).toBe(false);
    expect(message.rolls[0]?.constructor.name).toBe("HarmoniesCreationRoll");
  });

  it("is public even when the chat is set to whisper rolls to the GM", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await foundry.game.settings.set("core", "rollMode", "gmroll");
    const record = await roll(david);
    expect(postedMessage(record?.messageId ?? "").whisper).toEqual([]);
  });

  it("allows one roll by default: a second is refused and posts nothing", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    await expect(roll(david, OTHER_FACES)).rejects.toMatchObject({
      key: "WH.Creation.Error.NoReroll",
      data: { name: "David", count: 1 },
    });
    expect(postedMessages()).toHaveLength(1);
    expect(generation.attributeRoll(david)?.kept).toEqual([0, 2, -2, 2]);
  });

  it("allows the rerolls the GM sets; each card says which roll it is, the last roll counts", async () => {
    await setWorldSetting("harmoniesCreationRerolls", 1);
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    const second = await roll(david, OTHER_FACES);
    expect(second).toMatchObject({ attempt: 2, kept: [1, 1, 1, 0] });
    const badges = await Promise.all(
      postedMessages().map(async (m) => (await m.renderHTML()).querySelector(".wh-card__badge")?.textContent),
    );
    expect(badges).toEqual(["Roll 1 of 2", "Roll 2 of 2"]);
    await expect(roll(david)).rejects.toMatchObject({ key: "WH.Creation.Error.NoReroll", data: { count: 2 } });
  });

  it("is refused to a player who does not own the character", async () => {
    const david = await harmoniesHero("David");
    actAs("stranger");
    await expect(roll(david)).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner", data: { name: "David" } });
    expect(postedMessages()).toHaveLength(0);
    expect(generation.attributeRoll(david)).toBeNull();
  });
});

describe("applying a sharing out", () => {
  it("writes the eight attributes in one update, race bonuses and XP untouched, and marks the roll applied", async () => {
    const david = await harmoniesHero("David", { characteristics: { corps: { race: 1, xp: 7 } } });
    actAs("player");
    await roll(david);
    const updates: unknown[] = [];
    Hooks.on("updateActor", (_actor: unknown, change: unknown) => updates.push(change));
    await generation.applyAttributes(david as Character, LEGAL);
    expect(updates).toHaveLength(1);
    expect(scores(david)).toEqual({
      corps: 0,
      agilite: 0,
      intuition: 2,
      intelligence: 0,
      puissance: -1,
      resistance: -1,
      manoeuvre: 1,
      precision: 1,
    });
    const corps = (david.system as unknown as { characteristics: { corps: { race: number; xp: number } } })
      .characteristics.corps;
    expect(corps).toMatchObject({ race: 1, xp: 7 });
    expect(generation.attributeRoll(david)?.applied).toBe(true);
  });

  it("refuses results that are not the kept ones, and a gap above 2, naming the pair", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    await expect(generation.applyAttributes(david as Character, { ...LEGAL, cp: 1 })).rejects.toMatchObject({
      key: "WH.Creation.Error.Invalid",
      data: { problems: "The pair sums are not the four results kept." },
    });
    await expect(generation.applyAttributes(david as Character, { ...LEGAL, cp: 5 })).rejects.toMatchObject({
      data: {
        problems:
          "Body / Agility: the two attributes differ by more than creation allows. The pair sums are not the four results kept.",
      },
    });
    await expect(generation.applyAttributes(david as Character, { ...LEGAL, it: 3, ig: -1 })).rejects.toMatchObject({
      data: { problems: "Intuition / Intelligence: the two attributes differ by more than creation allows." },
    });
    expect(scores(david).agilite).toBe(2);
    expect(generation.attributeRoll(david)?.applied).toBe(false);
  });

  it("refuses with no roll, and once applied refuses both another sharing out and another roll", async () => {
    await setWorldSetting("harmoniesCreationRerolls", 3);
    const david = await harmoniesHero("David");
    actAs("player");
    await expect(generation.applyAttributes(david as Character, LEGAL)).rejects.toMatchObject({
      key: "WH.Creation.Error.NotRolled",
    });
    await roll(david);
    await generation.applyAttributes(david as Character, LEGAL);
    await expect(generation.applyAttributes(david as Character, LEGAL)).rejects.toMatchObject({
      key: "WH.Creation.Error.Applied",
    });
    await expect(roll(david)).rejects.toMatchObject({ key: "WH.Creation.Error.Applied", data: { name: "David" } });
  });

  it("is refused to a player who does not own the character", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    actAs("stranger");
    await expect(generation.applyAttributes(david as Character, LEGAL)).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    expect(scores(david).agilite).toBe(2);
  });
});

/** The GMs' record of the character's roll, as a GM's client writes it. */
async function record(actor: Actor.Implementation, value: unknown): Promise<void> {
  actAs("gm");
  await foundry.game.settings.set("wuxia-harmonies", "creationRecords", { [actor.uuid]: { attributeRoll: value } });
}

describe("the record's card", () => {
  it("is null when the record names no card", async () => {
    const david = await harmoniesHero("David");
    await record(david, {
      messageId: 7,
      attempt: 1,
      rolls: [5, 0, -5, 2, -2, 2],
      kept: [0, 2, -2, 2],
      droppedAt: { highest: 0, lowest: 2 },
    });
    expect(generation.attributeRoll(david)?.messageId).toBeNull();
  });
});

describe("starting the roll over", () => {
  it("is the GM's: the record goes, the character may roll again from the first roll", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    await generation.applyAttributes(david as Character, LEGAL);
    await expect(generation.resetAttributeRoll(david as Character)).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    actAs("gm");
    await generation.resetAttributeRoll(david as Character);
    expect(generation.attributeRoll(david)).toBeNull();
    actAs("player");
    expect(await roll(david, OTHER_FACES)).toMatchObject({ attempt: 1, kept: [1, 1, 1, 0] });
  });
});

describe("the GMs' record", () => {
  const good = { messageId: null, attempt: 1, rolls: [5, 0, -5, 2, -2, 2], kept: [0, 2, -2, 2] };
  it.each([
    ["not an object", 3],
    ["no attempt", { ...good, attempt: undefined, droppedAt: { highest: 0, lowest: 2 } }],
    ["five results", { ...good, rolls: [1, 2, 3, 4, 5], droppedAt: { highest: 0, lowest: 2 } }],
    ["a fractional kept result", { ...good, kept: [0, 2, -2, 2.5], droppedAt: { highest: 0, lowest: 2 } }],
    ["no dropped places", good],
    ["a dropped place off the six", { ...good, droppedAt: { highest: 6, lowest: 2 } }],
    ["a dropped place before the first", { ...good, droppedAt: { highest: 0, lowest: -1 } }],
  ])("reads as no roll when it holds %s", async (_, value) => {
    const david = await harmoniesHero("David");
    await record(david, value);
    expect(generation.attributeRoll(david)).toBeNull();
  });
});

describe("the record a player cannot reset", () => {
  const flags = (actor: Actor.Implementation, value: unknown) =>
    actor.update({ flags: { "wuxia-harmonies": { attributeRoll: value } } } as never);

  it("is the GMs': the player clearing their actor's flag rolls no second time, and the dice are the GM's client's", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    const first = await roll(david);
    const author = (postedMessage(first?.messageId ?? "") as unknown as { author: { id: string } }).author;
    expect(author.id).toBe((seatUser("gm") as { id: string }).id);
    await flags(david, null);
    await expect(roll(david, OTHER_FACES)).rejects.toMatchObject({ key: "WH.Creation.Error.NoReroll" });
    await generation.applyAttributes(david as Character, LEGAL);
    await flags(david, { ...first, applied: false });
    await expect(generation.applyAttributes(david as Character, LEGAL)).rejects.toMatchObject({
      key: "WH.Creation.Error.Applied",
    });
    expect(postedMessages()).toHaveLength(1);
  });

  it("cannot be written by a player: the world setting is the GM's", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await expect(
      foundry.game.settings.set("wuxia-harmonies", "creationRecords", { [david.uuid]: { attributeRoll: null } }),
    ).rejects.toThrow();
  });

  it("is refused when the sharing out sent is not eight whole numbers, and to the second player", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    const apply = (who: "player" | "stranger", attributes: unknown) =>
      carryOutAs(who, "applyAttributes", { actorUuid: david.uuid, attributes });
    await expect(apply("player", { ...LEGAL, cp: "0" })).rejects.toMatchObject({
      key: "WH.Request.Error.BadField",
      data: { field: "attributes.cp" },
    });
    await expect(apply("player", { ...LEGAL, pr: undefined })).rejects.toMatchObject({
      data: { field: "attributes.pr" },
    });
    await expect(apply("player", { ...LEGAL, it: 1e9, ig: -1e9 + 2 })).rejects.toMatchObject({
      data: { field: "attributes.it" },
    });
    await expect(apply("stranger", LEGAL)).rejects.toMatchObject({ key: "WH.Chat.Error.NotOwner" });
    await expect(carryOutAs("stranger", "rollAttributes", { actorUuid: david.uuid })).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    await expect(carryOutAs("player", "resetAttributeRoll", { actorUuid: david.uuid })).rejects.toMatchObject({
      key: "WH.Chat.Error.GmOnly",
    });
    expect(generation.attributeRoll(david)?.applied).toBe(false);
    expect(scores(david).agilite).toBe(2);
  });

  it("needs a GM connected, who keeps it: without one the roll is refused and nothing is posted", async () => {
    const david = await harmoniesHero("David");
    for (const user of foundry.game.users.values()) if (user.isGM) user.active = false;
    actAs("player");
    await expect(roll(david)).rejects.toMatchObject({ key: "WH.Chat.Error.NoGm" });
    expect(postedMessages()).toHaveLength(0);
  });

  it("goes with its actor: deleting the character removes it", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await roll(david);
    actAs("gm");
    await david.delete();
    await vi.waitFor(() => expect(foundry.game.settings.get("wuxia-harmonies", "creationRecords")).toEqual({}));
  });
});

describe("records an earlier version kept on the actor", () => {
  const earlier = { messageId: null, attempt: 2, rolls: [5, 0, -5, 2, -2, 2], kept: [0, 2, -2, 2] };

  it("are taken into the GMs' records once, when the GM's client is ready, and the flags removed", async () => {
    let david: Actor.Implementation | undefined;
    let hector: Actor.Implementation | undefined;
    foundry = await startWorld({
      beforeReady: async () => {
        david = await harmoniesHero("David");
        hector = await harmoniesHero("Hector");
        actAs("gm");
        await david.update({
          flags: {
            "wuxia-harmonies": {
              attributeRoll: { ...earlier, droppedAt: { highest: 0, lowest: 2 }, applied: true },
              beginnerPackage: { metier: "Soldat", hobbies: ["Chasse", "Pêche"] },
            },
          },
        } as never);
        await hector.update({ flags: { "wuxia-harmonies": { attributeRoll: null } } } as never);
      },
    });
    generation = await import("./attribute-generation");
    const { appliedPackage } = await import("./beginner-package");
    if (!david || !hector) throw new Error("no actors");
    await vi.waitFor(() => expect(foundry.game.settings.get("wuxia-harmonies", "creationRecordsAdopted")).toBe(true));
    expect(generation.attributeRoll(david)).toMatchObject({ attempt: 2, applied: true });
    expect(appliedPackage(david)).toBe(true);
    expect(generation.attributeRoll(hector)).toBeNull();
    expect((david.flags as Record<string, Record<string, unknown>>)["wuxia-harmonies"]).toEqual({});
    expect((hector.flags as Record<string, Record<string, unknown>>)["wuxia-harmonies"]).toEqual({});

    // From then on a flag is never read.
    actAs("player");
    await hector.update({
      flags: { "wuxia-harmonies": { attributeRoll: { ...earlier, droppedAt: { highest: 0, lowest: 2 } } } },
    } as never);
    expect(generation.attributeRoll(hector)).toBeNull();
  });
});
