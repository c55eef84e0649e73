import { describe, expect, it } from "vitest";
import * as rules from "./index";
import { RulesError } from "./index";

/**
 * The engine's contract on inputs it does not expect: a RulesError naming the argument, never
 * a TypeError from inside the engine and never a silent answer to a question not asked.
 */
function refusal(run: () => unknown): RulesError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  if (thrown instanceof RulesError) return thrown;
  throw new Error(`expected a RulesError, got ${thrown === undefined ? "an answer" : String(thrown)}`);
}

const circular: Record<string, unknown> = { a: 1 };
circular.self = circular;

describe("values the error message cannot print as JSON", () => {
  it.each([
    ["a BigInt", 3n, "3n"],
    ["an object holding a BigInt", { n: 3n }, "[object Object]"],
    ["a circular object", circular, "[object Object]"],
    ["a symbol", Symbol("x"), "Symbol(x)"],
    ["an object without a prototype", Object.create(null) as object, "{}"],
  ])("%s is described, not thrown over", (_, value, shown) => {
    const error = refusal(() => rules.measureOf(value as unknown as number));
    expect(error.details.argument).toBe("value");
    expect(error.details.value).toBe(value);
    expect(error.message).toBe(`value must be an integer (got ${shown})`);
  });

  it("null, undefined, strings and values whose JSON is nothing are described too", () => {
    expect(refusal(() => rules.measureOf(null as never)).message).toBe("value must be an integer (got null)");
    expect(refusal(() => rules.measureOf(undefined as never)).message).toBe("value must be an integer (got undefined)");
    expect(refusal(() => rules.measureOf("7" as never)).message).toBe('value must be an integer (got "7")');
    expect(refusal(() => rules.measureOf({ toJSON: () => undefined } as never)).message).toBe(
      "value must be an integer (got [object Object])",
    );
  });

  it("a value that throws whenever it is read is still refused by name", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("read");
        },
        getPrototypeOf() {
          throw new Error("read");
        },
      },
    );
    const error = refusal(() => rules.measureOf(hostile as never));
    expect(error.details.argument).toBe("value");
    expect(error.message).toBe("value must be an integer (got a value that cannot be shown)");
  });

  it("a message that is not a string is shown, not thrown over", () => {
    expect(
      new RulesError("WH.Error.BadValue", { argument: "x", value: 1 }, Object.create(null) as string).message,
    ).toBe("{}");
    expect(new RulesError("WH.Error.BadValue", { argument: "x", value: 1 }, "plain").message).toBe("plain");
  });

  it("a value is shown whole up to 120 characters", () => {
    const shown = (text: string) =>
      refusal(() => rules.measureOf(text as never)).message.slice("value must be an integer (got ".length, -1);
    expect(shown("x".repeat(118))).toBe(`"${"x".repeat(118)}"`);
    expect(shown("x".repeat(119))).toBe(`"${"x".repeat(119)}…`);
  });

  it("a long value is cut short in the message", () => {
    const error = refusal(() => rules.measureOf(Array.from({ length: 1000 }, (_, i) => i) as unknown as number));
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).toMatch(/^value must be an integer \(got \[0,1,2,.*…\)$/);
  });

  it("a generator returning a symbol or a BigInt is refused by name", () => {
    expect(refusal(() => rules.d10(() => Symbol("x") as unknown as number)).details.argument).toBe("random");
    expect(refusal(() => rules.d6(() => 0n as unknown as number)).details.argument).toBe("random");
  });
});

