import { describe, expect, it } from "vitest";
import { attackDamage, soakModifier, soakSeverity } from "./soak";

describe("soakSeverity", () => {
  it("≥ 0 absorbed; −1..−3 stunned; −4..−6 light; −7..−9 grave; below −9 critical", () => {
    const table = [3, 0, -1, -3, -4, -6, -7, -9, -10, -25].map(soakSeverity);
    expect(table).toEqual([
      "none",
      "none",
      "stunned",
      "stunned",
      "light",
      "light",
      "grave",
      "grave",
      "critical",
      "critical",
    ]);
  });

  it("[example] no armour, soak −5 → light wound", () => {
    expect(soakSeverity(-5)).toBe("light");
  });

  it("rejects a non-integer result", () => {
    expect(() => soakSeverity(-4.5)).toThrow(/^result must be an integer/);
  });
});

describe("attackDamage and soakModifier", () => {
  it("armed attack: Cp + Pu + weapon; [default] a missile weapon only its own damage", () => {
    expect(attackDamage(3, 2, 1)).toBe(6);
    expect(attackDamage(3, 2, 0, { missile: true })).toBe(0);
    expect(attackDamage(3, 2, 1, { missile: true, missileAddsStrength: true })).toBe(6);
  });

  it("soak modifier: Cp + Rs + armour − damage", () => {
    expect(soakModifier(3, 3, 0, 0)).toBe(6);
    expect(soakModifier(1, 0, 2, 6)).toBe(-3);
  });
});
