import { replayFaces, rollWuxiaPool } from "../rules";

/**
 * Which dice the specialisation rerolls (RULES 1.3: every 1 first, then other failures, each
 * die once, at most `rerolls`), asked of the rules with the faces Foundry rolled replayed. The
 * rules choose from the first faces alone, so once those are replayed any stand-in face serves
 * for the rerolls: it cannot change the choice. Foundry then rolls the new faces itself.
 */
export function specialisationTargets(faces: readonly number[], threshold: number, rerolls: number): number[] {
  if (rerolls === 0) return [];
  const replay = replayFaces(faces);
  let drawn = 0;
  const random = () => (drawn++ < faces.length ? replay() : 0);
  return rollWuxiaPool(faces.length, threshold, random, { rerolls }).rerolled.map((r) => r.index);
}

/**
 * Rolls `count` d10 as a core Roll of their own (honouring the RNG and manual dice entry); the
 * roll is returned with its faces so that Dice So Nice can show the dice it rolled.
 */
export async function rollD10s(count: number, options: { allowInteractive?: boolean } = {}): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(`${count}d10`).evaluate({ allowInteractive: options.allowInteractive ?? true });
  return { roll, faces: roll.dice.flatMap((die) => die.results.filter((r) => r.active).map((r) => r.result)) };
}
