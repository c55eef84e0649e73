import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as rules from "./index";
import { RulesError, type WoundTrack } from "./index";

/**
 * The contract of every function the rules engine exports, on any input: inside its documented
 * domain the right answer (properties of it, never −0 in it); with one argument outside, a
 * RulesError naming that argument; on arbitrary values, a RulesError or an answer, never any
 * other error. `npm test` runs a small budget; `npm run fuzz` (FC_RUNS) a large one.
 */
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
const RUNS = Math.max(1, Number(env.FC_RUNS) || 25);
fc.configureGlobal({ numRuns: RUNS });

type Args = unknown[];

interface Spec {
  /** Calls the export with the drawn arguments. */
  run: (args: Args) => unknown;
  /** Arguments inside the domain, and what the answer must satisfy. */
  inside: fc.Arbitrary<Args>;
  check: (result: unknown, args: Args) => void;
  /** Arguments with one outside the domain, each with the name the refusal must give. */
  outside: [string, fc.Arbitrary<Args>][];
}

/** A spec typed by the export's own signature, stored untyped in the registry. */
function spec<A extends Args, R>(
  fn: (...args: A) => R,
  inside: fc.Arbitrary<A>,
  check: (result: R, args: A) => void,
  outside: [string, fc.Arbitrary<Args>][],
): Spec {
  return { run: (args) => fn(...(args as A)), inside, check: (r, a) => check(r as R, a as A), outside };
}

/** `valid` with the argument at `index` (or what `set` picks) replaced by a value from `bad`. */
function replace<A extends Args>(
  valid: fc.Arbitrary<A>,
  bad: fc.Arbitrary<unknown>,
  set: number | ((args: A, bad: unknown) => Args),
): fc.Arbitrary<Args> {
  return fc.tuple(valid, bad).map(([args, b]) => (typeof set === "number" ? args.with(set, b) : set(args, b)));
}

// --- Values inside a domain --------------------------------------------------------------------

/** Integers in [min, max], −0 among them when 0 is: it must never reach a result. */
const int = (min: number, max: number): fc.Arbitrary<number> =>
  min <= 0 && max >= 0
    ? fc.oneof({ arbitrary: fc.integer({ min, max }), weight: 9 }, { arbitrary: fc.constant(-0), weight: 1 })
    : fc.integer({ min, max });
const generator = fc.integer({ min: 0, max: 0xffffffff }).map((seed) => rules.mulberry32(seed));
const face = int(1, 10);
const faces = (max = 12) => fc.array(face, { maxLength: max });
/** An options argument: left out, or a record of any subset of the given fields. */
const options = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) =>
  fc.option(fc.record(fields, { requiredKeys: [] }), { nil: undefined }) as fc.Arbitrary<
    { [K in keyof T]?: T[K] extends fc.Arbitrary<infer V> ? V : never } | undefined
  >;
const track = fc.record({ light: int(0, 6), grave: int(0, 4), critical: int(0, 3), fatal: fc.boolean() });
/** One group member's wounds (RULES 3.4). */
const memberWounds = fc.record({ nb: int(0, 60), light: int(0, 4), grave: int(0, 2), critical: int(0, 1) });
const aliveTrack = track.map((t): WoundTrack => ({ ...t, fatal: false }));
const perLevel = fc.record({ light: int(0, 60), grave: int(0, 60), critical: int(0, 60) });
const severity = fc.constantFrom("none", "stunned", "light", "grave", "critical") as fc.Arbitrary<rules.SoakSeverity>;
const wuxiaAttributes = fc.record({
  metal: int(0, 100),
  feu: int(0, 100),
  terre: int(0, 100),
  eau: int(0, 100),
  bois: int(0, 100),
});
const harmoniesAttributes = fc.record({
  cp: int(-20, 20),
  ag: int(-20, 20),
  it: int(-20, 20),
  ig: int(-20, 20),
  pu: int(-20, 20),
  rs: int(-20, 20),
  mn: int(-20, 20),
  pr: int(-20, 20),
});
const priorities = fc
  .shuffledSubarray([1, 2, 3, 4, 5], { minLength: 5, maxLength: 5 })
  .map(([attributes = 1, skills = 2, powers = 3, traits = 4, experience = 5]) => ({
    attributes,
    skills,
    powers,
    traits,
    experience,
  }));
const heroType = fc.constantFrom(...rules.WUXIA_HERO_TYPES);

// --- Values outside a domain -------------------------------------------------------------------

const circular: Record<string, unknown> = { name: "loop" };
circular.self = circular;
/** What no number argument accepts; undefined is apart, since an option left out is valid. */
const notNumber = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt({ min: -10n, max: 10n }),
  fc.constant(Number.NaN),
  fc.constantFrom(Infinity, -Infinity),
  fc.constant(circular),
  fc.constant(Symbol("x")),
  fc.constant(Object.create(null) as object),
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
  fc.object({ maxDepth: 1, withBigInt: true }),
);
const fraction = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x));
const notInteger = fc.oneof(fraction, notNumber);
/** Not an integer in [min, max]. */
const outOf = (min: number, max: number) =>
  fc.oneof(notInteger, fc.integer({ min: max + 1, max: max + 1000 }), fc.integer({ min: min - 1000, max: min - 1 }));
const missingOr = (bad: fc.Arbitrary<unknown>) => fc.oneof(bad, fc.constant(undefined));
/** Bad values for an option field, where undefined and null mean "the default". */
const given = (bad: fc.Arbitrary<unknown>) => bad.filter((x) => x !== undefined && x !== null);
const notObject = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(() => 1),
  fc.boolean(),
  fc.bigInt({ min: -1n, max: 1n }),
  fc.constant(Symbol("o")),
);
/** An argument that must be an object: null and undefined are refused too. */
const notRecord = fc.oneof(notObject, fc.constant(null), fc.constant(undefined));
/** An options argument: undefined means every default, so only null joins the refused. */
const notOptions = fc.oneof(notObject, fc.constant(null));
const notBoolean = fc.oneof(
  fc.constantFrom("false", "true", "", 0, 1, Number.NaN),
  fc.object({ maxDepth: 0 }),
  fc.bigInt({ min: 0n, max: 1n }),
);
const notList = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.constant(null),
  fc.constant(undefined),
  fc.object({ maxDepth: 0 }),
  fc.constant(circular),
);
const notGenerator = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.constant(null),
  fc.constant(undefined),
  fc.object({ maxDepth: 0 }),
);
/** A generator whose first draw is no number in [0, 1). */
const badGenerator = fc
  .constantFrom<unknown>(1, 1.5, -0.25, Number.NaN, Infinity, "0.5", null, undefined, 0n, {}, Symbol("r"))
  .map((draw) => () => draw as number);
/** A list with a hole (new Array(n), delete): the hole is a missing entry, never skipped. */
const holed = <T>(list: fc.Arbitrary<T[]>) =>
  fc.tuple(list, fc.nat()).map(([values, k]) => {
    const full = [...values, values[0]];
    const out = new Array<T | undefined>(full.length);
    full.forEach((v, i) => {
      if (i !== k % full.length) out[i] = v;
    });
    return out;
  });

/** Packages over a few skill names, mostly close to valid: the right counts, some repeats, some unlisted. */
const skillName = fc.constantFrom(
  "Chants",
  "chants ",
  "Mandoline",
  "Épée",
  "Escrime",
  "Lire",
  "Nager",
  "",
  "Pister",
  "Forge",
);
const packageSet = fc.record({
  name: fc.constantFrom("Barde", "barde", "Fantassin", "Joaillier"),
  listed: fc.array(skillName, { maxLength: 6 }),
  chosen: fc.array(skillName, { maxLength: 5 }),
});
const validPackage = fc
  .shuffledSubarray(
    [
      "Chants",
      "Mandoline",
      "Épée",
      "Escrime",
      "Lire",
      "Nager",
      "Pister",
      "Forge",
      "Voler",
      "Danser",
      "Coudre",
      "Jouer",
      "Prier",
    ],
    { minLength: 12, maxLength: 12 },
  )
  .map((n) => ({
    metier: { name: "Fantassin", listed: [...n.slice(0, 4), "Marcher"], chosen: n.slice(0, 4) },
    hobbies: [
      { name: "Barde", listed: n.slice(4, 6), chosen: n.slice(4, 6) },
      { name: "Joaillier", listed: n.slice(6, 8), chosen: n.slice(6, 8) },
    ],
    talents: n.slice(8, 12),
  }));
const beginnerPackage = fc.oneof(
  validPackage,
  fc.record({
    metier: packageSet,
    hobbies: fc.array(packageSet, { maxLength: 3 }),
    talents: fc.array(skillName, { maxLength: 5 }),
  }),
);
/** Six d6 faces, and lists that are not: another length, a face off the die, a hole, no list. */
const sixD6 = fc.array(int(1, 6), { minLength: 6, maxLength: 6 });
const badSixD6 = fc.oneof(
  notList,
  holed(sixD6),
  fc.array(int(1, 6), { maxLength: 12 }).filter((f) => f.length !== 6),
  fc.tuple(sixD6, fc.nat(5), fc.oneof(outOf(1, 6), notInteger)).map(([f, i, bad]) => f.with(i, bad as number)),
);
// --- Checks of answers -------------------------------------------------------------------------

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const count = <T>(xs: readonly T[], keep: (x: T) => boolean) => xs.filter(keep).length;
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9 * Math.max(1, Math.abs(b)));
const draws = (random: () => number, n: number) => Array.from({ length: n }, random);

/** The arguments as the answer is judged by: −0 read as 0 (the engine does), functions kept. */
function positiveZeros(value: unknown): unknown {
  if (typeof value === "number") return value + 0;
  if (Array.isArray(value)) return value.map(positiveZeros);
  if (typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, positiveZeros(v)]));
  }
  return value;
}

function noNegativeZero(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value === "number") expect(Object.is(value, -0), "a result holds −0").toBe(false);
  else if (typeof value === "object" && value !== null && !seen.has(value)) {
    seen.add(value);
    for (const v of Object.values(value)) noNegativeZero(v, seen);
  }
}

// --- Every export ------------------------------------------------------------------------------

const threshold = int(-30, 30);
const poolArgs = fc.tuple(int(0, 12), threshold, generator, options({ rerolls: int(0, 12) }));
const oddsArgs = fc.tuple(int(0, 3), threshold, options({ rerolls: int(0, 3) }));
const attackOddsArgs = fc.tuple(
  fc.record({ successes: int(0, 8), critical: fc.boolean() }),
  int(0, 8),
  fc.record({ dice: int(0, 6), threshold, rerolls: int(0, 3) }),
);
const creationSheet = fc.record({
  priorities,
  attributes: wuxiaAttributes,
  skillLevels: fc.array(int(0, 100), { maxLength: 5 }),
  powerLevels: fc.array(int(0, 100), { maxLength: 5 }),
  traits: int(0, 10),
  experience: int(0, 40),
  heroType: fc.option(heroType, { nil: undefined }),
  powerTypes: fc.option(fc.array(fc.oneof(heroType, fc.constant("General" as const)), { maxLength: 4 }), {
    nil: undefined,
  }),
});
const attackSide = fc.record(
  { successes: int(0, 20), critical: fc.option(fc.boolean(), { nil: undefined }) },
  { requiredKeys: ["successes"] },
);
const attackInput = fc.record({
  attacker: attackSide,
  defender: attackSide,
  defenseDice: fc.option(int(0, 10), { nil: undefined }),
  weaponDamage: fc.option(int(0, 10), { nil: undefined }),
  armour: fc.option(int(0, 10), { nil: undefined }),
});
const combatants = fc.array(
  fc.record({ id: fc.string({ maxLength: 3 }), initiative: int(-20, 20), extraActions: int(0, 3) }),
  { maxLength: 6 },
);
const closedFaces = face.map((f) => [f]);
const openDie = fc
  .tuple(int(0, 3), fc.integer({ min: 1, max: 9 }))
  .map(([tens, last]) => [...new Array<number>(tens).fill(10), last]);
