import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Assertion, ScenarioBatch, ScenarioContext } from "../../src/scenarios/context";
import { actAs, startWorld, type Generation } from "../support/world";
import { installSystemPacks } from "../foundry/system-packs";

/** The scenario context on vitest: its own `expect` speaks chai's BDD style. */
export const vitestContext: ScenarioContext = {
  describe: (title, body) => describe(title, body),
  it: (title, body) => it(title, body, 20_000),
  beforeAll: (body) => beforeAll(body, 20_000),
  afterAll: (body) => afterAll(body, 20_000),
  beforeEach: (body) => beforeEach(body),
  afterEach: (body) => afterEach(body),
  expect: (actual, message) => expect(actual, message) as unknown as Assertion,
};

/**
 * Runs batches, in order, in one world of the Foundry double started with the system and its
 * packs, as a live world is: each batch in its seat (the GM, or the connected player), so a GM
 * batch can prepare what a player's batch then uses.
 */
export function runBatches(
  batches: readonly ScenarioBatch[],
  world: { lang: "en" | "fr"; generation: Generation },
): void {
  describe(`in a world of the double (${world.lang}, v${world.generation})`, () => {
    beforeAll(async () => {
      await startWorld(world);
      installSystemPacks();
    });
    for (const batch of batches)
      describe(batch.id, () => {
        beforeAll(() => actAs(batch.seat));
        batch.register(vitestContext);
      });
  });
}
