// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DataModel, DataModelValidationError } from "./data-model";
import { type Die, Roll } from "./dice";
import { ArrayField, BooleanField, NumberField, SchemaField, StringField } from "./fields";
import { installFoundry } from "./install";

// The double stands in for Foundry in every other test, so its own behaviour is pinned here
// wherever the system relies on a Foundry detail.

class Sample extends DataModel {
  static override defineSchema() {
    return {
      level: new NumberField({ integer: true, min: 1, max: 10, initial: 1, nullable: false }),
      name: new StringField({ blank: false, initial: "x" }),
      flag: new BooleanField(),
      inner: new SchemaField({ kind: new StringField({ choices: ["a", "b"], initial: "a" }) }),
    };
  }
}

describe("fields and data models", () => {
  it("fills initial values and nested schemas", () => {
    expect(new Sample().toObject()).toEqual({ level: 1, name: "x", flag: false, inner: { kind: "a" } });
  });

  it("cleans a null into the initial value where the field is not nullable, and keeps it where it is", () => {
    class Nullable extends DataModel {
      static override defineSchema() {
        return {
          level: new NumberField({ nullable: false, initial: 1 }),
          bonus: new NumberField({ nullable: true, initial: 0 }),
        };
      }
    }
    expect(new Nullable({ level: null, bonus: null }).toObject()).toEqual({ level: 1, bonus: null });
    const model = new Nullable({ level: 4, bonus: 2 });
    model.updateSource({ level: null });
    expect(model.toObject()).toEqual({ level: 1, bonus: 2 });
  });

  it("rounds integers and clamps to min/max while cleaning, as Foundry does, before validating", () => {
    expect(new Sample({ level: 15 }).toObject().level).toBe(10);
    expect(new Sample({ level: 2.6 }).toObject().level).toBe(3);
  });

  it("validates changes, cleaned first when asked, and throws only when strict (as a sheet's submission asks)", () => {
    const sample = new Sample();
    expect(sample.validate({ changes: { inner: { kind: "z" } } })).toBe(false);
    expect(sample.validate({ changes: { flag: "true" }, clean: true })).toBe(true);
    expect(() => sample.validate({ changes: { inner: { kind: "z" } }, strict: true })).toThrow(
      DataModelValidationError,
    );
  });

  it("rejects invalid values with every failure listed by path", () => {
    expect(() => new Sample({ name: "", inner: { kind: "z" } })).toThrow(DataModelValidationError);
    try {
      new Sample({ name: "", inner: { kind: "z" } });
    } catch (error) {
      expect((error as DataModelValidationError).failures).toEqual({
        name: "may not be a blank string",
        "inner.kind": '"z" is not a valid choice',
      });
    }
  });

  it("applies dotted updates through cleaning and validation, leaving the source unchanged on failure", () => {
    const model = new Sample();
    model.updateSource({ "inner.kind": "b", level: 4 });
    expect(model.toObject()).toMatchObject({ level: 4, inner: { kind: "b" } });
    expect(() => model.updateSource({ "inner.kind": "z" })).toThrow(DataModelValidationError);
    expect(model.toObject()).toMatchObject({ inner: { kind: "b" } });
  });

  it("runs migrateData before cleaning", () => {
    class Migrating extends Sample {
      static override migrateData(source: Record<string, unknown>) {
        if ("lvl" in source) source.level = source.lvl;
        return source;
      }
    }
    expect(new Migrating({ lvl: 7 }).toObject().level).toBe(7);
  });
});

describe("dice", () => {
  let rolls: number[];
  beforeEach(() => {
    const foundry = installFoundry();
    rolls = [];
    // Faces are ceil((1 − u) × faces), as core's Die#mapRandomFace: 0.05 → 10, 0.95 → 1, 0.25 → 8.
    const queue = [0.05, 0.05, 0.95, 0.25];
    foundry.CONFIG.Dice.randomUniform = () => {
      const u = queue.shift() ?? 0.55;
      rolls.push(u);
      return u;
    };
  });

  it("explodes on the maximum face recursively and sums the results", async () => {
    const roll = await new Roll("1d10x - 1d10").evaluate();
    expect((roll.terms[0] as Die).results.map((r) => r.result)).toEqual([10, 10, 1]);
    expect(roll.total).toBe(21 - 8);
  });

  it("maps the PRNG's value to a face as core's Die#mapRandomFace: ceil((1 − u) × faces), u = 0 the highest face", async () => {
    const roll = await new Roll("1d10").evaluate();
    const die = roll.terms[0] as Die;
    expect([0, 0.05, 0.1, 0.5, 0.95, 0.999].map((u) => die.mapRandomFace(u))).toEqual([10, 10, 9, 5, 1, 1]);
    // The queue's first value, 0.05, is a 10.
    expect(die.values).toEqual([10]);
  });

  it("counts successes and deducts failures", async () => {
    const roll = await new Roll("4d10cs>=8df=1").evaluate();
    expect((roll.terms[0] as Die).values).toEqual([10, 10, 1, 8]);
    expect(roll.total).toBe(3 - 1);
  });

  it("rebuilds a roll subclass by its class name, with options and results, as a reloaded chat message does", async () => {
    class TestPoolRoll extends Roll {}
    const foundry = installFoundry();
    foundry.CONFIG.Dice.rolls.push(TestPoolRoll);
    const roll = await new TestPoolRoll("3d10", undefined, { threshold: 7 }).evaluate();
    const again = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as Record<string, unknown>);
    expect(again).toBeInstanceOf(TestPoolRoll);
    expect(again.options).toEqual({ threshold: 7 });
    expect(again.dice[0]?.values).toEqual(roll.dice[0]?.values);
    expect(again.total).toBe(roll.total);
  });
});

