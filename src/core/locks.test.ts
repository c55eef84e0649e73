import { describe, expect, it } from "vitest";
import { oneAtATime, unlessBusy } from "./locks";

/**
 * The two guards card actions run under: actions on one message (or one actor's Destiny) in
 * order, each after the previous one has finished whatever it did; a second click while the
 * first is still under way dropped. Driven here by actions that finish when the test says so.
 */

/** An action that records when it starts and finishes only when told to (or fails). */
function gate(log: string[], name: string): { action: () => Promise<string>; open(): void; fail(): void } {
  let open = (): void => undefined;
  let fail = (): void => undefined;
  const action = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`${name} starts`);
      open = () => {
        log.push(`${name} ends`);
        resolve(name);
      };
      fail = () => {
        log.push(`${name} fails`);
        reject(new Error(name));
      };
    });
  return { action, open: () => open(), fail: () => fail() };
}

/** Lets every promise callback already due run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("oneAtATime", () => {
  it("runs actions on one key in the order they came, each once the one before has finished", async () => {
    const log: string[] = [];
    const [a, b, c] = [gate(log, "a"), gate(log, "b"), gate(log, "c")];
    const runs = [oneAtATime("m", a.action), oneAtATime("m", b.action)];
    await flush();
    expect(log).toEqual(["a starts"]);
    a.open();
    await flush();
    // Arriving while b runs (a's turn over and forgotten): c still waits for b.
    runs.push(oneAtATime("m", c.action));
    await flush();
    expect(log).toEqual(["a starts", "a ends", "b starts"]);
    b.open();
    await flush();
    c.open();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
  });

  it("a failed action is its caller's failure only: the next one on the key still runs", async () => {
    const log: string[] = [];
    const [a, b] = [gate(log, "a"), gate(log, "b")];
    const first = oneAtATime("m", a.action);
    const second = oneAtATime("m", b.action);
    await flush();
    a.fail();
    await expect(first).rejects.toThrow("a");
    await flush();
    b.open();
    await expect(second).resolves.toBe("b");
    expect(log).toEqual(["a starts", "a fails", "b starts", "b ends"]);
  });

  it("actions on different keys do not wait for each other", async () => {
    const log: string[] = [];
    const [a, b] = [gate(log, "a"), gate(log, "b")];
    const first = oneAtATime("m1", a.action);
    const second = oneAtATime("m2", b.action);
    await flush();
    expect(log).toEqual(["a starts", "b starts"]);
    b.open();
    await expect(second).resolves.toBe("b");
    a.open();
    await expect(first).resolves.toBe("a");
  });

  it("a key whose actions have all finished starts the next one at once", async () => {
    const log: string[] = [];
    const a = gate(log, "a");
    const first = oneAtATime("m", a.action);
    await flush();
    a.open();
    await first;
    await flush();
    const b = gate(log, "b");
    void oneAtATime("m", b.action);
    await flush();
    expect(log).toEqual(["a starts", "a ends", "b starts"]);
    b.open();
  });
});

describe("unlessBusy", () => {
  it("drops a second action on a key while the first runs, says which ran, and takes the next once it is done", async () => {
    const log: string[] = [];
    const [a, b, c] = [gate(log, "a"), gate(log, "b"), gate(log, "c")];
    const first = unlessBusy("m", async () => void (await a.action()));
    const other = unlessBusy("other", async () => void (await c.action()));
    expect(await unlessBusy("m", async () => void (await b.action()))).toBe(false);
    a.open();
    c.open();
    expect(await first).toBe(true);
    expect(await other).toBe(true);
    const again = unlessBusy("m", async () => void (await b.action()));
    await flush();
    b.open();
    expect(await again).toBe(true);
    expect(log).toEqual(["a starts", "c starts", "a ends", "c ends", "b starts", "b ends"]);
  });

  it("a failed action leaves the key free and its error to the caller", async () => {
    const failing = unlessBusy("m", () => Promise.reject(new Error("refused")));
    await expect(failing).rejects.toThrow("refused");
    expect(await unlessBusy("m", async () => undefined)).toBe(true);
  });
});
