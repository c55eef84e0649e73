import { describe, expect, it } from "vitest";
import { RulesError, type RulesErrorCode, type RulesErrorDetails } from "./errors";
import { healWound } from "./harmonies/healing";
import { harmoniesActionFromFaces, rollHarmonies } from "./harmonies/difference-roll";
import { valueOf } from "./harmonies/measure";
import { d10, replayFaces } from "./random";
import { combineValueCounts } from "./groups/combine";
import {
  at,
  requireArray,
  requireBoolean,
  requireCount,
  requireFinite,
  requireInteger,
  requireNonEmpty,
  requireObject,
  requireOneOf,
  requireOptions,
  requireRandom,
  requireString,
} from "./validate";
import { resolveWuxiaAttack } from "./wuxia/attack";
import { spendInitiativeSuccesses } from "./wuxia/initiative";
import { narrowSkillUse, specialisationRerolls } from "./wuxia/specialisation";

/**
 * The whole contract of every refusal of the engine: the Foundry layer localises by `code`
 * and `details`, and plain-Node callers read `message`, so each must be exactly as documented.
 */
function refusal(run: () => unknown): RulesError {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error("no RulesError was thrown");
}

const cases: [string, () => unknown, RulesErrorCode, RulesErrorDetails, string][] = [
  [
    "a non-number",
    () => requireFinite("x", "3"),
    "WH.Error.NotFinite",
    { argument: "x", value: "3" },
    'x must be a finite number (got "3")',
  ],
  [
    "an infinity",
    () => requireFinite("x", -Infinity),
    "WH.Error.NotFinite",
    { argument: "x", value: -Infinity },
    "x must be a finite number (got -Infinity)",
  ],
  [
    "a real below its range",
    () => requireFinite("x", -0.5, 0, 1),
    "WH.Error.OutOfRange",
    { argument: "x", value: -0.5, min: 0, max: 1 },
    "x must be between 0 and 1 (got -0.5)",
  ],
  [
    "a real above its range",
    () => requireFinite("x", 1.5, 0, 1),
    "WH.Error.OutOfRange",
    { argument: "x", value: 1.5, min: 0, max: 1 },
    "x must be between 0 and 1 (got 1.5)",
  ],
  [
    "a fraction",
    () => requireInteger("dice", 2.5),
    "WH.Error.NotInteger",
    { argument: "dice", value: 2.5 },
    "dice must be an integer (got 2.5)",
  ],
  [
    "a boolean",
    () => requireInteger("dice", true),
    "WH.Error.NotInteger",
    { argument: "dice", value: true },
    "dice must be an integer (got true)",
  ],
  [
    "an object",
    () => requireInteger("dice", { n: 1 }),
    "WH.Error.NotInteger",
    { argument: "dice", value: { n: 1 } },
    'dice must be an integer (got {"n":1})',
  ],
  [
    "undefined",
    () => requireInteger("dice", undefined),
    "WH.Error.NotInteger",
    { argument: "dice", value: undefined },
    "dice must be an integer (got undefined)",
  ],
  [
    "an integer below its range",
    () => requireInteger("n", -1, 0, 9),
    "WH.Error.OutOfRange",
    { argument: "n", value: -1, min: 0, max: 9 },
    "n must be between 0 and 9 (got -1)",
  ],
  [
    "an integer above its range",
    () => requireInteger("n", 10, 0, 9),
    "WH.Error.OutOfRange",
    { argument: "n", value: 10, min: 0, max: 9 },
    "n must be between 0 and 9 (got 10)",
  ],
  [
    "a count past 10^9",
    () => requireCount("size", 1e9 + 1),
    "WH.Error.OutOfRange",
    { argument: "size", value: 1e9 + 1, min: 0, max: 1e9 },
    "size must be between 0 and 1000000000 (got 1000000001)",
  ],
  [
    "a list that is not one",
    () => requireArray("faces", 3 as unknown as number[]),
    "WH.Error.BadValue",
    { argument: "faces", value: 3 },
    "faces must be a list",
  ],
  [
    "an empty list",
    () => requireNonEmpty("values", []),
    "WH.Error.Empty",
    { argument: "values", value: [] },
    "values must be a non-empty list",
  ],
  [
    "a list with a hole",
    // eslint-disable-next-line no-sparse-arrays
    () => requireArray("faces", [3, , 4]),
    "WH.Error.BadValue",
    { argument: "faces[1]", value: undefined },
    "faces[1] is missing: the list has a hole",
  ],
  [
    "a record that is null",
    () => requireObject("track", null as unknown as object),
    "WH.Error.BadValue",
    { argument: "track", value: null },
    "track must be an object (got null)",
  ],
  [
    "a record that is a list",
    () => requireObject("options", [1]),
    "WH.Error.BadValue",
    { argument: "options", value: [1] },
    "options must be an object (got [1])",
  ],
  [
    "options that are a number",
    () => requireOptions("options", 2 as unknown as object),
    "WH.Error.BadValue",
    { argument: "options", value: 2 },
    "options must be an object (got 2)",
  ],
  [
    "a flag that is a string",
    () => requireBoolean("options.open", "false", false),
    "WH.Error.BadValue",
    { argument: "options.open", value: "false" },
    'options.open must be true or false (got "false")',
  ],
  [
    "a name that is not a string",
    () => requireString("id", 7),
    "WH.Error.BadValue",
    { argument: "id", value: 7 },
    "id must be a string (got 7)",
  ],
  [
    "a BigInt",
    () => requireInteger("dice", 3n),
    "WH.Error.NotInteger",
    { argument: "dice", value: 3n },
    "dice must be an integer (got 3n)",
  ],
  [
    "sub-groups holding nobody",
    () => combineValueCounts([{ value: 2, count: 0 }]),
    "WH.Error.Empty",
    { argument: "groups", value: [{ value: 2, count: 0 }] },
    "groups must hold at least one member",
  ],
  [
    "a generator returning a string",
    () => d10(() => "0.5" as unknown as number),
    "WH.Error.BadRandom",
    { argument: "random", value: "0.5" },
    'random() must return a number in [0, 1) (got "0.5")',
  ],
  [
    "a generator that is not a function",
    () => requireRandom("random", 0.5 as unknown as () => number),
    "WH.Error.NotRandom",
    { argument: "random", value: 0.5 },
    "random must be a function returning a number in [0, 1)",
  ],
  [
    "an unknown mode",
    () => requireOneOf("mode", "fast" as "book", ["book", "exact"]),
    "WH.Error.BadValue",
    { argument: "mode", value: "fast" },
    'mode must be one of book, exact (got "fast")',
  ],
  [
    "a missing table entry",
    () => at("table", [1, 2], 2),
    "WH.Error.OutOfRange",
    { argument: "table", value: 2, min: 0, max: 1 },
    "table has no entry 2 (it has 2)",
  ],
  [
    "a draw of 1",
    () => d10(() => 1),
    "WH.Error.BadRandom",
    { argument: "random", value: 1 },
    "random() must return a number in [0, 1) (got 1)",
  ],
  [
    "a negative draw",
    () => d10(() => -0.25),
    "WH.Error.BadRandom",
    { argument: "random", value: -0.25 },
    "random() must return a number in [0, 1) (got -0.25)",
  ],
  [
    "replayed faces running out",
    () => d10(replayFaces([])),
    "WH.Error.NotRandom",
    { argument: "random", value: 0 },
    "random (replayFaces) ran out after 0 faces",
  ],
  [
    "replayed faces that are not a list",
    () => replayFaces(7 as unknown as number[]),
    "WH.Error.BadValue",
    { argument: "faces", value: 7 },
    "faces must be a list",
  ],
  [
    "endless tens",
    () => rollHarmonies(() => 0.95, { open: true }),
    "WH.Error.NotRandom",
    { argument: "random", value: 1001 },
    "random produced more than 1000 tens in a row",
  ],
  [
    "a face after a non-10",
    () => harmoniesActionFromFaces(0, [4, 2], [1], { open: true }),
    "WH.Error.BadValue",
    { argument: "plus", value: "4, 2" },
    "plus: a die rolls again after a 10 on an open roll, and only then",
  ],
  [
    "a measure of 0",
    () => valueOf(0),
    "WH.Error.BadValue",
    { argument: "measure", value: 0 },
    "measure must be greater than 0 (got 0)",
  ],
  [
    "healing the dead",
    () => healWound({ light: 0, grave: 0, critical: 1, fatal: true }),
    "WH.Error.Fatal",
    { argument: "track", value: { light: 0, grave: 0, critical: 1, fatal: true } },
    "track holds a fatal wound: there is nothing left to heal",
  ],
  [
    "an attack investing past its surplus",
    () => resolveWuxiaAttack({ attacker: { successes: 4 }, defender: { successes: 1 }, investments: { ame: 3 } }),
    "WH.Error.OverSpent",
    { argument: "investments", value: 3, max: 2 },
    "investments cost 3 successes but only 2 are left to invest",
  ],
  [
    "initiative overspent",
    () => spendInitiativeSuccesses(4, 1, { initiative: 1, extraActions: 1 }),
    "WH.Error.OverSpent",
    { argument: "purchase", value: 2, max: 1 },
    "purchase spends 2 successes but only 1 were rolled",
  ],
  [
    "no reroll band for a level",
    () => specialisationRerolls(2, { rerollBands: [{ fromLevel: 4, rerolls: 2 }] }),
    "WH.Error.BadValue",
    { argument: "options.rerollBands", value: [{ fromLevel: 4, rerolls: 2 }] },
    "options.rerollBands has no band covering level 2",
  ],
  [
    "a narrow skill with neither level",
    () => narrowSkillUse(null, null),
    "WH.Error.BadValue",
    { argument: "hobbyLevel", value: null },
    "hobbyLevel is required when the parent skill is not owned",
  ],
];

describe("every refusal of the engine", () => {
  it.each(cases)("%s: a RangeError with its code, details and message", (_, run, code, details, message) => {
    const error = refusal(run);
    expect(error).toBeInstanceOf(RangeError);
    expect(error.name).toBe("RulesError");
    expect(error.code).toBe(code);
    expect(error.details).toEqual(details);
    expect(error.message).toBe(message);
  });

  it("names a function it cannot print as JSON by its source text", () => {
    const fn = () => 1;
    expect(refusal(() => requireInteger("f", fn)).message).toBe(`f must be an integer (got ${String(fn)})`);
  });
});
