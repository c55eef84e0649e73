// A Wuxia round start for 50 combatants: every Initiative test re-rolled inside the one Combat
// update that changes the round, with one summary message, against the shape core's "roll all"
// has (each combatant rolled, written and posted on its own), both measured in this run on this
// client. The double has no server, so each shape's document operations (requests to the server)
// are counted too, and its time in a real world modelled as the client's time plus 20 ms per
// operation, the operations made one after another as both shapes await them. Run with `npm run
// bench`; a benchmark, not a test (no timing is asserted here).
import { bench, describe } from "vitest";
import { serverWrites } from "../../test/foundry/combat";
import { createCombat, postedMessages, startWorld, wuxiaHero } from "../../test/support/world";
import type { WuxiaHarmoniesCombat } from "./combat";
import { median, timedAsync } from "../../test/support/samples";

const COMBATANTS = 50;
/** The server's modelled time per document operation (a round trip and a database write). */
const SERVER_MS = 20;

await startWorld();
const actors = [];
for (let i = 0; i < COMBATANTS; i++) actors.push(await wuxiaHero(`Fighter ${i}`));
const combat = (await createCombat(actors)) as WuxiaHarmoniesCombat;
const { wuxiaFighterOf } = await import("./fighters");
const { ChatMessage } = globalThis as unknown as { ChatMessage: { create(data: object): Promise<unknown> } };

/** What core's shape writes: per combatant, its test, its own update and its own message. */
async function oneByOne(): Promise<void> {
  serverWrites.length = 0;
  const messages = postedMessages().length;
  for (const combatant of combat.combatants.contents) {
    const fighter = wuxiaFighterOf(combatant);
    if (!fighter) throw new Error(`${combatant.name ?? ""} is not a Wuxia fighter`);
    const start = await fighter.roundStart(combatant, combat.round);
    const { _id: _ignored, ...change } = start.change;
    await combatant.update(change as never);
    await ChatMessage.create({ rolls: [start.roll] });
  }
  // Its own writes only (the system's record keeping after a GM's direct write is not core's shape).
  operations.before =
    serverWrites.filter((w) => w.documentName === "Combatant").length + postedMessages().length - messages;
}

const samples = { before: [] as number[], after: [] as number[] };
const writes = { combatUpdates: 0, combatantWrites: 0, messages: 0 };
const operations = { before: 0, after: 0 };
async function countedRoundStart(): Promise<void> {
  serverWrites.length = 0;
  const messages = postedMessages().length;
  await combat.nextRound();
  writes.combatUpdates = serverWrites.filter((w) => w.documentName === "Combat" && w.action === "update").length;
  writes.combatantWrites = serverWrites.filter((w) => w.documentName === "Combatant").length;
  writes.messages = postedMessages().length - messages;
  operations.after = serverWrites.length + writes.messages;
}
function report(): void {
  const before = median(samples.before);
  const after = median(samples.after);
  const withServer = (clientMs: number, ops: number) => clientMs + ops * SERVER_MS;
  const worldBefore = withServer(before, operations.before);
  const worldAfter = withServer(after, operations.after);
  process.stdout.write(
    `\nWuxia round start, ${COMBATANTS} combatants: ${after.toFixed(1)} ms on the client (goal < 20 ms), ` +
      `${operations.after} operations (goal 2: ${writes.combatUpdates} Combat update, ${writes.combatantWrites} ` +
      `Combatant writes, ${writes.messages} message); one by one as core rolls: ${before.toFixed(1)} ms, ` +
      `${operations.before} operations (medians of ${samples.after.length} and ${samples.before.length} runs).\n` +
      `With the server modelled at ${SERVER_MS} ms per operation: ${worldAfter.toFixed(0)} ms against ` +
      `${worldBefore.toFixed(0)} ms, ${(worldBefore / worldAfter).toFixed(1)}× faster (client alone ` +
      `${(before / after).toFixed(1)}×)\n`,
  );
}

describe(`Wuxia round start, ${COMBATANTS} combatants`, () => {
  bench(
    "before: each combatant rolled, updated and posted on its own (baseline)",
    () => timedAsync(samples.before, oneByOne),
    {
      time: 0,
      iterations: 9,
      warmupIterations: 2,
      setup: (_task, mode) => {
        if (mode === "run") samples.before.length = 0;
      },
    },
  );
  bench("after: one Combat update and one summary (nextRound)", () => timedAsync(samples.after, countedRoundStart), {
    time: 0,
    iterations: 9,
    warmupIterations: 2,
    setup: (_task, mode) => {
      if (mode === "run") samples.after.length = 0;
    },
    teardown: (_task, mode) => {
      if (mode === "run") report();
    },
  });
});