const valueCounts = fc
  .array(fc.record({ value: int(-40, 40), count: int(0, 6) }), { minLength: 1, maxLength: 8 })
  .filter((gs) => gs.some((g) => g.count > 0));

const specs = {
  RulesError: spec(
    (code: rules.RulesErrorCode, argument: string, message: string) =>
      new RulesError(code, { argument, value: message }, message),
    fc.tuple(
      fc.constantFrom<rules.RulesErrorCode>("WH.Error.NotInteger", "WH.Error.BadValue", "WH.Error.Empty"),
      fc.string(),
      fc.string(),
    ),
    (error, [code, argument, message]) => {
      expect(error).toBeInstanceOf(RangeError);
      expect(error.name).toBe("RulesError");
      expect(error).toMatchObject({ code, message, details: { argument } });
    },
    [],
  ),
  d10: spec(rules.d10, fc.tuple(generator), (f) => expect(f >= 1 && f <= 10 && Number.isInteger(f)).toBe(true), [
    ["random", fc.tuple(notGenerator)],
    ["random", fc.tuple(badGenerator)],
  ]),
  d6: spec(rules.d6, fc.tuple(generator), (f) => expect(f >= 1 && f <= 6 && Number.isInteger(f)).toBe(true), [
    ["random", fc.tuple(notGenerator)],
    ["random", fc.tuple(badGenerator)],
  ]),
  mulberry32: spec(
    rules.mulberry32,
    fc.tuple(int(-0x80000000, 0xffffffff)),
    (random, [seed]) => {
      const xs = draws(random, 5);
      expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
      expect(draws(rules.mulberry32(seed), 5)).toEqual(xs);
      // A seed and its 32-bit unsigned twin are one generator.
      expect(draws(rules.mulberry32(seed >>> 0), 5)).toEqual(xs);
    },
    [["seed", fc.tuple(outOf(-0x80000000, 0xffffffff))]],
  ),
  replayFaces: spec(
    rules.replayFaces,
    fc
      .integer({ min: 2, max: 1000 })
      .chain((sides) => fc.tuple(fc.array(fc.integer({ min: 1, max: sides }), { maxLength: 8 }), fc.constant(sides))),
    (random, [list, sides]) => {
      const die = (x: number) => Math.floor(x * (sides ?? 10)) + 1;
      expect(list.map(() => die(random()))).toEqual(list);
      expect(() => random()).toThrow(RulesError);
    },
    [
      ["faces", fc.tuple(notList)],
      ["faces", fc.tuple(holed(fc.array(face, { minLength: 1, maxLength: 4 })))],
      ["faces", fc.tuple(fc.array(outOf(1, 10), { minLength: 1, maxLength: 3 }))],
      ["sides", fc.tuple(fc.constant([]), given(outOf(2, 1000)))],
    ],
  ),

  // Wuxia
  wuxiaThreshold: spec(
    rules.wuxiaThreshold,
    fc.tuple(int(-50, 50), int(-50, 50)),
    (t, [sr, skill]) => expect(t).toBe(sr - skill),
    [
      ["sr", replace(fc.tuple(int(-5, 5), int(-5, 5)), missingOr(outOf(-1e9, 1e9)), 0)],
      ["skill", replace(fc.tuple(int(-5, 5), int(-5, 5)), missingOr(outOf(-1e9, 1e9)), 1)],
    ],
  ),
  effectiveThreshold: spec(
    rules.effectiveThreshold,
    fc.tuple(threshold),
    (least, [t]) => {
      expect(least).toBe(t < 2 ? 2 : t > 10 ? 10 : t);
    },
    [["threshold", fc.tuple(missingOr(outOf(-1e9, 1e9)))]],
  ),
  isSuccessFace: spec(
    rules.isSuccessFace,
    fc.tuple(face, threshold),
    (success, [f, t]) => {
      // A 10 always succeeds, a 1 always fails, any other face reaches t or not.
      expect(success).toBe(f === 10 || (f !== 1 && f >= t));
    },
    [
      ["face", replace(fc.tuple(face, threshold), missingOr(outOf(1, 10)), 0)],
      ["threshold", replace(fc.tuple(face, threshold), missingOr(notInteger), 1)],
    ],
  ),
  successFaces: spec(
    rules.successFaces,
    fc.tuple(threshold),
    (n, [t]) => expect(n).toBe(count([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (f) => rules.isSuccessFace(f, t))),
    [["threshold", fc.tuple(missingOr(outOf(-1e9, 1e9)))]],
  ),
  evaluateWuxiaPool: spec(
    rules.evaluateWuxiaPool,
    fc.tuple(faces(), threshold),
    (r, [fs, t]) => {
      const successes = count(fs, (f) => rules.isSuccessFace(f, t));
      const ones = count(fs, (f) => f === 1);
      expect(r).toEqual({ successes, ones, critical: ones > successes, success: successes >= 1 && ones <= successes });
    },
    [
      ["faces", replace(fc.tuple(faces(), threshold), notList, 0)],
      ["faces", replace(fc.tuple(faces(), threshold), holed(faces()), 0)],
      ["faces", replace(fc.tuple(faces(), threshold), fc.array(outOf(1, 10), { minLength: 1, maxLength: 3 }), 0)],
      ["threshold", replace(fc.tuple(faces(), threshold), missingOr(notInteger), 1)],
    ],
  ),
  rollWuxiaPool: spec(
    rules.rollWuxiaPool,
    poolArgs,
    (roll, [dice, t, , opts]) => {
      expect(roll.faces).toHaveLength(dice);
      expect(roll.faces.every((f) => f >= 1 && f <= 10)).toBe(true);
      expect(roll.rerolled.length).toBeLessThanOrEqual(opts?.rerolls ?? 0);
      for (const r of roll.rerolled) {
        expect(rules.isSuccessFace(r.from, t)).toBe(false);
        expect(roll.faces[r.index]).toBe(r.to);
      }
      expect(new Set(roll.rerolled.map((r) => r.index)).size).toBe(roll.rerolled.length);
      expect({ ...roll, faces: undefined, rerolled: undefined }).toEqual({
        ...rules.evaluateWuxiaPool(roll.faces, t),
        faces: undefined,
        rerolled: undefined,
      });
    },
    [
      ["dice", replace(poolArgs, missingOr(outOf(0, rules.MAX_POOL_DICE)), 0)],
      ["threshold", replace(poolArgs, missingOr(notInteger), 1)],
      ["random", replace(poolArgs, notGenerator, 2)],
      [
        "random",
        replace(
          poolArgs.map(([, t, r, o]) => [3, t, r, o] as const),
          badGenerator,
          2,
        ),
      ],
      ["options", replace(poolArgs, notOptions, 3)],
      [
        "options.rerolls",
        replace(poolArgs, given(outOf(0, rules.MAX_POOL_DICE)), (a, b) => [a[0], a[1], a[2], { rerolls: b }]),
      ],
    ],
  ),
  specialisationRerollTargets: spec(
    rules.specialisationRerollTargets,
    fc.tuple(faces(), threshold, int(0, 12)),
    (targets, [fs, t, k]) => {
      const failed = fs.flatMap((f, i) => (rules.isSuccessFace(f, t) ? [] : [i]));
      expect(targets).toHaveLength(Math.min(k, failed.length));
      expect(targets.every((i) => failed.includes(i))).toBe(true);
      // Every 1 before any other failure, each kind in pool order.
      const ones = targets.filter((i) => fs[i] === 1);
      expect(targets.slice(0, ones.length)).toEqual(ones);
      expect(ones.length).toBe(
        Math.min(
          k,
          count(fs, (f) => f === 1),
        ),
      );
      expect([...ones].sort((a, b) => a - b)).toEqual(ones);
      const others = targets.slice(ones.length);
      expect([...others].sort((a, b) => a - b)).toEqual(others);
    },
    [
      ["faces", replace(fc.tuple(faces(), threshold, int(0, 3)), fc.oneof(notList, holed(faces())), 0)],
      ["threshold", replace(fc.tuple(faces(), threshold, int(0, 3)), missingOr(notInteger), 1)],
      ["rerolls", replace(fc.tuple(faces(), threshold, int(0, 3)), missingOr(outOf(0, rules.MAX_POOL_DICE)), 2)],
    ],
  ),
  wuxiaOdds: spec(
    rules.wuxiaOdds,
    oddsArgs,
    (odds, [dice, t, opts]) => {
      // Every outcome of the roller itself, replayed: the odds are exactly their frequencies.
      const k = opts?.rerolls ?? 0;
      let success = 0;
      let critical = 0;
      const tuples = (n: number): number[][] =>
        n === 0 ? [[]] : tuples(n - 1).flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((x) => [...f, x]));
      for (const first of tuples(dice)) {
        const m = rules.specialisationRerollTargets(first, t, k).length;
        for (const again of tuples(m)) {
          const roll = rules.rollWuxiaPool(dice, t, rules.replayFaces([...first, ...again]), { rerolls: k });
          if (roll.success) success += 10 ** -(dice + m);
          if (roll.critical) critical += 10 ** -(dice + m);
        }
      }
      close(odds.success, success);
      close(odds.critical, critical);
      expect(odds.successes).toHaveLength(dice + 1);
      close(sum(odds.successes), 1);
    },
    [
      ["dice", replace(oddsArgs, missingOr(outOf(0, rules.MAX_POOL_DICE)), 0)],
      ["threshold", replace(oddsArgs, missingOr(notInteger), 1)],
      ["options", replace(oddsArgs, notOptions, 2)],
      [
        "options.rerolls",
        replace(oddsArgs, given(outOf(0, rules.MAX_POOL_DICE)), (a, b) => [a[0], a[1], { rerolls: b }]),
      ],
    ],
  ),
  wuxiaAttackOdds: spec(
    rules.wuxiaAttackOdds,
    attackOddsArgs,
    (odds, [attacker, cancelled]) => {
      expect(odds.hit).toBeGreaterThanOrEqual(0);
      expect(odds.hit).toBeLessThanOrEqual(1 + 1e-12);
      expect(odds.surplus.every((p) => p >= 0)).toBe(true);
      close(sum(odds.surplus), odds.hit);
      // Nothing left to beat the defence with: never a hit.
      if (attacker.critical || attacker.successes <= cancelled) expect(odds.hit).toBe(0);
    },
    [
      ["cancelled", replace(attackOddsArgs, missingOr(outOf(0, Number.MAX_SAFE_INTEGER)), 1)],
      ["defence", replace(attackOddsArgs, notRecord, 2)],
      [
        "dice",
        replace(attackOddsArgs, missingOr(outOf(0, rules.MAX_POOL_DICE)), (a, b) => [a[0], a[1], { ...a[2], dice: b }]),
      ],
    ],
  ),
  specialisationRerolls: spec(
    rules.specialisationRerolls,
    fc.tuple(int(1, 10)),
    (k, [level]) => expect(k).toBe(level <= 3 ? 1 : level <= 6 ? 2 : 3),
    [
      ["skillLevel", fc.tuple(missingOr(outOf(1, 10)))],
      ["options", fc.tuple(int(1, 10), notOptions)],
      [
        "options.rerollBands",
        fc.tuple(
          int(1, 10),
          given(notList).map((b) => ({ rerollBands: b })),
        ),
      ],
      [
        "options.rerollBands",
        fc.tuple(
          int(1, 10),
          fc.array(notRecord, { minLength: 1, maxLength: 2 }).map((b) => ({ rerollBands: b })),
        ),
      ],
      [
        "options.rerollBands",
        fc.tuple(
          int(1, 10),
          outOf(0, 1000).map((r) => ({ rerollBands: [{ fromLevel: 1, rerolls: r }] })),
        ),
      ],
    ],
  ),
  narrowSkillUse: spec(
    rules.narrowSkillUse,
    fc.tuple(fc.option(int(1, 10)), fc.option(int(1, 10))).filter(([p, h]) => p !== null || h !== null),
    (use, [parent, hobby]) => {
      if (parent !== null)
        expect(use).toEqual({
          kind: "specialisation",
          competence: parent + 0,
          rerolls: rules.specialisationRerolls(parent),
        });
      else expect(use).toEqual({ kind: "hobby", competence: (hobby ?? NaN) + 0, rerolls: 0 });
    },
    [
      [
        "parentLevel",
        fc.tuple(
          outOf(1, 10).filter((x) => x !== null),
          fc.option(int(1, 10)),
        ),
      ],
      ["hobbyLevel", fc.tuple(fc.constant(null), fc.oneof(outOf(1, 10), fc.constant(null)))],
      ["options", fc.tuple(int(1, 10), fc.constant(null), notOptions)],
    ],
  ),
  spendDestinyReroll: spec(
    rules.spendDestinyReroll,
    fc
      .array(face, { minLength: 1, maxLength: 10 })
      .chain((fs) => fc.tuple(fc.constant(fs), fc.integer({ min: 0, max: fs.length - 1 }), threshold, generator)),
    (r, [fs, i, t]) => {
      expect(r.from).toBe(fs[i]);
      expect(r.faces).toEqual(fs.with(i, r.to));
      expect(r).toMatchObject(rules.evaluateWuxiaPool(r.faces, t));
    },
    [
      [
        "faces",
        fc.tuple(fc.oneof(notList, holed(fc.array(face, { minLength: 1 }))), fc.constant(0), threshold, generator),
      ],
      [
        "index",
        fc
          .tuple(faces(4), missingOr(outOf(0, 3)), threshold, generator)
          .map(([fs, i, t, g]) => [fs.length === 4 ? fs : [1, 2, 3, 4], i, t, g]),
      ],
      ["threshold", fc.tuple(fc.constant([5]), fc.constant(0), missingOr(notInteger), generator)],
      ["random", fc.tuple(fc.constant([5]), fc.constant(0), threshold, fc.oneof(notGenerator, badGenerator))],
    ],
  ),
  deathThreshold: spec(
    rules.deathThreshold,
    fc.tuple(int(0, 100), int(0, 100)),
    (d, [m, e]) => expect(d).toBe((2 * m + e) * 3),
    [
      ["metal", fc.tuple(missingOr(outOf(0, 100)), int(0, 100))],
      ["eau", fc.tuple(int(0, 100), missingOr(outOf(0, 100)))],
    ],
  ),
  wuxiaLevelCost: spec(
    rules.wuxiaLevelCost,
    fc.tuple(
      fc.constantFrom("attribute" as const, "skill" as const),
      int(1, 1000),
      options({ attributeFactor: int(1, 1000), skillFactor: int(1, 1000) }),
    ),
    (cost, [kind, level, opts]) =>
      expect(cost).toBe(level * (kind === "attribute" ? (opts?.attributeFactor ?? 3) : (opts?.skillFactor ?? 2))),
    [
      ["kind", fc.tuple(fc.constantFrom("power", "", 3, null), fc.constant(2))],
      ["level", fc.tuple(fc.constant("skill" as const), missingOr(outOf(1, 1000)))],
      ["options", fc.tuple(fc.constant("skill" as const), fc.constant(2), notOptions)],
      [
        "options.attributeFactor",
        fc.tuple(
          // Refused whether or not the call reads it (a skill's cost does not).
          fc.constantFrom("attribute" as const, "skill" as const),
          fc.constant(2),
          given(outOf(1, 1000)).map((f) => ({ attributeFactor: f })),
        ),
      ],
      [
        "options.skillFactor",
        fc.tuple(
          fc.constantFrom("attribute" as const, "skill" as const),
          fc.constant(2),
          given(outOf(1, 1000)).map((f) => ({ skillFactor: f })),
        ),
      ],
    ],
  ),
  chiReserve: spec(
    rules.chiReserve,
    fc.tuple(wuxiaAttributes),
    (chi, [a]) => expect(chi).toBe(Math.floor((a.metal + a.feu + a.terre + a.eau + a.bois) / 2)),
    [
      ["attributes", fc.tuple(notRecord)],
      ["attributes.eau", replace(fc.tuple(wuxiaAttributes), missingOr(outOf(0, 100)), (a, b) => [{ ...a[0], eau: b }])],
    ],
  ),
  woundThresholds: spec(
    rules.woundThresholds,
    fc.tuple(
      int(0, 100),
      int(0, 100),
      options({ woundFractions: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }) }),
    ),
    (ts, [m, e, opts]) => {
      const death = rules.deathThreshold(m, e);
      const fractions = opts?.woundFractions ?? [0.25, 0.5, 0.75];
      expect(ts).toHaveLength(fractions.length);
      ts.forEach((t, i) => {
        expect(Number.isInteger(t) && t >= 0 && t <= death).toBe(true);
        expect(t).toBe(Math.floor((fractions[i] ?? NaN) * death));
      });
    },
    [
      ["metal", fc.tuple(outOf(0, 100), int(0, 100))],
      ["options", fc.tuple(int(0, 10), int(0, 10), notOptions)],
      [
        "options.woundFractions",
        fc.tuple(
          int(0, 10),
          int(0, 10),
          fc
            .oneof(
              given(notList),
              fc.array(fc.oneof(notNumber, fc.double({ min: 1.01, max: 100 })), { minLength: 1, maxLength: 2 }),
            )
            .map((w) => ({ woundFractions: w })),
        ),
      ],
    ],
  ),
  woundStatus: spec(
    rules.woundStatus,
    fc.tuple(int(0, 200), int(0, 20), int(0, 20)),
    (s, [nb, m, e]) => {
      const death = rules.deathThreshold(m, e);
      expect(s.deathThreshold).toBe(death);
      expect(s.dead).toBe(nb >= death);
      expect(s.penalty).toBe(count(s.thresholds, (t) => nb >= t));
    },
    [
      ["nb", fc.tuple(missingOr(outOf(0, 1e9)), int(0, 10), int(0, 10))],
      ["options", fc.tuple(int(0, 10), int(0, 10), int(0, 10), notOptions)],
      [
        "options.woundPenalties",
        fc.tuple(
          int(0, 10),
          int(0, 10),
          int(0, 10),
          fc
            .oneof(given(notList), fc.array(notInteger, { minLength: 3, maxLength: 3 }))
            .map((p) => ({ woundPenalties: p })),
        ),
      ],
    ],
  ),
  panicThresholds: spec(
    rules.panicThresholds,
    fc.tuple(int(0, 100)),
    (ts, [e]) => expect(ts).toEqual([2 * e, 4 * e, 6 * e]),
    [
      ["eau", fc.tuple(missingOr(outOf(0, 100)))],
      ["options", fc.tuple(int(0, 10), notOptions)],
      [
        "options.panicMultipliers",
        fc.tuple(
          int(0, 10),
          fc.oneof(given(notList), holed(fc.array(fc.nat(9)))).map((m) => ({ panicMultipliers: m })),
        ),
      ],
    ],
  ),
  panicStatus: spec(
    rules.panicStatus,
    fc.tuple(int(0, 100), int(0, 20)),
    (s, [level, e]) => {
      expect(s.mustFlee).toBe(level >= 6 * e);
      expect(s.penalty).toBe(level >= 4 * e ? 2 : level >= 2 * e ? 1 : 0);
    },
    [
      ["level", fc.tuple(missingOr(outOf(0, 1e9)), int(0, 10))],
      ["eau", fc.tuple(int(0, 10), missingOr(outOf(0, 100)))],
      ["options", fc.tuple(int(0, 10), int(0, 10), notOptions)],
      [
        "options.panicPenalties",
        fc.tuple(
          int(0, 10),
          int(0, 10),
          fc.array(notInteger, { minLength: 2, maxLength: 2 }).map((p) => ({ panicPenalties: p })),
        ),
      ],
    ],
  ),
  wuxiaCreationBudget: spec(
    rules.wuxiaCreationBudget,
    fc.tuple(priorities),
    (b, [p]) => {
      const table = rules.WUXIA_DEFAULTS.creation;
      expect(b.attributes.points).toBe(table.attributePoints[p.attributes - 1]);
      expect(b.skills.points).toBe(table.skillPoints[p.skills - 1]);
      expect(b.powers.heroType).toBe(table.heroType[p.powers - 1]);
      expect(b.experience.points).toBe(table.experience[p.experience - 1]);
    },
    [
      ["priorities", fc.tuple(notRecord)],
      ["priorities.skills", replace(fc.tuple(priorities), missingOr(outOf(1, 5)), (a, b) => [{ ...a[0], skills: b }])],
      ["options", fc.tuple(priorities, notOptions)],
      [
        "options.creation",
        fc.tuple(
          priorities,
          notObject.map((c) => ({ creation: c })),
        ),
      ],
      [
        "options.creation.traits",
        fc.tuple(
          priorities,
          fc
            .oneof(given(notList), fc.constant([]))
            .map((traits) => ({ creation: { ...rules.WUXIA_DEFAULTS.creation, traits } })),
        ),
      ],
    ],
  ),
  validateWuxiaCreation: spec(
    rules.validateWuxiaCreation,
    fc.tuple(creationSheet),
    (check, [sheet]) => {
      expect(check.valid).toBe(check.problems.length === 0);
      expect(check.spent).toEqual({
        attributes: sum(Object.values(sheet.attributes)),
        skills: sum(sheet.skillLevels),
        powers: sum(sheet.powerLevels),
        traits: sheet.traits,
        experience: sheet.experience,
      });
      const budget = rules.wuxiaCreationBudget(sheet.priorities);
      expect(check.budget).toEqual(budget);
      const over = check.problems.filter((p) => p.code === "WH.Creation.OverBudget").map((p) => p.field);
      expect(over).toEqual(
        rules.WUXIA_CATEGORIES.filter(
          (c) =>
            check.spent[c] >
            (c === "traits" ? budget.traits.count : c === "attributes" ? budget.attributes.points : budget[c].points),
        ),
      );
      expect(check.problems.some((p) => p.code === "WH.Creation.HeroTypeMismatch")).toBe(
        sheet.heroType !== undefined && sheet.heroType !== budget.powers.heroType,
      );
      const strangers = (sheet.powerTypes ?? []).flatMap((type, i) =>
        type === "General" || type === budget.powers.heroType ? [] : [`powers.${i}`],
      );
      expect(check.problems.filter((p) => p.code === "WH.Creation.PowerOfOtherType").map((p) => p.field)).toEqual(
        strangers,
      );
    },
    [
      ["sheet", fc.tuple(notRecord)],
      ["attributes", replace(fc.tuple(creationSheet), notRecord, (a, b) => [{ ...a[0], attributes: b }])],
      ["priorities", replace(fc.tuple(creationSheet), notRecord, (a, b) => [{ ...a[0], priorities: b }])],
      [
        "skillLevels",
        replace(
          fc.tuple(creationSheet),
          fc.oneof(notList, holed(fc.array(int(0, 5))), fc.array(outOf(0, 100), { minLength: 1, maxLength: 2 })),
          (a, b) => [{ ...a[0], skillLevels: b }],
        ),
      ],
      ["traits", replace(fc.tuple(creationSheet), missingOr(outOf(0, 1e9)), (a, b) => [{ ...a[0], traits: b }])],
      [
        "experience",
        replace(fc.tuple(creationSheet), missingOr(outOf(0, 1e9)), (a, b) => [{ ...a[0], experience: b }]),
      ],
      [
        "powerLevels",
        replace(
          fc.tuple(creationSheet),
          fc.oneof(notList, fc.array(outOf(0, 100), { minLength: 1, maxLength: 2 })),
          (a, b) => [{ ...a[0], powerLevels: b }],
        ),
      ],
      [
        "heroType",
        replace(
          fc.tuple(creationSheet),
          fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
          (a, b) => [{ ...a[0], heroType: b }],
        ),
      ],
      [
        "powerTypes",
        replace(
          fc.tuple(creationSheet),
          fc.oneof(
            notList.filter((x) => x !== undefined),
            holed(fc.array(heroType, { minLength: 1 })),
            fc.constant(["Ninja"]),
          ),
          (a, b) => [{ ...a[0], powerTypes: b }],
        ),
      ],
      ["options", fc.tuple(creationSheet, notOptions)],
    ],
  ),
  rollWuxiaInitiative: spec(
    rules.rollWuxiaInitiative,
    fc.tuple(int(0, 10), int(-5, 10), generator, options({ sr: int(2, 15), rerolls: int(0, 3) })),
    (r, [metal, skill, , opts]) => {
      expect(r.base).toBe(metal);
      expect(r.threshold).toBe((opts?.sr ?? 10) - skill);
      expect(r.faces).toHaveLength(metal);
      expect(r).toMatchObject(rules.evaluateWuxiaPool(r.faces, r.threshold));
    },
    [
      ["metal", fc.tuple(missingOr(outOf(0, rules.MAX_POOL_DICE)), int(0, 5), generator)],
      ["combatSkill", fc.tuple(int(0, 5), missingOr(notInteger), generator)],
      ["random", fc.tuple(int(1, 5), int(0, 5), fc.oneof(notGenerator, badGenerator))],
      ["options", fc.tuple(int(0, 5), int(0, 5), generator, notOptions)],
      [
        "options.sr",
        fc.tuple(
          int(0, 5),
          int(0, 5),
          generator,
          given(notInteger).map((sr) => ({ sr })),
        ),
      ],
      [
        "options.rerolls",
        fc.tuple(
          int(0, 5),
          int(0, 5),
          generator,
          given(outOf(0, rules.MAX_POOL_DICE)).map((rerolls) => ({ rerolls })),
        ),
      ],
    ],
  ),
  spendInitiativeSuccesses: spec(
    rules.spendInitiativeSuccesses,
    fc
      .tuple(int(-10, 10), int(0, 3), int(0, 3), int(0, 3))
      .chain(([base, a, b, c]) =>
        fc.tuple(
          fc.constant(base),
          int(a + b + c, 12),
          fc.constant({ initiative: a, extraActions: b, defenseDice: c }),
        ),
      ),
    (out, [base, successes, p]) =>
      expect(out).toEqual({
        initiative: base + p.initiative,
        extraActions: p.extraActions + 0,
        defenseDice: p.defenseDice + 0,
        unspent: successes - p.initiative - p.extraActions - p.defenseDice,
      }),
    [
      ["base", fc.tuple(missingOr(notInteger), int(0, 3))],
      ["successes", fc.tuple(int(0, 3), missingOr(outOf(0, 1e9)))],
      ["purchase", fc.tuple(int(0, 3), int(0, 3), notOptions)],
      ...(["initiative", "extraActions", "defenseDice"] as const).map((kind): [string, fc.Arbitrary<Args>] => [
        `purchase.${kind}`,
        fc.tuple(
          int(0, 3),
          int(0, 3),
          given(outOf(0, 1e9)).map((d) => ({ [kind]: d })),
        ),
      ]),
      [
        "purchase",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          int(4, 9).map((d) => ({ extraActions: d })),
        ),
      ],
    ],
  ),
  initiativeTurns: spec(
    rules.initiativeTurns,
    fc.tuple(combatants),
    (turns, [cs]) => {
      expect(turns).toHaveLength(sum(cs.map((c) => c.extraActions + 1)));
      const firsts = turns.filter((t) => t.turn === 1);
      expect(firsts.map((t) => t.id)).toEqual([...cs].sort((a, b) => b.initiative - a.initiative).map((c) => c.id));
      // Every extra turn comes after every first turn, and the turn numbers never go back.
      expect(turns.slice(0, cs.length).every((t) => t.turn === 1)).toBe(true);
      turns.forEach((t, i) => expect(t.turn).toBeGreaterThanOrEqual(turns[i - 1]?.turn ?? 1));
    },
    [
      ["combatants", fc.tuple(fc.oneof(notList, holed(combatants.filter((c) => c.length > 0))))],
      ["combatants[0]", fc.tuple(notRecord.map((c) => [c]))],
      [
        "combatants[0].id",
        fc.tuple(
          fc
            .oneof(fc.integer(), fc.constant(null), fc.constant(undefined))
            .map((id) => [{ id, initiative: 1, extraActions: 0 }]),
        ),
      ],
      [
        "combatants[0].initiative",
        fc.tuple(missingOr(notInteger).map((initiative) => [{ id: "a", initiative, extraActions: 0 }])),
      ],
      [
        "combatants[0].extraActions",
        fc.tuple(missingOr(outOf(0, 1000)).map((extraActions) => [{ id: "a", initiative: 1, extraActions }])),
      ],
    ],
  ),
  defenseDiceAtRoundStart: spec(
    rules.defenseDiceAtRoundStart,
    fc.tuple(int(0, 20), options({ defenseDiceCarryOver: fc.boolean() })),
    (kept, [dice, opts]) => expect(kept).toBe(opts?.defenseDiceCarryOver === true ? dice + 0 : 0),
    [
      ["defenseDice", fc.tuple(missingOr(outOf(0, 1e9)))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.defenseDiceCarryOver",
        fc.tuple(
          int(0, 3),
          notBoolean.map((c) => ({ defenseDiceCarryOver: c })),
        ),
      ],
    ],
  ),
  resolveWuxiaAttack: spec(
    rules.resolveWuxiaAttack,
    fc.tuple(attackInput),
    (r, [input]) => {
      const side = (s: { successes: number; critical?: boolean | undefined }) =>
        s.critical === true ? 0 : s.successes;
      const used = Math.min(input.defenseDice ?? 0, side(input.attacker));
      expect(r.defenseDiceUsed).toBe(used);
      expect(r.attackerSuccesses).toBe(side(input.attacker) - used);
      expect(r.defenderSuccesses).toBe(side(input.defender));
      expect(r.hit).toBe(r.attackerSuccesses > r.defenderSuccesses);
      expect(r.surplus).toBe(r.hit ? r.attackerSuccesses - r.defenderSuccesses - 1 : 0);
      expect(r.damage).toBe(r.hit ? Math.max(0, (input.weaponDamage ?? 0) - (input.armour ?? 0)) : 0);
      expect(r.damageParts).toEqual({ weapon: input.weaponDamage ?? 0, critique: 0, armour: input.armour ?? 0 });
    },
    [
      ["input", fc.tuple(notRecord)],
      ["attacker", replace(fc.tuple(attackInput), notRecord, (a, b) => [{ ...a[0], attacker: b }])],
      [
        "defender.successes",
        replace(fc.tuple(attackInput), missingOr(outOf(0, 1e9)), (a, b) => [{ ...a[0], defender: { successes: b } }]),
      ],
      [
        "attacker.critical",
        replace(fc.tuple(attackInput), notBoolean, (a, b) => [{ ...a[0], attacker: { successes: 1, critical: b } }]),
      ],
      ["defenseDice", replace(fc.tuple(attackInput), given(outOf(0, 1e9)), (a, b) => [{ ...a[0], defenseDice: b }])],
      ["investments", replace(fc.tuple(attackInput), notObject, (a, b) => [{ ...a[0], investments: b }])],
      [
        "investments",
        fc.tuple(fc.constant({ attacker: { successes: 3 }, defender: { successes: 1 }, investments: { ame: 2 } })),
      ],
      ...(["critique", "defenseDice", "groupReserve", "manoeuvres", "ame"] as const).map(
        (kind): [string, fc.Arbitrary<Args>] => [
          `investments.${kind}`,
          replace(fc.tuple(attackInput), given(outOf(0, 1e9)), (a, b) => [{ ...a[0], investments: { [kind]: b } }]),
        ],
      ),
      ["weaponDamage", replace(fc.tuple(attackInput), given(outOf(0, 1e9)), (a, b) => [{ ...a[0], weaponDamage: b }])],
      ["armour", replace(fc.tuple(attackInput), given(outOf(0, 1e9)), (a, b) => [{ ...a[0], armour: b }])],
      [
        "options.surplusOffset",
        fc.tuple(
          attackInput,
          given(outOf(0, 1e9)).map((c) => ({ surplusOffset: c })),
        ),
      ],
      [
        "options.critiqueDamagePerSuccess",
        fc.tuple(
          attackInput,
          given(outOf(0, 1e9)).map((c) => ({ critiqueDamagePerSuccess: c })),
        ),
      ],
      ["options", fc.tuple(attackInput, notOptions)],
      [
        "options.criticalFailureCountsZero",
        fc.tuple(
          attackInput,
          notBoolean.map((c) => ({ criticalFailureCountsZero: c })),
        ),
      ],
      [
        "options.investmentCost",
        fc.tuple(
          attackInput,
          given(outOf(1, 1e9)).map((c) => ({ investmentCost: c })),
        ),
      ],
    ],
  ),

  // Harmonies
  measureOf: spec(
    rules.measureOf,
    fc.tuple(int(-300, 300)),
    (m, [v]) => {
      expect(m).toBeGreaterThan(0);
      expect(rules.valueOf(m)).toBe(v + 0);
      close(rules.measureOf(v + 10), 10 * m);
    },
    [["value", fc.tuple(missingOr(outOf(-3000, 3000)))]],
  ),
  valueOf: spec(
    rules.valueOf,
    fc.tuple(fc.double({ min: 1e-30, max: 1e30, noNaN: true })),
    (v, [m]) => {
      expect(Number.isInteger(v)).toBe(true);
      // The nearest Value: its Measure is within half a step (10^0.05) of m.
      expect(Math.abs(10 * Math.log10(m) - v)).toBeLessThanOrEqual(0.5 + 1e-9);
    },
    [["measure", fc.tuple(fc.oneof(notNumber, fc.constant(undefined), fc.double({ max: 0, noNaN: true })))]],
  ),
  measureRatio: spec(
    rules.measureRatio,
    fc.tuple(int(-100, 100), int(-100, 100)),
    (r, [v, a]) => {
      expect(r).toBe(rules.measureOf(v - a));
      close(rules.measureRatio(v + 10, a), 10 * r);
    },
    [
      ["value", fc.tuple(missingOr(outOf(-1e9, 1e9)), int(0, 3))],
      ["against", fc.tuple(fc.constant(0), missingOr(outOf(-3000, 3000)))],
    ],
  ),
  rollHarmonies: spec(
    rules.rollHarmonies,
    fc.tuple(generator, options({ open: fc.boolean() })),
    (roll, [, opts]) => {
      expect(roll.dice).toBe(sum(roll.plus) - sum(roll.minus));
      for (const die of [roll.plus, roll.minus]) {
        if (opts?.open === true) die.forEach((f, i) => expect(f === 10).toBe(i < die.length - 1));
        else expect(die.length).toBe(1);
      }
    },
    [
      ["random", fc.tuple(fc.oneof(notGenerator, badGenerator))],
      ["options", fc.tuple(generator, notOptions)],
      [
        "options.open",
        fc.tuple(
          generator,
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  rollHarmoniesAction: spec(
    rules.rollHarmoniesAction,
    fc.tuple(int(-30, 30), generator, options({ open: fc.boolean() })),
    (a, [modifier]) => {
      expect(a.margin).toBe(modifier + a.roll.dice);
      expect(a.success).toBe(a.margin >= 0);
    },
    [
      ["modifier", fc.tuple(missingOr(notInteger), generator)],
      ["random", fc.tuple(int(0, 3), fc.oneof(notGenerator, badGenerator))],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          generator,
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  harmoniesActionFromFaces: spec(
    rules.harmoniesActionFromFaces,
    fc.oneof(
      fc.tuple(int(-30, 30), closedFaces, closedFaces, fc.constantFrom(undefined, { open: false })),
      fc.tuple(int(-30, 30), openDie, openDie, fc.constant({ open: true })),
    ),
    (a, [modifier, plus, minus]) => {
      expect(a.roll).toEqual({ plus, minus, dice: sum(plus) - sum(minus) });
      expect(a.margin).toBe(modifier + a.roll.dice);
      expect(a.success).toBe(a.margin >= 0);
    },
    [
      ["modifier", fc.tuple(missingOr(notInteger), closedFaces, closedFaces)],
      [
        "plus",
        fc.tuple(
          int(0, 3),
          fc.oneof(
            notList,
            fc.constant([]),
            holed(closedFaces),
            fc.array(outOf(1, 10), { minLength: 1, maxLength: 1 }),
            fc.constant([10, 3]),
          ),
          closedFaces,
        ),
      ],
      [
        "minus",
        fc.tuple(
          int(0, 3),
          openDie,
          fc.oneof(
            notList,
            fc.constant([10]),
            fc.constant([4, 10]),
            fc.array(outOf(1, 10), { minLength: 2, maxLength: 2 }),
          ),
          fc.constant({ open: true }),
        ),
      ],
      ["options", fc.tuple(int(0, 3), closedFaces, closedFaces, notOptions)],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          closedFaces,
          closedFaces,
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  differencePmf: spec(
    rules.differencePmf,
    fc.tuple(int(-40, 40), options({ open: fc.boolean() })),
    (p, [d, opts]) => {
      close(p, rules.differenceAtLeast(d, opts) - rules.differenceAtLeast(d + 1, opts));
      if (opts?.open !== true) expect(p).toBe(Math.max(0, 10 - Math.abs(d)) / 100);
    },
    [
      ["d", fc.tuple(missingOr(notInteger))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  differenceAtLeast: spec(
    rules.differenceAtLeast,
    fc.tuple(int(-40, 40), options({ open: fc.boolean() })),
    (p, [s, opts]) => {
      expect(p >= 0 && p <= 1).toBe(true);
      // Symmetry of d10 − d10: P(D ≥ s) = 1 − P(D ≥ 1 − s).
      close(p, 1 - rules.differenceAtLeast(1 - s, opts));
      if (opts?.open !== true)
        close(p, sum(Array.from({ length: 19 }, (_, i) => (i - 9 >= s ? (10 - Math.abs(i - 9)) / 100 : 0))));
    },
    [
      ["s", fc.tuple(missingOr(notInteger))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  harmoniesOdds: spec(
    rules.harmoniesOdds,
    fc.tuple(int(-40, 40), options({ open: fc.boolean() })),
    (p, [m, opts]) => expect(p).toBe(rules.differenceAtLeast(-m, opts)),
    [
      ["modifier", fc.tuple(missingOr(notInteger))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  soakSeverity: spec(
    rules.soakSeverity,
    fc.tuple(int(-30, 30)),
    (s, [r]) =>
      expect(s).toBe(["critical", "grave", "light", "stunned", "none"][[-9, -6, -3, 0].filter((b) => r >= b).length]),
    [["result", fc.tuple(missingOr(notInteger))]],
  ),
  attackDamage: spec(
    rules.attackDamage,
    fc.tuple(
      int(-20, 20),
      int(-20, 20),
      int(-20, 20),
      options({ missile: fc.boolean(), missileAddsStrength: fc.boolean() }),
    ),
    (d, [cp, pu, w, opts]) =>
      expect(d).toBe(opts?.missile === true && opts.missileAddsStrength !== true ? w + 0 : cp + pu + w),
    [
      ["cp", fc.tuple(missingOr(notInteger), int(0, 3), int(0, 3))],
      ["pu", fc.tuple(int(0, 3), missingOr(notInteger), int(0, 3))],
      ["weapon", fc.tuple(int(0, 3), int(0, 3), missingOr(notInteger))],
      ["options", fc.tuple(int(0, 3), int(0, 3), int(0, 3), notOptions)],
      [
        "options.missile",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          int(0, 3),
          notBoolean.map((missile) => ({ missile })),
        ),
      ],
      [
        "options.missileAddsStrength",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          int(0, 3),
          // Refused whether or not the call reads it (a melee attack does not).
          fc.tuple(fc.option(fc.boolean(), { nil: undefined }), notBoolean).map(([missile, m]) => ({
            missile,
            missileAddsStrength: m,
          })),
        ),
      ],
    ],
  ),
  soakModifier: spec(
    rules.soakModifier,
    fc.tuple(int(-20, 20), int(-20, 20), int(0, 20), int(0, 40)),
    (m, [cp, rs, ar, dmg]) => expect(m).toBe(cp + rs + ar - dmg),
    [
      ["cp", fc.tuple(missingOr(notInteger), int(0, 3), int(0, 3), int(0, 3))],
      ["rs", fc.tuple(int(0, 3), missingOr(notInteger), int(0, 3), int(0, 3))],
      ["armour", fc.tuple(int(0, 3), int(0, 3), missingOr(notInteger), int(0, 3))],
      ["damage", fc.tuple(int(0, 3), int(0, 3), int(0, 3), missingOr(notInteger))],
    ],
  ),
  addWound: spec(
    rules.addWound,
    fc.tuple(track, severity, options({ woundMaxima: perLevel })),
    (next, [t, s, opts]) => {
      const before = t.light + t.grave + t.critical;
      const after = next.light + next.grave + next.critical;
      const serious = s !== "none" && s !== "stunned";
      if (!serious || t.fatal)
        expect(next).toEqual({ light: t.light + 0, grave: t.grave + 0, critical: t.critical + 0, fatal: t.fatal });
      else expect(after - before + (next.fatal ? 1 : 0)).toBe(1);
      const maxima = opts?.woundMaxima ?? rules.HARMONIES_DEFAULTS.woundMaxima;
      if (next.fatal && !t.fatal && serious)
        expect(rules.WOUND_LEVELS.slice(rules.WOUND_LEVELS.indexOf(s)).every((l) => t[l] >= maxima[l])).toBe(true);
    },
    [
      ["track", fc.tuple(notRecord, severity)],
      [
        "track.grave",
        replace(fc.tuple(track, severity), missingOr(outOf(0, 1e9)), (a, b) => [{ ...a[0], grave: b }, a[1]]),
      ],
      ["track.fatal", replace(fc.tuple(track, severity), notBoolean, (a, b) => [{ ...a[0], fatal: b }, a[1]])],
      ["severity", fc.tuple(track, fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(undefined)))],
      ["options", fc.tuple(track, severity, notOptions)],
      [
        "options.woundMaxima",
        fc.tuple(
          track,
          severity,
          notObject.map((m) => ({ woundMaxima: m })),
        ),
      ],
      [
        "options.woundMaxima.light",
        fc.tuple(
          track,
          severity,
          missingOr(outOf(0, 1e9)).map((light) => ({ woundMaxima: { light, grave: 2, critical: 1 } })),
        ),
      ],
    ],
  ),
  woundTrackPenalty: spec(
    rules.woundTrackPenalty,
    fc.tuple(track),
    (p, [t]) =>
      expect(p).toEqual({
        all: -3 * t.grave - 10 * t.critical + 0,
        physical: -3 * t.grave - 10 * t.critical - t.light + 0,
      }),
    [
      ["track", fc.tuple(notRecord)],
      ["track.light", replace(fc.tuple(track), missingOr(outOf(0, 1e9)), (a, b) => [{ ...a[0], light: b }])],
      ["track.fatal", replace(fc.tuple(track), notBoolean, (a, b) => [{ ...a[0], fatal: b }])],
    ],
  ),
  healWound: spec(
    rules.healWound,
    fc.tuple(aliveTrack),
    (next, [t]) => {
      const worst = t.critical > 0 ? "critical" : t.grave > 0 ? "grave" : t.light > 0 ? "light" : null;
      const lower = { critical: "grave", grave: "light", light: null } as const;
      const expected = { ...t, light: t.light + 0, grave: t.grave + 0, critical: t.critical + 0 };
      if (worst !== null) {
        expected[worst]--;
        const to = lower[worst];
        if (to !== null) expected[to]++;
      }
      expect(next).toEqual(expected);
    },
    [
      ["track", fc.tuple(notRecord)],
      ["track", fc.tuple(aliveTrack.map((t) => ({ ...t, fatal: true })))],
      ["track.fatal", replace(fc.tuple(aliveTrack), notBoolean, (a, b) => [{ ...a[0], fatal: b }])],
      ["track.critical", replace(fc.tuple(aliveTrack), missingOr(outOf(0, 1e9)), (a, b) => [{ ...a[0], critical: b }])],
    ],
  ),
  healingStepDays: spec(
    rules.healingStepDays,
    fc.tuple(aliveTrack, options({ healingDays: perLevel })),
    (days, [t, opts]) => {
      const d = opts?.healingDays ?? rules.HARMONIES_DEFAULTS.healingDays;
      expect(days).toBe(t.critical > 0 ? d.critical : t.grave > 0 ? d.grave : t.light > 0 ? d.light : 0);
    },
    [
      [
        "track",
        fc.tuple(
          fc.oneof(
            notRecord,
            aliveTrack.map((t) => ({ ...t, fatal: true })),
          ),
        ),
      ],
      ["options", fc.tuple(aliveTrack, notOptions)],
      [
        "options.healingDays",
        fc.tuple(
          aliveTrack,
          notObject.map((h) => ({ healingDays: h })),
        ),
      ],
      [
        "options.healingDays.grave",
        fc.tuple(
          aliveTrack,
          outOf(0, 1e9).map((grave) => ({ healingDays: { light: 1, grave, critical: 1 } })),
        ),
      ],
    ],
  ),
  healingDays: spec(
    rules.healingDays,
    fc.tuple(aliveTrack, options({ healingDays: perLevel })),
    (days, [t, opts]) => {
      // Healing step by step, most severe first, takes exactly the days announced.
      let total = 0;
      for (let left = t; left.light + left.grave + left.critical > 0; left = rules.healWound(left))
        total += rules.healingStepDays(left, opts);
      expect(days).toBe(total);
    },
    [
      [
        "track",
        fc.tuple(
          fc.oneof(
            notRecord,
            aliveTrack.map((t) => ({ ...t, fatal: true })),
          ),
        ),
      ],
      ["options", fc.tuple(aliveTrack, notOptions)],
      [
        "options.healingDays",
        fc.tuple(
          aliveTrack,
          notObject.map((h) => ({ healingDays: h })),
        ),
      ],
    ],
  ),
  attributeLevelCost: spec(
    rules.attributeLevelCost,
    fc.tuple(int(-40, 40), options({ attributeCostOffset: int(-50, 50) })),
    (c, [l, opts]) => expect(c).toBe(rules.measureOf(l + (opts?.attributeCostOffset ?? 30))),
    [
      ["level", fc.tuple(missingOr(outOf(-3030, 2970)))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.attributeCostOffset",
        fc.tuple(
          int(0, 3),
          given(outOf(-3000, 3000)).map((o) => ({ attributeCostOffset: o })),
        ),
      ],
    ],
  ),
  skillLevelCost: spec(
    rules.skillLevelCost,
    fc.tuple(int(-40, 40), options({ skillCostOffset: int(-50, 50) })),
    (c, [l, opts]) => expect(c).toBe(rules.measureOf(l + (opts?.skillCostOffset ?? 20))),
    [
      ["level", fc.tuple(missingOr(outOf(-3020, 2980)))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.skillCostOffset",
        fc.tuple(
          int(0, 3),
          given(outOf(-3000, 3000)).map((o) => ({ skillCostOffset: o })),
        ),
      ],
    ],
  ),
  buyLevel: spec(
    rules.buyLevel,
    fc.tuple(
      fc.record({ level: int(-40, 40), xp: int(0, 100_000) }),
      fc.double({ min: 0.01, max: 50_000, noNaN: true }),
    ),
    (bought, [holding, cost]) => {
      const price = Math.ceil(cost);
      if (holding.xp < price) expect(bought).toBeNull();
      else expect(bought).toEqual({ level: holding.level + 1, xp: holding.xp - price });
    },
    [
      ["holding", fc.tuple(notRecord, fc.constant(10))],
      [
        "holding.level",
        fc.tuple(
          missingOr(notInteger).map((level) => ({ level, xp: 10 })),
          fc.constant(10),
        ),
      ],
      [
        "holding.xp",
        fc.tuple(
          missingOr(fc.oneof(notInteger, int(-100, -1))).map((xp) => ({ level: 0, xp })),
          fc.constant(10),
        ),
      ],
      [
        "cost",
        fc.tuple(
          fc.constant({ level: 0, xp: 10 }),
          missingOr(fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY)),
        ),
      ],
    ],
  ),
  experienceFromDice: spec(
    rules.experienceFromDice,
    fc.tuple(int(-100, 100)),
    (xp, [dice]) => expect(xp).toBe(count([11, 21, 31, 41, 51, 61, 71, 81, 91], (band) => Math.abs(dice) >= band)),
    [["dice", fc.tuple(missingOr(notInteger))]],
  ),
  effectiveSkillLevel: spec(
    rules.effectiveSkillLevel,
    fc.tuple(
      fc.option(int(-30, 10)),
      options({ metier: fc.boolean(), hobby: fc.boolean(), talent: fc.boolean(), hermetic: fc.boolean() }),
    ),
    (e, [level, coverage]) => {
      const c = coverage ?? {};
      const floors = [
        c.hermetic === true ? -20 : -15,
        c.talent === true ? -10 : -Infinity,
        c.hobby === true ? -7 : -Infinity,
        c.metier === true ? -3 : -Infinity,
        level ?? -Infinity,
      ];
      expect(e.level).toBe(Math.max(...floors));
      if (level !== null && level >= Math.max(...floors.slice(0, 4))) expect(e.source).toBe("own");
    },
    [
      [
        "level",
        fc.tuple(
          fc.oneof(
            notInteger.filter((x) => x !== null),
            fc.constant(undefined),
          ),
        ),
      ],
      ["coverage", fc.tuple(int(0, 3), notOptions)],
      [
        "coverage.hobby",
        fc.tuple(
          int(0, 3),
          notBoolean.map((hobby) => ({ hobby })),
        ),
      ],
      ["options", fc.tuple(int(0, 3), fc.constant({}), notOptions)],
      [
        "options.skillFloors",
        fc.tuple(
          int(0, 3),
          fc.constant({}),
          notObject.map((skillFloors) => ({ skillFloors })),
        ),
      ],
      [
        "options.skillFloors.hobby",
        fc.tuple(
          int(0, 3),
          fc.constant({}),
          missingOr(notInteger).map((hobby) => ({ skillFloors: { metier: -3, hobby, technical: -15, hermetic: -20 } })),
        ),
      ],
      [
        "options.talentLevel",
        fc.tuple(
          int(0, 3),
          fc.constant({}),
          given(notInteger).map((talentLevel) => ({ talentLevel })),
        ),
      ],
    ],
  ),
  qualifiesAs: spec(
    rules.qualifiesAs,
    fc.tuple(
      fc.constantFrom("metier", "hobby") as fc.Arbitrary<"metier" | "hobby">,
      fc.array(int(-20, 5), { maxLength: 8 }),
    ),
    (q, [kind, levels]) =>
      expect(q).toBe(kind === "metier" ? count(levels, (l) => l >= 0) >= 4 : count(levels, (l) => l >= -5) >= 2),
    [
      [
        "kind",
        fc.tuple(
          fc.oneof(fc.constantFrom("talent", "toString", "__proto__", ""), fc.integer(), fc.constant(undefined)),
          fc.constant([0, 0, 0, 0]),
        ),
      ],
      [
        "levels",
        fc.tuple(
          fc.constant("hobby"),
          fc.oneof(notList, holed(fc.array(int(-5, 5))), fc.array(notInteger, { minLength: 1, maxLength: 2 })),
        ),
      ],
      ["options", fc.tuple(fc.constant("hobby"), fc.constant([0]), notOptions)],
      [
        "options.mastery",
        fc.tuple(
          fc.constant("hobby"),
          fc.constant([0]),
          notObject.map((mastery) => ({ mastery })),
        ),
      ],
      [
        "options.masteredSkills",
        fc.tuple(
          fc.constant("metier"),
          fc.constant([0]),
          notObject.map((masteredSkills) => ({ masteredSkills })),
        ),
      ],
      [
        "options.masteredSkills.metier",
        fc.tuple(
          // Refused whether or not the call reads it (a hobby's test does not).
          fc.constantFrom("metier", "hobby"),
          fc.constant([0]),
          given(outOf(0, 1e9)).map((metier) => ({ masteredSkills: { metier, hobby: 2 } })),
        ),
      ],
      [
        "options.mastery.hobby",
        fc.tuple(
          fc.constantFrom("metier", "hobby"),
          fc.constant([0]),
          given(notInteger).map((hobby) => ({ mastery: { metier: 0, hobby } })),
        ),
      ],
    ],
  ),
  pairSplits: spec(
    rules.pairSplits,
    fc.tuple(int(-20, 20), options({ creationMaxGap: int(0, 100) })),
    (splits, [r, opts]) => {
      const gap = opts?.creationMaxGap ?? 2;
      for (const [a, b] of splits) {
        expect(a + b).toBe(r);
        expect(Math.abs(a - b)).toBeLessThanOrEqual(gap);
      }
      // Every split: a runs over the whole window where |2a − r| ≤ gap.
      expect(splits).toHaveLength(Math.floor((r + gap) / 2) - Math.ceil((r - gap) / 2) + 1);
    },
    [
      ["result", fc.tuple(missingOr(notInteger))],
      ["options", fc.tuple(int(0, 3), notOptions)],
      [
        "options.creationMaxGap",
        fc.tuple(
          int(0, 3),
          given(outOf(0, 100)).map((creationMaxGap) => ({ creationMaxGap })),
        ),
      ],
    ],
  ),
  harmoniesAttributesFromFaces: spec(
    rules.harmoniesAttributesFromFaces,
    fc.tuple(sixD6, sixD6),
    (r, [plus, minus]) => {
      expect(r.rolls).toEqual(plus.map((p, i) => p - (minus[i] as number)));
      const { highest, lowest } = r.droppedAt;
      expect(highest).not.toBe(lowest);
      expect(highest).toBe(r.rolls.indexOf(Math.max(...r.rolls)));
      expect(r.rolls[lowest]).toBe(Math.min(...r.rolls));
      expect(r.dropped).toEqual({ highest: r.rolls[highest], lowest: r.rolls[lowest] });
      expect(r.kept).toEqual(r.rolls.filter((_, i) => i !== highest && i !== lowest));
    },
    [
      ["plus", replace(fc.tuple(sixD6, sixD6), badSixD6, 0)],
      ["minus", replace(fc.tuple(sixD6, sixD6), badSixD6, 1)],
    ],
  ),
  validateBeginnerPackage: spec(
    rules.validateBeginnerPackage,
    fc.tuple(beginnerPackage),
    (check, [choice]) => {
      const key = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase();
      const all = [...choice.metier.chosen, ...choice.hobbies.flatMap((h) => h.chosen), ...choice.talents];
      const counts =
        choice.metier.chosen.length === 4 &&
        choice.hobbies.length === 2 &&
        choice.hobbies.every((h) => h.chosen.length === 2) &&
        choice.talents.length === 4;
      const listed = [choice.metier, ...choice.hobbies].every((set) =>
        set.chosen.every((c) => key(c) === "" || set.listed.some((l) => key(l) === key(c))),
      );
      const once = new Set(all.map(key)).size === all.length && all.every((n) => key(n) !== "");
      const distinctHobbies = new Set(choice.hobbies.map((h) => key(h.name))).size === choice.hobbies.length;
      expect(check.valid).toBe(check.problems.length === 0);
      expect(check.valid).toBe(counts && listed && once && distinctHobbies);
    },
    [
      ["choice", fc.tuple(notRecord)],
      ["choice.metier", fc.tuple(beginnerPackage.map((c) => ({ ...c, metier: { name: 3 } })))],
      ["choice.talents", fc.tuple(beginnerPackage.map((c) => ({ ...c, talents: [4] })))],
    ],
  ),
  beginnerSkills: spec(
    rules.beginnerSkills,
    fc.tuple(beginnerPackage),
    (skills, [choice]) => {
      const levels = { metier: 0, hobby: -5, talent: -10 };
      expect(skills.map((s) => s.name)).toEqual([
        ...choice.metier.chosen,
        ...choice.hobbies.flatMap((h) => h.chosen),
        ...choice.talents,
      ]);
      for (const skill of skills) expect(skill.level).toBe(levels[skill.as]);
      expect(skills.filter((s) => s.as === "metier")).toHaveLength(choice.metier.chosen.length);
    },
    [
      [
        "choice",
        fc.tuple(
          fc.oneof(
            notRecord,
            beginnerPackage.map((c) => ({ ...c, hobbies: "Barde" })),
          ),
        ),
      ],
    ],
  ),
  wuxiaOddsTable: spec(
    rules.wuxiaOddsTable,
    fc.tuple(int(0, 3)),
    (table, [rerolls]) => {
      expect(table.cells).toHaveLength(10);
      table.cells.forEach((row, a) => {
        expect(row).toHaveLength(9);
        row.forEach((cell, t) => {
          const dice = table.attributes[a] ?? 0;
          const odds = rules.wuxiaOdds(dice, table.thresholds[t] ?? 0, { rerolls: Math.min(rerolls, dice) });
          expect(cell).toEqual({ success: odds.success, critical: odds.critical });
        });
      });
      table.criticalPeak.forEach((peak, t) => {
        const column = table.cells.map((row) => row[t]?.critical ?? 0);
        const top = column.indexOf(Math.max(...column));
        expect(peak).toBe(top === 0 ? null : table.attributes[top]);
      });
    },
    [["rerolls", fc.tuple(fc.oneof(outOf(0, 3), fc.constant(null)))]],
  ),
  harmoniesOddsTable: spec(
    rules.harmoniesOddsTable,
    fc.tuple(int(-20, 0), int(0, 20)),
    (rows, [from, to]) => {
      expect(rows.map((r) => r.modifier)).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
      for (const row of rows) {
        expect(row.closed).toBe(rules.harmoniesOdds(row.modifier));
        expect(row.open).toBe(rules.harmoniesOdds(row.modifier, { open: true }));
        expect(row.book).toBe(rules.HARMONIES_RULES_OF_THUMB[row.modifier] ?? null);
      }
    },
    [
      ["from", fc.tuple(outOf(-100, 100), fc.constant(0))],
      ["to", fc.tuple(fc.constant(0), fc.oneof(outOf(0, 100), fc.integer({ min: -50, max: -1 })))],
    ],
  ),
  rollHarmoniesAttributes: spec(
    rules.rollHarmoniesAttributes,
    fc.tuple(generator),
    (r) => {
      expect(r.rolls).toHaveLength(6);
      expect(r.rolls.every((x) => x >= -5 && x <= 5)).toBe(true);
      expect(r.dropped).toEqual({ highest: Math.max(...r.rolls), lowest: Math.min(...r.rolls) });
      expect([...r.kept, r.dropped.highest, r.dropped.lowest].sort((a, b) => a - b)).toEqual(
        [...r.rolls].sort((a, b) => a - b),
      );
    },
    [["random", fc.tuple(fc.oneof(notGenerator, badGenerator))]],
  ),
  validateHarmoniesCreation: spec(
    rules.validateHarmoniesCreation,
    fc.oneof(
      // A split made from the kept results themselves is valid.
      fc.array(int(-5, 5), { minLength: 4, maxLength: 4 }).chain((kept) =>
        fc
          .tuple(
            fc.shuffledSubarray(kept, { minLength: 4, maxLength: 4 }),
            fc.tuple(...kept.map((k) => fc.constantFrom(...rules.pairSplits(k)))),
          )
          .map(([order, splits]) => {
            const [[cp, ag], [it, ig], [pu, rs], [mn, pr]] = splits as [
              [number, number],
              [number, number],
              [number, number],
              [number, number],
            ];
            return [order, { cp, ag, it, ig, pu, rs, mn, pr }, undefined] as [
              number[],
              rules.HarmoniesAttributes,
              undefined,
            ];
          }),
      ),
      fc.tuple(fc.array(int(-5, 5), { maxLength: 5 }), harmoniesAttributes, options({ creationMaxGap: int(0, 10) })),
    ),
    (check, [kept, a, opts]) => {
      const gap = opts?.creationMaxGap ?? 2;
      const sums = [a.cp + a.ag, a.it + a.ig, a.pu + a.rs, a.mn + a.pr].sort((x, y) => x - y);
      const sameResults = kept.length === 4 && [...kept].sort((x, y) => x - y).every((k, i) => k === sums[i]);
      const gaps = [a.cp - a.ag, a.it - a.ig, a.pu - a.rs, a.mn - a.pr].filter((d) => Math.abs(d) > gap).length;
      expect(check.problems.filter((p) => p.code === "WH.Creation.PairGap")).toHaveLength(gaps);
      expect(check.problems.some((p) => p.code === "WH.Creation.WrongResults")).toBe(!sameResults);
      expect(check.valid).toBe(sameResults && gaps === 0);
    },
    [
      [
        "kept",
        fc.tuple(
          fc.oneof(
            notList,
            holed(fc.array(int(-5, 5), { maxLength: 4 })),
            fc.array(notInteger, { minLength: 1, maxLength: 2 }),
          ),
          harmoniesAttributes,
        ),
      ],
      ["attributes", fc.tuple(fc.constant([0, 0, 0, 0]), notRecord)],
      [
        "attributes.pu",
        replace(fc.tuple(fc.constant([0, 0, 0, 0]), harmoniesAttributes), missingOr(notInteger), (a, b) => [
          a[0],
          { ...a[1], pu: b },
        ]),
      ],
      ["options", fc.tuple(fc.constant([0]), harmoniesAttributes, notOptions)],
      [
        "options.creationMaxGap",
        fc.tuple(
          fc.constant([0]),
          harmoniesAttributes,
          given(outOf(0, 100)).map((creationMaxGap) => ({ creationMaxGap })),
        ),
      ],
    ],
  ),

  // Groups
  combineValues: spec(
    rules.combineValues,
    fc.tuple(fc.array(int(-40, 40), { minLength: 1, maxLength: 12 })),
    (c, [values]) => {
      // Joining a group never weakens it, and nothing set aside is as strong as the group.
      expect(c.value).toBeGreaterThanOrEqual(Math.max(...values));
      expect(c.setAside.every((v) => v < c.value)).toBe(true);
      expect([...c.setAside].sort((x, y) => x - y)).toEqual(c.setAside);
    },
    [
      [
        "values",
        fc.tuple(
          fc.oneof(
            notList,
            fc.constant([]),
            holed(fc.array(int(-5, 5), { minLength: 1 })),
            fc.array(notInteger, { minLength: 1, maxLength: 3 }),
          ),
        ),
      ],
    ],
  ),
  combineValueCounts: spec(
    rules.combineValueCounts,
    fc.tuple(valueCounts),
    (c, [groups]) =>
      expect(c).toEqual(rules.combineValues(groups.flatMap((g) => new Array<number>(g.count).fill(g.value)))),
    [
      [
        "groups",
        fc.tuple(fc.oneof(notList, fc.constant([]), fc.constant([{ value: 3, count: 0 }]), holed(valueCounts))),
      ],
      ["groups[0]", fc.tuple(notRecord.map((g) => [g]))],
      ["groups[0].value", fc.tuple(missingOr(notInteger).map((value) => [{ value, count: 1 }]))],
      ["groups[0].count", fc.tuple(missingOr(outOf(0, 1e9)).map((n) => [{ value: 1, count: n }]))],
    ],
  ),
  combinationSteps: spec(
    rules.combinationSteps,
    fc.tuple(valueCounts),
    (c, [groups]) => {
      expect({ value: c.value, setAside: c.setAside }).toEqual(rules.combineValueCounts(groups));
      expect(c.steps.filter((step) => step.kind === "setAside").map((step) => step.weaker)).toEqual(c.setAside);
    },
    [
      [
        "groups",
        fc.tuple(fc.oneof(notList, fc.constant([]), fc.constant([{ value: 3, count: 0 }]), holed(valueCounts))),
      ],
      ["groups[0]", fc.tuple(notRecord.map((g) => [g]))],
      ["groups[0].value", fc.tuple(missingOr(notInteger).map((value) => [{ value, count: 1 }]))],
      ["groups[0].count", fc.tuple(missingOr(outOf(0, 1e9)).map((n) => [{ value: 1, count: n }]))],
    ],
  ),
  combineValuesByMeasure: spec(
    rules.combineValuesByMeasure,
    fc.tuple(fc.array(int(-40, 40), { minLength: 1, maxLength: 12 })),
    (v, [values]) => {
      expect(Math.abs(10 * Math.log10(sum(values.map(rules.measureOf))) - v)).toBeLessThanOrEqual(0.5 + 1e-9);
    },
    [
      [
        "values",
        fc.tuple(
          fc.oneof(
            notList,
            fc.constant([]),
            holed(fc.array(int(-5, 5), { minLength: 1 })),
            fc.array(outOf(-3000, 3000), { minLength: 1, maxLength: 3 }),
          ),
        ),
      ],
    ],
  ),
  groupSuccesses: spec(
    rules.groupSuccesses,
    fc.tuple(int(0, 100_000), int(-30, 30)),
    (g, [size, margin]) => {
      expect(g.succeeded + g.failed).toBe(size);
      expect(g.succeeded >= 0 && g.failed >= 0).toBe(true);
      // On either side of 0, a better margin never leaves fewer members succeeding.
      if (margin !== -1) expect(rules.groupSuccesses(size, margin + 1).succeeded).toBeGreaterThanOrEqual(g.succeeded);
    },
    [
      ["size", fc.tuple(missingOr(outOf(0, 1e9)), int(0, 3))],
      ["margin", fc.tuple(int(0, 3), missingOr(notInteger))],
    ],
  ),
  groupMargins: spec(
    rules.groupMargins,
    fc.tuple(
      int(0, 5000),
      int(-20, 20),
      fc.constantFrom("book", "exact") as fc.Arbitrary<rules.GroupMarginMode>,
      options({ open: fc.boolean() }),
    ),
    (ms, [size, margin, mode, opts]) => {
      expect(ms.every((m) => m.count > 0 && Number.isInteger(m.count))).toBe(true);
      expect(ms.map((m) => m.margin)).toEqual([...new Set(ms.map((m) => m.margin))].sort((a, b) => a - b));
      if (mode === "exact") expect(sum(ms.map((m) => m.count))).toBe(size);
      if (opts?.open !== true || mode === "book") expect(ms.every((m) => Math.abs(m.margin - margin) <= 9)).toBe(true);
    },
    [
      ["size", fc.tuple(missingOr(outOf(0, 1e9)), int(0, 3), fc.constant("exact"))],
      ["margin", fc.tuple(int(0, 3), missingOr(notInteger), fc.constant("book"))],
      [
        "mode",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          fc.oneof(fc.constantFrom("individual", "Book", ""), fc.integer(), fc.constant(undefined)),
        ),
      ],
      ["options", fc.tuple(int(0, 3), int(0, 3), fc.constant("exact"), notOptions)],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          fc.constant("book"),
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  groupCountAtLeast: spec(
    rules.groupCountAtLeast,
    fc.tuple(
      int(0, 5000),
      int(-15, 15),
      int(-15, 15),
      fc.constantFrom("book", "exact") as fc.Arbitrary<rules.GroupMarginMode>,
      options({ open: fc.boolean() }),
    ),
    (n, [size, margin, target, mode, opts]) => {
      expect(Number.isInteger(n) && n >= 0 && n <= size).toBe(true);
      // A higher target is reached by no more members, in either mode (RULES 3.3 [default]).
      expect(rules.groupCountAtLeast(size, margin, target + 1, mode, opts)).toBeLessThanOrEqual(n);
      // Every "T or better" is the sum of the counts per margin (a card's totals are its rows' sums).
      expect(n).toBe(
        sum(
          rules
            .groupMargins(size, margin, mode, opts)
            .filter((m) => m.margin >= target)
            .map((m) => m.count),
        ),
      );
    },
    [
      ["size", fc.tuple(missingOr(outOf(0, 1e9)), int(0, 3), int(0, 3), fc.constant("book"))],
      ["target", fc.tuple(int(0, 3), int(0, 3), missingOr(notInteger), fc.constant("exact"))],
      [
        "mode",
        fc.tuple(int(0, 3), int(0, 3), int(0, 3), fc.oneof(fc.constantFrom("individual", "book1"), fc.constant(null))),
      ],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          int(0, 3),
          fc.constant("exact"),
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  rollGroupIndividually: spec(
    rules.rollGroupIndividually,
    fc.tuple(int(0, 300), int(-20, 20), generator, options({ open: fc.boolean() })),
    (ms, [size, modifier, , opts]) => {
      expect(sum(ms.map((m) => m.count))).toBe(size);
      expect(ms.map((m) => m.margin)).toEqual([...new Set(ms.map((m) => m.margin))].sort((a, b) => a - b));
      if (opts?.open !== true) expect(ms.every((m) => Math.abs(m.margin - modifier) <= 9)).toBe(true);
    },
    [
      ["size", fc.tuple(missingOr(outOf(0, 1e9)), int(0, 3), generator)],
      ["modifier", fc.tuple(int(0, 3), missingOr(notInteger), generator)],
      ["random", fc.tuple(int(1, 3), int(0, 3), fc.oneof(notGenerator, badGenerator))],
      ["options", fc.tuple(int(0, 3), int(0, 3), generator, notOptions)],
      [
        "options.open",
        fc.tuple(
          int(0, 3),
          int(0, 3),
          generator,
          notBoolean.map((open) => ({ open })),
        ),
      ],
    ],
  ),
  woundWuxiaMember: spec(
    rules.woundWuxiaMember,
    fc.tuple(memberWounds, int(0, 200), fc.record({ metal: int(0, 100), eau: int(0, 100) })),
    (hit, [w, damage, m]) => {
      const nb = w.nb + damage;
      expect(hit.out).toBe(nb >= rules.deathThreshold(m.metal, m.eau));
      expect(hit.wounds).toEqual(hit.out ? rules.UNHURT : { ...w, nb: nb + 0 });
    },
    [
      ["wounds", fc.tuple(notRecord, fc.constant(1), fc.constant({ metal: 2, eau: 2 }))],
      [
        "wounds.nb",
        replace(fc.tuple(memberWounds, int(0, 9)), missingOr(outOf(0, 1e9)), (a, b) => [
          { ...a[0], nb: b },
          a[1],
          { metal: 2, eau: 2 },
        ]),
      ],
      ["damage", fc.tuple(memberWounds, missingOr(outOf(0, 1e9)), fc.constant({ metal: 2, eau: 2 }))],
      ["member", fc.tuple(memberWounds, int(0, 9), notRecord)],
      [
        "metal",
        fc.tuple(
          memberWounds,
          int(0, 9),
          missingOr(outOf(0, 100)).map((metal) => ({ metal, eau: 2 })),
        ),
      ],
    ],
  ),
  woundHarmoniesMember: spec(
    rules.woundHarmoniesMember,
    fc.tuple(memberWounds, severity, fc.constantFrom(...rules.OUT_AT)),
    (hit, [w, s, outAt]) => {
      const track = rules.addWound({ light: w.light, grave: w.grave, critical: w.critical, fatal: false }, s);
      const worst = track.fatal ? "fatal" : track.critical ? "critical" : track.grave ? "grave" : null;
      const out = worst !== null && rules.OUT_AT.indexOf(worst) >= rules.OUT_AT.indexOf(outAt);
      expect(hit).toEqual(
        out
          ? { wounds: rules.UNHURT, out }
          : { wounds: { nb: w.nb + 0, light: track.light, grave: track.grave, critical: track.critical }, out },
      );
    },
    [
      ["wounds", fc.tuple(notRecord, severity, fc.constant("grave"))],
      [
        "wounds.light",
        replace(fc.tuple(memberWounds, severity), missingOr(outOf(0, 1e9)), (a, b) => [
          { ...a[0], light: b },
          a[1],
          "grave",
        ]),
      ],
      ["outAt", fc.tuple(memberWounds, severity, fc.oneof(fc.string({ maxLength: 3 }), fc.integer()))],
      ["severity", fc.tuple(memberWounds, fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), fc.constant("grave"))],
    ],
  ),
  wuxiaGroupTests: spec(
    rules.wuxiaGroupTests,
    fc.tuple(
      fc.array(
        fc.record({
          label: fc.string({ maxLength: 4 }),
          members: int(1, 50),
          attribute: int(1, 8),
          competence: int(-3, 12),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      int(5, 16),
    ),
    (tests, [subgroups, sr]) => {
      expect(tests).toEqual(
        subgroups.map((s) => {
          const threshold = sr - s.competence;
          const { success, critical } = rules.wuxiaOdds(s.attribute, threshold);
          return {
            label: s.label,
            members: s.members,
            dice: s.attribute,
            competence: s.competence,
            threshold,
            odds: { success, critical },
          };
        }),
      );
    },
    [
      ["subgroups", fc.tuple(fc.oneof(notList, fc.constant([])), fc.constant(10))],
      ["subgroups", fc.tuple(fc.constant([{ label: "a", members: 0, attribute: 2, competence: 0 }]), fc.constant(10))],
      [
        "subgroups[0]",
        fc.tuple(
          notRecord.map((r) => [r]),
          fc.constant(10),
        ),
      ],
      [
        "subgroups[0].members",
        fc.tuple(
          outOf(0, 1e9).map((m) => [{ label: "a", members: m, attribute: 2, competence: 0 }]),
          fc.constant(10),
        ),
      ],
      [
        "subgroups[0].attribute",
        fc.tuple(
          outOf(0, 1000).map((a) => [{ label: "a", members: 1, attribute: a, competence: 0 }]),
          fc.constant(10),
        ),
      ],
      [
        "subgroups[0].competence",
        fc.tuple(
          notInteger.map((c) => [{ label: "a", members: 1, attribute: 2, competence: c }]),
          fc.constant(10),
        ),
      ],
      ["sr", fc.tuple(fc.constant([{ label: "a", members: 1, attribute: 2, competence: 0 }]), missingOr(notInteger))],
    ],
  ),
  evaluateWuxiaGroup: spec(
    rules.evaluateWuxiaGroup,
    fc
      .array(fc.record({ members: int(1, 50), attribute: int(1, 6), competence: int(-3, 12) }), {
        minLength: 1,
        maxLength: 4,
      })
      .map((s) =>
        rules.wuxiaGroupTests(
          s.map((x) => ({ ...x, label: "x" })),
          10,
        ),
      )
      .chain((tests) =>
        fc.tuple(
          fc.constant(tests),
          fc.tuple(...tests.map((t) => fc.array(face, { minLength: t.dice, maxLength: t.dice }))),
        ),
      ),
    (r, [tests, fs]) => {
      const rows = tests.map((t, i) => ({
        ...t,
        faces: fs[i],
        ...rules.evaluateWuxiaPool(fs[i] as number[], t.threshold),
      }));
      const sum = (pick: (x: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((n, x) => n + x.members, 0);
      expect(r).toEqual({
        tests: rows,
        succeeded: sum((x) => x.success),
        failed: sum((x) => !x.success),
        critical: sum((x) => x.critical),
      });
    },
    [
      ["tests", fc.tuple(notList, fc.constant([]))],
      ["faces", fc.tuple(fc.constant([]), notList)],
      ["faces.length", fc.tuple(fc.constant([]), fc.constant([[1]]))],
    ],
  ),
  groupHomogeneity: spec(
    rules.groupHomogeneity,
    fc.tuple(fc.array(int(-30, 30), { minLength: 1, maxLength: 10 }), options({ homogeneityMaxSpread: int(0, 20) })),
    (h, [sums, opts]) => {
      const spread = Math.max(...sums) - Math.min(...sums);
      expect(h).toEqual({ spread, homogeneous: spread <= (opts?.homogeneityMaxSpread ?? 5) });
    },
    [
      [
        "sums",
        fc.tuple(
          fc.oneof(
            notList,
            fc.constant([]),
            holed(fc.array(int(-5, 5), { minLength: 1 })),
            fc.array(notInteger, { minLength: 1, maxLength: 2 }),
          ),
        ),
      ],
      ["options", fc.tuple(fc.constant([1]), notOptions)],
      [
        "options.homogeneityMaxSpread",
        fc.tuple(
          fc.constant([1]),
          given(outOf(0, 1e9)).map((homogeneityMaxSpread) => ({ homogeneityMaxSpread })),
        ),
      ],
    ],
  ),
};

type FunctionExports = {
  [
    K in keyof typeof rules as (typeof rules)[K] extends (...args: never[]) => unknown
      ? K
      : (typeof rules)[K] extends abstract new (...args: never[]) => unknown
        ? K
        : never
  ]: Spec;
};
const registry: FunctionExports = specs;

function refusal(run: () => unknown): RulesError {
  let thrown: unknown = undefined;
  let answered = false;
  try {
    run();
    answered = true;
  } catch (error) {
    thrown = error;
  }
  if (thrown instanceof RulesError) return thrown;
  throw new Error(answered ? "an answer, not a RulesError" : `not a RulesError: ${String(thrown)}`);
}

/** The refusal names the argument drawn outside, or a part of it ("faces" → "faces[2]"). */
function names(argument: string, expected: string): boolean {
  return argument === expected || argument.startsWith(`${expected}.`) || argument.startsWith(`${expected}[`);
}

/** Any value at all, holes, BigInts, null prototypes, cycles and generators among them. */
const anything = fc.anything({
  maxDepth: 2,
  maxKeys: 4,
  withBigInt: true,
  withNullPrototype: true,
  withSparseArray: true,
  withBoxedValues: true,
  withMap: true,
  values: [
    fc.integer({ min: -60, max: 60 }),
    fc.constantFrom(-0, 1001, 3001, -3001, 1e9 + 1, 2 ** 53, Number.NaN, Infinity, 0.5, -2.25),
    fc.double(),
    fc.bigInt({ min: -5n, max: 5n }),
    fc.string({ maxLength: 5 }),
    fc.constantFrom("book", "exact", "light", "critical", "metier", "hobby", "Moine", "open", "false"),
    fc.boolean(),
    fc.constantFrom(null, undefined),
    fc.constant(circular),
    fc.constant(Symbol("s")),
    generator,
    badGenerator,
  ],
});

describe("every function the rules export keeps its contract", () => {
  it("each function export has its property test here", () => {
    const exported = Object.keys(rules).filter(
      (name) => typeof (rules as Record<string, unknown>)[name] === "function",
    );
    expect(Object.keys(registry).sort()).toEqual(exported.sort());
  });

  describe.each(Object.entries(registry))("%s", (name, s: Spec) => {
    it("inside its domain: the right answer, never −0", () => {
      fc.assert(
        fc.property(s.inside, (args) => {
          const result = s.run(args);
          s.check(result, positiveZeros(args) as Args);
          noNegativeZero(result);
        }),
      );
    });

    it.skipIf(s.outside.length === 0 && name === "RulesError").each(s.outside)(
      "outside, %s: a RulesError naming it",
      (argument, arb) => {
        fc.assert(
          fc.property(arb, (args) => {
            const error = refusal(() => s.run(args));
            expect(names(error.details.argument, argument), `${error.details.argument} for ${argument}`).toBe(true);
          }),
        );
      },
    );

    it("on anything: an answer or a RulesError, never another error", () => {
      fc.assert(
        fc.property(fc.array(anything, { maxLength: 5 }), (args) => {
          try {
            s.run(args);
          } catch (error) {
            if (!(error instanceof RulesError)) throw error;
            expect(typeof error.details.argument).toBe("string");
            expect(typeof error.message).toBe("string");
          }
        }),
      );
    });
  });
});
