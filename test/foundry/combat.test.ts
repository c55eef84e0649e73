// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient, server } from "./clients";
import {
  CombatDouble,
  CombatantDouble,
  type CombatHistoryData,
  type TurnEventContext,
  placeToken,
  serverWrites,
  turnEventsSettled,
} from "./combat";
import { TypeDataModel } from "./data-model";
import type { ActiveEffectDouble as Effect } from "./effects";
import { NumberField, StringField } from "./fields";
import { settle } from "../support/dom";
import { renderTemplatesFromDisk } from "./templates";
import { CombatTrackerDouble, type TurnContext } from "./tracker";
import { ActorDouble, type FoundryDouble, type UserDouble, installFoundry } from "./install";

// Pins the double's Combat and Combatant to Foundry v13 (and v14 where they differ): the system's
// combat code is tested against these rules, so each test here is a Foundry behaviour it relies on.

type AnyObject = Record<string, unknown>;

let foundry: FoundryDouble;
let gm: UserDouble;
let player: UserDouble;
let stranger: UserDouble;

function seat(user: UserDouble): void {
  foundry.game.user = user;
}

/** An actor the GM creates, owned by the player unless told otherwise. */
async function actor(name: string, ownedByPlayer = true, data: AnyObject = {}): Promise<ActorDouble> {
  const ownership = ownedByPlayer ? { default: 0, [player.id]: 3 } : { default: 0 };
  return (await asClient(gm, () => ActorDouble.create({ name, type: "base", ownership, ...data }))) as ActorDouble;
}

/** A combat the GM creates with these combatants. */
async function combat(combatants: AnyObject[] = [], data: AnyObject = {}): Promise<CombatDouble> {
  return (await asClient(gm, () => CombatDouble.create({ ...data, combatants }))) as CombatDouble;
}

/** Three combatants: Hero (the player's, initiative 10), Ogre (an NPC, 15) and Wolf (an NPC, 5). */
async function threeCombatants(
  data: AnyObject = {},
): Promise<{ fight: CombatDouble; hero: CombatantDouble; ogre: CombatantDouble; wolf: CombatantDouble }> {
  const heroActor = await actor("Hero");
  const ogreActor = await actor("Ogre", false);
  const wolfActor = await actor("Wolf", false);
  const fight = await combat(
    [
      { _id: "heroCombatant001", actorId: heroActor.id, initiative: 10 },
      { _id: "ogreCombatant001", actorId: ogreActor.id, initiative: 15 },
      { _id: "wolfCombatant001", actorId: wolfActor.id, initiative: 5 },
    ],
    data,
  );
  const get = (id: string) => fight.combatants.get(id) as CombatantDouble;
  return { fight, hero: get("heroCombatant001"), ogre: get("ogreCombatant001"), wolf: get("wolfCombatant001") };
}

function combatUpdates(): number {
  return serverWrites.filter((w) => w.documentName === "Combat" && w.action === "update").length;
}

function combatantUpdates(): number {
  return serverWrites.filter((w) => w.documentName === "Combatant" && w.action === "update").length;
}

beforeEach(() => {
  foundry = installFoundry();
  [gm, player, stranger] = foundry.game.users.contents as [UserDouble, UserDouble, UserDouble];
  seat(gm);
});

describe("Combat and Combatant documents", () => {
  it("creates the configured Combat and Combatant classes, even through the base class", async () => {
    class SystemCombat extends CombatDouble {}
    class SystemCombatant extends CombatantDouble {}
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: SystemCombat });
    Object.assign(foundry.CONFIG.Combatant as AnyObject, { documentClass: SystemCombatant });
    const hero = await actor("Hero");
    const created = await combat([{ actorId: hero.id }]);
    expect(created).toBeInstanceOf(SystemCombat);
    expect(created.combatants.contents[0]).toBeInstanceOf(SystemCombatant);
    const [added] = await created.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    expect(added).toBeInstanceOf(SystemCombatant);
  });

  it("keeps combats in game.combats, the first created being the viewed one (game.combat)", async () => {
    const first = await combat();
    const second = await combat();
    const combats = foundry.game.combats as unknown as { get(id: string): unknown; size: number };
    expect(combats.size).toBe(2);
    expect(combats.get(second.id)).toBe(second);
    expect(foundry.game.combat).toBe(first);
    await first.delete();
    expect(foundry.game.combat).toBe(second);
  });

  it("keeps a viewed encounter per client (Game#combat): the GM viewing another changes no one else's", async () => {
    const first = await combat();
    const second = await combat();
    const combats = foundry.game.combats as unknown as { viewed: unknown };
    asClient(gm, () => {
      combats.viewed = second;
    });
    expect(asClient(gm, () => foundry.game.combat)).toBe(second);
    expect(asClient(player, () => foundry.game.combat)).toBe(first);
    await second.delete();
    expect(asClient(gm, () => foundry.game.combat)).toBe(first);
    expect(asClient(player, () => foundry.game.combat)).toBe(first);
  });

  it("lets only a GM (or an assistant) create or delete a Combat", async () => {
    seat(player);
    await expect(CombatDouble.create({})).rejects.toThrow("User Player lacks permission to create Combat");
    const fight = await combat();
    seat(stranger);
    await expect(fight.delete()).rejects.toThrow("lacks permission to delete Combat");
  });

  it("starts at round 0 with no turn, no combatant and not started", async () => {
    const fight = await combat();
    expect([fight.round, fight.turn, fight.combatant, fight.started]).toEqual([0, null, null, false]);
  });

  it("reads a combatant's actor from actorId, or from its token: the world actor if linked, a synthetic one if not", async () => {
    const hero = await actor("Hero");
    const linked = placeToken(hero, { actorLink: true });
    const unlinked = placeToken(hero, { actorLink: false, name: "Hero's double" });
    const fight = await combat([
      { _id: "byActor000000001", actorId: hero.id },
      { _id: "linkedToken00001", actorId: hero.id, tokenId: linked.id },
      { _id: "unlinkedToken001", actorId: hero.id, tokenId: unlinked.id },
    ]);
    const get = (id: string) => fight.combatants.get(id) as CombatantDouble;
    expect(get("byActor000000001").actor).toBe(hero);
    expect(get("linkedToken00001").actor).toBe(hero);
    const synthetic = get("unlinkedToken001").actor as ActorDouble;
    expect(synthetic).not.toBe(hero);
    expect(synthetic.uuid).toBe(`Scene.${unlinked.sceneId}.Token.${unlinked.id}.Actor.${hero.id}`);
    expect(synthetic.isToken).toBe(true);
    expect(get("unlinkedToken001").token).toBe(unlinked);
    expect(get("unlinkedToken001").name).toBe("Hero's double");
  });

  it("keeps an unlinked token's actor on its world actor's later changes, except where its delta overrides", async () => {
    const hero = await actor("Hero", true, { img: "hero.webp" });
    const token = placeToken(hero, { actorLink: false, delta: { name: "Hero's double" } });
    const synthetic = token.actor as ActorDouble;
    expect([synthetic.name, synthetic.img]).toEqual(["Hero's double", "hero.webp"]);
    await asClient(gm, () => hero.update({ name: "Renamed", img: "older.webp", flags: { sample: { mark: 1 } } }));
    expect(token.actor).toBe(synthetic);
    expect([synthetic.name, synthetic.img, synthetic.getFlag("sample", "mark")]).toEqual([
      "Hero's double",
      "older.webp",
      1,
    ]);
  });

  it("finds a combatant's token on a scene: on its own sceneId, else on its combat's scene", async () => {
    const hero = await actor("Hero");
    const Scene = (globalThis as unknown as { Scene: { create(d: AnyObject): Promise<AnyObject> } }).Scene;
    const scene = (await asClient(gm, () => Scene.create({ name: "Gué", grid: { size: 100 } }))) as {
      id: string;
      createEmbeddedDocuments(type: string, data: AnyObject[]): Promise<{ id: string; name: string }[]>;
    };
    const [token] = await asClient(gm, () =>
      scene.createEmbeddedDocuments("Token", [{ name: "Hero on the ford", actorId: hero.id, actorLink: false }]),
    );
    const tokenId = token?.id ?? "";
    const own = await combat([{ _id: "ownScene00000001", actorId: hero.id, tokenId, sceneId: scene.id }]);
    expect(own.combatants.get("ownScene00000001")?.token).toBe(token);
    const fromCombat = await combat([{ _id: "combatScene00001", actorId: hero.id, tokenId }], { scene: scene.id });
    const combatant = fromCombat.combatants.get("combatScene00001") as CombatantDouble;
    expect([combatant.token, combatant.name]).toEqual([token, "Hero on the ford"]);
    expect((combatant.actor as ActorDouble).isToken).toBe(true);
    const elsewhere = await combat([{ _id: "noScene000000001", actorId: hero.id, tokenId }]);
    expect(elsewhere.combatants.get("noScene000000001")?.token).toBeNull();
  });

  it("names a combatant by its own name, else its token's, else its actor's", async () => {
    const hero = await actor("Hero");
    const fight = await combat([
      { _id: "named00000000001", actorId: hero.id, name: "The Masked One" },
      { _id: "unnamed000000001", actorId: hero.id },
    ]);
    expect(fight.combatants.get("named00000000001")?.name).toBe("The Masked One");
    expect(fight.combatants.get("unnamed000000001")?.name).toBe("Hero");
    expect(fight.combatants.get("unnamed000000001")?.toObject().name).toBe("");
  });

  it("derives a combatant's ownership from its actor: the actor's owner owns it, others do not, a GM always", async () => {
    const { hero, ogre } = await threeCombatants();
    expect(hero.testUserPermission(player, "OWNER")).toBe(true);
    expect(hero.testUserPermission(stranger, "OWNER")).toBe(false);
    expect(hero.testUserPermission(stranger, "LIMITED")).toBe(false);
    expect(ogre.testUserPermission(player, "OWNER")).toBe(false);
    expect(ogre.testUserPermission(gm, "OWNER")).toBe(true);
    expect(asClient(player, () => hero.isOwner)).toBe(true);
    expect(asClient(stranger, () => hero.isOwner)).toBe(false);
    expect(hero.players.map((u) => u.id)).toEqual([player.id]);
  });

  it("gives an observer of the actor observer rights on its combatant, not ownership", async () => {
    const watched = await actor("Watched", false, { ownership: { default: 0, [stranger.id]: 2 } });
    const fight = await combat([{ actorId: watched.id }]);
    const combatant = fight.combatants.contents[0] as CombatantDouble;
    expect(combatant.testUserPermission(stranger, "OBSERVER")).toBe(true);
    expect(combatant.testUserPermission(stranger, "OWNER")).toBe(false);
  });

  it("treats a combatant without an actor as the GM's alone, and as an NPC", async () => {
    const fight = await combat([{ name: "Ghost" }]);
    const ghost = fight.combatants.contents[0] as CombatantDouble;
    expect(ghost.actor).toBeNull();
    expect(ghost.testUserPermission(player, "LIMITED")).toBe(false);
    expect(ghost.isNPC).toBe(true);
  });

  it("calls a combatant an NPC when no player owns its actor", async () => {
    const { hero, ogre } = await threeCombatants();
    expect(hero.isNPC).toBe(false);
    expect(ogre.isNPC).toBe(true);
  });

  it("defaults initiative to null, hidden and defeated to false, and cleans an initiative given as text", async () => {
    const hero = await actor("Hero");
    const fight = await combat([{ actorId: hero.id }, { actorId: hero.id, initiative: "12.5" }]);
    const [fresh, typed] = fight.combatants.contents as [CombatantDouble, CombatantDouble];
    expect([fresh.initiative, fresh.hidden, fresh.defeated, fresh.isDefeated]).toEqual([null, false, false, false]);
    expect(typed.initiative).toBe(12.5);
    await expect(fight.updateEmbeddedDocuments("Combatant", [{ _id: fresh.id, initiative: "fast" }])).rejects.toThrow(
      "initiative",
    );
  });

  it("counts a combatant as defeated when marked, or when its actor carries the DEFEATED status", async () => {
    const hero = await actor("Hero");
    const fight = await combat([{ actorId: hero.id }]);
    const combatant = fight.combatants.contents[0] as CombatantDouble;
    (hero as unknown as { statuses: Set<string> }).statuses = new Set(["dead"]);
    expect(combatant.isDefeated).toBe(true);
    expect(combatant.defeated).toBe(false);
  });

  it("builds Combatant#system and Combat#system from the registered data models, with defaults and cleaning", async () => {
    class CombatantModel extends TypeDataModel {
      static override defineSchema() {
        return { actions: new NumberField({ integer: true, min: 0, initial: 1, nullable: false }) };
      }
    }
    class CombatModel extends TypeDataModel {
      static override defineSchema() {
        return { reserve: new NumberField({ integer: true, min: 0, initial: 0, nullable: false }) };
      }
    }
    Object.assign((foundry.CONFIG.Combatant as AnyObject).dataModels as AnyObject, { base: CombatantModel });
    Object.assign((foundry.CONFIG.Combat as AnyObject).dataModels as AnyObject, { base: CombatModel });
    const hero = await actor("Hero");
    const fight = await combat([{ actorId: hero.id }, { actorId: hero.id, system: { actions: 2.6 } }], {
      system: { reserve: 4 },
    });
    const [plain, busy] = fight.combatants.contents as [CombatantDouble, CombatantDouble];
    expect(plain.system).toBeInstanceOf(CombatantModel);
    expect((plain.system as unknown as { actions: number }).actions).toBe(1);
    expect((busy.system as unknown as { actions: number }).actions).toBe(3);
    expect((fight.system as unknown as { reserve: number }).reserve).toBe(4);
    await fight.update({ "system.reserve": -2 });
    expect((fight.system as unknown as { reserve: number }).reserve).toBe(0);
  });
});

