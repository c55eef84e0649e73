// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { asClient } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, harmoniesFight, must, scriptFaces, woundsOf, type HarmoniesWounds } from "../../test/support/combat";
import {
  createActor,
  createCombat,
  harmoniesHero,
  postedMessages,
  seatUser,
  startWorld,
  type Generation,
  type PostedMessage,
  type Seat,
} from "../../test/support/world";

/**
 * David and Goliath (RULES 2.4's example) in Foundry: David (the player's) slings at Goliath (the
 * GM's) at difficulty −4, dice +5 −6: margin 0, a success. Goliath parries (Ag + Rs + Bâton +1)
 * with +2 −9: −5, not parried. A sling adds no strength: damage 0. Goliath soaks with Cp + Rs
 * (+3 +3, no armour), open dice +3 and −14 (−10 then −4): −5, a light wound. Rolls are open.
 */

let foundry: FoundryDouble;

async function start(generation: Generation = 13, wounds: Partial<HarmoniesWounds> = {}) {
  foundry = await startWorld({ generation });
  await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
  return harmoniesFight(wounds);
}

type World = Awaited<ReturnType<typeof start>>;

async function slingShot(world: World): Promise<PostedMessage> {
  const { harmoniesAttackWith } = await import("./harmonies-attack");
  scriptFaces([5, 6]);
  await as("player", () =>
    harmoniesAttackWith(world.david, world.sling, world.goliath, { dialog: false, values: { difficulty: -4 } }),
  );
  return must(postedMessages().at(-1));
}

async function parry(world: World, message: PostedMessage): Promise<void> {
  const { harmoniesDefend } = await import("./harmonies-attack");
  scriptFaces([2, 9]);
  await as("gm", () =>
    harmoniesDefend(message as never, {
      characteristic: "agilite",
      means: "resistance",
      skillId: world.baton.id ?? "",
    }),
  );
}

async function soak(message: PostedMessage, faces = [3, 10, 4]): Promise<void> {
  const { harmoniesSoak } = await import("./harmonies-attack");
  scriptFaces(faces);
  await as("gm", () => harmoniesSoak(message as never));
}

const cardText = async (who: Seat, message: PostedMessage, selector: string) =>
  (await asClient(seatUser(who), () => message.renderHTML())).querySelector(selector)?.textContent?.trim();

describe("David and Goliath, on one card", () => {
  it("plays the book's example: the shot hits, the parry fails, damage 0, the soak −5 makes a light wound", async () => {
    const world = await start();
    const message = await slingShot(world);
    expect((message as unknown as { author: { id: string } }).author.id).toBe((seatUser("gm") as { id: string }).id);
    expect(await cardText("gm", message, ".wh-attack__waiting")).toBe("Waiting for Goliath's defence.");
    await parry(world, message);
    expect(message.rolls.map((r) => (r as unknown as { total: number }).total)).toEqual([0, -5]);
    expect(await cardText("player", message, ".wh-attack .wh-outcome")).toBe("Hit: damage 0");
    await soak(message);
    expect(woundsOf(world.goliath)).toMatchObject({ light: 1, grave: 0, critical: 0, fatal: false });
    expect(await cardText("player", message, ".wh-attack__soak")).toBe("A light wound (soak −5)");
  });

  it("escalates a wound whose track is full, and says so in words", async () => {
    const world = await start(13, { light: 4 });
    const message = await slingShot(world);
    await parry(world, message);
    await soak(message);
    expect(woundsOf(world.goliath)).toMatchObject({ light: 4, grave: 1 });
    expect(await cardText("player", message, ".wh-attack__soak")).toBe(
      "A light wound, aggravated to a grave wound: its track is full (soak −5)",
    );
  });

  it("makes a wound with no free level fatal, and marks the combatant defeated", async () => {
    const world = await start(13, { light: 4, grave: 2, critical: 1 });
    const message = await slingShot(world);
    await parry(world, message);
    await soak(message);
    expect(woundsOf(world.goliath).fatal).toBe(true);
    const goliath = world.combat.combatants.contents.find((c) => c.actorId === world.goliath.id);
    expect(goliath?.defeated).toBe(true);
    expect(await cardText("player", message, ".wh-attack__soak")).toBe(
      "A light wound with no free level left: fatal (soak −5)",
    );
  });

  for (const generation of [13, 14] as const) {
    it(`stuns on a soak of −1 to −3 until the end of the victim's next round (generation ${generation})`, async () => {
      const world = await start(generation);
      const message = await slingShot(world);
      await parry(world, message);
      await soak(message, [1, 9]);
      const stunned = () => world.goliath.effects.contents.filter((e) => e.statuses.has("stun")).length;
      expect([woundsOf(world.goliath).stunned, stunned()]).toEqual([true, 1]);
      const { expireEffects } = await import("./effects");
      await as("gm", () => expireEffects(world.combat, 1));
      expect([woundsOf(world.goliath).stunned, stunned()]).toEqual([true, 1]);
      await as("gm", () => expireEffects(world.combat, 2));
      expect([woundsOf(world.goliath).stunned, stunned()]).toEqual([false, 0]);
    });
  }

  it("lets only the defender's owner parry or soak, and only at the attack's difficulty", async () => {
    const world = await start();
    const message = await slingShot(world);
    const { harmoniesDefend } = await import("./harmonies-attack");
    await expect(as("player", () => harmoniesDefend(message as never, { take: true }))).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
    });
    expect(await cardText("player", message, "[data-wh-attack=parry]")).toBeUndefined();
    const { carryOutAs } = await import("../../test/support/world");
    const { rollSubject } = await import("../rolls/subject");
    const { ROLL_KINDS } = await import("../rolls/kinds");
    const subject = rollSubject(world.goliath) as never;
    const values = ROLL_KINDS.harmonies.read({ ...ROLL_KINDS.harmonies.defaults(subject, {}), difficulty: 0 }, subject);
    scriptFaces([9, 1]);
    const easier = await ROLL_KINDS.harmonies.roll(ROLL_KINDS.harmonies.check(subject, values)).evaluate();
    await expect(
      carryOutAs("gm", "harmoniesDefend", { messageId: message.id, roll: easier.toJSON() }),
    ).rejects.toMatchObject({ key: "WH.Combat.Error.SameDifficulty" });
    await as("gm", () => harmoniesDefend(message as never, { take: true }));
    const { harmoniesSoak } = await import("./harmonies-attack");
    await expect(as("stranger", () => harmoniesSoak(message as never))).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
    });
    await soak(message);
    await expect(soak(message)).rejects.toMatchObject({ key: "WH.Combat.Error.AlreadySoaked" });
    expect(woundsOf(world.goliath).light).toBe(1);
  });

  it("rolls Harmonies initiative as Agility + Maneuver with a closed difference roll", async () => {
    foundry = await startWorld();
    await foundry.game.settings.set("wuxia-harmonies", "harmoniesOpenRolls", true);
    const david = await harmoniesHero("David", { means: { precision: { value: 3 }, manoeuvre: { value: 1 } } });
    const combat = await createCombat([david], { start: false });
    scriptFaces([10, 4]);
    await as("gm", () => combat.rollAll());
    // Ag +2, Mn +1, closed: 10 − 4 = +6 (an open roll would have rolled the 10 again).
    await vi.waitFor(() => expect(combat.combatants.contents[0]?.initiative).toBe(9));
  });
});

