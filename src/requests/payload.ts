import { UserError } from "../core/errors";

/** Reading a payload that came from a client: every field is checked, none is trusted. */

function field(payload: unknown, key: string): unknown {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload))
    throw new UserError("WH.Request.Error.Malformed");
  return (payload as Record<string, unknown>)[key];
}

export function textField(payload: unknown, key: string): string {
  const value = field(payload, key);
  if (typeof value !== "string" || value.length === 0 || value.length > 200)
    throw new UserError("WH.Request.Error.BadField", { field: key });
  return value;
}

/** A whole number from 0 to `max`. */
export function countField(payload: unknown, key: string, max: number): number {
  const value = field(payload, key);
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max)
    throw new UserError("WH.Request.Error.BadField", { field: key });
  return value;
}

export function objectField(payload: unknown, key: string): Record<string, unknown> {
  const value = field(payload, key);
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new UserError("WH.Request.Error.BadField", { field: key });
  return value as Record<string, unknown>;
}
