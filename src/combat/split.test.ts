import { describe, expect, it } from "vitest";
import { moveSuccess } from "./split";

/** One success moved in the tracker (RULES 1.4): "−" gives it back, "+" takes one unspent, or one from Initiative. */
describe("moveSuccess", () => {
  it("gives a success back with −, even when others are unspent, and refuses − on an empty bucket", () => {
    expect(moveSuccess({ initiative: 1, actions: 1, defense: 0 }, 3, "actions", -1)).toEqual({
      initiative: 1,
      actions: 0,
      defense: 0,
    });
    expect(moveSuccess({ initiative: 1, actions: 0, defense: 0 }, 3, "defense", -1)).toBeNull();
  });

  it("places an unspent success with +", () => {
    expect(moveSuccess({ initiative: 1, actions: 0, defense: 0 }, 2, "defense", 1)).toEqual({
      initiative: 1,
      actions: 0,
      defense: 1,
    });
  });
});