describe("localisation", () => {
  it("reads the real language files and records misses", () => {
    const foundry = installFoundry({ lang: "fr" });
    expect(foundry.game.i18n.localize("WH.Settings.Rulesets.Both")).toBe("Wuxia et Harmonies");
    expect(foundry.game.i18n.localize("WH.Nope")).toBe("WH.Nope");
    expect([...foundry.game.i18n.missing]).toEqual(["WH.Nope"]);
  });

  it("knows the names of core's status effects, as core's language files and the French core translation give them", () => {
    expect(installFoundry({ lang: "en" }).game.i18n.localize("EFFECT.StatusDead")).toBe("Dead");
    expect(installFoundry({ lang: "fr" }).game.i18n.localize("EFFECT.StatusStunned")).toBe("Étourdi");
  });

  it("has(key) is true for a translated string only, not for a group of keys (Localization#has, API v13/v14)", () => {
    const foundry = installFoundry({ lang: "en" });
    expect(foundry.game.i18n.has("WH.Import.CountErrors.one")).toBe(true);
    expect(foundry.game.i18n.has("WH.Import.CountErrors")).toBe(false);
    expect(foundry.game.i18n.has("WH.Nope")).toBe(false);
    expect(foundry.game.i18n.lang).toBe("en");
  });
});

// ---------------------------------------------------------------------------------------------
// Documents: what the "server" allows, and how Foundry merges and announces a change.

type AnyObject = Record<string, unknown>;
interface Doc {
  id: string;
  name: string;
  ownership: Record<string, number>;
  flags: Record<string, AnyObject>;
  parent: Doc | null;
  items: Map<string, Doc> & { contents: Doc[] };
  update(changes: AnyObject, options?: AnyObject): Promise<Doc | undefined>;
  delete(options?: AnyObject): Promise<Doc | undefined>;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: AnyObject[], options?: AnyObject): Promise<Doc[]>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]>;
  updateEmbeddedDocuments(name: string, updates: AnyObject[], options?: AnyObject): Promise<Doc[]>;
  canUserModify(user: unknown, action: string): boolean;
  toObject(): AnyObject;
}
interface DocClass {
  create(data: AnyObject, options?: AnyObject): Promise<Doc | undefined>;
}
const GM = "gmUser000000001";
const PLAYER = "player000000001";
const STRANGER = "player000000002";

function as(foundry: ReturnType<typeof installFoundry>, id: string): void {
  foundry.game.user = foundry.game.users.get(id) as typeof foundry.game.user;
}
const ActorClass = () => (globalThis as unknown as { Actor: DocClass }).Actor;
const ItemClass = () => (globalThis as unknown as { Item: DocClass }).Item;
const MessageClass = () => (globalThis as unknown as { ChatMessage: DocClass }).ChatMessage;

describe("document updates", () => {
  it("merge ownership and flags into what is there, as a recursive DatabaseUpdateOperation does", async () => {
    const foundry = installFoundry();
    const actor = (await ActorClass().create({
      name: "Lin",
      ownership: { default: 0, [PLAYER]: 3 },
      flags: { wh: { a: 1 } },
    })) as Doc;
    await actor.update({ ownership: { [STRANGER]: 2 } });
    await actor.setFlag("wh", "b", 2);
    expect(actor.ownership).toEqual({ default: 0, [GM]: 3, [PLAYER]: 3, [STRANGER]: 2 });
    expect(actor.flags).toEqual({ wh: { a: 1, b: 2 } });
    expect(foundry.game.actors.get(actor.id)).toBe(actor);
  });

  it("announce create, update and delete with the acting user's id, and let a pre-hook cancel", async () => {
    const foundry = installFoundry();
    const calls: unknown[][] = [];
    for (const name of [
      "preCreateActor",
      "createActor",
      "preUpdateActor",
      "updateActor",
      "preDeleteActor",
      "deleteActor",
    ]) {
      foundry.Hooks.on(name, (...args: unknown[]) => void calls.push([name, ...args]));
    }
    const actor = (await ActorClass().create({ name: "Lin" }, { temporary: false })) as Doc;
    await actor.update({ "system.level": 2 }, { render: false });
    await actor.delete();
    expect(calls.map((c) => c[0])).toEqual([
      "preCreateActor",
      "createActor",
      "preUpdateActor",
      "updateActor",
      "preDeleteActor",
      "deleteActor",
    ]);
    expect(calls[0]).toEqual(["preCreateActor", actor, { name: "Lin" }, { temporary: false }, GM]);
    expect(calls[1]).toEqual(["createActor", actor, { temporary: false }, GM]);
    expect(calls[3]).toEqual(["updateActor", actor, { system: { level: 2 }, _id: actor.id }, { render: false }, GM]);
    expect(calls[5]).toEqual(["deleteActor", actor, {}, GM]);
    expect(foundry.game.actors.has(actor.id)).toBe(false);

    const kept = (await ActorClass().create({ name: "Kept" })) as Doc;
    foundry.Hooks.on("preUpdateActor", () => false);
    expect(await kept.update({ name: "Changed" })).toBeUndefined();
    expect(kept.name).toBe("Kept");
  });

  it("give embedded items the parent in the options of their hooks", async () => {
    const foundry = installFoundry();
    const actor = (await ActorClass().create({ name: "Lin" })) as Doc;
    const seen: unknown[] = [];
    foundry.Hooks.on(
      "createItem",
      (_item: unknown, options: AnyObject, userId: unknown) => void seen.push(options.parent, userId),
    );
    foundry.Hooks.on("deleteItem", (_item: unknown, options: AnyObject) => void seen.push(options.parent));
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Arc" }]);
    await item?.delete();
    expect(seen).toEqual([actor, GM, actor]);
    expect(actor.items.size).toBe(0);
  });
});

