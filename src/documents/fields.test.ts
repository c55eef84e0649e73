import { describe, expect, it } from "vitest";
import { startSystem } from "../../test/support/start-system";
import { installFoundry } from "../../test/foundry/install";
import {
  choiceField,
  flagField,
  htmlField,
  integerField,
  optionalChoiceField,
  optionalIntegerField,
  rangeValidator,
  textField,
  validationMessages,
  wholeNumberValidator,
} from "./fields";

/** The error a refused update throws, for the message a refusal shows. */
async function refusal(update: () => Promise<unknown>): Promise<unknown> {
  try {
    await update();
  } catch (error) {
    return error;
  }
  throw new Error("the update was not refused");
}

describe.each([13, 14] as const)("refusal messages on Foundry v%i", (generation) => {
  it("says which field and which range, for each value refused", async () => {
    const { Actor } = await startSystem({ generation });
    const hero = await Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    const error = await refusal(() => hero.update({ "system.attributes.metal": 12, "system.attributes.feu": 0 }));
    expect(validationMessages(error)).toEqual([
      "Metal must be between 1 and 10 (got 12).",
      "Fire must be between 1 and 10 (got 0).",
    ]);
  });

  it("finds a refused value inside a list, as a group member's count", async () => {
    const { Actor } = await startSystem({ generation });
    const band = await Actor.create({
      name: "Gardes",
      type: "group",
      system: { ruleset: "harmonies", members: [{ label: "Garde", count: 3, stats: {} }] },
    });
    const error = await refusal(() => band.update({ "system.members": [{ label: "Garde", count: 0, stats: {} }] }));
    expect(validationMessages(error)).toEqual(["members.element.count must be between 1 and 10000 (got 0)."]);
  });

  it("falls back to the error's own message when it carries no failures", () => {
    expect(validationMessages(new Error("Lost connection"))).toEqual(["Lost connection"]);
    expect(validationMessages("plain")).toEqual(["plain"]);
  });
});

describe("field builders", () => {
  it("build the fields the data models rely on", () => {
    installFoundry();
    expect(integerField({ min: 1, max: 3, initial: 2 }).options).toMatchObject({
      required: true,
      nullable: false,
      initial: 2,
    });
    expect(optionalIntegerField({ min: 0, max: 3 }).options).toMatchObject({
      required: true,
      nullable: true,
      initial: null,
    });
    // Foundry rounds an `integer` field and clamps to `min`/`max` while cleaning: neither may be set.
    for (const field of [integerField({ min: 1, max: 3, initial: 2 }), optionalIntegerField({ min: 0, max: 3 })]) {
      const options = field.options as { integer?: boolean; min?: number; max?: number };
      expect([options.integer, options.min, options.max]).toEqual([false, undefined, undefined]);
    }
    expect(textField("Lin").options).toMatchObject({ required: true, blank: true, initial: "Lin" });
    expect(textField().options.initial).toBe("");
    expect(choiceField({ a: "A", b: "B" }, "b").options).toMatchObject({
      required: true,
      blank: false,
      initial: "b",
      choices: { a: "A", b: "B" },
    });
    expect(optionalChoiceField({ a: "A" }).options).toMatchObject({
      required: true,
      blank: true,
      initial: "",
      choices: { a: "A" },
    });
    expect(flagField(true).options.initial).toBe(true);
    expect(flagField().options.initial).toBe(false);
    expect(htmlField().options).toMatchObject({ required: true, blank: true, initial: "" });
  });

  it("refuse a number outside the range by name, and leave other values to the field's own checks", () => {
    installFoundry();
    const validate = rangeValidator(1, 10);
    expect(() => validate.call({ label: "Metal" }, 11)).toThrow("Metal must be between 1 and 10 (got 11).");
    expect(() => validate.call({ fieldPath: "attributes.metal" }, 0)).toThrow(
      "attributes.metal must be between 1 and 10 (got 0).",
    );
    expect(() => validate.call({ name: "metal" }, 0)).toThrow("metal must be between 1 and 10 (got 0).");
    expect(() => validate.call(undefined, 0)).toThrow("? must be between 1 and 10 (got 0).");
    expect(() => validate.call({ label: "Metal" }, "20")).not.toThrow();
    expect(() => validate.call({ label: "Metal" }, Number.NaN)).not.toThrow();
    expect(() => rangeValidator(1, undefined).call({ label: "Count" }, 0)).toThrow("Count must be at least 1 (got 0).");
    expect(() => rangeValidator(undefined, 5).call({ label: "Wounds" }, 6)).toThrow(
      "Wounds must be at most 5 (got 6).",
    );
    expect(() => rangeValidator(undefined, undefined).call({ label: "Any" }, 1e9)).not.toThrow();
  });

  it("refuse a fraction after the range, and leave text and NaN to the field's own checks", () => {
    installFoundry();
    const validate = wholeNumberValidator(0, 10);
    expect(() => validate.call({ label: "Destiny dice" }, 0.5)).toThrow(
      "Destiny dice must be a whole number (got 0.5).",
    );
    expect(() => validate.call({ label: "Destiny dice" }, 10.5)).toThrow(
      "Destiny dice must be between 0 and 10 (got 10.5).",
    );
    expect(() => validate.call({ label: "Destiny dice" }, Infinity)).toThrow(
      "Destiny dice must be between 0 and 10 (got Infinity).",
    );
    expect(() => validate.call({ label: "Destiny dice" }, 10)).not.toThrow();
    expect(() => validate.call({ label: "Destiny dice" }, "2.5")).not.toThrow();
    expect(() => validate.call({ label: "Destiny dice" }, Number.NaN)).not.toThrow();
  });

  it("read no failures from a missing error", () => {
    expect(validationMessages(null)).toEqual(["null"]);
  });

  it("fall back to the error's own message when the failed values carry none", () => {
    const error = Object.assign(new Error("Metal is invalid"), { getFailure: () => ({ fields: { metal: {} } }) });
    expect(validationMessages(error)).toEqual(["Metal is invalid"]);
  });

  it("walk a failure tree whose nodes list only fields or only elements", () => {
    expect(validationMessages({ getFailure: () => ({ fields: { level: { message: "too high" } } }) })).toEqual([
      "too high",
    ]);
    expect(validationMessages({ getFailure: () => ({ elements: [{ failure: { message: "bad member" } }] }) })).toEqual([
      "bad member",
    ]);
  });
});
