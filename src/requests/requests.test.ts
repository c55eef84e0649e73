import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asClient } from "../../test/foundry/clients";
import type { FoundryDouble } from "../../test/foundry/install";
import { carryOutAs, playerId, seatUser, startWorld, strangerId } from "../../test/support/world";

/**
 * Requests the GM carries out, from the seats of the player who asks, the second player who
 * owns nothing and would forge, and the GM: who a request is carried out for is the User the
 * server says wrote it, never what the request says.
 */

let foundry: FoundryDouble;
type Ticket = { requestId: string; requesterId: string };
type Answer = { ok: boolean; value?: string; error?: string; data?: Record<string, unknown> };
type Query = (ticket: unknown) => Promise<Answer>;
type UserLike = {
  id: string;
  flags: Record<string, Record<string, unknown>>;
  update(c: object): Promise<unknown>;
  query(n: string, d: unknown): Promise<Answer>;
};

const user = (id: string) => foundry.game.users.get(id) as unknown as UserLike;
const gm = () => foundry.game.users.find((u) => u.isGM) as unknown as UserLike;
const pending = (id: string) => (user(id).flags["wuxia-harmonies"]?.requests ?? {}) as Record<string, unknown>;
/** The GM's answer to a query, as the GM's client gives it. */
const answer = (ticket: unknown) =>
  asClient(seatUser("gm"), () =>
    ((foundry.CONFIG.queries as Record<string, Query>)["wuxia-harmonies.request"] as Query)(ticket),
  );

/**
 * The GM's page loaded again: the request modules anew (no answer remembered, no arrival seen),
 * the action registered again; resolves with the new page's answer to a query.
 */
async function gmPageReloaded(): Promise<(ticket: unknown) => Promise<Answer>> {
  vi.resetModules();
  const authority = await import("./authority");
  const signed = await import("./signed");
  signed.watchRequestArrivals();
  authority.handleRequest("test.echo", async (payload, requester) => {
    seen.push({ requester: requester.id ?? "", client: foundry.game.user.id, payload });
    return "again";
  });
  return (ticket) => authority.answerRequest(ticket) as Promise<Answer>;
}

afterEach(() => {
  vi.useRealTimers();
});

/** An action that records who it was carried out for, on which client, with what. */
const seen: { requester: string; client: string; payload: unknown }[] = [];

beforeEach(async () => {
  foundry = await startWorld({ isGM: false });
  seen.length = 0;
  const { handleRequest } = await import("./authority");
  handleRequest("test.echo", async (payload, requester) => {
    seen.push({ requester: requester.id ?? "", client: foundry.game.user.id, payload });
    return `done for ${requester.name ?? ""}`;
  });
});

describe("a player's request", () => {
  it("is carried out on the GM's client for the player, and its flag is cleared after", async () => {
    expect(await carryOutAs("player", "test.echo", { n: 1 })).toBe("done for Player");
    expect(seen).toEqual([{ requester: playerId(), client: gm().id, payload: { n: 1 } }]);
    expect(pending(playerId())).toEqual({});
  });

  it("is signed on the player's own User: the request the GM reads is the one written there", async () => {
    let written: unknown;
    foundry.Hooks.on("updateUser", (...args: unknown[]) => {
      const changed = args[1] as { flags?: Record<string, { requests?: Record<string, unknown> }> };
      written ??= Object.values(changed.flags?.["wuxia-harmonies"]?.requests ?? {})[0];
    });
    await carryOutAs("player", "test.echo", { n: 2 });
    expect(written).toEqual({ action: "test.echo", payload: { n: 2 } });
  });

  it("from the GM runs on the GM's client, with no flag written", async () => {
    expect(await carryOutAs("gm", "test.echo", { n: 3 })).toBe("done for Gamemaster");
    expect(seen).toEqual([{ requester: gm().id, client: gm().id, payload: { n: 3 } }]);
    expect(pending(gm().id)).toEqual({});
  });

  it("with no GM connected: refused, unless the asker may carry it out themself", async () => {
    (foundry.game.users.find((u) => u.isGM) as unknown as { active: boolean }).active = false;
    await expect(carryOutAs("player", "test.echo", {})).rejects.toMatchObject({ key: "WH.Chat.Error.NoGm" });
    expect(seen).toEqual([]);
    await carryOutAs("player", "test.echo", {}, { withoutGm: true });
    expect(seen).toEqual([{ requester: playerId(), client: playerId(), payload: {} }]);
  });

  it("in a world that took Query other users from players: refused, naming the permission, with nothing left written", async () => {
    (foundry.game as unknown as { permissions: Record<string, number[]> }).permissions.QUERY_USER = [3, 4];
    await expect(carryOutAs("player", "test.echo", { n: 4 })).rejects.toMatchObject({
      key: "WH.Request.Error.NoQueryPermission",
    });
    expect(seen).toEqual([]);
    expect(pending(playerId())).toEqual({});
  });

  it("for an action nobody handles is refused, named", async () => {
    await expect(carryOutAs("player", "test.nothing", {})).rejects.toMatchObject({
      key: "WH.Request.Error.Unknown",
      data: { action: "test.nothing" },
    });
  });
});