describe("creation and UUIDs", () => {
  it("creates a Combatant through Combatant.create with its combat as parent, as one embedded creation", async () => {
    const fight = await combat();
    const hero = await actor("Hero");
    const created = (await CombatantDouble.create({ actorId: hero.id }, { parent: fight })) as CombatantDouble;
    expect(fight.combatants.get(created.id)).toBe(created);
    expect(fight.turns).toEqual([created]);
    expect(serverWrites.map((w) => `${w.action} ${w.documentName}`)).toContain("create Combatant");
    await expect(CombatantDouble.create({ actorId: hero.id })).rejects.toThrow("options.parent");
  });

  it("resolves Combat, Combatant and ActiveEffect UUIDs with fromUuidSync", async () => {
    const { fight, hero } = await threeCombatants();
    const bearer = hero.actor as ActorDouble;
    const [effect] = await bearer.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed" }]);
    const fromUuidSync = (globalThis as unknown as { fromUuidSync(uuid: string): unknown }).fromUuidSync;
    expect(fromUuidSync(fight.uuid)).toBe(fight);
    expect(hero.uuid).toBe(`Combat.${fight.id}.Combatant.${hero.id}`);
    expect(fromUuidSync(hero.uuid)).toBe(hero);
    expect(fromUuidSync(`Actor.${bearer.id}.ActiveEffect.${effect?.id}`)).toBe(effect);
    expect(fromUuidSync(`Combat.${fight.id}.Combatant.missing000000001`)).toBeNull();
  });
});

describe("turn order", () => {
  it("sorts turns by initiative, highest first, unrolled last, ties broken by combatant id", async () => {
    const hero = await actor("Hero");
    const fight = await combat([
      { _id: "b000000000000000", actorId: hero.id, initiative: 8, name: "Amy" },
      { _id: "c000000000000000", actorId: hero.id },
      { _id: "a000000000000000", actorId: hero.id, initiative: 8, name: "Zed" },
      { _id: "d000000000000000", actorId: hero.id, initiative: 12 },
    ]);
    expect(fight.turns.map((c) => c.id[0])).toEqual(["d", "a", "b", "c"]);
  });

  it("sorts with a subclass's _sortCombatants, called without `this` as core's Array#sort does", async () => {
    let sawThis: unknown = "unset";
    class LowFirst extends CombatDouble {
      override _sortCombatants(a: CombatantDouble, b: CombatantDouble): number {
        sawThis = typeof this;
        return (a.initiative ?? 0) - (b.initiative ?? 0);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: LowFirst });
    const { fight } = await threeCombatants();
    expect(fight.turns.map((c) => c.name)).toEqual(["Wolf", "Hero", "Ogre"]);
    expect(sawThis).toBe("undefined");
  });

  it("re-sorts the turns after an initiative change, keeping the turn with the same combatant", async () => {
    const { fight, hero, wolf } = await threeCombatants({ round: 1, turn: 1 });
    expect(fight.combatant).toBe(hero);
    await fight.setInitiative(wolf.id, 20);
    expect(fight.turns.map((c) => c.name)).toEqual(["Wolf", "Ogre", "Hero"]);
    expect(fight.combatant).toBe(hero);
    expect(fight.turn).toBe(2);
  });

  it("wraps a turn past the last combatant to the first turn of the next round when setting up turns", async () => {
    const { fight } = await threeCombatants({ round: 2, turn: 2 });
    await fight.deleteEmbeddedDocuments("Combatant", [fight.turns[0]?.id ?? ""]);
    expect([fight.round, fight.turn]).toEqual([3, 0]);
  });
});