describe("a document's source", () => {
  it("takes updateSource changes at once, merged, with no hook and no write check", async () => {
    const foundry = installFoundry();
    const actor = (await ActorClass().create({
      name: "Lin",
      prototypeToken: { bar1: { attribute: "wounds" } },
    })) as Doc & {
      prototypeToken: AnyObject;
      updateSource(changes: AnyObject): AnyObject;
    };
    const hooks: string[] = [];
    foundry.Hooks.on("updateActor", () => void hooks.push("updateActor"));
    expect(actor.prototypeToken).toEqual({
      name: "Lin",
      actorLink: false,
      bar1: { attribute: "wounds" },
      bar2: { attribute: null },
    });
    expect(actor.updateSource({ "prototypeToken.actorLink": true })).toEqual({ prototypeToken: { actorLink: true } });
    actor.updateSource({ prototypeToken: { bar2: { attribute: "chi" } } });
    expect(actor.prototypeToken).toEqual({
      name: "Lin",
      actorLink: true,
      bar1: { attribute: "wounds" },
      bar2: { attribute: "chi" },
    });
    expect(actor.toObject().prototypeToken).toEqual(actor.prototypeToken);
    expect(hooks).toEqual([]);
  });
});

describe("the server's permission check", () => {
  it("refuses a player a world actor or item without the core permission, and makes the creator owner", async () => {
    const foundry = installFoundry({ isGM: false });
    await expect(ActorClass().create({ name: "Mine" })).rejects.toThrow(
      /^User Player lacks permission to create Actor \[/,
    );
    await expect(ItemClass().create({ name: "Arc" })).rejects.toThrow("User Player lacks permission to create Item");
    expect(foundry.game.actors.size).toBe(0);
    foundry.game.permissions.ACTOR_CREATE.push(1);
    const actor = (await ActorClass().create({ name: "Mine" })) as Doc;
    expect(actor.ownership).toEqual({ default: 0, [PLAYER]: 3 });
    expect(foundry.game.user.can("ACTOR_CREATE")).toBe(true);
    expect(foundry.game.user.can("ITEM_CREATE")).toBe(false);
    expect(foundry.game.users.get(GM)?.can("ITEM_CREATE")).toBe(true);
  });

  it("lets only owners write an actor and its items; the items take the actor's ownership", async () => {
    const foundry = installFoundry();
    const actor = (await ActorClass().create({ name: "Lin", ownership: { default: 0, [PLAYER]: 3 } })) as Doc;
    const [bow] = await actor.createEmbeddedDocuments("Item", [{ name: "Arc" }]);
    as(foundry, STRANGER);
    await expect(actor.update({ name: "Stolen" })).rejects.toThrow(
      "User Second player lacks permission to update Actor",
    );
    await expect(bow?.update({ name: "Stolen" }) ?? Promise.resolve()).rejects.toThrow(
      "lacks permission to update Item",
    );
    await expect(actor.createEmbeddedDocuments("Item", [{ name: "Knife" }])).rejects.toThrow(
      "lacks permission to create Item",
    );
    await expect(actor.deleteEmbeddedDocuments("Item", [bow?.id ?? ""])).rejects.toThrow(
      "lacks permission to delete Item",
    );
    await expect(actor.delete()).rejects.toThrow("lacks permission to delete Actor");
    expect([actor.name, bow?.name, actor.items.size]).toEqual(["Lin", "Arc", 1]);
    as(foundry, PLAYER);
    await actor.update({ name: "Lin Mei" });
    await bow?.update({ name: "Arc long" });
    await actor.createEmbeddedDocuments("Item", [{ name: "Knife" }]);
    await bow?.delete();
    expect([actor.name, actor.items.contents.map((i) => i.name)]).toEqual(["Lin Mei", ["Knife"]]);
  });

  it("updates an actor's items by id in one call, each with the actor's permission; an unknown id is refused", async () => {
    const foundry = installFoundry();
    const actor = (await ActorClass().create({ name: "Lin", ownership: { default: 0, [PLAYER]: 3 } })) as Doc;
    const [bow, knife] = await actor.createEmbeddedDocuments("Item", [{ name: "Arc" }, { name: "Couteau" }]);
    as(foundry, STRANGER);
    await expect(actor.updateEmbeddedDocuments("Item", [{ _id: bow?.id, name: "Stolen" }])).rejects.toThrow(
      "lacks permission to update Item",
    );
    as(foundry, PLAYER);
    await expect(
      actor.updateEmbeddedDocuments("Item", [
        { _id: bow?.id, name: "Arc long" },
        { _id: "nothere", name: "x" },
      ]),
    ).rejects.toThrow('Item "nothere" does not exist in Lin');
    // Refused as a whole: the first change was not written either.
    expect(bow?.name).toBe("Arc");
    const updated = await actor.updateEmbeddedDocuments("Item", [
      { _id: bow?.id, name: "Arc long" },
      { _id: knife?.id, name: "Dague" },
    ]);
    expect(updated.map((i) => i.name)).toEqual(["Arc long", "Dague"]);
  });

  it("lets anyone post a chat message as its own author only; the author or a GM may change or delete it", async () => {
    const foundry = installFoundry({ isGM: false });
    await expect(MessageClass().create({ content: "x", author: GM })).rejects.toThrow(
      "User Player lacks permission to create ChatMessage",
    );
    const message = (await MessageClass().create({ content: "mine" })) as Doc & {
      author: { id: string };
      content: string;
    };
    expect(message.author.id).toBe(PLAYER);
    expect(message.toObject().author).toBe(PLAYER);
    expect((message as unknown as { isOwner: boolean }).isOwner).toBe(true);
    as(foundry, STRANGER);
    expect((message as unknown as { isOwner: boolean }).isOwner).toBe(false);
    expect(message.canUserModify(foundry.game.user, "update")).toBe(false);
    await expect(message.update({ content: "theirs" })).rejects.toThrow(
      "User Second player lacks permission to update ChatMessage",
    );
    await expect(message.delete()).rejects.toThrow("lacks permission to delete ChatMessage");
    as(foundry, PLAYER);
    await message.update({ content: "edited" });
    as(foundry, GM);
    expect(
      new (MessageClass() as unknown as new (data: AnyObject) => { author: { id: string } })(message.toObject()).author
        .id,
    ).toBe(PLAYER);
    as(foundry, GM);
    await MessageClass().create({ content: "for the player", author: PLAYER });
    await message.delete();
    expect(foundry.game.messages.contents.map((m) => (m as unknown as { content: string }).content)).toEqual([
      "for the player",
    ]);
  });

  it("lets only a user with SETTINGS_MODIFY write a world setting; a client setting is anyone's", async () => {
    const foundry = installFoundry({ isGM: false });
    foundry.game.settings.register("sample", "worldly", { scope: "world", type: Number, default: 1 });
    foundry.game.settings.register("sample", "local", { scope: "client", type: Number, default: 1 });
    await expect(foundry.game.settings.set("sample", "worldly", 2)).rejects.toThrow(
      "User Player lacks permission to update the World setting sample.worldly",
    );
    as(foundry, STRANGER);
    await expect(foundry.game.settings.set("sample", "worldly", 2)).rejects.toThrow("lacks permission");
    await foundry.game.settings.set("sample", "local", 3);
    expect([foundry.game.settings.get("sample", "worldly"), foundry.game.settings.get("sample", "local")]).toEqual([
      1, 3,
    ]);
    as(foundry, GM);
    await foundry.game.settings.set("sample", "worldly", 4);
    expect(foundry.game.settings.get("sample", "worldly")).toBe(4);
    as(foundry, PLAYER);
    foundry.game.permissions.SETTINGS_MODIFY.push(1);
    await foundry.game.settings.set("sample", "worldly", 5);
    expect(foundry.game.settings.get("sample", "worldly")).toBe(5);
  });
});

describe("chat messages as the chat log draws them", () => {
  it("name the speaker and, for a whisper, its recipients in the header", async () => {
    const foundry = installFoundry();
    const ChatMessage = MessageClass() as DocClass & { getSpeaker(o: AnyObject): AnyObject };
    const message = (await ChatMessage.create({
      content: "<p>Hi</p>",
      speaker: ChatMessage.getSpeaker({ alias: "Lin Mei" }),
      whisper: [PLAYER, STRANGER],
    })) as Doc & { renderHTML(): Promise<HTMLElement> };
    const html = await message.renderHTML();
    expect(html.querySelector(".message-header .message-sender")?.textContent).toBe("Lin Mei");
    expect(html.querySelector(".message-header .whisper-to")?.textContent).toBe("To: Player, Second player");
    expect(html.querySelector(".message-content")?.innerHTML).toBe("<p>Hi</p>");
    const open = (await ChatMessage.create({ content: "<p>All</p>" })) as Doc & { renderHTML(): Promise<HTMLElement> };
    const openHtml = await open.renderHTML();
    expect(openHtml.querySelector(".message-sender")?.textContent).toBe("Gamemaster");
    expect(openHtml.querySelector(".whisper-to")).toBeNull();
    expect(foundry.game.messages.size).toBe(2);
  });

  it("draw a roll the reader may not see privately, under its author's name, without recipients", async () => {
    const foundry = installFoundry();
    const roll = await new Roll("1d10").evaluate();
    const ChatMessage = MessageClass() as DocClass & { getSpeaker(o: AnyObject): AnyObject };
    const message = (await ChatMessage.create({
      content: "<p>card</p>",
      rolls: [roll],
      speaker: ChatMessage.getSpeaker({ alias: "Lin Mei" }),
      whisper: [GM],
    })) as Doc & { renderHTML(): Promise<HTMLElement> };
    as(foundry, PLAYER);
    const seen = await message.renderHTML();
    expect(seen.querySelector(".message-sender")?.textContent).toBe("Gamemaster");
    expect(seen.querySelector(".whisper-to")).toBeNull();
    expect(seen.textContent).not.toContain("card");
    as(foundry, GM);
    const own = await message.renderHTML();
    expect(own.querySelector(".message-sender")?.textContent).toBe("Lin Mei");
    expect(own.querySelector(".message-content")?.innerHTML).toBe("<p>card</p>");
  });
});

describe("an ArrayField's length", () => {
  it("is bounded by its min and max options (API v13 and v14 ArrayFieldOptions), refused beyond", () => {
    installFoundry();
    class Bounded extends DataModel {
      static override defineSchema() {
        return { list: new ArrayField(new NumberField(), { min: 1, max: 2 }) };
      }
    }
    const refused = (list: number[]) => {
      try {
        new Bounded({ list: [1] }).validate({ changes: { list }, strict: true });
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused([1, 2])).toBe("");
    expect(refused([1, 2, 3])).toContain("cannot have more than 2 elements");
    expect(refused([])).toContain("cannot have fewer than 1 elements");
  });
});

describe("generation 14", () => {
  class Listed extends DataModel {
    static override defineSchema() {
      return {
        level: new NumberField({ min: 1, max: 3 }),
        list: new ArrayField(new SchemaField({ kind: new StringField({ choices: ["a"] }) })),
      };
    }
  }
  function failure(): DataModelValidationError {
    try {
      new Listed({}).validate({ changes: { level: 9, list: [{ kind: "a" }, { kind: "z" }] }, strict: true });
    } catch (error) {
      return error as DataModelValidationError;
    }
    throw new Error("not refused");
  }

  it("gives neither flattened failures (foundryvtt#14489) nor getFailure (API v14): its message says what failed", () => {
    installFoundry({ generation: 14 });
    const error = failure();
    expect(error.getAllFailures()).toEqual({});
    expect(error.getFailure).toBeUndefined();
    expect(error.message.split("\n").slice(1)).toEqual([
      "  level: must be at most 3",
      '  list.1.kind: "z" is not a valid choice',
    ]);
    installFoundry({ generation: 13 });
    const v13 = failure();
    expect(Object.keys(v13.getAllFailures())).toEqual(["level", "list.1.kind"]);
    expect(v13.getFailure("level")?.message).toBe("must be at most 3");
    expect(v13.getFailure()?.fields.list?.elements.map((e) => [e.id, e.failure.fields.kind?.message])).toEqual([
      [1, '"z" is not a valid choice'],
    ]);
  });

  it("keeps core.rollMode and ChatMessage.applyRollMode as shims that warn and map to message modes", async () => {
    const foundry = installFoundry({ generation: 14 });
    await foundry.game.settings.set("core", "messageMode", "gm");
    expect(foundry.compatibilityWarnings).toEqual([]);
    expect(foundry.game.settings.get("core", "rollMode")).toBe("gmroll");
    await foundry.game.settings.set("core", "rollMode", "blindroll");
    expect(foundry.game.settings.get("core", "messageMode")).toBe("blind");
    const data = (
      globalThis as unknown as { ChatMessage: { applyRollMode(d: AnyObject, m: string): AnyObject } }
    ).ChatMessage.applyRollMode({}, "selfroll");
    expect(data).toEqual({ whisper: [GM], blind: false });
    expect(foundry.compatibilityWarnings).toHaveLength(3);
    expect(foundry.compatibilityWarnings[0]).toMatch(
      /^The `core.rollMode` client setting is deprecated in favor of `core.messageMode`/,
    );
    expect(foundry.compatibilityWarnings[2]).toMatch(/^ChatMessage.applyRollMode is deprecated/);
  });

  it("the system reads the user's visibility without touching a deprecated name", async () => {
    const foundry = installFoundry({ generation: 14 });
    await foundry.game.settings.set("core", "messageMode", "self");
    const { currentVisibility } = await import("../../src/rolls/visibility");
    expect(currentVisibility()).toBe("self");
    expect(foundry.compatibilityWarnings).toEqual([]);
  });
});

describe("the rest of the world", () => {
  it("has core's ApplicationV1 sheets, which the system's sheet registration unregisters", async () => {
    const foundry = installFoundry();
    const appv1 = (
      globalThis as unknown as { foundry: { appv1: { sheets: { ActorSheet: unknown; ItemSheet: unknown } } } }
    ).foundry.appv1.sheets;
    const unregister = vi.spyOn(foundry.sheets, "unregisterSheet");
    vi.resetModules();
    const { registerSheets } = await import("../../src/sheets/register");
    registerSheets();
    expect(
      unregister.mock.calls.map(([documentClass, scope, sheet]) => [
        (documentClass as { documentName: string }).documentName,
        scope,
        sheet,
      ]),
    ).toEqual([
      ["Actor", "core", appv1.ActorSheet],
      ["Item", "core", appv1.ItemSheet],
    ]);
  });

  it("passes a query's request and answer through JSON, as the socket does", async () => {
    const foundry = installFoundry();
    const received: unknown[] = [];
    (foundry.CONFIG.queries as Record<string, (data: unknown) => unknown>)["wh.echo"] = (data) => {
      received.push(data);
      return { at: new Date(0), kept: data, skipped: undefined };
    };
    const request = { when: new Date(0), list: [1, 2], nothing: undefined };
    const gm = foundry.game.users.get(GM) as unknown as { query(name: string, data: unknown): Promise<unknown> };
    const answer = await gm.query("wh.echo", request);
    expect(received[0]).toEqual({ when: "1970-01-01T00:00:00.000Z", list: [1, 2] });
    expect(received[0]).not.toBe(request);
    expect(answer).toEqual({
      at: "1970-01-01T00:00:00.000Z",
      kept: { when: "1970-01-01T00:00:00.000Z", list: [1, 2] },
    });
  });

  it("unsets a User's flag, a dotted key deleting only its last part (ClientDocumentMixin#unsetFlag)", async () => {
    const foundry = installFoundry();
    const user = foundry.game.users.get(GM) as unknown as {
      flags: Record<string, Record<string, unknown>>;
      setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
      unsetFlag(scope: string, key: string): Promise<unknown>;
    };
    await user.setFlag("wuxia-harmonies", "requests", { a: { n: 1 }, b: { n: 2 } });
    await user.unsetFlag("wuxia-harmonies", "requests.a");
    expect(user.flags["wuxia-harmonies"]).toEqual({ requests: { b: { n: 2 } } });
  });

  it("unsets a document's flag as the owner's write, a dotted key deleting only its last part (ClientDocumentMixin#unsetFlag)", async () => {
    const foundry = installFoundry();
    const actor = await (
      foundry.CONFIG.Actor.documentClass as unknown as {
        create(data: object): Promise<{
          flags: Record<string, Record<string, unknown>>;
          setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
          unsetFlag(scope: string, key: string): Promise<unknown>;
        }>;
      }
    ).create({ name: "Lin Mei", type: "base" });
    await actor.setFlag("wuxia-harmonies", "record", { a: 1, b: 2 });
    await actor.setFlag("wuxia-harmonies", "other", true);
    await actor.unsetFlag("wuxia-harmonies", "record.a");
    expect(actor.flags["wuxia-harmonies"]).toEqual({ record: { b: 2 }, other: true });
    await actor.unsetFlag("wuxia-harmonies", "record");
    expect(actor.flags["wuxia-harmonies"]).toEqual({ other: true });
  });

  it("refuses a query from a user without the Query other users permission (API v13 User#query)", async () => {
    const foundry = installFoundry();
    (foundry.CONFIG.queries as Record<string, () => unknown>)["wh.ping"] = () => "pong";
    const gm = foundry.game.users.get(GM) as unknown as { query(name: string, data: unknown): Promise<unknown> };
    const game = foundry.game as unknown as { user: unknown; permissions: Record<string, number[]> };
    game.user = foundry.game.users.find((u) => !u.isGM);
    expect(await gm.query("wh.ping", {})).toBe("pong");
    game.permissions.QUERY_USER = [3, 4];
    await expect(gm.query("wh.ping", {})).rejects.toThrow(/lacks permission to query other users/);
  });
});

describe("compendiums", () => {
  it("read their documents with the pack set: a Compendium uuid, not in the world", async () => {
    const foundry = installFoundry();
    const { addPack } = await import("./packs");
    addPack("Actor", "wuxia-harmonies.archetypes", [
      { _id: "rebelle000000001", name: "Rebelle", items: [{ _id: "chasseur00000001", name: "Chasseur" }] },
    ]);
    const packs = [
      ...(foundry.game as unknown as { packs: Iterable<{ documentName: string; getDocuments(): Promise<Doc[]> }> })
        .packs,
    ];
    expect(packs.map((p) => p.documentName)).toEqual(["Actor"]);
    const [rebel] = (await packs[0]?.getDocuments()) ?? [];
    expect((rebel as unknown as { uuid: string }).uuid).toBe(
      "Compendium.wuxia-harmonies.archetypes.Actor.rebelle000000001",
    );
    expect(rebel?.items.contents.map((i) => (i as unknown as { uuid: string }).uuid)).toEqual([
      "Compendium.wuxia-harmonies.archetypes.Actor.rebelle000000001.Item.chasseur00000001",
    ]);
    expect(foundry.game.actors.size).toBe(0);
  });

  it("answer a query by equality and by `__in`, as the API's examples do, and refuse other operators", async () => {
    installFoundry();
    const { addPack } = await import("./packs");
    const pack = addPack("Item", "wuxia-harmonies.items", [
      { _id: "epee000000000001", name: "Épée", type: "harmoniesSkill" },
      { _id: "rapiere000000001", name: "Rapière", type: "harmoniesWeapon" },
      { _id: "barde00000000001", name: "Barde", type: "harmoniesHobby" },
    ]);
    const names = async (query: Record<string, unknown>) => (await pack.getDocuments(query)).map((d) => d.name);
    expect(await names({})).toEqual(["Épée", "Rapière", "Barde"]);
    expect(await names({ type: "harmoniesWeapon" })).toEqual(["Rapière"]);
    expect(await names({ type__in: ["harmoniesHobby", "harmoniesSkill"] })).toEqual(["Épée", "Barde"]);
    expect(await names({ type__in: [] })).toEqual([]);
    await expect(pack.getDocuments({ name__gt: "B" })).rejects.toThrow(/__in only/);
    await expect(pack.getDocuments({ type__in: "harmoniesSkill" })).rejects.toThrow(/array/);
  });
});

describe("a compendium's visibility", () => {
  it("follows its ownership by role: a player sees it from OBSERVER, a GM always; a hidden pack refuses a player's reads", async () => {
    const foundry = installFoundry();
    const { addPack } = await import("./packs");
    const open = addPack("Item", "wuxia-harmonies.skills", [{ _id: "skill00000000001", name: "Épée" }]);
    const hidden = addPack("Item", "world.secrets", [{ _id: "skill00000000002", name: "Poison" }], {
      PLAYER: "NONE",
      ASSISTANT: "OWNER",
    });
    const users = foundry.game.users.contents as unknown as { isGM: boolean }[];
    const game = foundry.game as unknown as { user: unknown };
    game.user = users.find((u) => !u.isGM);
    expect([open.visible, hidden.visible]).toEqual([true, false]);
    await expect(hidden.getDocuments()).rejects.toThrow(/lacks permission/);
    await expect(hidden.getIndex()).rejects.toThrow(/lacks permission/);
    expect((await open.getDocuments()).map((d) => d.name)).toEqual(["Épée"]);
    game.user = users.find((u) => u.isGM);
    expect([open.visible, hidden.visible]).toEqual([true, true]);
    expect((await hidden.getDocuments()).map((d) => d.name)).toEqual(["Poison"]);
  });
});

describe("the system's compendiums", () => {
  it("are the manifest's packs (game.system.packs), each named `<package>.<name>` with its metadata and an index of its sources", async () => {
    const foundry = installFoundry();
    const { installSystemPacks } = await import("./system-packs");
    const { readFileSync } = await import("node:fs");
    const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { packs: { name: string; type: string }[] };
    const installed = installSystemPacks();
    const game = foundry.game as unknown as { system: { packs: Set<{ name: string }> }; packs: Map<string, unknown> };
    expect([...game.system.packs].map((p) => p.name)).toEqual(manifest.packs.map((p) => p.name));
    expect(installed.map((p) => p.collection)).toEqual(manifest.packs.map((p) => `wuxia-harmonies.${p.name}`));
    const skills = installed.find((p) => p.collection === "wuxia-harmonies.wuxia-skills");
    if (!skills) throw new Error("no wuxia-skills pack");
    expect(skills.metadata).toMatchObject({ name: "wuxia-skills", packageName: "wuxia-harmonies", type: "Item" });
    const index = await skills.getIndex();
    expect(index.size).toBeGreaterThan(0);
    expect(index.size).toBe((await skills.getDocuments()).length);
    const [entry] = [...index];
    expect(entry).toMatchObject({ _id: expect.any(String), name: expect.any(String), type: expect.any(String) });
    const journal = installed.find((p) => p.documentName === "JournalEntry");
    if (!journal) throw new Error("no JournalEntry pack");
    expect((await journal.getIndex()).size).toBeGreaterThan(0);
    await expect(journal.getDocuments()).rejects.toThrow(/Actors and Items only/);
  });
});

describe("the server's files", () => {
  it("serve the system's shipped files under /systems/<id>/, found by getRoute; anything else is not found", async () => {
    installFoundry();
    const route = (globalThis as unknown as { foundry: { utils: { getRoute(path: string): string } } }).foundry.utils
      .getRoute;
    expect(route("systems/wuxia-harmonies/assets/examples/groups.json")).toBe(
      "/systems/wuxia-harmonies/assets/examples/groups.json",
    );
    const found = await fetch(route("systems/wuxia-harmonies/assets/examples/groups.json"));
    expect(found.ok).toBe(true);
    expect(Object.keys((await found.json()) as object).length).toBeGreaterThan(0);
    for (const path of [
      "/systems/wuxia-harmonies/src/index.ts",
      "/systems/wuxia-harmonies/nothing.txt",
      "/systems/other/system.json",
    ])
      expect((await fetch(path)).status, path).toBe(404);
  });
});

describe("a document's sheet", () => {
  it("cannot be updated once deleted: the server holds no such document", async () => {
    const foundry = installFoundry();
    const Actor = foundry.CONFIG.Actor.documentClass as unknown as {
      create(data: object): Promise<{ update(c: object): Promise<unknown>; delete(): Promise<unknown> }>;
    };
    const actor = await Actor.create({ name: "Lin Mei", type: "wuxiaCharacter" });
    await actor.delete();
    await expect(actor.update({ name: "Lin" })).rejects.toThrow(/does not exist/);
  });

  it("closes, without submitting, when its document is deleted (ClientDocumentMixin#_onDelete)", async () => {
    const foundry = installFoundry();
    const Actor = foundry.CONFIG.Actor.documentClass as unknown as {
      create(data: object): Promise<{ apps: Record<string, unknown>; delete(): Promise<unknown> }>;
    };
    const actor = await Actor.create({ name: "Lin Mei", type: "wuxiaCharacter" });
    const closed: unknown[] = [];
    actor.apps.sheet = { render: () => undefined, close: (options: unknown) => void closed.push(options) };
    await actor.delete();
    expect(closed).toEqual([{ submit: false }]);
  });

  it("is built the first time it is read, from the default sheet of its class and type, then kept; null with none registered", async () => {
    const foundry = installFoundry();
    class WuxiaSheet {
      constructor(readonly options: { document: unknown }) {}
    }
    const Actor = foundry.CONFIG.Actor.documentClass as unknown as new (data: object) => { sheet: unknown };
    foundry.sheets.registerSheet(Actor, "wuxia-harmonies", WuxiaSheet, {
      types: ["wuxiaCharacter"],
      makeDefault: true,
    });
    const hero = new Actor({ name: "Lin Mei", type: "wuxiaCharacter" });
    const sheet = hero.sheet as WuxiaSheet;
    expect(sheet).toBeInstanceOf(WuxiaSheet);
    expect(sheet.options.document).toBe(hero);
    expect(hero.sheet).toBe(sheet);
    expect(new Actor({ name: "Gardes", type: "group" }).sheet).toBeNull();
  });
});

describe("token actors", () => {
  it("an unlinked token's actor placed on a scene resolves by its UUID", async () => {
    installFoundry();
    const { placeSyntheticActor, fromUuidSync } = await import("./world");
    const synthetic = { uuid: "Scene.s1.Token.t1.Actor.a1" } as unknown as Parameters<typeof placeSyntheticActor>[0];
    expect(fromUuidSync("Scene.s1.Token.t1.Actor.a1")).toBeNull();
    placeSyntheticActor(synthetic);
    expect(fromUuidSync("Scene.s1.Token.t1.Actor.a1")).toBe(synthetic);
  });
});

describe("users' targets", () => {
  it("gives every user a Set of targeted tokens (User#targets), empty until someone targets one", () => {
    const foundry = installFoundry();
    const [first, second] = foundry.game.users.contents as unknown as { targets: Set<unknown> }[];
    expect(first?.targets).toBeInstanceOf(Set);
    expect(first?.targets.size).toBe(0);
    first?.targets.add({ actor: null });
    expect([first?.targets.size, second?.targets.size]).toEqual([1, 0]);
  });
});

describe("templates and partials", () => {
  const partial = "systems/wuxia-harmonies/templates/partials/row-controls.hbs";
  const including = "systems/wuxia-harmonies/templates/actors/wuxia/powers.hbs";
  type Hbs = {
    loadTemplates(paths: string[] | Record<string, string>): Promise<unknown[]>;
    renderTemplate(path: string, data: Record<string, unknown>): Promise<string>;
  };
  let hbs: Hbs;
  beforeEach(async () => {
    installFoundry();
    const { renderTemplatesFromDisk } = await import("./templates");
    renderTemplatesFromDisk();
    hbs = (globalThis as unknown as { foundry: { applications: { handlebars: Hbs } } }).foundry.applications.handlebars;
  });

  it("refuses a partial that was never loaded, as Handlebars does in Foundry", async () => {
    await expect(hbs.renderTemplate(including, { powers: [{ id: "p1", name: "Kiai", system: {} }] })).rejects.toThrow(
      /partial wuxia-harmonies\.(row-controls|level-purchase) could not be found/,
    );
  });

  it("registers an object's templates under their keys and an array's under their paths", async () => {
    const loaded = await hbs.loadTemplates({
      "wuxia-harmonies.row-controls": partial,
      "wuxia-harmonies.level-purchase": "systems/wuxia-harmonies/templates/partials/level-purchase.hbs",
    });
    expect(loaded).toHaveLength(2);
    const html = await hbs.renderTemplate(including, {
      editMode: true,
      powers: [{ id: "p1", name: "Kiai", system: {} }],
    });
    expect(html).toContain('data-action="editItem"');
    expect(html).toContain('data-action="deleteItem"');
    const handlebars = (globalThis as unknown as { Handlebars: { partials: Record<string, unknown> } }).Handlebars;
    expect(handlebars.partials[partial]).toBeUndefined();
    await hbs.loadTemplates([partial]);
    expect(handlebars.partials[partial]).toBeTypeOf("function");
  });
});

describe("applications showing a document", () => {
  it("are redrawn when it is updated, and an embedded document's update redraws its parent's", async () => {
    const foundry = installFoundry();
    foundry.fireStartupHooks();
    const Actor = foundry.CONFIG.Actor.documentClass as unknown as {
      create(data: object): Promise<{
        apps: Record<string, { render(options?: object): unknown }>;
        update(changes: object): Promise<unknown>;
        createEmbeddedDocuments(
          type: string,
          data: object[],
        ): Promise<{ apps: object; update(c: object): Promise<unknown> }[]>;
      }>;
    };
    const actor = await Actor.create({ name: "A", type: "base" });
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "I", type: "base" }]);
    const drawn: string[] = [];
    actor.apps.sheet = { render: (options) => drawn.push(`actor ${JSON.stringify(options)}`) };
    (item?.apps as Record<string, { render(options?: object): unknown }>).sheet = {
      render: () => drawn.push("item"),
    };
    await actor.update({ name: "B" });
    expect(drawn).toEqual(['actor {"action":"update","force":false}']);
    await item?.update({ name: "J" });
    expect(drawn).toEqual([
      'actor {"action":"update","force":false}',
      "item",
      'actor {"action":"update","force":false}',
    ]);
  });
});

