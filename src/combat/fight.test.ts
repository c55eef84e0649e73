// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { as } from "../../test/support/combat";
import { createActor, createCombat, startWorld } from "../../test/support/world";

/**
 * The fight an actor is in, found from the actor whatever encounter this client views: a started
 * combat first, then the scene's active one, then the viewed one, whatever order they were made in.
 */

beforeEach(async () => {
  await startWorld();
});

const ogre = () => createActor({ name: "Ogre", type: "wuxiaCharacter" }, { ownedByPlayer: false });

async function view(combat: Combat.Implementation | null): Promise<void> {
  await as("gm", async () => {
    (game.combats as unknown as { viewed: unknown }).viewed = combat;
  });
}

async function fightOf(actor: Actor.Implementation): Promise<Combat.Implementation | null> {
  const { combatantOf } = await import("./fight");
  return as("gm", async () => combatantOf(actor)?.combat ?? null);
}

describe("the combatant an actor fights as", () => {
  it("is in the started combat, though a waiting one holding it was made first and is viewed", async () => {
    const actor = await ogre();
    const waiting = await createCombat([actor], { start: false });
    const started = await createCombat([actor]);
    await view(waiting);
    expect(await fightOf(actor)).toBe(started);
  });

  it("among waiting combats, is in the active one, then in the viewed one", async () => {
    const actor = await ogre();
    const first = await createCombat([actor], { start: false });
    const second = await createCombat([actor], { start: false });
    const third = await createCombat([actor], { start: false });
    await view(third);
    expect(await fightOf(actor)).toBe(third);
    await as("gm", () => second.update({ active: true } as never));
    expect(await fightOf(actor)).toBe(second);
    await view(null);
    expect(await fightOf(actor)).toBe(second);
    expect(first.combatants.size).toBe(1);
  });

  it("is none when no combat holds the actor, and never another actor's", async () => {
    const actor = await ogre();
    const other = await ogre();
    await createCombat([other]);
    expect(await fightOf(actor)).toBeNull();
  });
});