describe("the server's permission rules", () => {
  it("lets the actor's owner update a combatant's initiative, flags, defeated state and system, not the stranger", async () => {
    const { hero } = await threeCombatants();
    seat(player);
    await hero.update({ initiative: 3, defeated: true, "flags.x.y": 1, system: {} });
    expect([hero.initiative, hero.defeated, hero.getFlag("x", "y")]).toEqual([3, true, 1]);
    seat(stranger);
    await expect(hero.update({ initiative: 4 })).rejects.toThrow(
      `User Second player lacks permission to update Combatant [${hero.id}] in parent Combat [${hero.parent?.id}]`,
    );
    expect(hero.initiative).toBe(3);
  });

  it("refuses an owner's change of any other combatant key (hidden, name, img, actorId)", async () => {
    const { hero, ogre } = await threeCombatants();
    seat(player);
    for (const change of [{ hidden: true }, { name: "Renamed" }, { img: "x.png" }, { actorId: ogre.actorId }])
      await expect(hero.update(change)).rejects.toThrow("lacks permission to update Combatant");
    expect([hero.hidden, hero.name]).toEqual([false, "Hero"]);
    seat(gm);
    await hero.update({ hidden: true, name: "Renamed" });
    expect([hero.hidden, hero.name]).toEqual([true, "Renamed"]);
  });

  it("refuses a whole batch of combatant updates when one of them is not allowed", async () => {
    const { fight, hero, ogre } = await threeCombatants();
    seat(player);
    await expect(
      fight.updateEmbeddedDocuments("Combatant", [
        { _id: hero.id, initiative: 1 },
        { _id: ogre.id, initiative: 1 },
      ]),
    ).rejects.toThrow(`Combatant [${ogre.id}]`);
    expect([hero.initiative, ogre.initiative]).toEqual([10, 15]);
    expect(combatantUpdates()).toBe(0);
  });

  it("lets a player add and remove a combatant for an actor they own, not for another's or for none", async () => {
    const fight = await combat();
    const own = await actor("Hero");
    const other = await actor("Ogre", false);
    seat(player);
    const [added] = await fight.createEmbeddedDocuments("Combatant", [{ actorId: own.id }]);
    expect(fight.combatants.size).toBe(1);
    await expect(fight.createEmbeddedDocuments("Combatant", [{ actorId: other.id }])).rejects.toThrow(
      "lacks permission to create Combatant",
    );
    await expect(fight.createEmbeddedDocuments("Combatant", [{ name: "Nobody" }])).rejects.toThrow(
      "lacks permission to create Combatant",
    );
    seat(stranger);
    await expect((added as CombatantDouble).delete()).rejects.toThrow("lacks permission to delete Combatant");
    seat(player);
    await (added as CombatantDouble).delete();
    expect(fight.combatants.size).toBe(0);
  });

  it("lets any player change the round or turn, as core's _canChangeRound/_canChangeTurn allow", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    seat(stranger);
    await fight.nextTurn();
    expect(fight.turn).toBe(1);
  });

  it("honours a subclass's _canChangeTurn for players, never for a GM", async () => {
    class OwnTurnOnly extends CombatDouble {
      override _canChangeTurn(user: { id: string }): boolean {
        return this.combatant?.testUserPermission(user, "OWNER") ?? false;
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: OwnTurnOnly });
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    seat(player);
    await expect(fight.nextTurn()).rejects.toThrow("lacks permission to update Combat");
    seat(gm);
    await fight.nextTurn();
    seat(player);
    await fight.nextTurn();
    expect(fight.turn).toBe(2);
  });

  it("asks _canChangeRound whenever the update carries `round`, so it also guards nextTurn, which sends it", async () => {
    class GmRounds extends CombatDouble {
      override _canChangeRound(): boolean {
        return false;
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: GmRounds });
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    seat(player);
    await expect(fight.nextTurn()).rejects.toThrow("lacks permission to update Combat");
    await fight.update({ turn: 1 });
    expect([fight.round, fight.turn]).toEqual([1, 1]);
    seat(gm);
    await fight.nextRound();
    expect(fight.round).toBe(2);
  });

  it("refuses a player's Combat update of any key but round, turn and combatants", async () => {
    const fight = await combat();
    seat(player);
    await expect(fight.update({ active: true })).rejects.toThrow("User Player lacks permission to update Combat");
    await expect(fight.update({ "flags.x.y": 1 })).rejects.toThrow("lacks permission to update Combat");
    expect(fight.active).toBe(false);
  });

  it("refuses a player's round change that carries initiatives of combatants they do not own, writing nothing", async () => {
    const { fight, hero, ogre } = await threeCombatants({ round: 1, turn: 2 });
    seat(player);
    await fight.update({ round: 2, turn: 0, combatants: [{ _id: hero.id, initiative: 1 }] });
    expect([fight.round, hero.initiative]).toEqual([2, 1]);
    const before = combatUpdates();
    await expect(
      fight.update({
        round: 3,
        combatants: [
          { _id: hero.id, initiative: 2 },
          { _id: ogre.id, initiative: 2 },
        ],
      }),
    ).rejects.toThrow("lacks permission to update Combat");
    expect([fight.round, hero.initiative, ogre.initiative]).toEqual([2, 1, 15]);
    expect(combatUpdates()).toBe(before);
    await expect(fight.update({ combatants: [{ _id: "missing000000001", initiative: 2 }] })).rejects.toThrow(
      "lacks permission",
    );
  });
});

