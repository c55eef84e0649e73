import { describe, expect, it } from "vitest";
import { prototypeTokenDefaults, prototypeTokenOnNpcChange, TOKEN_BARS } from "./tokens";
import { startSystem } from "../../test/support/start-system";

describe("a new actor's prototype token", () => {
  it("is linked and friendly for a Wuxia or a Harmonies character, with the type's bars (a Harmonies character has none)", () => {
    expect(prototypeTokenDefaults("wuxiaCharacter", {})).toEqual({
      actorLink: true,
      disposition: 1,
      bar1: { attribute: "wounds" },
      bar2: { attribute: "chi" },
    });
    expect(prototypeTokenDefaults("harmoniesCharacter", { system: {} })).toEqual({ actorLink: true, disposition: 1 });
  });

  it("is not linked for an NPC or a group of NPCs (each token its own)", () => {
    expect(prototypeTokenDefaults("wuxiaCharacter", { system: { npc: true } })).toEqual({
      bar1: { attribute: "wounds" },
      bar2: { attribute: "chi" },
    });
    expect(prototypeTokenDefaults("harmoniesCharacter", { system: { npc: true } })).toEqual({});
    expect(prototypeTokenDefaults("group", {})).toEqual({});
  });

  it("keeps what the creation data says, nested or dotted", () => {
    expect(
      prototypeTokenDefaults("wuxiaCharacter", {
        prototypeToken: { actorLink: false, disposition: -1, bar1: { attribute: "panic" } },
      }),
    ).toEqual({ bar2: { attribute: "chi" } });
    expect(
      prototypeTokenDefaults("wuxiaCharacter", {
        "prototypeToken.actorLink": false,
        "prototypeToken.bar2.attribute": null,
        "prototypeToken.disposition": 0,
      }),
    ).toEqual({ bar1: { attribute: "wounds" } });
    expect(prototypeTokenDefaults("harmoniesCharacter", { prototypeToken: { name: "David" } })).toEqual({
      actorLink: true,
      disposition: 1,
    });
    expect(prototypeTokenDefaults("harmoniesCharacter", { prototypeToken: null })).toEqual({
      actorLink: true,
      disposition: 1,
    });
  });

  it("is written into the actor the system creates", async () => {
    const started = await startSystem();
    const token = async (data: Record<string, unknown>) =>
      ((await started.Actor.create(data)) as unknown as { prototypeToken: Record<string, unknown> }).prototypeToken;
    expect(await token({ name: "Lin Mei", type: "wuxiaCharacter" })).toMatchObject({
      actorLink: true,
      disposition: 1,
      bar1: { attribute: "wounds" },
      bar2: { attribute: "chi" },
    });
    expect(await token({ name: "Garde", type: "wuxiaCharacter", system: { npc: true } })).toMatchObject({
      actorLink: false,
      bar1: { attribute: "wounds" },
    });
    expect(
      await token({ name: "David", type: "harmoniesCharacter", prototypeToken: { actorLink: false } }),
    ).toMatchObject({ actorLink: false, bar1: { attribute: null } });
    expect(await token({ name: "Gardes", type: "group", system: { ruleset: "harmonies" } })).toMatchObject({
      actorLink: false,
      bar1: { attribute: null },
    });
  });

  it("shows bars the token bar configuration offers for the type, each a { value, max } of the prepared actor", async () => {
    const started = await startSystem();
    const trackable = started.foundry.CONFIG.Actor.trackableAttributes as Record<string, { bar: string[] }>;
    const actors = {
      wuxiaCharacter: await started.Actor.create({ name: "Lin Mei", type: "wuxiaCharacter" }),
      harmoniesCharacter: await started.Actor.create({ name: "David", type: "harmoniesCharacter" }),
    };
    for (const [type, bars] of Object.entries(TOKEN_BARS)) {
      for (const attribute of [bars.bar1, bars.bar2]) {
        if (!attribute) continue;
        expect(trackable[type]?.bar, type).toContain(attribute);
        const value = (
          actors[type as keyof typeof actors].system as unknown as Record<string, { value: unknown; max: unknown }>
        )[attribute];
        expect({ type, attribute, value: typeof value?.value, max: typeof value?.max }).toEqual({
          type,
          attribute,
          value: "number",
          max: "number",
        });
      }
    }
  });
});

