import { beforeEach, describe, expect, it } from "vitest";
import { createActor, startWorld } from "../../../test/support/world";
import type * as Fighters from "./group";

/**
 * Who a group fights as ([default] RULES 3.4): one member of its leading sub-group — the one
 * with the most members still fighting, the first on a tie — with the group's skill level.
 */

let fighters: typeof Fighters;

beforeEach(async () => {
  await startWorld();
  fighters = await import("./group");
});

type Member = { label: string; count: number; out?: number; stats?: Record<string, number> };

function group(ruleset: "wuxia" | "harmonies", members: Member[]): Promise<Actor.OfType<"group">> {
  return createActor(
    {
      name: "Bande",
      type: "group",
      system: { ruleset, members, action: { characteristic: "agilite", means: "precision" } },
    },
    { ownedByPlayer: false },
  ) as Promise<Actor.OfType<"group">>;
}

describe("the leading sub-group", () => {
  it("is the one with the most members still fighting, the first of them on a tie, none when all are out", async () => {
    const band = await group("wuxia", [
      { label: "Archers", count: 5, out: 3 },
      { label: "Lanciers", count: 4, out: 1 },
      { label: "Sabreurs", count: 3 },
    ]);
    expect(fighters.leadingMember(band)?.label).toBe("Lanciers");
    const allOut = await group("wuxia", [
      { label: "Archers", count: 2, out: 2 },
      { label: "Lanciers", count: 1, out: 1 },
    ]);
    expect(fighters.leadingMember(allOut)).toBeNull();
  });
});

describe("a Wuxia group's subject", () => {
  it("has its leading sub-group's Attributes and one skill, the group's own, and no Destiny or penalty", async () => {
    const band = await group("wuxia", [
      { label: "Disciple", count: 1, stats: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2, skill: 1 } },
      { label: "Moine", count: 3, stats: { metal: 4, feu: 5, terre: 3, eau: 2, bois: 1, skill: 3 } },
    ]);
    const subject = fighters.leadingMemberSubject(band);
    expect(subject).toMatchObject({
      kind: "wuxia",
      actor: band,
      name: "Bande",
      attributes: { metal: 4, feu: 5, terre: 3, eau: 2, bois: 1 },
      destiny: 0,
      srPenalty: 0,
    });
    expect(subject?.skills).toEqual([
      {
        id: fighters.GROUP_SKILL_ID,
        uuid: "",
        skillName: "Group skill",
        specialisation: null,
        competence: 3,
        rerolls: 0,
        kind: "metier",
        attribute: null,
        chiCost: 0,
        identifier: fighters.GROUP_SKILL_ID,
      },
    ]);
  });

  it("is none for a Harmonies group, and none when everyone is out", async () => {
    expect(fighters.leadingMemberSubject(await group("harmonies", [{ label: "Soldat", count: 2 }]))).toBeNull();
    expect(fighters.leadingMemberSubject(await group("wuxia", [{ label: "Brigand", count: 2, out: 2 }]))).toBeNull();
  });
});

describe("a Harmonies group's subject", () => {
  it("has its leading sub-group's Values and the group's skill on the group's action", async () => {
    const band = await group("harmonies", [
      { label: "Sergent", count: 1, stats: { agilite: 3, precision: 2, skill: 4 } },
      { label: "Soldat", count: 6, stats: { agilite: 1, precision: 1, skill: 2 } },
    ]);
    const subject = fighters.harmoniesGroupSubject(band);
    expect(subject).toMatchObject({
      kind: "harmonies",
      actor: band,
      name: "Bande",
      scores: { agilite: 1, precision: 1 },
      penalty: 0,
      physicalPenalty: 0,
    });
    expect(subject?.skills).toEqual([
      {
        id: fighters.GROUP_SKILL_ID,
        uuid: "",
        name: "Group skill",
        level: 2,
        characteristic: "agilite",
        means: "precision",
        identifier: fighters.GROUP_SKILL_ID,
      },
    ]);
  });

  it("is none for a Wuxia group, and none when everyone is out", async () => {
    expect(fighters.harmoniesGroupSubject(await group("wuxia", [{ label: "Brigand", count: 2 }]))).toBeNull();
    expect(
      fighters.harmoniesGroupSubject(await group("harmonies", [{ label: "Soldat", count: 1, out: 1 }])),
    ).toBeNull();
  });
});

describe("a group's fighter", () => {
  it("fights by its rule set as its leading member, rolls that member's Initiative, and does nothing at turn start", async () => {
    const wuxia = await group("wuxia", [{ label: "Archers", count: 5, stats: { metal: 3, skill: 2 } }]);
    const harmonies = await group("harmonies", [{ label: "Gardes", count: 4 }]);
    const wuxiaFighter = fighters.groupFighter(wuxia);
    expect(wuxiaFighter).toMatchObject({ ruleset: "wuxia", actor: wuxia, metal: 3 });
    expect(wuxiaFighter?.initiativeRoll().formula).toBe("3d10");
    expect(fighters.groupFighter(harmonies)).toMatchObject({ ruleset: "harmonies", actor: harmonies });
    await expect(wuxiaFighter?.turnStart()).resolves.toBeUndefined();
  });

  it("is none once everyone is out: the group no longer takes turns of its own", async () => {
    const beaten = await group("harmonies", [{ label: "Gardes", count: 2, out: 2 }]);
    expect(fighters.groupFighter(beaten)).toBeNull();
  });
});