describe("the update life cycle", () => {
  it("runs _preUpdate on the writing client before the write, so a subclass adds combatant changes to the same update", async () => {
    const seen: string[] = [];
    class RerollEachRound extends CombatDouble {
      override async _preUpdate(
        changes: AnyObject,
        options: AnyObject,
        user: { id: string },
      ): Promise<boolean | undefined> {
        seen.push(user.id);
        if (typeof changes.round === "number" && changes.round > this.round)
          changes.combatants = this.combatants.contents.map((c) => ({ _id: c.id, initiative: c.name.length }));
        return super._preUpdate(changes, options, user as never);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: RerollEachRound });
    const { fight, hero, ogre, wolf } = await threeCombatants({ round: 1, turn: 2 });
    serverWrites.length = 0;
    await fight.nextRound();
    expect(serverWrites.map((w) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    expect([hero.initiative, ogre.initiative, wolf.initiative]).toEqual([4, 4, 4]);
    expect(fight.turns.map((c) => c.id)).toEqual([hero.id, ogre.id, wolf.id]);
    expect(seen).toEqual([gm.id]);
  });

  it("lets the Combat data model's _preUpdate cancel an update: nothing is written", async () => {
    class Frozen extends TypeDataModel {
      override async _preUpdate(): Promise<boolean> {
        return false;
      }
    }
    Object.assign((foundry.CONFIG.Combat as AnyObject).dataModels as AnyObject, { base: Frozen });
    const { fight } = await threeCombatants();
    expect(await fight.startCombat()).toBe(fight);
    expect(fight.round).toBe(0);
    expect(combatUpdates()).toBe(0);
  });

  it("runs the preUpdateCombat hook on the writing client only, and updateCombat on every connected client", async () => {
    const { fight } = await threeCombatants();
    const pre: string[] = [];
    const post: string[] = [];
    foundry.Hooks.on("preUpdateCombat", () => void pre.push(foundry.game.user.id));
    foundry.Hooks.on("updateCombat", (_c: unknown, changed: AnyObject, _o: unknown, userId: string) => {
      post.push(`${foundry.game.user.id}:${userId}:${String(changed.round)}`);
    });
    await asClient(player, () => fight.startCombat());
    expect(pre).toEqual([player.id]);
    expect(post).toEqual([gm, player, stranger].map((u) => `${u.id}:${player.id}:1`));
  });

  it("leaves a disconnected user's client out of the hooks", async () => {
    const { fight } = await threeCombatants();
    stranger.active = false;
    const clients: string[] = [];
    foundry.Hooks.on("updateCombat", () => void clients.push(foundry.game.user.id));
    await fight.startCombat();
    expect(clients).toEqual([gm.id, player.id]);
  });

  it("calls combatStart(combat, updateData) before the update, and lets it change the data", async () => {
    const { fight, hero } = await threeCombatants();
    const calls: unknown[][] = [];
    foundry.Hooks.on("combatStart", (...args: unknown[]) => {
      calls.push([...args]);
      (args[1] as AnyObject).turn = 1;
      return undefined;
    });
    foundry.Hooks.on("updateCombat", () => void calls.push(["updated"]));
    await fight.startCombat();
    expect(calls[0]).toEqual([fight, { round: 1, turn: 1 }]);
    expect(calls.slice(1)).toEqual([["updated"], ["updated"], ["updated"]]);
    expect(fight.combatant).toBe(hero);
  });

  it("calls combatRound and combatTurn with (combat, updateData, updateOptions) on the initiating client, both mutable", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    const seen: AnyObject[] = [];
    foundry.Hooks.on("combatTurn", (_c: unknown, data: AnyObject, options: AnyObject) => {
      seen.push({ hook: "turn", client: foundry.game.user.id, data: { ...data }, options: structuredClone(options) });
      data.turn = 2;
      options.marker = true;
    });
    foundry.Hooks.on("combatRound", (_c: unknown, data: AnyObject, options: AnyObject) => {
      seen.push({ hook: "round", data: { ...data }, direction: options.direction });
    });
    let optionsSeen: AnyObject = {};
    foundry.Hooks.on("updateCombat", (_c: unknown, _d: unknown, options: AnyObject) => void (optionsSeen = options));
    await asClient(player, () => fight.nextTurn());
    expect(seen[0]).toEqual({
      hook: "turn",
      client: player.id,
      data: { round: 1, turn: 1 },
      options: { direction: 1, worldTime: { delta: 0 } },
    });
    expect(fight.turn).toBe(2);
    expect(optionsSeen.marker).toBe(true);
    await fight.nextTurn();
    expect(seen[1]).toEqual({ hook: "round", data: { round: 2, turn: 0 }, direction: 1 });
  });

  it("moves through turns and rounds as core: next turn, next round past the last, previous turn and round", async () => {
    const { fight, ogre, hero, wolf } = await threeCombatants();
    await fight.nextTurn();
    expect([fight.round, fight.turn]).toEqual([1, null]);
    await fight.nextTurn();
    expect([fight.turn, fight.combatant]).toEqual([0, ogre]);
    await fight.nextTurn();
    expect(fight.combatant).toBe(hero);
    await fight.nextTurn();
    await fight.nextTurn();
    expect([fight.round, fight.turn]).toEqual([2, 0]);
    await fight.previousTurn();
    expect([fight.round, fight.turn, fight.combatant]).toEqual([1, 2, wolf]);
    await fight.previousRound();
    expect([fight.round, fight.turn]).toEqual([0, null]);
    expect(await fight.previousTurn()).toBe(fight);
    expect(fight.round).toBe(0);
  });

  it("starts a combat at round 1, turn 0", async () => {
    const { fight, ogre } = await threeCombatants();
    await fight.startCombat();
    expect([fight.round, fight.turn, fight.combatant, fight.started]).toEqual([1, 0, ogre, true]);
  });

  it("skips defeated combatants with the combatTrackerConfig setting on, and only then", async () => {
    const { fight, ogre, hero } = await threeCombatants({ round: 1, turn: 0 });
    await hero.update({ defeated: true });
    await fight.nextTurn();
    expect(fight.combatant).toBe(hero);
    await fight.previousTurn();
    await foundry.game.settings.set("core", "combatTrackerConfig", { resource: "", skipDefeated: true });
    await fight.nextTurn();
    expect(fight.combatant?.name).toBe("Wolf");
    await ogre.update({ defeated: true });
    await fight.nextTurn();
    expect([fight.round, fight.combatant?.name]).toEqual([2, "Wolf"]);
  });

  it("keeps a started combat's state in current and the one before in previous", async () => {
    const { fight, ogre, hero } = await threeCombatants();
    await fight.startCombat();
    await fight.nextTurn();
    expect(fight.previous).toEqual({ round: 1, turn: 0, combatantId: ogre.id, tokenId: null });
    expect(fight.current).toEqual({ round: 1, turn: 1, combatantId: hero.id, tokenId: null });
  });
});

describe("client-side workflows", () => {
  it("runs Combat#_onUpdate and Combatant#_onUpdate on every client before the hooks; no turn events without super", async () => {
    const seen: string[] = [];
    let events = 0;
    class Quiet extends CombatDouble {
      override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
        seen.push(`combat@${foundry.game.user.name}:${String(changed.turn)}:${userId === player.id}`);
        if (options.keepEvents) super._onUpdate(changed, options, userId);
      }
      override async _onStartTurn(): Promise<void> {
        events++;
      }
      override _onUpdateDescendantDocuments(...args: Parameters<CombatDouble["_onUpdateDescendantDocuments"]>): void {
        seen.push(`descendants@${foundry.game.user.name}:${args[2].length}`);
        super._onUpdateDescendantDocuments(...args);
      }
    }
    class Watched extends CombatantDouble {
      override _onUpdate(changed: AnyObject): void {
        seen.push(`combatant@${foundry.game.user.name}:${String(changed.initiative)}`);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Quiet });
    Object.assign(foundry.CONFIG.Combatant as AnyObject, { documentClass: Watched });
    foundry.Hooks.on("updateCombat", () => void seen.push(`hook@${foundry.game.user.name}`));
    const { fight, hero } = await threeCombatants({ round: 1, turn: 0 });
    await asClient(player, () => fight.nextTurn());
    await turnEventsSettled();
    expect(seen).toEqual([
      "combat@Gamemaster:1:true",
      "hook@Gamemaster",
      "combat@Player:1:true",
      "hook@Player",
      "combat@Second player:1:true",
      "hook@Second player",
    ]);
    expect(events).toBe(0);
    await fight.update({ turn: 2 }, { keepEvents: true });
    await turnEventsSettled();
    expect(events).toBe(1);
    seen.length = 0;
    await asClient(player, () => hero.update({ initiative: 3 }));
    expect(seen).toEqual(
      ["Gamemaster", "Player", "Second player"].flatMap((n) => [`combatant@${n}:3`, `descendants@${n}:1`]),
    );
  });

  it("runs Combat#_onCreate and _onDelete on every client, before createCombat and deleteCombat", async () => {
    const seen: string[] = [];
    class Logged extends CombatDouble {
      override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
        seen.push(`create@${foundry.game.user.name}`);
        super._onCreate(data, options, userId);
      }
      override _onDelete(options: AnyObject, userId: string): void {
        seen.push(`delete@${foundry.game.user.name}`);
        super._onDelete(options, userId);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Logged });
    foundry.Hooks.on("createCombat", () => void seen.push(`createHook@${foundry.game.user.name}`));
    foundry.Hooks.on("deleteCombat", () => void seen.push(`deleteHook@${foundry.game.user.name}`));
    const fight = await combat();
    await fight.delete();
    const per = (what: string) =>
      ["Gamemaster", "Player", "Second player"].flatMap((n) => [`${what}@${n}`, `${what}Hook@${n}`]);
    expect(seen).toEqual([...per("create"), ...per("delete")]);
  });
});

