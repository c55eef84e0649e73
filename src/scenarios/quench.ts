import type { Quench, QuenchBatchContext } from "@ethaks/fvtt-quench";
import { SYSTEM_ID } from "../foundry/system";
import { t } from "../core/i18n";
import type { ScenarioBatch, ScenarioContext } from "./context";
import { BATCHES } from "./index";

/** A live world draws sheets and writes to its server: a step gets more time than mocha's 2 s. */
const STEP_TIMEOUT_MS = 30_000;

/** A mocha hook running `body`, with a step's time (mocha sets a hook's through its `this`). */
function hook(body: () => Promise<void> | void): (this: { timeout(ms: number): unknown }) => Promise<void> {
  return async function (this: { timeout(ms: number): unknown }) {
    this.timeout(STEP_TIMEOUT_MS);
    await body();
  };
}

/** The scenario context on Quench's mocha and chai (`before`/`after` are mocha's names for the suite's hooks). */
export function quenchContext(context: QuenchBatchContext): ScenarioContext {
  return {
    describe: (title, body) => context.describe(title, body),
    it: (title, body) => context.it(title, async () => body()).timeout(STEP_TIMEOUT_MS),
    beforeAll: (body) => context.before(hook(body)),
    afterAll: (body) => context.after(hook(body)),
    beforeEach: (body) => context.beforeEach(hook(body)),
    afterEach: (body) => context.afterEach(hook(body)),
    expect: (actual, message) => context.expect(actual, message),
  };
}

/** Registers every batch with Quench, under "wuxia-harmonies.<id>", named in the user's language. */
export function registerBatches(quench: Quench, batches: readonly ScenarioBatch[] = BATCHES): void {
  for (const batch of batches) {
    quench.registerBatch(`${SYSTEM_ID}.${batch.id}`, (context) => batch.register(quenchContext(context)), {
      displayName: t(batch.label),
      // A player's batch runs in a player's browser only: the GM picks the others.
      preSelected: batch.seat === (game.user.isGM ? "gm" : "player"),
    });
  }
}
