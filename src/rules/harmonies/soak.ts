import { requireBoolean, requireInteger, requireOptions } from "../validate";
import { HARMONIES_DEFAULTS } from "./defaults";

export type SoakSeverity = "none" | "stunned" | "light" | "grave" | "critical";

/**
 * The soak table (RULES 2.5): ≥ 0 absorbed; −1..−3 stunned; −4..−6 light; −7..−9 grave;
 * below −9 critical.
 */
export function soakSeverity(result: number): SoakSeverity {
  const r = requireInteger("result", result);
  if (r >= 0) return "none";
  if (r >= -3) return "stunned";
  if (r >= -6) return "light";
  if (r >= -9) return "grave";
  return "critical";
}

/** Damage of an armed attack = Cp + Pu + weapon; [default] a missile weapon adds no strength. */
export function attackDamage(
  cp: number,
  pu: number,
  weapon: number,
  options: { missile?: boolean; missileAddsStrength?: boolean } = {},
): number {
  const w = requireInteger("weapon", weapon);
  const strength = requireInteger("cp", cp) + requireInteger("pu", pu);
  const rules = requireOptions("options", options);
  const missile = requireBoolean("options.missile", rules.missile, false);
  // Checked whether it is read or not: a wrong option is refused, never silently ignored.
  const missileAddsStrength = requireBoolean(
    "options.missileAddsStrength",
    rules.missileAddsStrength,
    HARMONIES_DEFAULTS.missileAddsStrength,
  );
  return !missile || missileAddsStrength ? strength + w : w;
}

/** The soak modifier: Cp + Rs + armour − damage; add the dice to get the soak result. */
export function soakModifier(cp: number, rs: number, armour: number, damage: number): number {
  return (
    requireInteger("cp", cp) +
    requireInteger("rs", rs) +
    requireInteger("armour", armour) -
    requireInteger("damage", damage)
  );
}
