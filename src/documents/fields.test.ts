import { describe, expect, it } from "vitest";
import { startSystem } from "../../test/support/start-system";
import { validationMessages } from "./fields";

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
    expect(validationMessages(error)).toEqual(["Metal must be between 1 and 10 (got 12).", "Fire must be between 1 and 10 (got 0)."]);
  });

  it("finds a refused value inside a list, as a group member's count", async () => {
    const { Actor } = await startSystem({ generation });
    const band = await Actor.create({ name: "Gardes", type: "group", system: { ruleset: "harmonies", members: [{ label: "Garde", count: 3, stats: {} }] } });
    const error = await refusal(() => band.update({ "system.members": [{ label: "Garde", count: 0, stats: {} }] }));
    expect(validationMessages(error)).toEqual(["members.element.count must be between 1 and 10000 (got 0)."]);
  });

  it("falls back to the error's own message when it carries no failures", () => {
    expect(validationMessages(new Error("Lost connection"))).toEqual(["Lost connection"]);
    expect(validationMessages("plain")).toEqual(["plain"]);
  });
});
