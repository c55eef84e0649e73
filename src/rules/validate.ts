import { RulesError } from "./errors";

/** Group sizes, dice counts and the like are capped here: beyond it floats stop being exact. */
export const MAX_SIZE = 1e9;

function show(value: unknown): string {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value) ?? String(value);
}

/** A finite number (any real), optionally within [min, max]. */
export function requireFinite(argument: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RulesError("WH.Error.NotFinite", { argument, value }, `${argument} must be a finite number (got ${show(value)})`);
  }
  if (value < min || value > max) {
    throw new RulesError("WH.Error.OutOfRange", { argument, value, min, max }, `${argument} must be between ${min} and ${max} (got ${value})`);
  }
  return value;
}

/** An integer, optionally within [min, max]. */
export function requireInteger(argument: string, value: unknown, min = -MAX_SIZE, max = MAX_SIZE): number {
  // The check stays tiny so the JIT inlines it into hot callers; building the error is apart.
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return value;
  return rejectInteger(argument, value, min, max);
}

function rejectInteger(argument: string, value: unknown, min: number, max: number): never {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RulesError("WH.Error.NotInteger", { argument, value }, `${argument} must be an integer (got ${show(value)})`);
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

export function requireArray<T>(argument: string, values: readonly T[]): readonly T[] {
  if (!Array.isArray(values)) {
    throw new RulesError("WH.Error.BadValue", { argument, value: values }, `${argument} must be a list`);
  }
  return values;
}

export function requireNonEmpty<T>(argument: string, values: readonly T[]): readonly T[] {
  if (requireArray(argument, values).length === 0) {
    throw new RulesError("WH.Error.Empty", { argument, value: values }, `${argument} must be a non-empty list`);
  }
  return values;
}

export function requireRandom(argument: string, random: () => number): () => number {
  if (typeof random === "function") return random;
  throw new RulesError("WH.Error.NotRandom", { argument, value: random }, `${argument} must be a function returning a number in [0, 1)`);
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
