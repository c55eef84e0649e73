/**
 * Rolls as JSON. Foundry's types describe the JSON of a roll it evaluated itself; the system
 * also builds rolls from JSON it assembled and checked (a player's faces, rebuilt by the GM), and
 * writes a message's rolls back as JSON.
 */

/** A Roll class, as far as rebuilding one of its rolls goes. */
type RollClass<R extends Roll> = (abstract new (...args: never[]) => R) & { fromData(data: never): Roll };

/**
 * The roll of this class that `json` describes; the caller has checked every field it relies on.
 * Core rebuilds the class the JSON names, so JSON naming another class is refused.
 */
export function rollFromJson<R extends Roll>(RollClass: RollClass<R>, json: object): R {
  const roll = RollClass.fromData(json as never);
  if (!(roll instanceof RollClass)) throw new Error(`${RollClass.name}: the JSON describes another roll`);
  return roll;
}

/**
 * Writes the message's rolls, each as the JSON Foundry stores and every client rebuilds by class,
 * with any other change to the message in the same update (a card's record in its flags).
 */
export async function updateRolls(
  message: ChatMessage.Implementation,
  rolls: readonly Roll[],
  changes: ChatMessage.UpdateData = {},
): Promise<void> {
  await message.update({ ...changes, rolls: rolls.map((roll) => roll.toJSON()) } as never);
}