describe("turn events", () => {
  type Recorded = [string, string, string | null, TurnEventContext];
  let events: Recorded[];

  function recordingCombat(): void {
    class Recording extends CombatDouble {
      override async _onEndTurn(c: CombatantDouble, ctx: TurnEventContext) {
        events.push(["endTurn", foundry.game.user.id, c.name, ctx]);
      }
      override async _onEndRound(ctx: TurnEventContext) {
        events.push(["endRound", foundry.game.user.id, null, ctx]);
      }
      override async _onStartRound(ctx: TurnEventContext) {
        events.push(["startRound", foundry.game.user.id, null, ctx]);
      }
      override async _onStartTurn(c: CombatantDouble, ctx: TurnEventContext) {
        events.push(["startTurn", foundry.game.user.id, c.name, ctx]);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Recording });
  }

  beforeEach(() => {
    events = [];
    recordingCombat();
  });

  const names = () => events.map(([event, , who]) => (who ? `${event} ${who}` : event));

  it("runs end turn, end round, start round, start turn in that order, on the active GM's client only", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 2 });
    await asClient(player, () => fight.nextRound());
    await turnEventsSettled();
    expect(names()).toEqual(["endTurn Wolf", "endRound", "startRound", "startTurn Ogre"]);
    expect(new Set(events.map(([, client]) => client))).toEqual(new Set([gm.id]));
    expect(events.map(([, , , ctx]) => ctx)).toEqual([
      { round: 1, turn: 2, skipped: false },
      { round: 1, skipped: false },
      { round: 2, skipped: false },
      { round: 2, turn: 0, skipped: false },
    ]);
  });

  it("ends round 0, then starts round 1 and the first turn, when the combat starts (as core's walk does)", async () => {
    const { fight } = await threeCombatants();
    await fight.startCombat();
    await turnEventsSettled();
    expect(names()).toEqual(["endRound", "startRound", "startTurn Ogre"]);
    expect(events[0]?.[3]).toEqual({ round: 0, skipped: false });
  });

  it("runs no turn event without an active GM, and still calls combatTurnChange on every client", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    gm.active = false;
    const changes: string[] = [];
    foundry.Hooks.on("combatTurnChange", () => void changes.push(foundry.game.user.id));
    await asClient(player, () => fight.nextTurn());
    await turnEventsSettled();
    expect(events).toEqual([]);
    expect(changes).toEqual([player.id, stranger.id]);
  });

  it("runs them on a second GM's client when the first GM is away", async () => {
    const second = foundry.addUser("gmUser000000002", "Second GM", 4);
    gm.active = false;
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    await fight.nextTurn();
    await turnEventsSettled();
    expect(new Set(events.map(([, client]) => client))).toEqual(new Set([second.id]));
  });

  it("does not make the update wait for them: the update resolves while a turn event is still running", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    class Slow extends CombatDouble {
      override async _onStartTurn(): Promise<void> {
        await gate;
        events.push(["startTurn", foundry.game.user.id, "slow", { round: 0, skipped: false }]);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Slow });
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    await fight.nextTurn();
    expect(events).toEqual([]);
    release();
    await turnEventsSettled();
    expect(events).toHaveLength(1);
  });

  it("calls combatTurnChange(combat, previous, current) on each client, on the GM's after its turn events", async () => {
    const { fight, ogre, hero } = await threeCombatants({ round: 1, turn: 0 });
    const order: string[] = [];
    let states: [CombatHistoryData, CombatHistoryData] | null = null;
    foundry.Hooks.on("combatTurnChange", (_c: unknown, prior: CombatHistoryData, now: CombatHistoryData) => {
      order.push(`change@${foundry.game.user.name}`);
      states = [prior, now];
    });
    foundry.Hooks.on("updateCombat", () => void order.push(`update@${foundry.game.user.name}`));
    class Logged extends CombatDouble {
      override async _onStartTurn(): Promise<void> {
        order.push("startTurn");
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Logged });
    const logged = (await combat(fight.combatants.toObject(), { round: 1, turn: 0 })) as CombatDouble;
    order.length = 0;
    await logged.nextTurn();
    await turnEventsSettled();
    // Each client in its own order: on the GM's, updateCombat runs before its turn events end, and
    // combatTurnChange after them; the others call combatTurnChange (from _onUpdate) before updateCombat.
    expect(order).toEqual([
      "update@Gamemaster",
      "change@Player",
      "update@Player",
      "change@Second player",
      "update@Second player",
      "startTurn",
      "change@Gamemaster",
    ]);
    expect(states).toEqual([
      { round: 1, turn: 0, combatantId: ogre.id, tokenId: null },
      { round: 1, turn: 1, combatantId: hero.id, tokenId: null },
    ]);
  });

  it("walks the turns passed over when jumping forward, marking them skipped", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    await fight.update({ turn: 2 });
    await turnEventsSettled();
    expect(names()).toEqual(["endTurn Ogre", "startTurn Hero", "endTurn Hero", "startTurn Wolf"]);
    expect(events.map(([, , , ctx]) => ctx.skipped)).toEqual([false, true, true, false]);
  });

  it("calls no combatTurnChange for an update that leaves the turn, nor for one sent with turnEvents: false", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    let changes = 0;
    foundry.Hooks.on("combatTurnChange", () => void changes++);
    await fight.update({ "flags.x.y": 1 });
    await fight.update({ turn: 1 }, { turnEvents: false });
    await turnEventsSettled();
    expect([changes, events.length, fight.turn]).toEqual([0, 0, 1]);
  });

  it("fires nothing when moving backward", async () => {
    const { fight } = await threeCombatants({ round: 2, turn: 1 });
    await fight.previousTurn();
    await fight.previousRound();
    await turnEventsSettled();
    expect(events).toEqual([]);
  });

  it("fires end and start turn when the order changes under the current turn, unless turnEvents is false", async () => {
    const { fight, hero, wolf } = await threeCombatants({ round: 1, turn: 0 });
    await fight.updateEmbeddedDocuments("Combatant", [{ _id: wolf.id, initiative: 30 }], { combatTurn: 0 });
    await turnEventsSettled();
    expect(names()).toEqual(["endTurn Ogre", "startTurn Wolf"]);
    events.length = 0;
    await fight.updateEmbeddedDocuments("Combatant", [{ _id: hero.id, initiative: 40 }], {
      combatTurn: 0,
      turnEvents: false,
    });
    await turnEventsSettled();
    expect(events).toEqual([]);
    expect(fight.combatant).toBe(hero);
  });

  it("rethrows, when settled, what a turn event threw", async () => {
    class Broken extends CombatDouble {
      override async _onStartRound(): Promise<void> {
        throw new Error("round handler failed");
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Broken });
    const { fight } = await threeCombatants();
    await fight.startCombat();
    await expect(turnEventsSettled()).rejects.toThrow("round handler failed");
  });

  it("runs _onEnter and _onExit on the active GM's client when combatants join and leave", async () => {
    const entered: string[] = [];
    class Doors extends CombatDouble {
      override async _onEnter(c: CombatantDouble) {
        entered.push(`enter ${c.name} @${foundry.game.user.name}`);
      }
      override async _onExit(c: CombatantDouble) {
        entered.push(`exit ${c.name} @${foundry.game.user.name}`);
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Doors });
    const fight = await combat();
    const hero = await actor("Hero");
    const [added] = await asClient(player, () => fight.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]));
    await asClient(player, () => (added as CombatantDouble).delete());
    await turnEventsSettled();
    expect(entered).toEqual(["enter Hero @Gamemaster", "exit Hero @Gamemaster"]);
  });
});