describe("null and non-object arguments", () => {
  it.each([
    ["wuxiaOdds options", () => rules.wuxiaOdds(5, 8, null as never), "options"],
    ["wuxiaOdds options as a number", () => rules.wuxiaOdds(5, 8, 2 as never), "options"],
    ["rollHarmonies options as a string", () => rules.rollHarmonies(rules.mulberry32(1), "open" as never), "options"],
    ["groupMargins options as a list", () => rules.groupMargins(10, 0, "exact", [] as never), "options"],
    ["chiReserve attributes", () => rules.chiReserve(null as never), "attributes"],
    ["healWound track", () => rules.healWound(null as never), "track"],
    [
      "addWound options.woundMaxima",
      () => rules.addWound(rules.EMPTY_WOUND_TRACK, "light", { woundMaxima: 3 as never }),
      "options.woundMaxima",
    ],
    ["resolveWuxiaAttack input", () => rules.resolveWuxiaAttack(null as never), "input"],
    [
      "resolveWuxiaAttack attacker",
      () => rules.resolveWuxiaAttack({ attacker: null as never, defender: { successes: 1 } }),
      "attacker",
    ],
    [
      "resolveWuxiaAttack investments",
      () =>
        rules.resolveWuxiaAttack({ attacker: { successes: 3 }, defender: { successes: 1 }, investments: 5 as never }),
      "investments",
    ],
    ["validateWuxiaCreation sheet", () => rules.validateWuxiaCreation(undefined as never), "sheet"],
    [
      "validateHarmoniesCreation attributes",
      () => rules.validateHarmoniesCreation([1, 2, 3, 4], null as never),
      "attributes",
    ],
    [
      "specialisationRerolls band",
      () => rules.specialisationRerolls(3, { rerollBands: [null as never] }),
      "options.rerollBands[0]",
    ],
    ["initiativeTurns combatant", () => rules.initiativeTurns([null as never]), "combatants[0]"],
    [
      "initiativeTurns id",
      () => rules.initiativeTurns([{ id: 7 as never, initiative: 3, extraActions: 0 }]),
      "combatants[0].id",
    ],
    ["spendInitiativeSuccesses purchase", () => rules.spendInitiativeSuccesses(3, 2, null as never), "purchase"],
    ["effectiveSkillLevel coverage", () => rules.effectiveSkillLevel(0, null as never), "coverage"],
    ["qualifiesAs kind", () => rules.qualifiesAs("toString" as never, [0, 0, 0, 0]), "kind"],
    ["wuxiaCreationBudget priorities", () => rules.wuxiaCreationBudget(null as never), "priorities"],
    [
      "validateWuxiaCreation heroType",
      () =>
        rules.validateWuxiaCreation({
          priorities: { attributes: 5, skills: 4, powers: 3, traits: 2, experience: 1 },
          attributes: { metal: 2, feu: 2, terre: 2, eau: 2, bois: 2 },
          skillLevels: [],
          powerLevels: [],
          traits: 0,
          experience: 0,
          heroType: 5 as never,
        }),
      "heroType",
    ],
  ])("%s is refused by name", (_, run, argument) => {
    expect(refusal(run).details.argument).toBe(argument);
  });
});

describe("the threshold helpers check their arguments", () => {
  it("successFaces and effectiveThreshold refuse a fraction", () => {
    expect(refusal(() => rules.successFaces(2.25)).details.argument).toBe("threshold");
    expect(refusal(() => rules.effectiveThreshold(Number.NaN)).details.argument).toBe("threshold");
  });

  it("isSuccessFace refuses a face no d10 shows", () => {
    expect(refusal(() => rules.isSuccessFace(11, 8)).details).toMatchObject({ argument: "face", min: 1, max: 10 });
    expect(refusal(() => rules.isSuccessFace(0, 8)).details.argument).toBe("face");
    expect(refusal(() => rules.isSuccessFace(9, "8" as never)).details.argument).toBe("threshold");
  });
});

describe("lists with holes", () => {
  const holed = (length: number, values: Record<number, number>): number[] => {
    const list = new Array<number>(length);
    for (const [i, v] of Object.entries(values)) list[Number(i)] = v;
    return list;
  };

  it("validateHarmoniesCreation refuses kept results with a hole", () => {
    const attributes = { cp: 1, ag: 0, it: 1, ig: 1, pu: 0, rs: 0, mn: 2, pr: 1 };
    expect(
      refusal(() => rules.validateHarmoniesCreation(holed(5, { 0: 1, 1: 2, 2: 0, 3: 3 }), attributes)).details.argument,
    ).toBe("kept[4]");
  });

  it("groupHomogeneity refuses a hole instead of a spread of −Infinity", () => {
    expect(refusal(() => rules.groupHomogeneity(holed(2, {}))).details.argument).toBe("sums[0]");
  });

  it("every list argument is read whole: faces, values, levels", () => {
    expect(refusal(() => rules.evaluateWuxiaPool(holed(3, { 0: 5, 2: 9 }), 7)).details.argument).toBe("faces[1]");
    expect(refusal(() => rules.combineValues(holed(2, { 1: 3 }))).details.argument).toBe("values[0]");
    expect(refusal(() => rules.qualifiesAs("hobby", holed(3, { 0: 0, 1: 0 }))).details.argument).toBe("levels[2]");
    expect(refusal(() => rules.replayFaces(holed(2, { 0: 3 }))).details.argument).toBe("faces[1]");
  });
});

