import { beforeEach, describe, expect, it } from "vitest";
import { actAs, guards, harmoniesHero, startWorld, strangerId, wuxiaHero } from "../../test/support/world";

/** A dead character carries core's DEFEATED status (the token's skull), whoever wrote the wounds. */

interface WithEffects {
  statuses: Set<string>;
  effects: { contents: { statuses: Set<string>; flags: { core?: { overlay?: boolean } } }[] };
  toggleStatusEffect(id: string, options?: Record<string, unknown>): Promise<unknown>;
}
const view = (actor: Actor.Implementation) => actor as unknown as WithEffects;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  await startWorld();
});

describe("the DEFEATED status of a character", () => {
  it("comes when the player writes a Wuxia hero's wounds up to the death threshold, as an overlay, and goes on healing", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const max = (hero.system as unknown as { wounds: { max: number } }).wounds.max;
    actAs("player");
    await hero.update({ system: { wounds: { value: max - 1 } } } as never);
    await settle();
    expect(view(hero).statuses.has("dead")).toBe(false);
    await hero.update({ system: { wounds: { value: max } } } as never);
    await settle();
    expect(view(hero).statuses.has("dead")).toBe(true);
    const effect = view(hero).effects.contents.find((e) => e.statuses.has("dead"));
    expect(effect?.flags.core?.overlay).toBe(true);
    await hero.update({ system: { wounds: { value: max - 5 } } } as never);
    await settle();
    expect(view(hero).statuses.has("dead")).toBe(false);
  });

  it("comes with a Harmonies fatal wound and goes when it is healed", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await david.update({ system: { wounds: { fatal: true } } } as never);
    await settle();
    expect(view(david).statuses.has("dead")).toBe(true);
    await david.update({ system: { wounds: { fatal: false } } } as never);
    await settle();
    expect(view(david).statuses.has("dead")).toBe(false);
  });

  it("set by the GM by hand stays while other things change, and is not set twice", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await view(hero).toggleStatusEffect("dead", { active: true, overlay: true });
    actAs("player");
    await hero.update({ system: { chi: { value: 1 } } } as never);
    await settle();
    expect(view(hero).statuses.has("dead")).toBe(true);
    const max = (hero.system as unknown as { wounds: { max: number } }).wounds.max;
    await hero.update({ system: { wounds: { value: max } } } as never);
    await settle();
    expect(view(hero).effects.contents.filter((e) => e.statuses.has("dead"))).toHaveLength(1);
  });

  it("does not come from a second player's write, which the server refuses", async () => {
    const hero = await wuxiaHero("Lin Mei");
    actAs("gm");
    await hero.update({ ownership: { [strangerId()]: 2 } } as never);
    const max = (hero.system as unknown as { wounds: { max: number } }).wounds.max;
    actAs("stranger");
    await expect(hero.update({ system: { wounds: { value: max } } } as never)).rejects.toThrow();
    await settle();
    expect(view(hero).statuses.has("dead")).toBe(false);
  });

  it("does not come with a Harmonies wound that is not fatal", async () => {
    const david = await harmoniesHero("David");
    actAs("player");
    await david.update({ system: { wounds: { light: 2, grave: 1 } } } as never);
    await settle();
    expect(view(david).statuses.has("dead")).toBe(false);
  });

  it("is set only by the client that wrote the wounds, not by another client seeing the change", async () => {
    const hero = await wuxiaHero("Lin Mei");
    const max = (hero.system as unknown as { wounds: { max: number } }).wounds.max;
    actAs("gm");
    await hero.updateSource({ system: { wounds: { value: max } } } as never);
    (Hooks as unknown as { callAll(hook: string, ...args: unknown[]): void }).callAll(
      "updateActor",
      hero,
      { system: { wounds: { value: max } } },
      {},
      "another-user",
    );
    await settle();
    expect(view(hero).statuses.has("dead")).toBe(false);
  });
});

describe("isDown", () => {
  it("is false for what has no wounds of its own: a group", async () => {
    const { isDown } = await import("./death-status");
    const group = await guards(3);
    expect(isDown(group)).toBe(false);
  });
});