describe("initiative", () => {
  /** Every die rolls this face. */
  function dice(face: number): void {
    foundry.CONFIG.Dice.randomUniform = () => 1 - (face - 0.5) / 20;
  }

  it("rolls the given combatants in one Combatant update and one message each, the turn staying with the same combatant", async () => {
    const { fight, hero, ogre, wolf } = await threeCombatants({ round: 1, turn: 0 });
    serverWrites.length = 0;
    dice(18);
    await fight.rollInitiative([hero.id, wolf.id]);
    expect(serverWrites.map((w) => `${w.action} ${w.documentName} ${w.data.length}`)).toEqual(["update Combatant 2"]);
    expect([hero.initiative, wolf.initiative, ogre.initiative]).toEqual([18, 18, 15]);
    expect(fight.combatant).toBe(ogre);
    const messages = foundry.game.messages.contents;
    expect(messages).toHaveLength(2);
    const [first] = messages as unknown as { flags: AnyObject; rolls: { total: number }[]; speaker: AnyObject }[];
    expect(first?.flags).toEqual({ core: { initiativeRoll: true } });
    expect(first?.rolls[0]?.total).toBe(18);
    expect(first?.speaker.actor).toBe(hero.actorId);
  });

  it("evaluates Combatant#getInitiativeRoll(formula), so a subclass's roll is the one used", async () => {
    const formulas: (string | null | undefined)[] = [];
    class Fixed extends CombatantDouble {
      override getInitiativeRoll(formula?: string | null) {
        formulas.push(formula);
        return super.getInitiativeRoll("7");
      }
    }
    Object.assign(foundry.CONFIG.Combatant as AnyObject, { documentClass: Fixed });
    const { fight, hero } = await threeCombatants();
    await fight.rollInitiative(hero.id, { formula: "1d4" });
    expect(formulas).toEqual(["1d4"]);
    expect(hero.initiative).toBe(7);
  });

  it("rolls the system's formula: CONFIG.Combat.initiative.formula, else the manifest's, else 1d20", async () => {
    const { fight, hero } = await threeCombatants();
    dice(20);
    await fight.rollInitiative(hero.id);
    expect(hero.initiative).toBe(20);
    (foundry.CONFIG.Combat as unknown as { initiative: { formula: string } }).initiative.formula = "1d6 + 10";
    await fight.rollInitiative(hero.id);
    expect(hero.initiative).toBe(16);
  });

  it("rolls only what the user owns: a player's rollAll rolls their combatants without initiative", async () => {
    const { fight, hero, ogre } = await threeCombatants();
    await hero.update({ initiative: null });
    await ogre.update({ initiative: null });
    dice(2);
    await asClient(player, () => fight.rollAll());
    expect([hero.initiative, ogre.initiative]).toEqual([2, null]);
    expect(foundry.game.messages.size).toBe(1);
    await asClient(stranger, () => fight.rollInitiative([hero.id, ogre.id]));
    expect(foundry.game.messages.size).toBe(1);
  });

  it("rolls NPCs only with rollNPC", async () => {
    const { fight, hero, ogre, wolf } = await threeCombatants();
    await fight.updateEmbeddedDocuments(
      "Combatant",
      [hero, ogre, wolf].map((c) => ({ _id: c.id, initiative: null })),
    );
    dice(3);
    await fight.rollNPC();
    expect([hero.initiative, ogre.initiative, wolf.initiative]).toEqual([null, 3, 3]);
  });

  it("whispers a hidden combatant's roll to the GMs, and follows messageOptions.rollMode", async () => {
    const { fight, ogre, wolf } = await threeCombatants();
    await ogre.update({ hidden: true });
    await fight.rollInitiative([ogre.id]);
    await fight.rollInitiative([wolf.id], { messageOptions: { rollMode: "selfroll" } });
    const [hidden, self] = foundry.game.messages.contents as unknown as { whisper: string[] }[];
    expect(hidden?.whisper).toEqual([gm.id]);
    expect(self?.whisper).toEqual([gm.id]);
  });

  it("writes no turn event for the rolls, and keeps the turn index with updateTurn: false", async () => {
    const { fight, wolf } = await threeCombatants({ round: 1, turn: 0 });
    let ran = 0;
    class Counting extends CombatDouble {
      override async _onStartTurn() {
        ran++;
      }
    }
    Object.assign(foundry.CONFIG.Combat as AnyObject, { documentClass: Counting });
    const counted = await combat(fight.combatants.toObject(), { round: 1, turn: 0 });
    dice(20);
    await counted.rollInitiative([wolf.id], { updateTurn: false });
    await turnEventsSettled();
    expect(ran).toBe(0);
    expect(counted.turn).toBe(0);
    expect(counted.combatant?.id).toBe(wolf.id);
  });

  it("resets every initiative in one Combat update, the turn following the current combatant", async () => {
    const { fight, hero } = await threeCombatants({ round: 1, turn: 1 });
    serverWrites.length = 0;
    await fight.resetAll();
    expect(serverWrites.map((w) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    expect(fight.combatants.contents.map((c) => c.initiative)).toEqual([null, null, null]);
    expect(fight.combatant).toBe(hero);
  });

  it("lets a player set their own combatant's initiative, not another's", async () => {
    const { fight, hero, ogre } = await threeCombatants();
    seat(player);
    await fight.setInitiative(hero.id, 25);
    expect(fight.turns[0]).toBe(hero);
    await expect(fight.setInitiative(ogre.id, 25)).rejects.toThrow("lacks permission to update Combatant");
    await expect(fight.setInitiative("missing000000001", 1)).rejects.toThrow("does not exist");
  });
});

describe("several clients", () => {
  it("lets the server's latency interleave two clients' turn changes, each sending the turn it read", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    server.latencyMs = 5;
    await Promise.all([asClient(gm, () => fight.nextTurn()), asClient(player, () => fight.nextTurn())]);
    expect(fight.turn).toBe(1);
    const turnWrites = serverWrites.filter((w) => w.documentName === "Combat" && w.action === "update");
    expect(turnWrites.map((w) => w.userId)).toEqual([gm.id, player.id]);
  });

  it("gives each client's hooks its own user, even when two clients write at once", async () => {
    const { fight, hero } = await threeCombatants({ round: 1, turn: 0 });
    server.latencyMs = 2;
    const seen: string[] = [];
    foundry.Hooks.on("updateCombatant", (_c: unknown, _d: unknown, _o: unknown, userId: string) => {
      seen.push(`${foundry.game.user.name}<-${userId === player.id ? "player" : "gm"}`);
    });
    await Promise.all([asClient(player, () => hero.update({ initiative: 1 })), asClient(gm, () => fight.nextTurn())]);
    expect(seen).toEqual(["Gamemaster<-player", "Player<-player", "Second player<-player"]);
  });
});

describe("generation 14", () => {
  it("records the round a combatant joined (CombatantData#roundJoined), 1 before the combat starts", async () => {
    foundry = installFoundry({ generation: 14 });
    [gm, player, stranger] = foundry.game.users.contents as [UserDouble, UserDouble, UserDouble];
    const hero = await actor("Hero");
    const fight = await combat([{ actorId: hero.id }]);
    await fight.update({ round: 3, turn: 0 });
    const [late] = await fight.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    expect(fight.combatants.contents.map((c) => c.roundJoined)).toEqual([1, 3]);
    expect(late?.toObject().roundJoined).toBe(3);
  });

  it("has no roundJoined on generation 13", async () => {
    const hero = await actor("Hero");
    const fight = await combat([{ actorId: hero.id }]);
    expect("roundJoined" in (fight.combatants.contents[0]?.toObject() ?? {})).toBe(false);
  });
});

describe("StringField import for models", () => {
  it("keeps a Combatant model's string field cleaned on update", async () => {
    class Tagged extends TypeDataModel {
      static override defineSchema() {
        return { tag: new StringField({ initial: "none" }) };
      }
    }
    Object.assign((foundry.CONFIG.Combatant as AnyObject).dataModels as AnyObject, { base: Tagged });
    const { hero } = await threeCombatants();
    seat(player);
    await hero.update({ "system.tag": 42 });
    expect((hero.system as unknown as { tag: string }).tag).toBe("42");
  });
});

describe("the seated world's createCombat", () => {
  it("has the GM prepare a started encounter of the given actors, whoever is seated", async () => {
    const { createActor, createCombat } = await import("../support/world");
    const hero = await createActor({ name: "Hero", type: "base" });
    const ogre = await createActor({ name: "Ogre", type: "base" }, { ownedByPlayer: false });
    seat(player);
    const fight = (await createCombat([hero, ogre], { initiatives: [3, 9] })) as unknown as CombatDouble;
    expect(foundry.game.user).toBe(player);
    expect([fight.round, fight.turn, fight.combatant?.name]).toEqual([1, 0, "Ogre"]);
    const unstarted = (await createCombat([hero], { start: false })) as unknown as CombatDouble;
    expect([unstarted.round, unstarted.combatants.contents[0]?.initiative]).toEqual([0, null]);
  });
});

describe("ActiveEffect on actors", () => {
  function start(generation: 13 | 14): void {
    foundry = installFoundry({ generation });
    [gm, player, stranger] = foundry.game.users.contents as [UserDouble, UserDouble, UserDouble];
    seat(gm);
  }

  it("creates an effect with statuses and v13's duration shape, its statuses becoming the actor's", async () => {
    const hero = await actor("Hero");
    const [effect] = (await hero.createEmbeddedDocuments("ActiveEffect", [
      { name: "Dazed", statuses: ["stun"], duration: { rounds: 1 } },
    ])) as Effect[];
    expect(hero.statuses).toEqual(new Set(["stun"]));
    expect(effect?.toObject().duration).toEqual({
      startTime: null,
      seconds: null,
      combat: null,
      rounds: 1,
      turns: null,
      startRound: null,
      startTurn: null,
    });
    expect(effect?.isTemporary).toBe(true);
    await effect?.update({ disabled: true });
    expect(hero.statuses).toEqual(new Set());
  });

  it("lets the actor's owner add and remove its effects, not the stranger", async () => {
    const hero = await actor("Hero");
    seat(player);
    const [effect] = await hero.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed" }]);
    seat(stranger);
    await expect(hero.createEmbeddedDocuments("ActiveEffect", [{ name: "Cursed" }])).rejects.toThrow(
      "lacks permission to create ActiveEffect",
    );
    await expect((effect as Effect).delete()).rejects.toThrow("lacks permission to delete ActiveEffect");
    expect(hero.effects.size).toBe(1);
  });

  it("records on v13 the combat, round and turn an effect started in, and never expires it", async () => {
    const { fight, hero } = await threeCombatants();
    await fight.startCombat();
    await fight.nextTurn();
    const bearer = hero.actor as ActorDouble;
    const [effect] = (await bearer.createEmbeddedDocuments("ActiveEffect", [
      { name: "Dazed", statuses: ["stun"], duration: { rounds: 1, turns: 0 } },
    ])) as Effect[];
    expect(effect?.duration).toMatchObject({ combat: fight.id, startRound: 1, startTurn: 1, rounds: 1 });
    for (let i = 0; i < 7; i++) await fight.nextTurn();
    await turnEventsSettled();
    expect(fight.round).toBe(3);
    expect(bearer.effects.get(effect?.id ?? "")?.active).toBe(true);
    expect(bearer.statuses.has("stun")).toBe(true);
  });

  it("has one sheet per effect, rendered when asked (ClientDocumentMixin#sheet, ActiveEffectConfig)", async () => {
    const hero = await actor("Hero");
    const [effect] = (await hero.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed" }])) as Effect[];
    expect(effect?.sheet).toBe(effect?.sheet);
    expect(effect?.sheet.rendered).toBe(false);
    await effect?.sheet.render(true);
    expect(effect?.sheet.rendered).toBe(true);
  });

  it("toggles a status effect as core: created, kept when forced on, removed, nothing when forced off", async () => {
    const hero = await actor("Hero");
    const created = (await hero.toggleStatusEffect("stun", { overlay: true })) as Effect;
    expect([...created.statuses]).toEqual(["stun"]);
    // Core names the effect after its status, localised (ActiveEffect.fromStatusEffect).
    expect([created.name, created.img, created.getFlag("core", "overlay")]).toEqual([
      "Stunned",
      "icons/svg/daze.svg",
      true,
    ]);
    expect(await hero.toggleStatusEffect("stun", { active: true })).toBe(true);
    expect(hero.effects.size).toBe(1);
    expect(await hero.toggleStatusEffect("stun")).toBe(false);
    expect(hero.statuses.has("stun")).toBe(false);
    expect(await hero.toggleStatusEffect("stun", { active: false })).toBeUndefined();
    expect(hero.effects.size).toBe(0);
    await expect(hero.toggleStatusEffect("nonsense")).rejects.toThrow('Invalid status ID "nonsense"');
  });

  it("finds a status's effect by the status's own _id when it has one, even with other statuses", async () => {
    const list = foundry.CONFIG.statusEffects as unknown as AnyObject[];
    list.push({ id: "wh-stunned", _id: "whStunned0000001", name: "Stunned", img: "x.svg", statuses: ["stun"] });
    const hero = await actor("Hero");
    const created = (await hero.toggleStatusEffect("wh-stunned")) as Effect;
    expect([created.id, [...created.statuses]]).toEqual(["whStunned0000001", ["wh-stunned", "stun"]]);
    expect(await hero.toggleStatusEffect("wh-stunned")).toBe(false);
  });

  it("keeps CONFIG.statusEffects an array on v13 and an object keyed by id on v14, without array methods", async () => {
    expect(Array.isArray(foundry.CONFIG.statusEffects)).toBe(true);
    start(14);
    const statuses = foundry.CONFIG.statusEffects as unknown as Record<string, { id: string }> & { find?: unknown };
    expect(Array.isArray(statuses)).toBe(false);
    expect(statuses.dead?.id).toBe("dead");
    expect(statuses.find).toBeUndefined();
    const hero = await actor("Hero");
    expect(await hero.toggleStatusEffect("dead")).toBeTruthy();
    foundry.CONFIG.statusEffects = [{ id: "stun", name: "Stunned", img: "x.svg" }];
    await expect(hero.toggleStatusEffect("stun")).rejects.toThrow('Invalid status ID "stun"');
  });

  describe("generation 14's expiry", () => {
    beforeEach(() => start(14));

    /** Hero (the player's) is stunned during the Ogre's turn in round 1, for one round. */
    async function stunnedHero(startData: AnyObject = {}) {
      const cast = await threeCombatants();
      await cast.fight.startCombat();
      const bearer = cast.hero.actor as ActorDouble;
      const [effect] = (await bearer.createEmbeddedDocuments("ActiveEffect", [
        {
          name: "Stunned",
          statuses: ["stun"],
          duration: { value: 1, units: "rounds", expiry: "turnEnd" },
          ...(Object.keys(startData).length ? { start: startData } : {}),
        },
      ])) as Effect[];
      return { ...cast, bearer, effect: effect as Effect };
    }

    it("starts an effect at the combatant whose turn it is, not at its bearer", async () => {
      const { fight, ogre, effect } = await stunnedHero();
      expect(effect.start).toEqual({
        combat: fight.id,
        combatant: ogre.id,
        initiative: 15,
        round: 1,
        turn: 0,
        time: 0,
      });
      expect("rounds" in effect.duration).toBe(false);
    });

    it("expires a one-round effect at its start combatant's next turn end, marking it expired (update)", async () => {
      const { fight, hero, bearer, effect } = await stunnedHero({ combatant: "heroCombatant001", turn: null });
      await fight.nextTurn();
      await fight.nextTurn();
      await turnEventsSettled();
      expect(bearer.statuses.has("stun")).toBe(true);
      await fight.nextTurn();
      await fight.nextTurn();
      await turnEventsSettled();
      expect(fight.combatant).toBe(hero);
      expect(effect.active).toBe(true);
      await fight.nextTurn();
      await turnEventsSettled();
      expect((effect.duration as { expired: boolean }).expired).toBe(true);
      expect([bearer.effects.size, bearer.statuses.has("stun")]).toEqual([1, false]);
    });

    it("expires it at the start combatant's turn, so the default start (the current combatant) ends it early", async () => {
      const { fight, effect } = await stunnedHero();
      await fight.nextRound();
      await turnEventsSettled();
      expect(effect.active).toBe(true);
      await fight.nextTurn();
      await turnEventsSettled();
      expect(effect.active).toBe(false);
      expect(fight.combatant?.name).toBe("Hero");
    });

    it("deletes expired effects with expiryAction delete, as the active GM", async () => {
      (foundry.CONFIG.ActiveEffect as unknown as { expiryAction: string }).expiryAction = "delete";
      const { fight, bearer } = await stunnedHero();
      const deletions: string[] = [];
      foundry.Hooks.on("deleteActiveEffect", (_e: unknown, _o: unknown, userId: string) => void deletions.push(userId));
      await asClient(player, async () => {
        await fight.nextRound();
        await fight.nextTurn();
      });
      await turnEventsSettled();
      expect(bearer.effects.size).toBe(0);
      expect(deletions).toEqual([gm.id]);
    });

    it("only marks it expired in memory with expiryAction null (nothing written)", async () => {
      (foundry.CONFIG.ActiveEffect as unknown as { expiryAction: null }).expiryAction = null;
      const { fight, effect, bearer } = await stunnedHero();
      const updates: unknown[] = [];
      foundry.Hooks.on("updateActiveEffect", (...args: unknown[]) => void updates.push(args));
      await fight.nextRound();
      await fight.nextTurn();
      await turnEventsSettled();
      expect([effect.active, bearer.statuses.has("stun")]).toEqual([false, false]);
      expect(updates).toEqual([]);
    });

    it("expires nothing without an active GM: the combat's turn walk runs on the GM's client", async () => {
      const { fight, effect } = await stunnedHero();
      gm.active = false;
      await fight.nextRound();
      await fight.nextTurn();
      await turnEventsSettled();
      expect(effect.active).toBe(true);
    });

    it("lets a system announce an expiry event to ActiveEffect.registry (v14 only)", async () => {
      const { fight, effect } = await stunnedHero();
      await fight.update({ round: 2 }, { turnEvents: false });
      type Registry = { refresh(event: string, context: AnyObject): Promise<void> };
      const { registry } = (globalThis as unknown as { ActiveEffect: { registry: Registry } }).ActiveEffect;
      const ogre = fight.combatants.get("ogreCombatant001");
      await registry.refresh("turnStart", { combat: fight, combatant: ogre });
      expect(effect.active).toBe(true);
      await registry.refresh("turnEnd", { combat: fight, combatant: ogre });
      expect(effect.active).toBe(false);
      start(13);
      expect(
        (globalThis as unknown as { ActiveEffect: { registry?: Registry } }).ActiveEffect.registry,
      ).toBeUndefined();
    });
  });
});

describe("the CombatTracker", () => {
  const { CombatTracker } = { CombatTracker: CombatTrackerDouble };

  async function drawn<T extends CombatTrackerDouble>(Tracker: new () => T = CombatTracker as never): Promise<T> {
    renderTemplatesFromDisk();
    const tracker = new Tracker();
    (globalThis as unknown as { ui: AnyObject }).ui.combat = tracker;
    await tracker.render({ force: true });
    return tracker;
  }

  function click(tracker: CombatTrackerDouble, selector: string): void {
    const target = tracker.element.querySelector<HTMLElement>(selector);
    if (!target) throw new Error(`Nothing matches ${selector}`);
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }

  it("is core's class at foundry.applications.sidebar.tabs, with the header, tracker and footer parts", () => {
    const tabs = (globalThis as unknown as { foundry: { applications: { sidebar: { tabs: AnyObject } } } }).foundry
      .applications.sidebar.tabs;
    expect(tabs.CombatTracker).toBe(CombatTrackerDouble);
    expect(Object.keys(CombatTrackerDouble.PARTS)).toEqual(["header", "tracker", "footer"]);
    expect((foundry.CONFIG as unknown as { ui: AnyObject }).ui.combat).toBe(CombatTrackerDouble);
  });

  it("is built as ui.combat from CONFIG.ui.combat once the world is set up", () => {
    class SystemTracker extends CombatTrackerDouble {}
    (foundry.CONFIG as unknown as { ui: AnyObject }).ui.combat = SystemTracker;
    foundry.fireStartupHooks();
    const built = (globalThis as unknown as { ui: { combat: unknown } }).ui.combat;
    expect(built).toBeInstanceOf(SystemTracker);
    expect((built as CombatTrackerDouble).rendered).toBe(false);
  });

  it("prepares each visible turn as core does, in turn order, through _prepareTurnContext", async () => {
    const seen: [string, number][] = [];
    class Rows extends CombatTrackerDouble {
      override async _prepareTurnContext(combat: CombatDouble, combatant: CombatantDouble, index: number) {
        seen.push([combatant.name, index]);
        return { ...(await super._prepareTurnContext(combat, combatant, index)), actions: 2 };
      }
    }
    const { fight, wolf } = await threeCombatants({ round: 1, turn: 1 });
    await wolf.update({ hidden: true, defeated: true });
    seat(player);
    const tracker = await drawn(Rows);
    const turns = tracker.partContexts.tracker?.turns as TurnContext[];
    expect(seen).toEqual([
      ["Ogre", 0],
      ["Hero", 1],
    ]);
    expect(turns.map((t) => [t.name, t.initiative, t.active, t.isOwner, t.css, t.actions])).toEqual([
      ["Ogre", "15", false, false, "", 2],
      ["Hero", "10", true, true, "active", 2],
    ]);
    seat(gm);
    await tracker.render();
    const all = tracker.partContexts.tracker?.turns as TurnContext[];
    expect(all.map((t) => [t.name, t.css])).toEqual([
      ["Ogre", ""],
      ["Hero", "active"],
      ["Wolf", "hide defeated"],
    ]);
    expect(fight.turns).toHaveLength(3);
  });

  it("prints initiatives with the configured decimals when one has decimals", async () => {
    const { hero } = await threeCombatants();
    await hero.update({ initiative: 10.5 });
    const tracker = await drawn();
    const turns = tracker.partContexts.tracker?.turns as TurnContext[];
    expect(turns.map((t) => t.initiative)).toEqual(["15.00", "10.50", "5.00"]);
    expect(tracker.partContexts.tracker?.hasDecimals).toBe(true);
  });

  it("marks a combatant defeated when its actor carries the DEFEATED status, and shows its temporary effects", async () => {
    const { hero } = await threeCombatants();
    const bearer = hero.actor as ActorDouble;
    await bearer.toggleStatusEffect("stun");
    const tracker = await drawn();
    const row = (tracker.partContexts.tracker?.turns as TurnContext[]).find((t) => t.name === "Hero");
    expect(row?.effects.icons).toEqual([{ img: "icons/svg/daze.svg", name: "Stunned" }]);
    expect(row?.isDefeated).toBe(false);
    await bearer.toggleStatusEffect("dead");
    await tracker.render();
    const again = (tracker.partContexts.tracker?.turns as TurnContext[]).find((t) => t.name === "Hero");
    expect([again?.isDefeated, again?.css]).toEqual([true, "defeated"]);
  });

  it("draws a row per turn with data-combatant-id, and the header and footer from the combat", async () => {
    await threeCombatants({ round: 2, turn: 0 });
    const tracker = await drawn();
    const rows = [...tracker.element.querySelectorAll<HTMLElement>("[data-combatant-id]")];
    expect(rows.map((r) => r.dataset.combatantId)).toEqual([
      "ogreCombatant001",
      "heroCombatant001",
      "wolfCombatant001",
    ]);
    expect(tracker.element.querySelector(".encounter-title")?.textContent).toBe("Round 2");
    expect(tracker.parts.footer?.querySelector('[data-action="nextTurn"]')).not.toBeNull();
  });

  it("runs the combat's methods from the footer's buttons, and redraws after the change", async () => {
    const { fight } = await threeCombatants();
    const tracker = await drawn();
    click(tracker, '[data-action="startCombat"]');
    await settle();
    await turnEventsSettled();
    expect(fight.started).toBe(true);
    expect(tracker.element.querySelector(".combatant.active")?.getAttribute("data-combatant-id")).toBe(
      "ogreCombatant001",
    );
    click(tracker, '[data-action="nextTurn"]');
    await settle();
    await turnEventsSettled();
    expect(tracker.element.querySelector(".combatant.active")?.getAttribute("data-combatant-id")).toBe(
      "heroCombatant001",
    );
  });

  it("gives the owner of the current combatant the turn buttons, and a stranger none", async () => {
    await threeCombatants({ round: 1, turn: 1 });
    seat(player);
    const tracker = await drawn();
    expect(tracker.partContexts.footer?.control).toBe(true);
    click(tracker, '[data-action="nextTurn"]');
    await settle();
    await turnEventsSettled();
    expect((foundry.game.combat as CombatDouble).turn).toBe(2);
    seat(stranger);
    await tracker.render();
    expect(tracker.partContexts.footer?.control).toBe(false);
    expect(tracker.parts.footer?.querySelector('[data-action="nextTurn"]')).toBeNull();
  });

  it("rolls a row's initiative, toggles hidden and defeated (with the DEFEATED status as an overlay) from its buttons", async () => {
    const { hero } = await threeCombatants();
    await hero.update({ initiative: null });
    foundry.CONFIG.Dice.randomUniform = () => 0.01;
    const tracker = await drawn();
    click(tracker, '[data-combatant-id="heroCombatant001"] [data-action="rollInitiative"]');
    await settle();
    await turnEventsSettled();
    expect(hero.initiative).toBe(20);
    click(tracker, '[data-combatant-id="heroCombatant001"] [data-action="toggleDefeated"]');
    await settle();
    await turnEventsSettled();
    const bearer = hero.actor as ActorDouble;
    expect([hero.defeated, bearer.statuses.has("dead")]).toEqual([true, true]);
    expect(bearer.effects.contents[0]?.getFlag("core", "overlay")).toBe(true);
    click(tracker, '[data-combatant-id="heroCombatant001"] [data-action="toggleHidden"]');
    await settle();
    await turnEventsSettled();
    expect(hero.hidden).toBe(true);
  });

  it("runs a subclass's own actions from DEFAULT_OPTIONS.actions with the tracker as `this`", async () => {
    const calls: unknown[] = [];
    class WithButton extends CombatTrackerDouble {
      static override DEFAULT_OPTIONS = {
        actions: {
          spend(this: WithButton, _event: Event, target: HTMLElement) {
            calls.push([this, target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId]);
          },
        },
      };
      override async _onRender(context: AnyObject, options: AnyObject) {
        await super._onRender(context, options);
        for (const row of this.element.querySelectorAll("[data-combatant-id]")) {
          const button = document.createElement("button");
          button.dataset.action = "spend";
          row.append(button);
        }
      }
    }
    await threeCombatants();
    const tracker = await drawn(WithButton);
    click(tracker, '[data-combatant-id="wolfCombatant001"] [data-action="spend"]');
    expect(calls).toEqual([[tracker, "wolfCombatant001"]]);
    click(tracker, '[data-combatant-id="wolfCombatant001"] [data-action="toggleHidden"]');
    await settle();
    expect((foundry.game.combat as CombatDouble).combatants.get("wolfCombatant001")?.hidden).toBe(true);
  });

  it("ends the combat from the footer only once the GM confirms", async () => {
    const { fight } = await threeCombatants({ round: 1, turn: 0 });
    const tracker = await drawn();
    const { DialogV2 } = (
      globalThis as unknown as { foundry: { applications: { api: { DialogV2: { answers: unknown[] } } } } }
    ).foundry.applications.api;
    DialogV2.answers.push(false);
    await fight.endCombat();
    expect((foundry.game.combats as Map<string, unknown>).size).toBe(1);
    DialogV2.answers.push(true);
    click(tracker, '[data-action="endCombat"]');
    await settle();
    expect((foundry.game.combats as Map<string, unknown>).size).toBe(0);
  });
});
