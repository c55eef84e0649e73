import { UserError } from "../core/errors";
import { actorRuleset } from "../documents/rulesets";
import { attackWith } from "./attack";
import { harmoniesAttackWith } from "./harmonies-attack";

/**
 * Whether a weapon used on this target is an attack (RULES 1.4, 2.5, 3.4): a Wuxia weapon on a
 * Wuxia character or group, a Harmonies weapon on a Harmonies one; its rule set, else null.
 */
export function attackOf(
  weapon: Item.Implementation | null | undefined,
  target: Actor.Implementation | null | undefined,
): "wuxia" | "harmonies" | null {
  const ruleset = target ? actorRuleset(target) : null;
  if (weapon?.type === "wuxiaWeapon" && ruleset === "wuxia") return "wuxia";
  if (weapon?.type === "harmoniesWeapon" && ruleset === "harmonies") return "harmonies";
  return null;
}

/** Attacks the target with the weapon: one card for both tests, of the weapon's rule set; refused otherwise. */
export async function attackWithWeapon(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation | null | undefined,
  request: { dialog?: boolean } = {},
): Promise<void> {
  if (!target) throw new UserError("WH.Combat.Error.NoTarget");
  const ruleset = attackOf(weapon, target);
  if (ruleset === "wuxia") return attackWith(attacker, weapon, target, request);
  if (ruleset === "harmonies") return harmoniesAttackWith(attacker, weapon, target, request);
  throw new UserError("WH.Combat.Error.WeaponTarget", { weapon: weapon.name ?? "", target: target.name ?? "" });
}
