import { beforeEach, describe, expect, it } from "vitest";
import { startWorld } from "../../test/support/world";
import type * as Payload from "./payload";

/** A payload from a client: each field is read checked, and a bad one is named in the refusal. */

let payload: typeof Payload;

beforeEach(async () => {
  await startWorld();
  payload = await import("./payload");
});

const refusal = (field: string) => expect.objectContaining({ key: "WH.Request.Error.BadField", data: { field } });

describe("a payload", () => {
  it("that is not an object is malformed, whatever field is read", () => {
    for (const bad of [null, undefined, "text", 3, [1, 2]]) {
      expect(() => payload.textField(bad, "messageId")).toThrow(
        expect.objectContaining({ key: "WH.Request.Error.Malformed" }),
      );
      expect(() => payload.countField(bad, "rollIndex", 1)).toThrow(
        expect.objectContaining({ key: "WH.Request.Error.Malformed" }),
      );
      expect(() => payload.objectField(bad, "roll")).toThrow(
        expect.objectContaining({ key: "WH.Request.Error.Malformed" }),
      );
    }
  });
});

describe("a text field", () => {
  it("is a string of 1 to 200 characters", () => {
    expect(payload.textField({ id: "a" }, "id")).toBe("a");
    expect(payload.textField({ id: "x".repeat(200) }, "id")).toHaveLength(200);
    for (const bad of ["", "x".repeat(201), 7, null, undefined, { toString: () => "a" }])
      expect(() => payload.textField({ id: bad }, "id")).toThrow(refusal("id"));
  });
});

describe("a count field", () => {
  it("is a whole number from 0 to its maximum", () => {
    expect([payload.countField({ n: 0 }, "n", 3), payload.countField({ n: 3 }, "n", 3)]).toEqual([0, 3]);
    for (const bad of [-1, 4, 0.5, Number.NaN, Infinity, "1", null])
      expect(() => payload.countField({ n: bad }, "n", 3)).toThrow(refusal("n"));
  });
});

describe("an object field", () => {
  it("is a plain object, not an array or null", () => {
    expect(payload.objectField({ roll: { a: 1 } }, "roll")).toEqual({ a: 1 });
    for (const bad of [null, [], "roll", 1, undefined])
      expect(() => payload.objectField({ roll: bad }, "roll")).toThrow(refusal("roll"));
  });
});