describe("chat message sub-types", () => {
  it("build a message's system from CONFIG.ChatMessage.dataModels by its type, and update it through the model", async () => {
    const foundry = installFoundry();
    class Card extends DataModel {
      static override defineSchema() {
        return { applied: new BooleanField(), damage: new NumberField({ integer: true, initial: 0 }) };
      }
    }
    (
      foundry.CONFIG as unknown as { ChatMessage: { dataModels: Record<string, unknown> } }
    ).ChatMessage.dataModels.card = Card;
    foundry.fireStartupHooks();
    const Message = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<unknown> } }).ChatMessage;
    const message = (await Message.create({ type: "card", system: { damage: 3 } })) as {
      type: string;
      system: Card & { applied: boolean; damage: number };
      update(changes: object): Promise<unknown>;
    };
    expect([message.type, message.system instanceof Card, message.system.damage]).toEqual(["card", true, 3]);
    await message.update({ system: { applied: true } });
    expect(message.system.toObject()).toEqual({ applied: true, damage: 3 });
  });
});

describe("notifications", () => {
  it("fill a key's placeholders from `format`, each value escaped unless `escape: false`", () => {
    const foundry = installFoundry();
    foundry.fireStartupHooks();
    const ui = (globalThis as unknown as { ui: { notifications: { warn(m: string, o?: object): unknown } } }).ui;
    ui.notifications.warn("WH.Combat.Guard.ForgedCard", { localize: true, format: { user: "<b>Eve</b>" } });
    ui.notifications.warn("WH.Combat.Guard.ForgedCard", { format: { user: "<b>Eve</b>" }, escape: false });
    ui.notifications.warn("WH.Combat.Guard.Someone", { localize: true });
    expect(foundry.notifications.map((n) => n.message)).toEqual([
      "&lt;b&gt;Eve&lt;/b&gt; posted a message dressed as a combat card; it was removed.",
      "<b>Eve</b> posted a message dressed as a combat card; it was removed.",
      "A player",
    ]);
  });
});

