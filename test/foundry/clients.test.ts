import { beforeEach, describe, expect, it } from "vitest";
import { asClient, server } from "./clients";
import { installFoundry, type FoundryDouble } from "./install";

/** Pins what the double does for users as documents, several clients and a slow server. */

let foundry: FoundryDouble;
type User = FoundryDouble["game"]["user"];
const user = (id: string): User => foundry.game.users.get(id) as User;
const [GM, PLAYER, STRANGER] = ["gmUser000000001", "player000000001", "player000000002"];

beforeEach(() => {
  foundry = installFoundry({ isGM: false });
});

describe("users are documents", () => {
  it("a player sets a flag on their own User; the flags merge and updateUser names who wrote", async () => {
    const seen: string[] = [];
    foundry.Hooks.on(
      "updateUser",
      (...args: unknown[]) => void seen.push(`${(args[0] as User).id}:${String(args[3])}`),
    );
    await user(PLAYER).setFlag("wh", "a", 1);
    await user(PLAYER).update({ "flags.wh.b": 2 });
    expect(user(PLAYER).flags).toEqual({ wh: { a: 1, b: 2 } });
    expect(user(PLAYER).getFlag("wh", "b")).toBe(2);
    expect(seen).toEqual([`${PLAYER}:${PLAYER}`, `${PLAYER}:${PLAYER}`]);
  });

  it("`-=` deletes a flag key", async () => {
    await user(PLAYER).update({ "flags.wh.requests": { x: 1, y: 2 } });
    await user(PLAYER).update({ "flags.wh.requests.-=x": null });
    expect(user(PLAYER).flags.wh).toEqual({ requests: { y: 2 } });
  });

  it("the server refuses a player writing another user's User, or their own role", async () => {
    await expect(user(STRANGER).setFlag("wh", "forged", true)).rejects.toThrow("lacks permission to update User");
    await expect(user(PLAYER).update({ role: 4 })).rejects.toThrow("lacks permission");
    expect([user(STRANGER).flags, user(PLAYER).role]).toEqual([{}, 1]);
  });

  it("a GM may write any user's flags", async () => {
    await asClient(user(GM), () => user(PLAYER).setFlag("wh", "answer", "ok"));
    expect(user(PLAYER).getFlag("wh", "answer")).toBe("ok");
  });

  it("isSelf is the running client's own user", () => {
    expect([user(PLAYER).isSelf, user(GM).isSelf]).toEqual([true, false]);
    expect(asClient(user(GM), () => [user(PLAYER).isSelf, user(GM).isSelf])).toEqual([false, true]);
  });
});

describe("several clients", () => {
  it("each client keeps its own game.user across awaits, while another runs", async () => {
    server.latencyMs = 5;
    const seenBy = async (who: User) =>
      asClient(who, async () => {
        const before = foundry.game.user.id;
        await user(who.id).setFlag("wh", "t", who.id);
        return [before, foundry.game.user.id];
      });
    const [a, b] = await Promise.all([seenBy(user(PLAYER)), seenBy(user(GM))]);
    expect([a, b]).toEqual([
      [PLAYER, PLAYER],
      [GM, GM],
    ]);
    expect(foundry.game.user.id).toBe(PLAYER);
  });

  it("a query runs on the queried user's client, and the asker's client is untouched", async () => {
    (foundry.CONFIG.queries as Record<string, unknown>)["wh.who"] = () => ({ ranAs: foundry.game.user.id });
    const answer = await (user(GM) as unknown as { query(n: string, d: unknown): Promise<unknown> }).query(
      "wh.who",
      {},
    );
    expect(answer).toEqual({ ranAs: GM });
    expect(foundry.game.user.id).toBe(PLAYER);
  });

  it("with a latency, two clients' writes interleave: both read the old value", async () => {
    server.latencyMs = 5;
    await user(PLAYER).setFlag("wh", "n", 0);
    const increment = (who: User) =>
      asClient(who, async () => {
        const n = user(PLAYER).getFlag("wh", "n") as number;
        await user(PLAYER).setFlag("wh", "n", n + 1);
      });
    await Promise.all([increment(user(PLAYER)), increment(user(GM))]);
    expect(user(PLAYER).getFlag("wh", "n")).toBe(1);
  });
});

describe("each client's own module instance", () => {
  // In Foundry each user's client is a browser page with its own copy of the system's modules: a
  // lock one client holds never makes another wait (client-modules.ts gives each simulated client
  // its own instance of src/core/locks.ts).
  it("two clients' actions on one key overlap; one client's run one after the other", async () => {
    const { oneAtATime } = await import("../../src/core/locks");
    const log: string[] = [];
    const action = (name: string, ms: number) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} ends`);
    };
    await Promise.all([
      asClient(user(PLAYER), () => oneAtATime("k", action("player", 10))),
      asClient(user(GM), () => oneAtATime("k", action("gm", 1))),
    ]);
    expect(log).toEqual(["player starts", "gm starts", "gm ends", "player ends"]);
    log.length = 0;
    await Promise.all([
      asClient(user(GM), () => oneAtATime("k", action("first", 10))),
      asClient(user(GM), () => oneAtATime("k", action("second", 1))),
    ]);
    expect(log).toEqual(["first starts", "first ends", "second starts", "second ends"]);
  });

  it("a click being handled on one client does not drop the same click on another", async () => {
    const { unlessBusy } = await import("../../src/core/locks");
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const ran = await Promise.all([
      asClient(user(PLAYER), () => unlessBusy("m", slow)),
      asClient(user(GM), () => unlessBusy("m", slow)),
      asClient(user(GM), () => unlessBusy("m", slow)),
    ]);
    expect(ran).toEqual([true, true, false]);
  });
});

describe("more users", () => {
  it("a second GM joins after the first, who stays the active GM; both can be queried", async () => {
    const second = foundry.addUser("gmUser000000002", "Assistant", 4);
    const users = foundry.game.users as unknown as { activeGM: { id: string } | null };
    expect([second.isGM, users.activeGM?.id]).toEqual([true, GM]);
    (foundry.CONFIG.queries as Record<string, unknown>)["wh.who"] = () => foundry.game.user.id;
    expect(await (second as unknown as { query(n: string, d: unknown): Promise<unknown> }).query("wh.who", {})).toBe(
      "gmUser000000002",
    );
  });
});