describe("the token bars offered", () => {
  it("are stored values a bar can write from the token HUD, not derived ones (a bar's value, a value's number)", async () => {
    const { foundry } = await startSystem();
    const config = foundry.CONFIG.Actor as unknown as {
      trackableAttributes: Record<string, { bar: string[]; value: string[] }>;
      dataModels: Record<string, { schema: { getField(path: string): unknown } }>;
    };
    for (const [type, { bar, value }] of Object.entries(config.trackableAttributes)) {
      const schema = config.dataModels[type]?.schema;
      for (const path of bar) expect(schema?.getField(`${path}.value`), `${type} bar ${path}`).toBeDefined();
      for (const path of value) expect(schema?.getField(path), `${type} value ${path}`).toBeDefined();
    }
    for (const [type, bars] of Object.entries(TOKEN_BARS))
      for (const attribute of [bars.bar1, bars.bar2].filter(Boolean))
        expect(config.trackableAttributes[type]?.bar, `${type}'s default bar`).toContain(attribute);
  });
});

describe("an archetype taken from the system's compendium", () => {
  it("keeps a linked token: the hero a player plays takes its wounds on the sheet the player uses", async () => {
    const started = await startSystem();
    const { installSystemPacks } = await import("../../test/foundry/system-packs");
    const pack = installSystemPacks().find((p) => p.collection === "wuxia-harmonies.wuxia-archetypes");
    const archetypes = (await pack?.getDocuments()) ?? [];
    expect(archetypes.length).toBeGreaterThan(0);
    for (const archetype of archetypes) {
      // Core copies the compendium entry's data, prototype token included (Actor.fromCompendium).
      const hero = (await started.Actor.create(archetype.toObject())) as unknown as {
        prototypeToken: { actorLink: boolean; bar1: { attribute: string | null } };
      };
      expect(hero.prototypeToken.actorLink, archetype.name).toBe(true);
      expect(hero.prototypeToken.bar1.attribute, archetype.name).toBe("wounds");
    }
  });
});

describe("a character made an NPC, or a hero again", () => {
  it("takes the other kind's token where it still holds its own kind's: unlinked and hostile, or linked and friendly", async () => {
    const started = await startSystem();
    const hero = (await started.Actor.create({ name: "Bandit", type: "wuxiaCharacter" })) as unknown as {
      prototypeToken: Record<string, unknown>;
      update(data: Record<string, unknown>): Promise<unknown>;
    };
    await hero.update({ system: { npc: true } });
    expect(hero.prototypeToken).toMatchObject({ actorLink: false, disposition: -1 });
    await hero.update({ system: { npc: false } });
    expect(hero.prototypeToken).toMatchObject({ actorLink: true, disposition: 1 });
    // A token the GM set apart (neutral) stays so; what the change says of the token stands.
    await hero.update({ prototypeToken: { disposition: 0 } });
    await hero.update({ system: { npc: true }, prototypeToken: { actorLink: true } });
    expect(hero.prototypeToken).toMatchObject({ actorLink: true, disposition: 0 });
  });

  it("makes an NPC from a pack, whose token says nothing of its side, a friendly hero", () => {
    expect(
      prototypeTokenOnNpcChange(
        { type: "harmoniesCharacter", system: { npc: true }, prototypeToken: {} },
        { system: { npc: false } },
      ),
    ).toEqual({ actorLink: true, disposition: 1 });
  });

  it("leaves a group's token, and an update that does not change the NPC box", () => {
    const token = { actorLink: false, disposition: -1 };
    expect(
      prototypeTokenOnNpcChange({ type: "group", system: {}, prototypeToken: token }, { system: { npc: false } }),
    ).toEqual({});
    expect(
      prototypeTokenOnNpcChange(
        { type: "harmoniesCharacter", system: { npc: true }, prototypeToken: token },
        { system: { npc: true } },
      ),
    ).toEqual({});
    expect(
      prototypeTokenOnNpcChange(
        { type: "harmoniesCharacter", system: { npc: true }, prototypeToken: token },
        { name: "x" },
      ),
    ).toEqual({});
  });
});