describe("an application's render and close", () => {
  it("run one after another: a close asked during a render waits for it, a later render finds it closed", async () => {
    installFoundry();
    const { ApplicationV2 } = await import("./applications");
    let open = (): void => undefined;
    const log: string[] = [];
    class Slow extends ApplicationV2 {
      override async _prepareContext(): Promise<Record<string, unknown>> {
        log.push("context");
        await new Promise<void>((resolve) => (open = resolve));
        return {};
      }
    }
    const app = new Slow({ window: { title: "Slow" } });
    const rendered = app.render({ force: true });
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([log, app.state]).toEqual([["context"], 0]);
    open();
    await Promise.all([rendered, closed]);
    expect(app.rendered).toBe(false);
    await app.render();
    expect(log).toEqual(["context"]);
  });
});

describe("a window another client's write redraws", () => {
  it("is drawn as the seat's user, not as the client that wrote (each client redraws its own)", async () => {
    const foundry = installFoundry();
    foundry.fireStartupHooks();
    const { asClient } = await import("./clients");
    const Actor = foundry.CONFIG.Actor.documentClass as unknown as {
      create(data: object): Promise<{
        apps: Record<string, { render(options?: object): unknown }>;
        update(changes: object): Promise<unknown>;
      }>;
    };
    const actor = await Actor.create({ name: "A", type: "base" });
    const drawnAs: string[] = [];
    actor.apps.sheet = { render: () => drawnAs.push(String(foundry.game.user.id)) };
    const seat = String(foundry.game.user.id);
    const other = foundry.addUser("gmUser000000009", "Assistant", 3);
    await asClient(other, () => actor.update({ name: "B" }));
    expect(drawnAs).toEqual([seat]);
    expect(seat).not.toBe("gmUser000000009");
  });
});