describe("the checks wounds call for", () => {
  it("a sudden action from the sheet with a grave wound: Cp + Rs, and a failure turns the wound critical", async () => {
    foundry = await startWorld();
    const hero = await harmoniesHero("David", { wounds: { grave: 1 } });
    const { defaultSheet, settle } = await import("../../test/support/dom");
    const sheet = await asClient(seatUser("player"), async () => {
      const app = defaultSheet<{ element: HTMLElement; render(o: unknown): Promise<unknown> }>(foundry, hero as never);
      await app.render({ force: true });
      return app;
    });
    // Cp 0 + Rs 0, closed: 2 − 9 = −7, a failure.
    scriptFaces([2, 9]);
    await asClient(seatUser("player"), async () => {
      sheet.element.querySelector<HTMLElement>("[data-action=suddenAction]")?.click();
      await settle();
      await vi.waitFor(() => expect(woundsOf(hero)).toMatchObject({ grave: 0, critical: 1 }));
    });
    const card = must(postedMessages().at(-1));
    expect(await cardText("stranger", card, ".wh-wound-check")).toBe("The grave wound turns critical.");
    const { suddenActionCheck } = await import("./wound-checks");
    await expect(as("player", () => suddenActionCheck(hero))).rejects.toMatchObject({
      key: "WH.Combat.Error.NoGraveWound",
    });
  });

  it("a held grave wound stays grave; nobody else may roll it for the owner", async () => {
    foundry = await startWorld();
    const hero = await harmoniesHero("David", { wounds: { grave: 1 } });
    const { suddenActionCheck } = await import("./wound-checks");
    await expect(as("stranger", () => suddenActionCheck(hero))).rejects.toMatchObject({
      key: "WH.Roll.Error.NotOwner",
    });
    scriptFaces([8, 2]);
    await as("player", () => suddenActionCheck(hero));
    expect(woundsOf(hero)).toMatchObject({ grave: 1, critical: 0 });
    expect(await cardText("player", must(postedMessages().at(-1)), ".wh-wound-check")).toBe("The grave wound holds.");
  });

  it("a critical wound: It + Rs as the character's turn starts, a failure makes it unconscious", async () => {
    foundry = await startWorld();
    const david = await harmoniesHero("David", { wounds: { critical: 1 } });
    const goliath = await createActor({ name: "Goliath", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    scriptFaces([1, 9]);
    const combat = await createCombat([goliath, david], { initiatives: [9, 3] });
    await as("gm", () => combat.nextTurn());
    await vi.waitFor(() => expect(david.statuses.has("unconscious")).toBe(true));
    expect(await cardText("player", must(postedMessages().at(-1)), ".wh-wound-check")).toBe("Faints: unconscious.");
  });
});
