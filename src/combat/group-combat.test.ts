// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { placeToken } from "../../test/foundry/combat";
import type { FoundryDouble } from "../../test/foundry/install";
import { as, must, roundOf, scriptFaces } from "../../test/support/combat";
import {
  createActor,
  createCombat,
  guards,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";

/**
 * NPC groups in Foundry's tracker ([default] RULES 3.4): a group is one combatant, with one
 * Initiative and one turn, rolled as one fighter of the group would roll it.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  foundry = await startWorld();
});

/** Ten guards (Métal 2, Compétence 1: threshold 9) and their sergeant (Métal 4, Compétence 3: threshold 7). */
function wuxiaBand(out = { guards: 0, sergeant: 0 }) {
  return createActor(
    {
      name: "Gardes du yamen",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [
          { label: "Garde", count: 10, out: out.guards, stats: { metal: 2, skill: 1 } },
          { label: "Sergent", count: 1, out: out.sergeant, stats: { metal: 4, skill: 3 } },
        ],
      },
    },
    { ownedByPlayer: false },
  );
}

describe("a Wuxia group in the round start", () => {
  it("rolls one Initiative test with the Métal and skill of its largest sub-group still fighting", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const band = await wuxiaBand();
    // Lin Mei (Métal 3, no combat skill: threshold 10): 10 3 4 → 1 success. The guards' two dice: 9 3 → 1.
    scriptFaces([10, 3, 4, 9, 3]);
    const combat = await createCombat([lin, band]);
    const [linC, bandC] = combat.combatants.contents;
    expect(roundOf(bandC)).toMatchObject({ round: 1, successes: 1, spent: { initiative: 1 } });
    // Initiative = Métal + the successes spent on it (RULES 1.4): the guards' Métal 2, not the sergeant's 4.
    expect([linC?.initiative, bandC?.initiative]).toEqual([4, 3]);
    const summary = postedMessages()[0];
    expect(summary?.rolls).toHaveLength(2);
    expect(summary?.rolls[1]?.dice[0]?.results.map((r: { result: number }) => r.result)).toEqual([9, 3]);
  });

  it("fights with the sergeant once every guard is out, and leaves a group with no one left out of the round", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const band = await wuxiaBand({ guards: 10, sergeant: 0 });
    const routed = await createActor(
      {
        name: "Déroute",
        type: "group",
        system: { ruleset: "wuxia", members: [{ label: "Brigand", count: 3, out: 3, stats: { metal: 5 } }] },
      },
      { ownedByPlayer: false },
    );
    // Lin Mei 10 3 4; the sergeant's four dice at threshold 7: 7 8 2 1 → 2 successes.
    scriptFaces([10, 3, 4, 7, 8, 2, 1]);
    const combat = await createCombat([lin, band, routed]);
    const [, bandC, routedC] = combat.combatants.contents;
    expect(roundOf(bandC)).toMatchObject({ successes: 2, spent: { initiative: 2 } });
    expect(bandC?.initiative).toBe(6);
    expect(postedMessages()[0]?.rolls).toHaveLength(2);
    expect(routedC?.initiative).toBeNull();
  });

  it("takes the first of two sub-groups equally strong in members still fighting", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const band = await createActor(
      {
        name: "Deux bandes",
        type: "group",
        system: {
          ruleset: "wuxia",
          members: [
            { label: "Lanciers", count: 5, out: 1, stats: { metal: 1, skill: 0 } },
            { label: "Archers", count: 4, out: 0, stats: { metal: 3, skill: 0 } },
          ],
        },
      },
      { ownedByPlayer: false },
    );
    // Lin Mei 10 3 4; the lancers' one die.
    scriptFaces([10, 3, 4, 10]);
    const combat = await createCombat([lin, band]);
    const bandC = must(combat.combatants.contents.find((c) => c.actorId === band.id));
    expect(postedMessages()[0]?.rolls[1]?.dice[0]?.results).toHaveLength(1);
    expect(bandC.initiative).toBe(2);
  });

  it("lets the GM roll the group's round start from the tracker's button, and a player only asks", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const band = await wuxiaBand();
    scriptFaces([10, 3, 4, 9, 3]);
    const combat = await createCombat([lin, band]);
    const bandC = must(combat.combatants.contents.find((c) => c.actorId === band.id));
    scriptFaces([9, 9]);
    await as("gm", () => bandC.rollInitiative());
    expect(roundOf(combat.combatants.get(bandC.id ?? "")).successes).toBe(2);
    await expect(as("player", () => bandC.rollInitiative())).rejects.toThrow();
    expect(roundOf(combat.combatants.get(bandC.id ?? "")).successes).toBe(2);
  });
});

