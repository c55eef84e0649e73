// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { actAs, startWorld } from "../../test/support/world";
import type { Assertion, ScenarioBatch, ScenarioContext } from "./context";
import { seatBatch } from "./seat";

/** The player's batch run without what the GM batch prepares: it says what to run first. */

type Body = () => Promise<void> | void;

/** A batch's hooks and tests as it declares them, to run by hand. */
function declared(batch: ScenarioBatch): { before: Body[]; after: Body[]; tests: { title: string; body: Body }[] } {
  const found = { before: [] as Body[], after: [] as Body[], tests: [] as { title: string; body: Body }[] };
  const context: ScenarioContext = {
    describe: (_title, body) => body(),
    it: (title, body) => found.tests.push({ title, body }),
    beforeAll: (body) => found.before.push(body),
    afterAll: (body) => found.after.push(body),
    beforeEach: () => undefined,
    afterEach: () => undefined,
    expect: (actual, message) => expect(actual, message) as unknown as Assertion,
  };
  batch.register(context);
  return found;
}

beforeEach(async () => {
  await startWorld();
});

describe("the player's seat without its fixtures", () => {
  it("fails its first check saying which GM batch to run first, and leaves nothing behind", async () => {
    actAs("player");
    const { before, after, tests } = declared(seatBatch);
    for (const hook of before) await hook();
    await expect(Promise.resolve().then(tests[0]?.body)).rejects.toThrow(
      "The player's seat needs what the GM batch prepares: run “Wuxia & Harmonies: the player's seat, prepared by the GM” as a GM first",
    );
    for (const hook of after) await hook();
  });
});