describe("a forged request", () => {
  it("naming the player in a query the second player sends is refused: the player's User holds no such request", async () => {
    const forged: Ticket = { requestId: "forged0000000001", requesterId: playerId() };
    const hooksBefore = foundry.Hooks.registered("updateUser");
    const result = await asClient(seatUser("stranger"), () => gm().query("wuxia-harmonies.request", forged));
    expect(result).toEqual({ ok: false, error: "WH.Request.Error.Unsigned", data: { name: "Player" } });
    expect(seen).toEqual([]);
    // The GM stopped waiting for the flag, and stopped listening.
    expect(foundry.Hooks.registered("updateUser")).toBe(hooksBefore);
  });

  it("cannot be written on the player's User by the second player: the server refuses", async () => {
    const write = asClient(seatUser("stranger"), () =>
      user(playerId()).update({ "flags.wuxia-harmonies.requests.forged": { action: "test.echo", payload: {} } }),
    );
    await expect(write).rejects.toThrow("lacks permission to update User");
    expect(pending(playerId())).toEqual({});
  });

  it("replaying the player's own request while it is pending carries it out once, for the player", async () => {
    const requestId = "replayed00000001";
    await asClient(seatUser("player"), () =>
      user(playerId()).update({
        [`flags.wuxia-harmonies.requests.${requestId}`]: { action: "test.echo", payload: { n: 4 } },
      }),
    );
    const ticket: Ticket = { requestId, requesterId: playerId() };
    const [replay, own] = await Promise.all([
      asClient(seatUser("stranger"), () => gm().query("wuxia-harmonies.request", ticket)),
      asClient(seatUser("player"), () => gm().query("wuxia-harmonies.request", ticket)),
    ]);
    expect(replay).toEqual(own);
    expect(seen).toEqual([{ requester: playerId(), client: gm().id, payload: { n: 4 } }]);
  });

  it("is consumed when the GM carries it out: the ticket replayed later, after the GM's page reloaded, finds nothing", async () => {
    const requestId = "consumed00000001";
    await asClient(seatUser("player"), () =>
      user(playerId()).update({
        [`flags.wuxia-harmonies.requests.${requestId}`]: { action: "test.echo", payload: { n: 5 } },
      }),
    );
    // The player's tab closes once the query is sent: nothing of theirs clears the request.
    const ticket: Ticket = { requestId, requesterId: playerId() };
    expect(await answer(ticket)).toMatchObject({ ok: true });
    expect(pending(playerId())).toEqual({});
    // A reload forgets every answer given; the replay still finds no request to carry out.
    const reloaded = await gmPageReloaded();
    expect(await asClient(seatUser("gm"), () => reloaded(ticket))).toMatchObject({
      ok: false,
      error: "WH.Request.Error.Unsigned",
    });
    expect(seen).toHaveLength(1);
  });

  it("left on a User from before the GM's page loaded, or older than an answer's wait, is refused and removed", async () => {
    const leave = (requestId: string) =>
      asClient(seatUser("player"), () =>
        user(playerId()).update({
          [`flags.wuxia-harmonies.requests.${requestId}`]: { action: "test.echo", payload: {} },
        }),
      );
    await leave("leftover00000001");
    const reloaded = await gmPageReloaded();
    const stale = await asClient(seatUser("gm"), () =>
      reloaded({ requestId: "leftover00000001", requesterId: playerId() }),
    );
    expect(stale).toMatchObject({ ok: false, error: "WH.Request.Error.Stale" });
    expect(pending(playerId())).toEqual({});
    await leave("leftover00000002");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31_000);
    expect(await answer({ requestId: "leftover00000002", requesterId: playerId() })).toMatchObject({
      ok: false,
      error: "WH.Request.Error.Stale",
    });
    expect(pending(playerId())).toEqual({});
    expect(seen).toEqual([]);
  });

  it("a ticket that is not one, a user nobody knows, an oversized or shapeless request: refused unread", async () => {
    expect(await answer(null)).toMatchObject({ ok: false, error: "WH.Request.Error.Malformed" });
    expect(await answer({ requestId: 1, requesterId: playerId() })).toMatchObject({
      ok: false,
      error: "WH.Request.Error.Malformed",
    });
    expect(await answer({ requestId: "a", requesterId: "nobody" })).toMatchObject({
      ok: false,
      error: "WH.Chat.Error.UnknownUser",
    });
    const write = (requestId: string, value: unknown) =>
      asClient(seatUser("stranger"), () =>
        user(strangerId()).update({ [`flags.wuxia-harmonies.requests.${requestId}`]: value }),
      );
    await write("huge", { action: "test.echo", payload: { roll: "x".repeat(100_001) } });
    expect(await answer({ requestId: "huge", requesterId: strangerId() })).toMatchObject({
      ok: false,
      error: "WH.Request.Error.TooLarge",
    });
    await write("shapeless", { action: 7, payload: "x" });
    expect(await answer({ requestId: "shapeless", requesterId: strangerId() })).toMatchObject({
      ok: false,
      error: "WH.Request.Error.Malformed",
    });
    expect(seen).toEqual([]);
  });

  it("a query reaching a player's client is refused: only a GM carries requests out", async () => {
    const result = await asClient(seatUser("player"), () =>
      ((foundry.CONFIG.queries as Record<string, Query>)["wuxia-harmonies.request"] as Query)({
        requestId: "x",
        requesterId: playerId(),
      }),
    );
    expect(result).toEqual({ ok: false, error: "WH.Chat.Error.GmOnly", data: {} });
  });
});

describe("a query that overtakes its request", () => {
  it("waits for the requester's flag to reach the GM, then carries it out", async () => {
    const requestId = "late000000000001";
    const hooksBefore = foundry.Hooks.registered("updateUser");
    const answered = answer({ requestId, requesterId: playerId() });
    await asClient(seatUser("player"), () =>
      user(playerId()).update({
        [`flags.wuxia-harmonies.requests.${requestId}`]: { action: "test.echo", payload: { n: 5 } },
      }),
    );
    expect(await answered).toEqual({ ok: true, value: "done for Player" });
    expect(seen).toHaveLength(1);
    expect(foundry.Hooks.registered("updateUser")).toBe(hooksBefore);
  });
});