describe("an application's window frame", () => {
  it("shows the window's icon left of its title, a resize handle when resizable, and the content's classes", async () => {
    installFoundry();
    const { ApplicationV2 } = await import("./applications");
    class Framed extends ApplicationV2 {
      static override DEFAULT_OPTIONS = {
        classes: ["scoped"],
        window: { title: "Tables", icon: "fa-solid fa-table", resizable: true, contentClasses: ["standard-form"] },
      };
    }
    const framed = new Framed();
    await framed.render({ force: true });
    const header = framed.element.querySelector(".window-header");
    expect(header?.firstElementChild?.className).toBe("window-icon fa-fw fa-solid fa-table");
    expect(header?.querySelector(".window-title")?.textContent).toBe("Tables");
    expect(framed.element.classList.contains("scoped")).toBe(true);
    expect(framed.element.querySelector(".window-content")?.classList.contains("standard-form")).toBe(true);
    expect(framed.element.querySelector(":scope > .window-resize-handle")).not.toBeNull();

    const plain = new ApplicationV2({ window: { title: "Plain" } });
    await plain.render({ force: true });
    // No icon shown (whether core leaves an empty, hidden icon element or none).
    expect(plain.element.querySelector(".window-icon")?.className ?? "").not.toMatch(/fa-/);
    expect(plain.element.querySelector(".window-resize-handle")).toBeNull();
  });
});