describe("boolean options and flags are real booleans", () => {
  it('open: "false" is refused, not rolled open', () => {
    expect(refusal(() => rules.rollHarmonies(rules.mulberry32(1), { open: "false" as never })).details.argument).toBe(
      "options.open",
    );
    expect(refusal(() => rules.harmoniesOdds(0, { open: 0 as never })).details.argument).toBe("options.open");
    expect(
      refusal(() => rules.rollGroupIndividually(3, 0, rules.mulberry32(1), { open: 1 as never })).details.argument,
    ).toBe("options.open");
  });

  it('fatal: "true" is refused, not healed', () => {
    expect(
      refusal(() => rules.healWound({ light: 0, grave: 1, critical: 0, fatal: "true" as never })).details.argument,
    ).toBe("track.fatal");
  });

  it("every other flag too", () => {
    const attack = { attacker: { successes: 3, critical: "yes" as never }, defender: { successes: 1 } };
    expect(refusal(() => rules.resolveWuxiaAttack(attack)).details.argument).toBe("attacker.critical");
    expect(refusal(() => rules.attackDamage(1, 1, 2, { missile: "no" as never })).details.argument).toBe(
      "options.missile",
    );
    expect(refusal(() => rules.defenseDiceAtRoundStart(2, { defenseDiceCarryOver: 1 as never })).details.argument).toBe(
      "options.defenseDiceCarryOver",
    );
    expect(refusal(() => rules.effectiveSkillLevel(null, { talent: "1" as never })).details.argument).toBe(
      "coverage.talent",
    );
  });

  it("a flag left out, undefined or null, takes its default", () => {
    expect(rules.healWound({ light: 0, grave: 1, critical: 0 } as never)).toEqual({
      light: 1,
      grave: 0,
      critical: 0,
      fatal: false,
    });
    expect(rules.healWound({ light: 0, grave: 1, critical: 0, fatal: null } as never)).toEqual({
      light: 1,
      grave: 0,
      critical: 0,
      fatal: false,
    });
    // An open roll's first die would take two draws on a 10; the closed one takes one.
    const random = rules.replayFaces([10, 3]);
    expect(rules.rollHarmonies(random, { open: null as never })).toEqual({ plus: [10], minus: [3], dice: 7 });
    expect(rules.harmoniesOdds(0, { open: undefined })).toBe(rules.harmoniesOdds(0));
  });

  it("a flag given true or false is read as given", () => {
    expect(rules.rollHarmonies(rules.replayFaces([10, 3, 2]), { open: true })).toEqual({
      plus: [10, 3],
      minus: [2],
      dice: 11,
    });
    expect(rules.defenseDiceAtRoundStart(3, { defenseDiceCarryOver: true })).toBe(3);
    expect(rules.defenseDiceAtRoundStart(3, { defenseDiceCarryOver: false })).toBe(0);
  });
});

describe("the generator is checked by d10 and d6", () => {
  it("refuse a generator that is not a function", () => {
    expect(refusal(() => rules.d10(5 as never)).code).toBe("WH.Error.NotRandom");
    expect(refusal(() => rules.d6(undefined as never)).code).toBe("WH.Error.NotRandom");
  });

  it("refuse draws outside [0, 1), NaN and numeric strings", () => {
    for (const draw of [1, -0.1, Number.NaN, "0.5", null]) {
      expect(refusal(() => rules.d10(() => draw as number)).code).toBe("WH.Error.BadRandom");
      expect(refusal(() => rules.d6(() => draw as number)).code).toBe("WH.Error.BadRandom");
    }
  });
});

describe("no −0 in results", () => {
  it("a Value below 0 by less than half a point reads 0", () => {
    expect(Object.is(rules.valueOf(0.97), 0)).toBe(true);
  });

  it("a −0 argument gives 0", () => {
    expect(Object.is(rules.wuxiaThreshold(-0, 0), 0)).toBe(true);
    expect(Object.is(rules.soakModifier(-0, -0, 0, 0), 0)).toBe(true);
    expect(Object.is(rules.rollWuxiaInitiative(-0, 0, rules.mulberry32(1)).base, 0)).toBe(true);
    expect(Object.is(rules.effectiveSkillLevel(-0).level, 0)).toBe(true);
    expect(Object.is(rules.combineValues([-0]).value, 0)).toBe(true);
    expect(Object.is(rules.woundThresholds(5, 5, { woundFractions: [-0] })[0], 0)).toBe(true);
  });
});
