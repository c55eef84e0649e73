import { RulesError } from "./errors";
import { requireArray, requireInteger, requireRandom, show } from "./validate";

/**
 * mulberry32: a tiny seedable generator (32-bit state, period 2^32), good enough for dice and
 * for reproducible tests and macros. Not for cryptography.
 */
export function mulberry32(seed: number): () => number {
  let state = requireInteger("seed", seed, -0x80000000, 0xffffffff) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw(random: () => number): number {
  // Not requireRandom on every face: the engine's entry points check the generator once, and a
  // check per face costs some 5 % of a pool roll.
  const x: unknown = random();
  // A generator returning 1, NaN or "0.5" would otherwise yield an 11, NaN or a face silently.
  return typeof x === "number" && x >= 0 && x < 1 ? x : rejectDraw(x);
}

function rejectDraw(x: unknown): never {
  throw new RulesError(
    "WH.Error.BadRandom",
    { argument: "random", value: x },
    `random() must return a number in [0, 1) (got ${show(x)})`,
  );
}

/** A d10 face from a generator already checked by the caller (the engine's inner loops). */
export function rollD10(random: () => number): number {
  return Math.floor(draw(random) * 10) + 1;
}

/** One d10 face, 1..10 (the 0 face reads 10). */
export function d10(random: () => number): number {
  return rollD10(requireRandom("random", random));
}

/** One d6 face, 1..6. */
export function d6(random: () => number): number {
  return Math.floor(draw(requireRandom("random", random)) * 6) + 1;
}

/**
 * A `random` that replays known faces of a die with `sides` sides, in order; for replaying
 * dice rolled elsewhere (a 3D-dice module, a table) through the engine, and for tests. It
 * throws once the faces run out rather than invent one.
 */
export function replayFaces(faces: readonly number[], sides = 10): () => number {
  const top = requireInteger("sides", sides, 2, 1000);
  const list = requireArray("faces", faces).map((f, i) => requireInteger(`faces[${i}]`, f, 1, top));
  let next = 0;
  return () => {
    const face = list[next];
    if (face === undefined) {
      throw new RulesError(
        "WH.Error.NotRandom",
        { argument: "random", value: faces.length },
        `random (replayFaces) ran out after ${faces.length} faces`,
      );
    }
    next++;
    return (face - 0.5) / sides;
  };
}
