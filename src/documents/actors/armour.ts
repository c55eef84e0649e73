/** The armour an actor wears: the sum over its equipped armour items of its rule set. */
export function equippedArmour(
  actor: Actor.Implementation | null | undefined,
  type: "wuxiaArmour" | "harmoniesArmour",
): number {
  let total = 0;
  for (const item of actor?.items.contents ?? []) {
    if (item.type !== type) continue;
    const system = (item as Item.OfType<typeof type>).system;
    if (system.equipped) total += system.armour;
  }
  return total;
}
