import { describe, expect, it } from "vitest";
import { mulberry32, replayFaces } from "../random";
import { harmoniesActionFromFaces, rollHarmonies, rollHarmoniesAction } from "./difference-roll";
import { soakModifier, soakSeverity } from "./soak";

describe("rollHarmonies", () => {
  it("closed: one die added, the other subtracted", () => {
    expect(rollHarmonies(replayFaces([8, 2]))).toEqual({ plus: [8], minus: [2], dice: 6 });
    expect(rollHarmonies(replayFaces([10, 10]))).toEqual({ plus: [10], minus: [10], dice: 0 });
  });

  it("[example] open: −14 is −10 followed by −4", () => {
    expect(rollHarmonies(replayFaces([3, 10, 4]), { open: true })).toEqual({ plus: [3], minus: [10, 4], dice: -11 });
  });

  it("open: a die keeps exploding while it shows 10", () => {
    expect(rollHarmonies(replayFaces([10, 10, 3, 1]), { open: true })).toEqual({
      plus: [10, 10, 3],
      minus: [1],
      dice: 22,
    });
  });

  it("closed rolls stay within −9..+9", () => {
    const random = mulberry32(3);
    for (let i = 0; i < 1000; i++) expect(Math.abs(rollHarmonies(random).dice)).toBeLessThanOrEqual(9);
  });

  it("refuses a generator that only returns tens", () => {
    expect(() => rollHarmonies(() => 0.95, { open: true })).toThrow(/tens in a row/);
  });

  it("allows 1000 tens in a row, refusing only the 1001st", () => {
    const thousand = new Array<number>(1000).fill(10);
    const roll = rollHarmonies(replayFaces([...thousand, 3, 1]), { open: true });
    expect(roll.dice).toBe(10_003 - 1);
    expect(roll.plus).toHaveLength(1001);
    expect(() => rollHarmonies(replayFaces([...thousand, 10, 3, 1]), { open: true })).toThrow(
      /more than 1000 tens in a row/,
    );
  });
});

describe("[example] David and Goliath (RULES 2.4)", () => {
  const david = { ag: 2, pr: 3, sling: 0 };
  const goliath = { cp: 3, ag: 2, rs: 3, bat: 1 };

  it("David shoots at −1 with +8 and −2 → +10; Goliath parries at −1 with +2 and −4 → +3: parried", () => {
    const shot = rollHarmoniesAction(david.ag + david.pr + david.sling - 1, replayFaces([8, 2]));
    expect(shot).toMatchObject({ margin: 10, success: true });
    const parry = rollHarmoniesAction(goliath.ag + goliath.rs + goliath.bat - 1, replayFaces([2, 4]));
    expect(parry).toMatchObject({ margin: 3, success: true });
  });

  it("David ricochets at −4 with +5 and −6 → 0, a success; Goliath at −4 with +2 and −9 → −5: not parried", () => {
    expect(rollHarmoniesAction(david.ag + david.pr + david.sling - 4, replayFaces([5, 6]))).toMatchObject({
      margin: 0,
      success: true,
    });
    expect(rollHarmoniesAction(goliath.ag + goliath.rs + goliath.bat - 4, replayFaces([2, 9]))).toMatchObject({
      margin: -5,
      success: false,
    });
  });

  it("damage 0; Goliath soaks with Cp + Rs, no armour, +3 and −14 (open) → −5: a light wound", () => {
    const soak = rollHarmoniesAction(soakModifier(goliath.cp, goliath.rs, 0, 0), replayFaces([3, 10, 4]), {
      open: true,
    });
    expect(soak.margin).toBe(-5);
    expect(soakSeverity(soak.margin)).toBe("light");
  });
});

describe("harmoniesActionFromFaces", () => {
  it("reads dice rolled elsewhere as rollHarmoniesAction reads the same faces", () => {
    const random = mulberry32(11);
    for (let trial = 0; trial < 300; trial++) {
      const open = trial % 2 === 0;
      const modifier = (trial % 21) - 10;
      const rolled = rollHarmoniesAction(modifier, random, { open });
      expect(harmoniesActionFromFaces(modifier, rolled.roll.plus, rolled.roll.minus, { open })).toEqual(rolled);
    }
  });

  it("an open subtracted die showing 10 then 4 takes 14 off", () => {
    expect(harmoniesActionFromFaces(0, [3], [10, 4], { open: true })).toEqual({
      roll: { plus: [3], minus: [10, 4], dice: -11 },
      margin: -11,
      success: false,
    });
  });

  it("refuses faces a die cannot show: a face after a non-10, after a closed 10, or a last open 10", () => {
    expect(() => harmoniesActionFromFaces(0, [4, 2], [1], { open: true })).toThrow(/plus/);
    expect(() => harmoniesActionFromFaces(0, [10, 2], [1], { open: false })).toThrow(/plus/);
    expect(() => harmoniesActionFromFaces(0, [3], [10], { open: true })).toThrow(/minus/);
    expect(() => harmoniesActionFromFaces(0, [], [1])).toThrow(/plus/);
    expect(() => harmoniesActionFromFaces(0, [11], [1])).toThrow(/plus\[0\]/);
  });
});
