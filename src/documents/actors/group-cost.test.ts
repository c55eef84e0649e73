import { beforeEach, describe, expect, it } from "vitest";
import { combineValues } from "../../rules";
import { startSystem, type TestActor } from "../../../test/support/start-system";
import { HARMONIES_ATTRIBUTES } from "../../rules/vocabulary";
import type { GroupModel } from "./group";

type Started = Awaited<ReturnType<typeof startSystem>>;
const sys = (actor: TestActor) => actor.system as unknown as GroupModel & { prepareDerivedData(): void };

/** `n` sub-groups of `count` members each, their Values spread so that every kind of merge happens. */
function army(n: number, count: number) {
  return Array.from({ length: n }, (_, i) => ({
    label: `Troop ${i}`,
    count: count - (i % 7),
    stats: Object.fromEntries(HARMONIES_ATTRIBUTES.map((k, j) => [k, ((i * (j + 3)) % 41) - 20])),
  }));
}

describe("a group's derived data costs what its sub-groups cost", () => {
  let started: Started;
  beforeEach(async () => {
    started = await startSystem();
  });

  it("combines each Value as the book does over every individual", async () => {
    const members = army(30, 40);
    const actor = await started.Actor.create({
      name: "Army",
      type: "group",
      system: { ruleset: "harmonies", members },
    });
    for (const key of HARMONIES_ATTRIBUTES) {
      const everyone = members.flatMap((m) => new Array<number>(m.count).fill(m.stats[key] ?? NaN));
      const expected = combineValues(everyone);
      const combined = sys(actor).combined.find((c) => c.key === key);
      expect(combined?.value, key).toBe(expected.value);
      expect(
        combined?.setAside.map((s) => s.value),
        key,
      ).toEqual(expected.setAside);
    }
  });

  it("prepares 400 sub-groups of 10 000 members without expanding them (it took seconds)", async () => {
    const actor = await started.Actor.create({
      name: "Host",
      type: "group",
      system: { ruleset: "harmonies", members: army(400, 10_000) },
    });
    expect(sys(actor).size).toBeGreaterThan(3_990_000);
    const start = performance.now();
    sys(actor).prepareDerivedData();
    // Expanding the members took 4.7 s; the sub-groups take a few milliseconds. A wide margin
    // keeps a loaded machine from failing the test.
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
