// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient, server } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  as,
  harmoniesFight,
  must,
  reserveOf,
  roundOf,
  scriptFaces,
  woundsOf,
  wuxiaAttack,
  wuxiaAttackFight,
  wuxiaDefend,
} from "../../test/support/combat";
import { seatUser, startWorld, type PostedMessage } from "../../test/support/world";

/**
 * Two clients acting on shared combat state at the same instant, each before the other's write
 * has come back from a slow server: the active GM's client carries out every request in one
 * order, each reading what it changes right before writing it, so both act (or the second is
 * refused with a message) and nothing is lost. The clients are the player and two more GMs
 * (assistants), none of them the active GM: each request reaches the active GM's client as a
 * query, at the same moment as the other's.
 */

let foundry: FoundryDouble;
const SECOND_GM = "gmUser000000002";
const THIRD_GM = "gmUser000000003";

beforeEach(async () => {
  foundry = await startWorld();
  server.latencyMs = 5;
});

/** Two assistant GMs' clients: they ask the active GM as players do. */
const assistants = (): [unknown, unknown] => [
  foundry.addUser(SECOND_GM, "Assistant", 3),
  foundry.addUser(THIRD_GM, "Second assistant", 3),
];

/** Every outcome of several clients' actions started together. */
function together(...actions: (() => Promise<unknown>)[]): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled(actions.map((action) => action()));
}

const rejections = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as unknown);

type Wuxia = { wounds: { value: number } };
const woundLevel = (actor: Actor.Implementation) => (actor.system as unknown as Wuxia).wounds.value;

describe("a Wuxia defender hit by two cards", () => {
  it("takes both wounds when the player and an assistant apply them at once (ND 3 each: NB 6)", async () => {
    const world = await wuxiaAttackFight();
    const [gm2] = assistants();
    const first = await wuxiaAttack(world);
    const second = await wuxiaAttack(world);
    await wuxiaDefend(first, { defenseDice: 0, reserve: 0 }, { faces: [3, 3] });
    await wuxiaDefend(second, { defenseDice: 0, reserve: 0 }, { faces: [3, 3] });
    const { attackRequests } = await import("./attack");
    const results = await together(
      () => as("player", () => attackRequests.applyDamage(first as never)),
      () => asClient(gm2, () => attackRequests.applyDamage(second as never)),
    );
    expect(rejections(results)).toEqual([]);
    expect(woundLevel(world.bandit)).toBe(6);
  });

  it("spends its 2 Defense dice once when two clients answer two cards with both", async () => {
    const world = await wuxiaAttackFight();
    const [gm2, gm3] = assistants();
    const first = await wuxiaAttack(world);
    const second = await wuxiaAttack(world);
    const { defendAgainst } = await import("./attack");
    // Terre 2 with no success whatever the order the dice are drawn in.
    scriptFaces([3, 3, 3, 3]);
    const results = await together(
      () => asClient(gm3, () => defendAgainst(first as never, { defenseDice: 2, reserve: 0 })),
      () => asClient(gm2, () => defendAgainst(second as never, { defenseDice: 2, reserve: 0 })),
    );
    expect(rejections(results)).toEqual([
      expect.objectContaining({ key: "WH.Combat.Error.NotEnoughDefense", data: { name: "Bandit", count: 0 } }),
    ]);
    expect(roundOf(world.banditC).defenseDice).toBe(0);
    type Card = { system: { defence: { defenseDice: number } | null } };
    const spent = [first, second].map((m) => (m as unknown as Card).system.defence);
    expect(spent.filter((d) => d?.defenseDice === 2)).toHaveLength(1);
  });

  it("keeps the reserve right when the GM adds a die while a defence spends one (1 + 1 − 1 = 1)", async () => {
    const world = await wuxiaAttackFight();
    const [gm2, gm3] = assistants();
    const message = await wuxiaAttack(world);
    const { defendAgainst } = await import("./attack");
    const { combatRequests } = await import("./requests");
    expect(reserveOf(world.combat).hostile).toBe(1);
    scriptFaces([3, 3, 3]);
    const results = await together(
      () => asClient(gm2, () => defendAgainst(message as never, { defenseDice: 0, reserve: 1 })),
      () => asClient(gm3, () => combatRequests.adjustPool(world.combat, "hostile", "up")),
    );
    expect(rejections(results)).toEqual([]);
    expect(reserveOf(world.combat).hostile).toBe(1);
  });
});

describe("a Harmonies victim soaking two hits at once", () => {
  it("keeps both wounds", async () => {
    const frail = {
      characteristics: { corps: { value: 0 }, agilite: { value: 2 } },
      means: { resistance: { value: 0 } },
    };
    const world = await harmoniesFight({}, frail);
    const [gm2, gm3] = assistants();
    const { harmoniesAttackWith, harmoniesDefend, harmoniesSoak } = await import("./harmonies-attack");
    const hits: PostedMessage[] = [];
    for (let i = 0; i < 2; i++) {
      scriptFaces([5, 6]);
      await as("player", () =>
        harmoniesAttackWith(world.david, world.sling, world.goliath, { dialog: false, values: { difficulty: -4 } }),
      );
      const { postedMessages } = await import("../../test/support/world");
      const hit = must(postedMessages().at(-1));
      await as("gm", () => harmoniesDefend(hit as never, { take: true }));
      hits.push(hit);
    }
    // Cp 0 + Rs 0 against damage 0, closed: 1 − 10 = −9 on each soak, a grave wound each.
    scriptFaces([1, 10, 1, 10]);
    const results = await together(
      () => asClient(gm3, () => harmoniesSoak(must(hits[0]) as never)),
      () => asClient(gm2, () => harmoniesSoak(must(hits[1]) as never)),
    );
    expect(rejections(results)).toEqual([]);
    expect(woundsOf(world.goliath).grave).toBe(2);
  });
});

describe("the authority's order", () => {
  it("is one queue: a request waits for the one before it, whatever it acts on", async () => {
    const { inAuthorityOrder } = await import("../requests/queue");
    const log: string[] = [];
    let open = (): void => undefined;
    const first = inAuthorityOrder(
      () =>
        new Promise<void>((resolve) => {
          log.push("first starts");
          open = () => {
            log.push("first ends");
            resolve();
          };
        }),
    );
    const second = inAuthorityOrder(async () => {
      log.push("second starts");
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(["first starts"]);
    open();
    await Promise.all([first, second]);
    expect(log).toEqual(["first starts", "first ends", "second starts"]);
  });

  it("goes on after a refusal, which reaches only its own requester", async () => {
    const { inAuthorityOrder } = await import("../requests/queue");
    const refused = inAuthorityOrder(() => Promise.reject(new Error("refused")));
    const next = inAuthorityOrder(() => Promise.resolve("done"));
    await expect(refused).rejects.toThrow("refused");
    await expect(next).resolves.toBe("done");
  });

  it("runs the GM's own clicks in it too: a double click on a Defense die − takes one die", async () => {
    const world = await wuxiaAttackFight();
    const { combatRequests } = await import("./requests");
    expect(roundOf(world.banditC).defenseDice).toBe(2);
    const results = await together(
      () => as("gm", () => combatRequests.adjustPool(world.combat, "defense", "down", world.banditC)),
      () => asClient(seatUser("gm"), () => combatRequests.adjustPool(world.combat, "defense", "down", world.banditC)),
    );
    // Both saw 2: the second finds the count moved and is refused rather than writing 1 again.
    expect(rejections(results)).toEqual([expect.objectContaining({ key: "WH.Combat.Error.DiceMoved" })]);
    expect(roundOf(world.banditC).defenseDice).toBe(1);
  });
});
