// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../../test/foundry/clients";
import { viewScene, type SceneDouble, type SceneTokenDouble } from "../../test/foundry/scenes";
import { as, must, scriptFaces } from "../../test/support/combat";
import { postedMessages, seatUser, startWorld, wuxiaHero } from "../../test/support/world";
import type { GroupMemberData } from "../documents/actors/group";

/**
 * The GM's evening from end to end: a spreadsheet of NPCs imported, its group put on the scene
 * one token per member, those tokens in the tracker beside a player's character, the round's
 * initiative rolled for them, and the player's arrow hurting the group the tokens stand for.
 */

type AnyObject = Record<string, unknown>;
const g = globalThis as unknown as {
  Scene: { create(data: AnyObject): Promise<SceneDouble> };
  Combat: { create(data: AnyObject): Promise<Combat.Implementation> };
  game: { actors: { getName(name: string): Actor.Implementation | undefined } };
};

const CSV = "groupe;nom;nombre;jeu;metal;feu;terre;eau;bois;competence\r\nBrigands;Brigand;3;wuxia;1;2;1;1;1;0\r\n";

beforeEach(async () => {
  await startWorld();
});

async function evening() {
  const gm = seatUser("gm");
  const { importFrom } = await import("../dialogs/import-dialog");
  const { placeGroupTokens } = await import("./group-tokens");
  const scene = await asClient(gm, () =>
    g.Scene.create({ name: "Le gué", width: 2000, height: 1000, padding: 0, grid: { size: 100 } }),
  );
  viewScene(scene, { x: 1000, y: 500 });
  const summary = await asClient(gm, () => importFrom(CSV));
  const group = must(g.game.actors.getName("Brigands"));
  expect(summary.created.map((c) => c.name)).toEqual(["Brigands"]);
  const tokens = (await asClient(gm, () => placeGroupTokens(group, { mode: "members" }))) as SceneTokenDouble[];
  const lin = await wuxiaHero("Lin Mei");
  const combat = await asClient(gm, () =>
    g.Combat.create({
      scene: scene.id,
      combatants: [
        { actorId: lin.id },
        ...tokens.map((t) => ({ tokenId: t.id, sceneId: scene.id, actorId: group.id })),
      ],
    }),
  );
  return { group, tokens, lin, combat };
}

const members = (group: Actor.Implementation) => (group.system as unknown as { members: GroupMemberData[] }).members;

describe("import, place, fight", () => {
  it("puts each placed member in the tracker as its own token, with its group's initiative test each round", async () => {
    const { tokens, combat } = await evening();
    expect(tokens).toHaveLength(3);
    const fighters = combat.combatants.contents.filter((c) => c.tokenId);
    expect(fighters.map((c) => c.token?.id)).toEqual(tokens.map((t) => t.id));
    expect(fighters.every((c) => c.actor?.name === "Brigands" && c.actor.isToken)).toBe(true);
    // Lin Mei: Métal 3 (5 is Feu); each brigand: Métal 1 from the spreadsheet.
    scriptFaces([10, 10, 10, 10, 10, 10]);
    await as("gm", () => combat.startCombat());
    const initiatives = combat.combatants.contents.map((c) => c.initiative);
    expect(initiatives.every((i) => typeof i === "number")).toBe(true);
    expect(fighters.map((c) => c.initiative)).toEqual([2, 2, 2]);
  });

  it("lets the player's arrow at one brigand's token hurt the imported group itself", async () => {
    const { group, tokens, lin } = await evening();
    const { attackWith, defendAgainst, attackRequests } = await import("../combat/attack");
    const arc = must(lin.items.find((i) => i.name === "Arc long"));
    const target = tokens[0]?.actor as unknown as Actor.Implementation;
    scriptFaces([10, 10, 10, 10, 10]);
    await as("player", () => attackWith(lin, arc, target, { dialog: false }));
    const card = must(postedMessages().at(-1));
    scriptFaces([3]);
    await as("gm", () => defendAgainst(card as never, { defenseDice: 0, reserve: 0 }));
    await as("player", () => attackRequests.applyDamage(card as never));
    // Five successes against none: a hit; the Arc long's ND 3 on a brigand with no armour.
    expect(members(group)[0]?.wounds.nb).toBe(3);
    // The stranger, who owns neither side, cannot apply the damage again; the player cannot twice.
    await expect(as("stranger", () => attackRequests.applyDamage(card as never))).rejects.toMatchObject({
      key: "WH.Chat.Error.NotOwner",
    });
    await expect(as("player", () => attackRequests.applyDamage(card as never))).rejects.toMatchObject({
      key: "WH.Combat.Error.AlreadyApplied",
    });
    expect(members(group)[0]?.wounds.nb).toBe(3);
    expect(members(group)[0]?.out).toBe(0);
  });

  it("loses a brigand at the death threshold: the group fights on with the others, its tokens see it", async () => {
    const { group, tokens, lin } = await evening();
    const { attackWith, defendAgainst, attackRequests } = await import("../combat/attack");
    const arc = must(lin.items.find((i) => i.name === "Arc long"));
    // (2 × Métal 1 + Eau 1) × 3 = 9 NB: three arrows of ND 3.
    for (let shot = 0; shot < 3; shot++) {
      scriptFaces([10, 10, 10, 10, 10]);
      await as("player", () => attackWith(lin, arc, tokens[shot]?.actor as never, { dialog: false }));
      const card = must(postedMessages().at(-1));
      scriptFaces([3]);
      await as("gm", () => defendAgainst(card as never, { defenseDice: 0, reserve: 0 }));
      await as("player", () => attackRequests.applyDamage(card as never));
    }
    expect(members(group)[0]).toMatchObject({ out: 1, wounds: { nb: 0 } });
    const system = group.system as unknown as { size: number };
    expect([members(group)[0]?.count, system.size]).toEqual([3, 2]);
    for (const token of tokens) expect((token.actor as unknown as { system: { size: number } }).system.size).toBe(2);
  });
});
