import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deathThreshold } from "../wuxia/secondary";
import { RulesError } from "../errors";
import { OUT_AT, UNHURT, woundHarmoniesMember, woundWuxiaMember, type MemberWounds } from "./casualties";

const wounds = (w: Partial<MemberWounds> = {}): MemberWounds => ({ ...UNHURT, ...w });

describe("a Wuxia group member's damage (RULES 3.4 [default])", () => {
  // Métal 2, Eau 2: death threshold (2 × 2 + 2) × 3 = 18.
  const guard = { metal: 2, eau: 2 };

  it("adds up until the death threshold, then the member is out and the next one is unhurt", () => {
    const first = woundWuxiaMember(wounds(), 10, guard);
    expect(first).toEqual({ wounds: wounds({ nb: 10 }), out: false });
    expect(woundWuxiaMember(first.wounds, 7, guard)).toEqual({ wounds: wounds({ nb: 17 }), out: false });
    expect(woundWuxiaMember(first.wounds, 8, guard)).toEqual({ wounds: wounds(), out: true });
  });

  it("leaves the Harmonies part of the record alone and refuses a negative damage", () => {
    expect(woundWuxiaMember(wounds({ light: 1 }), 3, guard).wounds).toEqual(wounds({ nb: 3, light: 1 }));
    expect(() => woundWuxiaMember(wounds(), -1, guard)).toThrow(RulesError);
    expect(() => woundWuxiaMember(wounds({ nb: 1.5 }), 1, guard)).toThrow(RulesError);
  });

  it("puts a member out exactly when its NB reaches the threshold, for any Attributes and hits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 20 }),
        (metal, eau, hits) => {
          const death = deathThreshold(metal, eau);
          let state = wounds();
          let total = 0;
          for (const damage of hits) {
            const hit = woundWuxiaMember(state, damage, { metal, eau });
            total += damage;
            expect(hit.out).toBe(total >= death);
            if (hit.out) total = 0;
            expect(hit.wounds.nb).toBe(total);
            state = hit.wounds;
          }
        },
      ),
    );
  });
});

describe("a Harmonies group member's wounds (RULES 3.4 [default])", () => {
  it("is out at its first grave wound by default, light wounds escalating as on a character's track", () => {
    let state = wounds();
    for (let i = 1; i <= 4; i++) {
      const hit = woundHarmoniesMember(state, "light", "grave");
      expect(hit).toEqual({ wounds: wounds({ light: i }), out: false });
      state = hit.wounds;
    }
    // The fifth light wound finds the light track full: it becomes grave, and the member is out.
    expect(woundHarmoniesMember(state, "light", "grave")).toEqual({ wounds: wounds(), out: true });
    expect(woundHarmoniesMember(wounds(), "grave", "grave").out).toBe(true);
  });

  it("keeps fighting with grave wounds when the world says critical, and only dies when it says fatal", () => {
    const grave = woundHarmoniesMember(wounds(), "grave", "critical");
    expect(grave).toEqual({ wounds: wounds({ grave: 1 }), out: false });
    expect(woundHarmoniesMember(grave.wounds, "critical", "critical").out).toBe(true);
    const critical = woundHarmoniesMember(wounds({ grave: 2 }), "critical", "fatal");
    expect(critical).toEqual({ wounds: wounds({ grave: 2, critical: 1 }), out: false });
    // A critical wound with the critical slot full is fatal.
    expect(woundHarmoniesMember(critical.wounds, "critical", "fatal").out).toBe(true);
  });

  it("does nothing on a stun or a clean soak, and refuses an unknown threshold", () => {
    expect(woundHarmoniesMember(wounds({ light: 2 }), "stunned", "grave")).toEqual({
      wounds: wounds({ light: 2 }),
      out: false,
    });
    expect(woundHarmoniesMember(wounds(), "none", "grave").out).toBe(false);
    expect(() => woundHarmoniesMember(wounds(), "grave", "dead" as never)).toThrow(RulesError);
  });

  it("never leaves an out member's wounds behind, and never puts out a member whose wounds stay below the threshold", () => {
    const severity = fc.constantFrom("none", "stunned", "light", "grave", "critical" as const);
    fc.assert(
      fc.property(fc.constantFrom(...OUT_AT), fc.array(severity, { maxLength: 30 }), (outAt, hits) => {
        let state = wounds();
        for (const s of hits) {
          const hit = woundHarmoniesMember(state, s, outAt);
          if (hit.out) expect(hit.wounds).toEqual(wounds());
          else {
            expect(hit.wounds.light).toBeLessThanOrEqual(4);
            if (outAt === "grave") expect(hit.wounds.grave + hit.wounds.critical).toBe(0);
            if (outAt === "critical") expect(hit.wounds.critical).toBe(0);
          }
          state = hit.wounds;
        }
      }),
    );
  });
});

describe("a member's wounds refused, naming what is wrong", () => {
  const guard = { metal: 2, eau: 2 };
  const argument = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as RulesError).details.argument;
    }
    return "accepted";
  };

  it("names the record, each of its counts, the damage, the member and the threshold", () => {
    expect(argument(() => woundWuxiaMember(null as never, 1, guard))).toBe("wounds");
    for (const key of ["nb", "light", "grave", "critical"] as const) {
      expect(argument(() => woundWuxiaMember(wounds({ [key]: -1 }), 1, guard))).toBe(`wounds.${key}`);
      expect(argument(() => woundHarmoniesMember(wounds({ [key]: 0.5 }), "light", "grave"))).toBe(`wounds.${key}`);
    }
    expect(argument(() => woundWuxiaMember(wounds(), -1, guard))).toBe("damage");
    expect(argument(() => woundWuxiaMember(wounds(), 1, null as never))).toBe("member");
    expect(argument(() => woundHarmoniesMember(wounds(), "light", "dead" as never))).toBe("outAt");
    expect(argument(() => woundHarmoniesMember(wounds(), "light", "grave"))).toBe("accepted");
  });
});
