import { beforeEach, describe, expect, it } from "vitest";
import { startSystem, type TestActor } from "../../../test/support/start-system";
import type { GroupModel } from "./group";

type Started = Awaited<ReturnType<typeof startSystem>>;
const sys = (actor: TestActor) => actor.system as unknown as GroupModel;

function member(label: string, count: number, stats: Record<string, number>) {
  return { label, count, stats };
}

describe("Actor group", () => {
  let started: Started;
  beforeEach(async () => {
    started = await startSystem();
  });

  it("combines Values as the book does and shows what is set aside (RULES 3.1 example: +9, −10 aside)", async () => {
    const actor = await started.Actor.create({
      name: "Bande",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          member("Chiot", 1, { corps: -10 }),
          member("Gamins", 2, { corps: -5 }),
          member("Brute", 1, { corps: 3 }),
          member("Sergent", 1, { corps: 4 }),
          member("Capitaine", 1, { corps: 5 }),
        ],
      },
    });
    const corps = sys(actor).combined.find((c) => c.key === "corps");
    expect(corps).toEqual({ key: "corps", value: 9, setAside: [{ value: -10, members: ["Chiot"] }] });
    expect(sys(actor).size).toBe(6);
  });

  it("leaves members out of the fight out of its size, its Values and its homogeneity (RULES 3.4)", async () => {
    const actor = await started.Actor.create({
      name: "Bande",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { ...member("Gardes", 25, { corps: 1 }), out: 22 },
          { ...member("Chien", 1, { corps: -10, agilite: 20 }), out: 1 },
          { ...member("Sergent", 2, { corps: 1 }), out: 5 },
        ],
      },
    });
    expect(sys(actor).fighting).toEqual([3, 0, 0]);
    expect(sys(actor).size).toBe(3);
    // Three guards at +1 are +1 + Value(3) = +6; the dog out of the fight is not set aside.
    expect(sys(actor).combined.find((c) => c.key === "corps")).toEqual({ key: "corps", value: 6, setAside: [] });
    expect(sys(actor).homogeneity?.homogeneous).toBe(true);
  });

  it("names the sub-group of a set-aside Value it reached by pooling its own members (RULES 3.1 step 1)", async () => {
    const actor = await started.Actor.create({
      name: "Garde",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          member("Gardes", 25, { corps: 1, agilite: 1 }),
          member("Sergents", 3, { corps: 2, agilite: 1 }),
          member("Chien", 1, { corps: -10, agilite: 2 }),
        ],
      },
    });
    const setAside = (key: string) => sys(actor).combined.find((c) => c.key === key)?.setAside;
    // Corps: 25 at +1 → +15, 3 at +2 → +7, −10: −10 is 17 behind +7 and +7 is 8 behind +15.
    expect(setAside("corps")).toEqual([
      { value: -10, members: ["Chien"] },
      { value: 7, members: ["Sergents"] },
    ]);
    // Agilité: the 28 at +1 pool together (+15); the dog alone at +2 is set aside.
    expect(setAside("agilite")).toEqual([{ value: 2, members: ["Chien"] }]);
  });

  it("flags a group whose action scores spread over more than 5 points (RULES 3.2)", async () => {
    const actor = await started.Actor.create({
      name: "Garde",
      type: "group",
      system: {
        ruleset: "harmonies",
        action: { characteristic: "agilite", means: "precision" },
        members: [
          member("Gardes", 25, { agilite: 1, precision: 0, skill: 0 }),
          member("Archers", 5, { agilite: 2, precision: 2, skill: 1 }),
        ],
      },
    });
    expect(sys(actor).actionScores).toEqual([1, 5]);
    expect(sys(actor).homogeneity).toEqual({ homogeneous: true, spread: 4 });
    await actor.update({ "system.action.means": "puissance" });
    expect(sys(actor).homogeneity?.homogeneous).toBe(true);
    await actor.update({ "system.members": [member("A", 1, { agilite: -3 }), member("B", 1, { agilite: 4 })] });
    expect(sys(actor).homogeneity).toEqual({ homogeneous: false, spread: 7 });
  });

  it("uses the Wuxia attribute for a Wuxia group and does not combine its Values", async () => {
    const actor = await started.Actor.create({
      name: "Bandits",
      type: "group",
      system: { ruleset: "wuxia", action: { attribute: "feu" }, members: [member("Bandits", 6, { feu: 3, skill: 2 })] },
    });
    expect(sys(actor).actionScores).toEqual([5]);
    expect(sys(actor).combined).toEqual([]);
    expect(sys(actor).homogeneity).toEqual({ homogeneous: true, spread: 0 });
  });

  it("has no homogeneity without members", async () => {
    const actor = await started.Actor.create({ name: "Vide", type: "group" });
    expect(sys(actor).homogeneity).toBeNull();
    expect(sys(actor).size).toBe(0);
  });

  it("refuses an empty sub-group and a Wuxia attribute outside 1..10", async () => {
    const actor = await started.Actor.create({ name: "G", type: "group", system: { members: [member("A", 2, {})] } });
    await expect(actor.update({ "system.members": [member("A", 0, {})] })).rejects.toThrow(
      "must be between 1 and 10000 (got 0)",
    );
    await expect(actor.update({ "system.members": [member("A", 1, { metal: 11 })] })).rejects.toThrow(
      "must be between 1 and 10 (got 11)",
    );
    expect(sys(actor).members[0]?.count).toBe(2);
  });

  it("migrates members written as { name, number } with flat stats, idempotently", () => {
    const model = started.documents.ACTOR_MODELS.group;
    const old = { ruleset: "harmonies", members: [{ name: "Gardes", number: 25, corps: 1, skill: 2 }] };
    const once = model.migrateData(structuredClone(old));
    expect(once.members).toEqual([{ label: "Gardes", count: 25, stats: { corps: 1, skill: 2 } }]);
    expect(model.migrateData(structuredClone(once))).toEqual(once);
  });

  it("holds at most 1 000 sub-groups: one more is refused, and a group made before the bound keeps its first 1 000", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => member(`S${i}`, 1, {}));
    const actor = await started.Actor.create({ name: "G", type: "group", system: { members: many(1000) } });
    expect(sys(actor).members).toHaveLength(1000);
    await expect(actor.update({ "system.members": many(1001) })).rejects.toThrow("cannot have more than 1000 elements");
    expect(sys(actor).members).toHaveLength(1000);
    const model = started.documents.ACTOR_MODELS.group;
    const migrated = model.migrateData({ ruleset: "wuxia", members: many(1500) });
    expect((migrated.members as { label: string }[]).map((m) => m.label).slice(-1)).toEqual(["S999"]);
  });
});
