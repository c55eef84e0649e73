/**
 * Rolls `count` d10 as a core Roll of their own (honouring the RNG and manual dice entry); the
 * roll is returned with its faces so that Dice So Nice can show the dice it rolled.
 */
export async function rollD10s(
  count: number,
  options: { allowInteractive?: boolean } = {},
): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(`${count}d10`).evaluate({ allowInteractive: options.allowInteractive ?? true });
  return { roll, faces: roll.dice.flatMap((die) => die.results.filter((r) => r.active).map((r) => r.result)) };
}
