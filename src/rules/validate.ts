import { RulesError, show } from "./errors";

export { show };

/** Group sizes, dice counts and the like are capped here: beyond it floats stop being exact. */
export const MAX_SIZE = 1e9;

/** A finite number (any real), optionally within [min, max]; −0 comes back as 0. */
export function requireFinite(argument: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RulesError(
      "WH.Error.NotFinite",
      { argument, value },
      `${argument} must be a finite number (got ${show(value)})`,
    );
  }
  if (value < min || value > max) {
    throw new RulesError(
      "WH.Error.OutOfRange",
      { argument, value, min, max },
      `${argument} must be between ${min} and ${max} (got ${value})`,
    );
  }
  return value + 0;
}

/** An integer, optionally within [min, max]; −0 comes back as 0, so no result carries it. */
export function requireInteger(argument: string, value: unknown, min = -MAX_SIZE, max = MAX_SIZE): number {
  // The check stays tiny so the JIT inlines it into hot callers; building the error is apart.
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return value + 0;
  return rejectInteger(argument, value, min, max);
}

function rejectInteger(argument: string, value: unknown, min: number, max: number): never {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RulesError(
      "WH.Error.NotInteger",
      { argument, value },
      `${argument} must be an integer (got ${show(value)})`,
    );
  }
  throw new RulesError(
    "WH.Error.OutOfRange",
    { argument, value, min, max },
    `${argument} must be between ${min} and ${max} (got ${value})`,
  );
}

/** A count: an integer in 0..max (default 10^9). */
export function requireCount(argument: string, value: unknown, max = MAX_SIZE): number {
  return requireInteger(argument, value, 0, max);
}

/**
 * A list with every entry present: forEach and map skip the holes of a sparse array, so a
 * hole would otherwise go unchecked and count as nothing.
 */
export function requireArray<T>(argument: string, values: readonly T[]): readonly T[] {
  if (!Array.isArray(values)) {
    throw new RulesError("WH.Error.BadValue", { argument, value: values }, `${argument} must be a list`);
  }
  for (let i = 0; i < values.length; i++) {
    if (!(i in values)) {
      throw new RulesError(
        "WH.Error.BadValue",
        { argument: `${argument}[${i}]`, value: undefined },
        `${argument}[${i}] is missing: the list has a hole`,
      );
    }
  }
  return values;
}

export function requireNonEmpty<T>(argument: string, values: readonly T[]): readonly T[] {
  if (requireArray(argument, values).length === 0) {
    throw new RulesError("WH.Error.Empty", { argument, value: values }, `${argument} must be a non-empty list`);
  }
  return values;
}

/** A record argument (a track, a side, a table): an object, not null, a list or a function. */
export function requireObject<T extends object>(argument: string, value: T): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RulesError(
      "WH.Error.BadValue",
      { argument, value },
      `${argument} must be an object (got ${show(value)})`,
    );
  }
  return value;
}

/** An options argument: absent means every default; anything else must be an object. */
export function requireOptions<T extends object>(argument: string, value: T | undefined): T | Record<string, never> {
  return value === undefined ? {} : requireObject(argument, value);
}

/**
 * A flag: left out (undefined or null, as `??` reads any option) it takes its default; given, it
 * is true or false, never "false" read as truthy.
 */
export function requireBoolean(argument: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") {
    throw new RulesError(
      "WH.Error.BadValue",
      { argument, value },
      `${argument} must be true or false (got ${show(value)})`,
    );
  }
  return value;
}

export function requireString(argument: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new RulesError("WH.Error.BadValue", { argument, value }, `${argument} must be a string (got ${show(value)})`);
  }
  return value;
}

export function requireRandom(argument: string, random: () => number): () => number {
  if (typeof random === "function") return random;
  throw new RulesError(
    "WH.Error.NotRandom",
    { argument, value: random },
    `${argument} must be a function returning a number in [0, 1)`,
  );
}

/** A value out of an enumeration (a severity, a mode). */
export function requireOneOf<T extends string>(argument: string, value: T, allowed: readonly T[]): T {
  if (!allowed.includes(value)) {
    throw new RulesError(
      "WH.Error.BadValue",
      { argument, value },
      `${argument} must be one of ${allowed.join(", ")} (got ${show(value)})`,
    );
  }
  return value;
}

/** list[index], or a RulesError naming the list when a table (possibly a caller's option) is too short. */
export function at<T>(argument: string, list: readonly T[], index: number): T {
  const entry = list[index];
  if (entry === undefined) {
    throw new RulesError(
      "WH.Error.OutOfRange",
      { argument, value: index, min: 0, max: list.length - 1 },
      `${argument} has no entry ${index} (it has ${list.length})`,
    );
  }
  return entry;
}