describe("a Harmonies group's Initiative", () => {
  it("is one guard's closed difference roll on Agilité + Manœuvre, not the group's combined Values (RULES 3.4)", async () => {
    const david = await harmoniesHero("David");
    const band = await guards(25);
    const combat = await createCombat([david, band], { start: false, initiatives: [5, null] });
    const bandC = must(combat.combatants.contents.find((c) => c.actorId === band.id));
    // A guard: Ag +1, Mn +1, skill 0; 7 − 3 = +4.
    scriptFaces([7, 3]);
    await as("gm", () => combat.rollInitiative([bandC.id ?? ""]));
    expect(combat.combatants.get(bandC.id ?? "")?.initiative).toBe(6);
  });
});

describe("a group in the combat", () => {
  it("is one combatant: combat toggled on three of its tokens at once adds one, and the GM is told why", async () => {
    const lin = await wuxiaHero("Lin Mei");
    const band = await wuxiaBand();
    const combat = await createCombat([lin]);
    const tokens = [1, 2, 3].map((i) => placeToken(band as never, { actorLink: false, name: `Garde ${i}` }));
    await as("gm", () =>
      combat.createEmbeddedDocuments(
        "Combatant",
        tokens.map((token) => ({ actorId: band.id, tokenId: token.id })) as never,
      ),
    );
    await vi.waitFor(() => expect(combat.combatants.contents.map((c) => c.actorId)).toEqual([lin.id, band.id]));
    expect(combat.combatants.contents[1]?.tokenId).toBe(tokens[0]?.id);
    const warnings = foundry.notifications.filter((n) => n.level === "warn").map((n) => n.message);
    expect(warnings).toEqual([
      foundry.game.i18n.format("WH.Combat.Guard.GroupOnce", { name: "Gardes du yamen" }),
      foundry.game.i18n.format("WH.Combat.Guard.GroupOnce", { name: "Gardes du yamen" }),
    ]);
    // One more token toggled later adds nothing either.
    const fourth = placeToken(band as never, { actorLink: false, name: "Garde 4" });
    await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: band.id, tokenId: fourth.id }] as never),
    );
    await vi.waitFor(() => expect(combat.combatants.contents).toHaveLength(2));
  });

  it("leaves two groups, and unlinked tokens of one character NPC, each their own combatant", async () => {
    const band = await wuxiaBand();
    const other = await wuxiaBand();
    const bandit = await createActor({ name: "Bandit", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    const combat = await createCombat([band, other]);
    const [a, b] = [1, 2].map(() => placeToken(bandit as never, { actorLink: false }));
    await as("gm", () =>
      combat.createEmbeddedDocuments("Combatant", [
        { actorId: bandit.id, tokenId: a?.id },
        { actorId: bandit.id, tokenId: b?.id },
      ] as never),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(combat.combatants.contents).toHaveLength(4);
  });
});

describe("a group's row in the tracker", () => {
  it("says how many members still fight, each sub-group in its plain-text title, in any combat and for every seat", async () => {
    const david = await harmoniesHero("David");
    const band = await createActor(
      {
        name: "Gardes",
        type: "group",
        system: {
          ruleset: "harmonies",
          members: [
            { label: "Garde", count: 25, out: 22, stats: { agilite: 1 } },
            { label: "Sergent <b>", count: 2, out: 0, stats: { agilite: 2 } },
          ],
        },
      },
      { ownedByPlayer: false },
    );
    const combat = await createCombat([david, band], { start: false, initiatives: [5, 3] });
    const bandC = must(combat.combatants.contents.find((c) => c.actorId === band.id));
    const tracker = (
      globalThis as unknown as { ui: { combat: { element: HTMLElement; render(o: unknown): Promise<unknown> } } }
    ).ui.combat;
    await as("stranger", () => tracker.render({ force: true }));
    const badge = tracker.element.querySelector<HTMLElement>(`[data-combatant-id="${bandC.id}"] .wh-tracker__group`);
    expect(badge?.textContent).toBe("5/27 fighting");
    expect(badge?.title).toBe("Garde: 3/25 · Sergent <b>: 2/2");
    expect(badge?.dataset.tooltip).toBeUndefined();
    expect(badge?.querySelector("b")).toBeNull();
    const hero = tracker.element.querySelector(
      `[data-combatant-id="${combat.combatants.contents[0]?.id}"] .wh-tracker__group`,
    );
    expect(hero).toBeNull();
  });
});
